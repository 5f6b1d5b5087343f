import type { TestApp } from '../../../test/build-test-app';
import { auditStock, type StockDisagreement } from './stock-audit.repository';
import { currentStock } from './stock-ledger.repository';
import { listStockMovements } from './stock-movements.repository';

/**
 * What the stock self-audit finds (issue #32 item 5, ADR 0025: every quantity against its ledger,
 * both ledgers' rows against their documents; it replaces the per-ledger helpers). Empty when
 * the ledger is whole; the test files assert it after each test.
 */
export async function ledgerMismatches(t: TestApp): Promise<StockDisagreement[]> {
  return (await auditStock(t.db.db)).disagreements;
}

/** A product's (or size option's) stock at the default store, or at the given one (ADR 0025). */
export async function stockOf(
  t: TestApp,
  productId: string,
  variantId: string | null = null,
  storeId: string | null = null,
): Promise<number> {
  return (await currentStock(t.db.db, { productId, variantId, storeId })) ?? 0;
}

/** A product's movements as GET /api/stock-movements shows them, oldest first. */
export async function movementsOf(
  t: TestApp,
  productId: string,
): Promise<
  Array<{
    quantity: number;
    reason: string;
    stock_after: number;
    variant_id: string | null;
    document_id: string | null;
  }>
> {
  const page = await listStockMovements(t.db.db, { productId, limit: 1000 });
  return (page?.movements ?? [])
    .map((m) => ({
      quantity: m.quantity,
      reason: m.reason,
      stock_after: m.stockAfter,
      variant_id: m.variantId,
      document_id: m.documentId,
    }))
    .reverse();
}

/** The default store's selling location: where the till's stock is (ADR 0025). */
export async function defaultSellingLocation(t: TestApp): Promise<string> {
  const { rows } = await t.db.execute('select selling_location_id from stores where id = default_store_id()');
  return (rows[0] as { selling_location_id: string }).selling_location_id;
}
