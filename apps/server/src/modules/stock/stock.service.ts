import { Readable } from 'node:stream';
import {
  centsToDecimal,
  decimalToCents,
  type StockAdjustmentResult,
  type StockMovementPage,
  type StockValuation,
  type StockValuationQuery,
  type StockValuationRow,
} from '@retail-hub/shared';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { type CsvColumn, toCsv } from '../../lib/csv';
import { conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../types';
import { ACTIVITY, recordActivity, requestFacts } from '../activity/index';
import { storeForStockChange } from '../retail-stores/index';
import { auditStock, type StockAudit } from './stock-audit.repository';
import { applyStockCount, applyStockDelta, type StockChangeResult } from './stock-ledger.repository';
import { findMovement, listStockMovements } from './stock-movements.repository';
import { stockValuationRows } from './stock-valuation.repository';

/** GET /api/stock-movements: 404 for an unknown product. */
export async function stockMovementPage(
  db: DbOrTx,
  query: Parameters<typeof listStockMovements>[1],
): Promise<StockMovementPage> {
  const page = await listStockMovements(db, query);
  if (!page) throw stockErrors.productNotFound();
  return page;
}

export const stockErrors = {
  productNotFound: () => notFound('Product', 'stock.product_not_found'),
  variantNotFound: () => notFound('Size option', 'stock.variant_not_found'),
  /** Stock never goes below zero (docs/architecture.md, Standards): the change is refused and nothing is written. */
  belowZero: (available: number) =>
    conflict('stock.below_zero', `Stock cannot go below zero: only ${Math.max(0, available)} in stock.`),
};

/** Maps a ledger refusal to the API's answer. */
export function throwIfRefused(
  result: StockChangeResult,
  target: { variantId?: string | null | undefined },
): asserts result is Extract<StockChangeResult, { outcome: 'applied' }> {
  if (result.outcome === 'not_found') {
    throw target.variantId ? stockErrors.variantNotFound() : stockErrors.productNotFound();
  }
  if (result.outcome === 'short') throw stockErrors.belowZero(result.available);
}

/**
 * POST /api/products/:id/stock-adjustments: 'Adjust stock' (+/− with a reason) or a stock count
 * (the counted quantity, recorded as counted − current at the moment of writing). One statement
 * each; an activity row says who did it and by how much.
 */
export async function adjustStock(
  request: FastifyRequest,
  actor: AuthUser,
  productId: string,
  body: {
    quantity?: number | undefined;
    counted?: number | undefined;
    reason: string;
    variantId?: string | null | undefined;
    storeId?: string | undefined;
  },
): Promise<StockAdjustmentResult> {
  const db = request.server.database.db;
  // Issue #32: at the store named (one the caller may act at), else the default store.
  const storeId = await storeForStockChange(db, actor.id, body.storeId);
  const target = { productId, variantId: body.variantId ?? null, storeId };
  const facts = { userId: actor.id, note: body.reason };
  const isCount = body.counted !== undefined;
  const result = isCount
    ? await applyStockCount(db, { ...target, ...facts, reason: 'count', counted: body.counted as number })
    : await applyStockDelta(db, { ...target, ...facts, reason: 'adjustment', quantity: body.quantity as number });
  throwIfRefused(result, target);
  await recordActivity(db, {
    userId: actor.id,
    activityType: isCount ? ACTIVITY.stockCounted : ACTIVITY.stockAdjusted,
    ...requestFacts(request),
    details: {
      productId,
      variantId: target.variantId,
      ...(storeId ? { storeId } : {}),
      ...(isCount ? { counted: body.counted } : {}),
      quantity: result.moved,
      stockAfter: result.stock,
      reason: body.reason,
    },
  });
  if (result.moved !== 0) await request.server.events.publish('stock.changed', [productId]);
  return {
    movement: result.movementId ? await findMovement(db, result.movementId, storeId) : null,
    stock: result.stock,
  };
}

/**
 * The ledger writer, for every module that changes POS stock (issue #15; docs/adr/0010): sales,
 * refunds, voids, receipts, offline sales, asset loans, forms and imports.
 */
export {
  ALL_STORES,
  applyStockCount,
  applyStockDelta,
  applyStockDeltas,
  currentStock,
  ensureLevels,
  postOpeningStock,
  productStockByStore,
  productStockSql,
  putInAtLocation,
  type StockChangeResult,
  type StockCount,
  type StockDelta,
  type StockMovementFacts,
  type StockScope,
  type StockTarget,
  stockItemIds,
  variantStockSql,
} from './stock-ledger.repository';

/** Issue #32 item 5 (ADR 0025): the stock self-audit, as `GET /api/stock-audit` and `npm run audit:stock` answer it. */
export function stockAudit(db: DbOrTx): Promise<StockAudit> {
  return auditStock(db);
}

/**
 * GET /api/stock-valuation (issue #37 item 2, ADR 0036): what the stock was worth at `asOf` (now
 * when absent), per item and location, and the total (Σ of the rows' rounded values, so a CSV's
 * column adds up to it).
 */
export async function stockValuation(db: DbOrTx, query: StockValuationQuery): Promise<StockValuation> {
  const asOf = query.asOf ? new Date(query.asOf) : new Date();
  const rows = await stockValuationRows(db, {
    asOf,
    locationId: query.locationId ?? null,
    storeId: query.storeId ?? null,
    categoryId: query.categoryId ?? null,
  });
  const total = rows.reduce((sum, r) => sum + decimalToCents(r.value), 0);
  return { asOf: asOf.toISOString(), rows, totalValue: centsToDecimal(total) };
}

/** The valuation as a CSV download (`format=csv`): the same rows, then the total. */
export function stockValuationCsv(valuation: StockValuation): { filename: string; stream: Readable } {
  const columns: CsvColumn<StockValuationRow>[] = [
    { header: 'SKU', value: (r) => r.sku },
    { header: 'Item', value: (r) => r.name },
    { header: 'Location', value: (r) => r.location },
    { header: 'Quantity', value: (r) => r.quantity },
    { header: 'Unit cost', value: (r) => r.unitCost },
    { header: 'Value', value: (r) => r.value },
  ];
  const total: StockValuationRow = {
    itemId: '',
    sku: 'Total',
    name: '',
    locationId: '',
    location: '',
    quantity: '',
    unitCost: '',
    value: valuation.totalValue,
  };
  const stamp = valuation.asOf.slice(0, 16).replace(':', '');
  return {
    filename: `stock-valuation-${stamp}.csv`,
    stream: Readable.from([toCsv(columns, [...valuation.rows, total])]),
  };
}
