import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { procInventoryTransactions, procItemBatches, procStockLevels } from '../../db/schema/index';
import { ensureLevels } from '../stock/index';

/**
 * Stock per location (issue #16 item 2): `proc_stock_levels` is the current value and
 * `proc_inventory_transactions` the append-only ledger. Quantities go to SQL as 3-decimal strings;
 * every change of on-hand is one conditional statement, so two requests can never both take the
 * last unit (the row lock of the UPDATE serialises them, and READ COMMITTED re-checks the condition
 * on the row the other one committed). The CHECK (on_hand_qty >= 0) backs it up.
 */

export type InventoryReasonValue = (typeof procInventoryTransactions.$inferInsert)['reason'];

/**
 * Takes `qty` out of an item's stock at a location at its moving average cost (issue #37, ADR 0036:
 * the level's value falls by qty × average in the same statement); answers that unit cost, or null
 * (nothing changed) when less is on hand.
 */
export async function takeOutStock(
  db: DbOrTx,
  itemId: string,
  locationId: string,
  qty: string,
): Promise<string | null> {
  const rows = await db
    .update(procStockLevels)
    .set({
      onHandQty: sql`${procStockLevels.onHandQty} - ${qty}::numeric`,
      stockValue: sql`${procStockLevels.stockValue} - ${qty}::numeric * ${procStockLevels.avgCost}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(procStockLevels.itemId, itemId),
        eq(procStockLevels.locationId, locationId),
        sql`${procStockLevels.onHandQty} >= ${qty}::numeric`,
      ),
    )
    .returning({ avgCost: procStockLevels.avgCost });
  return rows[0]?.avgCost ?? null;
}

/** On hand of an item at a location ('0.000' when it never held any). */
export async function onHandAt(db: DbOrTx, itemId: string, locationId: string): Promise<string> {
  const rows = await db
    .select({ qty: procStockLevels.onHandQty })
    .from(procStockLevels)
    .where(and(eq(procStockLevels.itemId, itemId), eq(procStockLevels.locationId, locationId)))
    .limit(1);
  return rows[0]?.qty ?? '0.000';
}

/**
 * Locks an item's level row at a location (creating it at 0 if missing) and returns its on-hand:
 * a count compares against this and writes its difference before anyone else moves that stock.
 */
export async function lockLevel(db: DbOrTx, itemId: string, locationId: string): Promise<string> {
  await ensureLevels(db, sql`select ${itemId}::uuid as item_id, ${locationId}::uuid as location_id`);
  const rows = await db
    .select({ qty: procStockLevels.onHandQty })
    .from(procStockLevels)
    .where(and(eq(procStockLevels.itemId, itemId), eq(procStockLevels.locationId, locationId)))
    .for('update');
  return rows[0]?.qty ?? '0.000';
}

export type LedgerInsert = {
  itemId: string;
  fromLocationId: string | null;
  toLocationId: string | null;
  qty: string;
  reason: InventoryReasonValue;
  refTable: string | null;
  refId: string | null;
  batchId: string | null;
  note: string | null;
  createdBy: string | null;
  /** The cost of one unit that left (the level's average, from takeOutStock). */
  unitCost: string;
};

export async function insertLedgerRows(db: DbOrTx, rows: LedgerInsert[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(procInventoryTransactions)
    .values(rows)
    .returning({ id: procInventoryTransactions.id });
  return inserted.map((r) => r.id);
}

/**
 * What each batch of an item holds at a location, from the ledger (in − out), soonest expiry first
 * (no expiry last, then oldest batch); the rows with no batch come as batchId null.
 */
export async function batchBalancesAt(
  db: DbOrTx,
  itemId: string,
  locationId: string,
): Promise<Array<{ batchId: string | null; qty: string }>> {
  const result = await db.execute<{ batch_id: string | null; qty: string }>(sql`
    select t.batch_id, sum(case when t.to_location_id = ${locationId} then t.qty else -t.qty end)::numeric(14,3)::text as qty
    from proc_inventory_transactions t
    left join proc_item_batches b on b.id = t.batch_id
    where t.item_id = ${itemId} and (t.to_location_id = ${locationId} or t.from_location_id = ${locationId})
    group by t.batch_id, b.expiry_date, b.created_at
    having sum(case when t.to_location_id = ${locationId} then t.qty else -t.qty end) > 0
    order by b.expiry_date asc nulls last, b.created_at asc nulls last`);
  const rows = rowsOf<{ batch_id: string | null; qty: string }>(result);
  return rows.map((r) => ({ batchId: r.batch_id, qty: r.qty }));
}

/** The batch of an item with this number, created on first use (a receipt's batch and expiry). */
export async function upsertBatch(
  db: DbOrTx,
  values: {
    itemId: string;
    batchNo: string;
    expiryDate: string | null;
    supplierId?: string | null;
    unitCost?: string | null;
  },
): Promise<{ id: string; expiryDate: string | null }> {
  const inserted = await db
    .insert(procItemBatches)
    .values({
      itemId: values.itemId,
      batchNo: values.batchNo,
      expiryDate: values.expiryDate,
      supplierId: values.supplierId ?? null,
      unitCost: values.unitCost ?? null,
    })
    .onConflictDoNothing({ target: [procItemBatches.itemId, procItemBatches.batchNo] })
    .returning({ id: procItemBatches.id, expiryDate: procItemBatches.expiryDate });
  if (inserted[0]) return inserted[0];
  const rows = await db
    .select({ id: procItemBatches.id, expiryDate: procItemBatches.expiryDate })
    .from(procItemBatches)
    .where(and(eq(procItemBatches.itemId, values.itemId), eq(procItemBatches.batchNo, values.batchNo)))
    .limit(1);
  return rows[0] as { id: string; expiryDate: string | null };
}

export async function batchOfItem(db: DbOrTx, batchId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .select({ id: procItemBatches.id })
    .from(procItemBatches)
    .where(and(eq(procItemBatches.id, batchId), eq(procItemBatches.itemId, itemId)))
    .limit(1);
  return rows.length > 0;
}
