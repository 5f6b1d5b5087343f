import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  offlineSales,
  refundPayments,
  refunds,
  shifts,
  transactionItems,
  transactionPayments,
  transactions,
} from '../../db/schema/index';

const shiftColumns = {
  id: shifts.id,
  cashierId: shifts.cashierId,
  startedAt: shifts.startedAt,
  endedAt: shifts.endedAt,
  isOpen: shifts.isOpen,
  openingFloat: shifts.openingFloat,
  countedCash: shifts.countedCash,
  storeId: shifts.storeId,
} as const;

export type ShiftRow = {
  id: number;
  cashierId: string;
  startedAt: Date;
  endedAt: Date | null;
  isOpen: boolean;
  openingFloat: string | null;
  countedCash: string | null;
  storeId: string;
};

export async function findOpenShift(db: DbOrTx, cashierId: string): Promise<ShiftRow | null> {
  const rows = await db
    .select(shiftColumns)
    .from(shifts)
    .where(and(eq(shifts.cashierId, cashierId), eq(shifts.isOpen, true)))
    .limit(1);
  return rows[0] ?? null;
}

/** Issue #32 item 2: the store a shift sells at (null for an unknown shift). */
export async function shiftStoreId(db: DbOrTx, id: number): Promise<string | null> {
  const rows = await db.select({ storeId: shifts.storeId }).from(shifts).where(eq(shifts.id, id)).limit(1);
  return rows[0]?.storeId ?? null;
}

export async function findShift(db: DbOrTx, id: number): Promise<ShiftRow | null> {
  const rows = await db.select(shiftColumns).from(shifts).where(eq(shifts.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Throws a unique violation (23505) when the cashier already has an open shift. */
export async function insertOpenShift(
  db: DbOrTx,
  values: { cashierId: string; openingFloat: string | null; terminalId: string | null; storeId: string },
): Promise<ShiftRow> {
  const rows = await db.insert(shifts).values(values).returning(shiftColumns);
  return rows[0] as ShiftRow;
}

/**
 * Closes the cashier's open shift. The update waits for any sale still holding the shift row
 * (sales lock it FOR SHARE), so every sale of the shift is committed before it closes.
 */
export async function closeOpenShift(
  db: DbOrTx,
  cashierId: string,
  countedCash: string | null,
): Promise<ShiftRow | null> {
  const rows = await db
    .update(shifts)
    .set({ isOpen: false, endedAt: sql`now()`, countedCash })
    .where(and(eq(shifts.cashierId, cashierId), eq(shifts.isOpen, true)))
    .returning(shiftColumns);
  return rows[0] ?? null;
}

/**
 * A sale that arrived from a terminal's outbox after its shift had closed (issue #19) is not part
 * of that shift's figures: a closed shift's report never changes. It is listed as a late sale in
 * the cashier's next shift instead.
 */
export const notLate = sql`not exists (select 1 from ${offlineSales} o where o.transaction_id = ${transactions.id} and o.late)`;

/**
 * Completed sales of a shift (count and sums as numeric strings) and their tenders by payment
 * method (issue #34: a split sale counts once among the sales and once per tender among the
 * methods, each tender with what it paid), and the units sold; late sales excluded.
 */
export async function shiftSalesFigures(db: DbOrTx, shiftId: number) {
  const ofShift = and(eq(transactions.shiftId, shiftId), eq(transactions.status, 'completed'), notLate);
  const [sales] = await db
    .select({
      count: sql<number>`count(*)::int`,
      subtotal: sql<string>`coalesce(sum(${transactions.subtotal}), 0)::text`,
      tax: sql<string>`coalesce(sum(${transactions.tax}), 0)::text`,
      total: sql<string>`coalesce(sum(${transactions.total}), 0)::text`,
    })
    .from(transactions)
    .where(ofShift);
  const byMethod = await db
    .select({
      paymentMethod: transactionPayments.method,
      count: sql<number>`count(*)::int`,
      total: sql<string>`sum(${transactionPayments.amount})::text`,
    })
    .from(transactionPayments)
    .innerJoin(transactions, eq(transactions.id, transactionPayments.transactionId))
    .where(ofShift)
    .groupBy(transactionPayments.method)
    .orderBy(transactionPayments.method);
  const [items] = await db
    .select({ itemsSold: sql<number>`coalesce(sum(${transactionItems.quantity}), 0)::int` })
    .from(transactionItems)
    .innerJoin(transactions, eq(transactions.id, transactionItems.transactionId))
    .where(and(eq(transactions.shiftId, shiftId), eq(transactions.status, 'completed'), notLate));
  // Refunds paid out during this shift (issue #15 item 5), whatever shift the sale was made in.
  const [refunded] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${refunds.total}), 0)::text`,
      // Issue #34: what went back in cash, over every refund's tenders (refund_payments).
      cash: sql<string>`coalesce((select sum(${refundPayments.amount}) from ${refundPayments}
                          join ${refunds} r on r.id = ${refundPayments.refundId}
                         where r.shift_id = ${shiftId}::int and ${refundPayments.method} = 'cash'), 0)::text`,
    })
    .from(refunds)
    .where(eq(refunds.shiftId, shiftId));
  return {
    sales: {
      count: sales?.count ?? 0,
      subtotal: sales?.subtotal ?? '0',
      tax: sales?.tax ?? '0',
      total: sales?.total ?? '0',
    },
    byMethod,
    itemsSold: items?.itemsSold ?? 0,
    refunds: { count: refunded?.count ?? 0, total: refunded?.total ?? '0', cash: refunded?.cash ?? '0' },
  };
}
