import { type ResolveDiscrepancyBody, type StockDiscrepancy, transactionNumber } from '@retail-hub/shared';
import type { Db } from '../../db/client';
import { listDiscrepancies, resolveDiscrepancy } from './discrepancies.repository';
import { posErrors } from './pos.errors';
import type { SalesDeps } from './sales.service';

type Row = Awaited<ReturnType<typeof listDiscrepancies>>[number];

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ').trim() || null;

function toDiscrepancy(r: Row): StockDiscrepancy {
  return {
    id: r.id,
    productId: r.productId,
    productName: r.productName,
    variantId: r.variantId,
    variantName: r.variantName,
    transactionId: r.transactionId,
    transactionNumber: transactionNumber(r.transactionId),
    cashierName: fullName(r.cashierFirstName, r.cashierLastName),
    soldAt: r.soldAt.toISOString(),
    quantityShort: r.quantityShort,
    stockBefore: r.stockBefore,
    currentStock: r.currentStock === null ? null : Number(r.currentStock),
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt ? r.resolvedAt.toISOString() : null,
    resolvedByName: r.resolvedAt ? fullName(r.resolverFirstName, r.resolverLastName) : null,
    resolutionNote: r.resolutionNote,
    countedStock: r.countedStock,
  };
}

/** Stock discrepancies opened by offline sales (issue #19): what a manager resolves. */
export async function discrepancies(db: Db, status: 'open' | 'resolved' | 'all'): Promise<StockDiscrepancy[]> {
  return (await listDiscrepancies(db, status)).map(toDiscrepancy);
}

/** A manager resolves a discrepancy with a note, and optionally the stock they counted. */
export async function resolveStockDiscrepancy(
  deps: SalesDeps,
  userId: string,
  id: string,
  body: ResolveDiscrepancyBody,
): Promise<StockDiscrepancy> {
  const result = await resolveDiscrepancy(deps.database.db, {
    id,
    userId,
    note: body.note,
    countedStock: body.countedStock ?? null,
  });
  if (result.outcome === 'not_found') throw posErrors.discrepancyNotFound();
  if (result.outcome === 'already_resolved') throw posErrors.discrepancyResolved();
  deps.live.publish('discrepancy.changed', [id]);
  if (body.countedStock !== null && body.countedStock !== undefined) {
    deps.pricing.evict([result.productId]);
    deps.live.publish('stock.changed', [result.productId]);
  }
  const [row] = await listDiscrepancies(deps.database.db, 'all', { id });
  if (!row) throw posErrors.discrepancyNotFound();
  return toDiscrepancy(row);
}
