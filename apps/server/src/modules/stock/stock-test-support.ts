import type { TestApp } from '../../../test/build-test-app';
import { auditStock, type StockDisagreement } from './stock-audit.repository';

/**
 * What the stock self-audit finds (issue #32 item 5, ADR 0025: every quantity against its ledger,
 * both ledgers' rows against their documents; it replaces the per-ledger helpers). Empty when
 * the ledger is whole; the test files assert it after each test.
 */
export async function ledgerMismatches(t: TestApp): Promise<StockDisagreement[]> {
  return (await auditStock(t.db.db)).disagreements;
}

export async function stockOf(t: TestApp, productId: string): Promise<number> {
  const { rows } = await t.db.execute('select stock from products where id = $1', [productId]);
  return Number((rows[0] as { stock: number }).stock);
}

export async function movementsOf(
  t: TestApp,
  productId: string,
): Promise<Array<{ quantity: number; reason: string; stock_after: number; variant_id: string | null }>> {
  const { rows } = await t.db.execute(
    'select quantity, reason, stock_after, variant_id, document_id from stock_movements where product_id = $1 order by created_at, id',
    [productId],
  );
  return rows as Array<{ quantity: number; reason: string; stock_after: number; variant_id: string | null }>;
}
