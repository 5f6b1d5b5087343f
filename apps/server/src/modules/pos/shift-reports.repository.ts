import { DISCOUNT_ACTIVITY } from '@retail-hub/shared';
import { and, asc, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  offlineSales,
  refundItems,
  refunds,
  stores,
  transactionItems,
  transactions,
  userActivity,
  users,
  zReports,
} from '../../db/schema/index';
import { notLate } from './shifts.repository';

/** Voided sales of a shift, and its first and last sale (any status) for the report's number range. */
export async function shiftReportExtras(db: DbOrTx, shiftId: number) {
  const [voids] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${transactions.total}), 0)::text`,
    })
    .from(transactions)
    .where(and(eq(transactions.shiftId, shiftId), eq(transactions.status, 'voided')));
  // Issue #15 item 7: the discounts of the shift's sales that stand (a voided sale gave nothing), of
  // the same sales as its figures (a late offline sale is in neither: its shift's Z is closed).
  const [discounts] = await db
    .select({ total: sql<string>`coalesce(sum(${transactions.discountTotal}), 0)::text` })
    .from(transactions)
    .where(and(eq(transactions.shiftId, shiftId), ne(transactions.status, 'voided'), notLate));
  // Offline sales whose discount above the cap had no valid manager approval (ADR 0019: recorded,
  // flagged by a 'discount_over_cap_unapproved' row): the shift's own, and the late ones listed in
  // it, that stand, so a manager sees them when the shift closes.
  const isFlagged = sql`exists (select 1 from ${userActivity} a
      where a.details ? 'transactionId' and (a.details ->> 'transactionId') = ${transactions.id}::text
        and a.activity_type = ${DISCOUNT_ACTIVITY.discountOverCapUnapproved})`;
  const flaggedColumns = {
    id: transactions.id,
    discountTotal: transactions.discountTotal,
    createdAt: transactions.createdAt,
  };
  const own = await db
    .select(flaggedColumns)
    .from(transactions)
    .where(and(eq(transactions.shiftId, shiftId), ne(transactions.status, 'voided'), notLate, isFlagged));
  const late = await db
    .select(flaggedColumns)
    .from(offlineSales)
    .innerJoin(transactions, eq(transactions.id, offlineSales.transactionId))
    .where(
      and(
        eq(offlineSales.late, true),
        eq(offlineSales.reportedShiftId, shiftId),
        ne(transactions.status, 'voided'),
        isFlagged,
      ),
    );
  const flagged = [...own, ...late].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1),
  );
  const [first] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.shiftId, shiftId))
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .limit(1);
  const [last] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.shiftId, shiftId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(1);
  // Issue #34 item 2: the sales tax of the shift's standing sales by the rate each line was charged,
  // apart for sales whose prices included it (their rows read 'incl.').
  const taxByRate = await db
    .select({
      rate: sql<string>`${transactionItems.taxRate}::text`,
      included: transactions.pricesIncludeTax,
      tax: sql<string>`coalesce(sum(${transactionItems.tax}), 0)::text`,
    })
    .from(transactionItems)
    .innerJoin(transactions, eq(transactions.id, transactionItems.transactionId))
    .where(and(eq(transactions.shiftId, shiftId), ne(transactions.status, 'voided'), notLate))
    .groupBy(transactionItems.taxRate, transactions.pricesIncludeTax)
    .orderBy(asc(transactionItems.taxRate), asc(transactions.pricesIncludeTax));
  // The tax given back by the refunds paid out in this shift (whatever shift the sale was in), by
  // the rate its line was charged: refunds by their shift index, their lines by refund.
  const refundTaxByRate = await db
    .select({
      rate: sql<string>`${transactionItems.taxRate}::text`,
      included: refunds.pricesIncludeTax,
      tax: sql<string>`coalesce(sum(${refundItems.tax}), 0)::text`,
    })
    .from(refundItems)
    .innerJoin(refunds, eq(refunds.id, refundItems.refundId))
    .innerJoin(transactionItems, eq(transactionItems.id, refundItems.transactionItemId))
    .where(eq(refunds.shiftId, shiftId))
    .groupBy(transactionItems.taxRate, refunds.pricesIncludeTax)
    .orderBy(asc(transactionItems.taxRate), asc(refunds.pricesIncludeTax));
  return {
    taxByRate,
    refundTaxByRate,
    voids: { count: voids?.count ?? 0, total: voids?.total ?? '0' },
    discounts: discounts?.total ?? '0',
    unapprovedDiscounts: flagged,
    firstSaleId: first?.id ?? null,
    lastSaleId: last?.id ?? null,
  };
}

export async function cashierName(
  db: DbOrTx,
  userId: string,
): Promise<{ firstName: string | null; lastName: string | null }> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? { firstName: null, lastName: null };
}

export async function insertZReport(
  tx: DbOrTx,
  values: { number: number; shiftId: number; cashierId: string; storeId: string; report: unknown; createdAt?: Date },
): Promise<{ id: string }> {
  const [row] = await tx.insert(zReports).values(values).returning({ id: zReports.id });
  return row as { id: string };
}

export async function findZReportByShift(db: DbOrTx, shiftId: number) {
  const [row] = await db
    .select({ id: zReports.id, cashierId: zReports.cashierId, report: zReports.report })
    .from(zReports)
    .where(eq(zReports.shiftId, shiftId))
    .limit(1);
  return row ?? null;
}

/**
 * Z reports newest first. Of one store (or paged by `before`, a number): by number, `limit` of
 * them below `before`. Of every store (issue #32): Z numbers repeat across stores, so by
 * (created_at, id) newest first, `limit` of them after the `after` cursor (created_at as the
 * database's text, microseconds, and id), so no page boundary repeats or skips a report.
 */
export async function listZReports(
  db: DbOrTx,
  page: {
    before?: number;
    after?: { createdAt: string; id: string };
    limit: number;
    storeId?: string;
    /** By number (one store's list, or a one-store installation's), else by closing time. */
    byNumber: boolean;
  },
) {
  const { byNumber } = page;
  return db
    .select({
      id: zReports.id,
      number: zReports.number,
      shiftId: zReports.shiftId,
      storeId: zReports.storeId,
      storeName: stores.name,
      report: zReports.report,
      cursor: sql<string>`${zReports.createdAt}::text`,
    })
    .from(zReports)
    .innerJoin(stores, eq(stores.id, zReports.storeId))
    .where(
      and(
        page.before ? lt(zReports.number, page.before) : undefined,
        page.storeId ? eq(zReports.storeId, page.storeId) : undefined,
        page.after && !byNumber
          ? sql`(${zReports.createdAt}, ${zReports.id}) < (${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(
      ...(byNumber ? [desc(zReports.number), desc(zReports.createdAt)] : [desc(zReports.createdAt), desc(zReports.id)]),
    )
    .limit(page.limit);
}

/** How many stores the installation has (archived ones too: their Z reports are listed). */
export async function storeCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(stores);
  return Number(row?.count ?? 0);
}

export async function storeName(db: DbOrTx, storeId: string): Promise<string> {
  const [row] = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId)).limit(1);
  return row?.name ?? '';
}
