import {
  breaksWholeUnit,
  decimalToMilli,
  type InventoryReason,
  type Milli,
  milliToQuantity,
  wholeUnitMessage,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { putInAtLocation } from '../stock/index';
import { batchBalancesAt, batchOfItem, insertLedgerRows, onHandAt, takeOutStock } from './inventory.repository';
import { findItem, findLocation } from './masters.repository';

import { storesErrors } from './stores.errors';

/**
 * One stock movement (issue #16 item 2). `fromLocationId` null means into the institution (a
 * receipt), `toLocationId` null out of it (an issue, a write-off, a transfer on its way).
 */
export type InventoryMovementInput = {
  itemId: string;
  fromLocationId?: string | null;
  toLocationId?: string | null;
  /** Integer thousandths of the item's unit, > 0 (parse bodies with `quantitySchema`). */
  qtyMilli: Milli;
  reason: InventoryReason;
  /** The document it came from: ('proc_goods_receipts', receipt id), ('proc_issues', issue id) ... */
  refTable?: string | null;
  refId?: string | null;
  /**
   * The batch that moves. Into a location: recorded on the movement (a receipt's batch). Out of a
   * location: only that batch is taken; without one, batches go soonest expiry first (FEFO) and the
   * movement is split into one ledger row per batch.
   */
  batchId?: string | null;
  /**
   * Issue #37 (ADR 0036): into a location from outside, the cost of one unit (a receipt's price);
   * absent: the batch's cost for a receipt, else the level's moving average. Out of a location
   * (and a transfer) it is always the source's average.
   */
  unitCost?: string | null;
  createdBy?: string | null;
  note?: string | null;
};

export type PostedMovement = {
  /** The ledger rows written (several when an outgoing movement spans batches). */
  movementIds: string[];
  /** What left the source per batch (null = stock without a batch), in milli. */
  batches: Array<{ batchId: string | null; qtyMilli: Milli }>;
  /** The POS product whose stock this moved (publish 'stock.changed'); null for other items. */
  posProductId: string | null;
};

/**
 * THE one writer of procurement stock: changes `proc_stock_levels` and appends the matching
 * `proc_inventory_transactions` row(s) in one database transaction (a savepoint when `db` is
 * already a transaction, so a caller's document and its movements commit or fail together).
 * On-hand never goes below zero: taking out is a conditional UPDATE, refused with a 409
 * `stores.insufficient_stock` when less is on hand, under any concurrency.
 */
export async function postInventoryMovement(db: DbOrTx, input: InventoryMovementInput): Promise<PostedMovement> {
  const from = input.fromLocationId ?? null;
  const to = input.toLocationId ?? null;
  if (!Number.isSafeInteger(input.qtyMilli) || input.qtyMilli <= 0) {
    throw new RangeError(`postInventoryMovement: quantity must be a positive integer of thousandths`);
  }
  if (!from && !to) throw new RangeError('postInventoryMovement: a movement needs a source or a destination');
  if (from && from === to) throw new RangeError('postInventoryMovement: source and destination are the same');
  const qty = milliToQuantity(input.qtyMilli);
  try {
    return await db.transaction(async (tx) => {
      let portions: Array<{ batchId: string | null; qtyMilli: Milli }> = [
        { batchId: input.batchId ?? null, qtyMilli: input.qtyMilli },
      ];
      // Issue #30 item 10: every stock movement (receipt, issue, transfer, count, job material)
      // passes here, so a whole unit refuses a fraction once, for all of them.
      const item = await findItem(tx, input.itemId);
      if (item && breaksWholeUnit(input.qtyMilli, item.uom, item.isAsset)) {
        throw storesErrors.wholeUnits(wholeUnitMessage(item.name, item.uom, input.qtyMilli));
      }
      if (input.batchId && !(await batchOfItem(tx, input.batchId, input.itemId))) {
        throw storesErrors.unknownReference('batchId', 'Batch not found for this item');
      }
      // Issue #37 (ADR 0036): what leaves goes at the source's moving average; a transfer carries
      // that cost into the destination's average.
      let unitCost: string | null = input.unitCost ?? null;
      if (from) {
        unitCost = await takeOutStock(tx, input.itemId, from, qty);
        if (unitCost === null) throw await insufficient(tx, input.itemId, from);
        // The level row is now locked by this transaction: the batch split below cannot race.
        portions = await splitByBatch(tx, input, from);
      }
      // A POS product's stock IS its item's level (ADR 0025): any movement of it changes the till's figure.
      const posProductId = item?.posProductId ?? null;
      // Into a location: the one put-in statement of the ledger (level and ledger rows together,
      // ADR 0025, issue #32 item 5). Only out of one: the level was taken above, the rows follow.
      const movementIds = to
        ? await putInAtLocation(
            tx,
            {
              itemId: input.itemId,
              locationId: to,
              fromLocationId: from,
              portions: portions.map((p) => ({ qty: milliToQuantity(p.qtyMilli), batchId: p.batchId, unitCost })),
            },
            {
              reason: input.reason,
              documentType: input.refTable ?? null,
              documentId: input.refId ?? null,
              note: input.note ?? null,
              userId: input.createdBy ?? null,
            },
          )
        : await insertLedgerRows(
            tx,
            portions.map((p) => ({
              itemId: input.itemId,
              fromLocationId: from,
              toLocationId: null,
              reason: input.reason,
              refTable: input.refTable ?? null,
              refId: input.refId ?? null,
              note: input.note ?? null,
              createdBy: input.createdBy ?? null,
              qty: milliToQuantity(p.qtyMilli),
              batchId: p.batchId,
              unitCost: unitCost ?? '0',
            })),
          );
      return { movementIds, batches: portions, posProductId };
    });
  } catch (error) {
    const code = pgErrorCode(error);
    // numeric(12,3) overflow: the stock would pass 999,999,999.999.
    if (code === '22003') throw storesErrors.quantityTooLarge();
    // An item or location that does not exist (a foreign key).
    if (code === '23503') throw storesErrors.unknownReference('itemId', 'Item or location not found');
    throw error;
  }
}

async function insufficient(db: DbOrTx, itemId: string, locationId: string): Promise<AppError> {
  // One after another: inside a transaction they share one connection.
  const item = await findItem(db, itemId);
  const location = await findLocation(db, locationId);
  const onHand = await onHandAt(db, itemId, locationId);
  if (!item) return storesErrors.itemNotFound();
  if (!location) return storesErrors.locationNotFound();
  return storesErrors.insufficientStock(item.sku, location.code, milliToQuantity(decimalToMilli(onHand)));
}

/** Which batches an outgoing movement takes: the named one (if it holds enough), else FEFO. */
async function splitByBatch(
  db: DbOrTx,
  input: InventoryMovementInput,
  from: string,
): Promise<Array<{ batchId: string | null; qtyMilli: Milli }>> {
  const balances = (await batchBalancesAt(db, input.itemId, from)).map((b) => ({
    batchId: b.batchId,
    milli: decimalToMilli(b.qty),
  }));
  if (input.batchId) {
    const held = balances.find((b) => b.batchId === input.batchId)?.milli ?? 0;
    if (held < input.qtyMilli) {
      const location = await findLocation(db, from);
      throw new AppError(
        409,
        'stores.insufficient_stock',
        `That batch holds only ${milliToQuantity(held)} at ${location?.code ?? 'this location'}.`,
      );
    }
    return [{ batchId: input.batchId, qtyMilli: input.qtyMilli }];
  }
  const portions: Array<{ batchId: string | null; qtyMilli: Milli }> = [];
  let left = input.qtyMilli;
  // Batches with an expiry first (soonest first), then undated batches, then stock without a batch.
  const ordered = [...balances.filter((b) => b.batchId !== null), ...balances.filter((b) => b.batchId === null)];
  for (const balance of ordered) {
    if (left <= 0) break;
    const take = Math.min(left, balance.milli);
    if (take > 0) {
      portions.push({ batchId: balance.batchId, qtyMilli: take });
      left -= take;
    }
  }
  // Stock the ledger cannot place in a batch (levels set before the ledger existed) moves unbatched.
  if (left > 0) {
    const unbatched = portions.find((p) => p.batchId === null);
    if (unbatched) unbatched.qtyMilli += left;
    else portions.push({ batchId: null, qtyMilli: left });
  }
  return portions;
}
