import { type ResolveDiscrepancyBody, type StockDiscrepancy, transactionNumber } from '@retail-hub/shared';
import type { Db } from '../../db/client';
import { applyStockCount } from '../stock/index';
import { discrepancyExists, listDiscrepancies, markResolved } from './discrepancies.repository';
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

/**
 * A manager resolves a discrepancy with a note and, when they counted, the stock on the shelf:
 * it becomes the stock through the ledger (a 'discrepancy' movement of counted − stock at the
 * moment of writing, ADR 0010), in the same transaction as the resolution.
 */
export async function resolveStockDiscrepancy(
  deps: SalesDeps,
  userId: string,
  id: string,
  body: ResolveDiscrepancyBody,
): Promise<StockDiscrepancy> {
  const countedStock = body.countedStock ?? null;
  const resolved = await deps.database.db.transaction(async (tx) => {
    const target = await markResolved(tx, { id, userId, note: body.note, countedStock });
    if (!target) return null;
    if (countedStock !== null) {
      await applyStockCount(tx, {
        productId: target.productId,
        variantId: target.variantId,
        storeId: target.storeId,
        counted: countedStock,
        reason: 'discrepancy',
        userId,
        documentType: 'stock_discrepancy',
        documentId: id,
        note: body.note,
      });
    }
    return target;
  });
  if (!resolved) {
    if (await discrepancyExists(deps.database.db, id)) throw posErrors.discrepancyResolved();
    throw posErrors.discrepancyNotFound();
  }
  deps.live.publish('discrepancy.changed', [id]);
  if (countedStock !== null) {
    deps.pricing.evict([resolved.productId]);
    deps.live.publish('stock.changed', [resolved.productId]);
  }
  const [row] = await listDiscrepancies(deps.database.db, 'all', { id });
  if (!row) throw posErrors.discrepancyNotFound();
  return toDiscrepancy(row);
}
