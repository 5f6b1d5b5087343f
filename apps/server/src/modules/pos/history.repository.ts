import type { TenderMethod } from '@retail-hub/shared';
import { and, asc, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  refunds,
  shifts,
  transactionItems,
  transactionPayments,
  transactions,
  userActivity,
  users,
} from '../../db/schema/index';
import { saleNumberIs } from './sale-number.repository';
import { saleIsTaxed } from './sales.repository';

/**
 * Issue #15 item 3: the sales history. One page is one index range scan in (created_at, id)
 * order (keyset paging: page 10,000 costs what page 1 does), narrowed by the filters; a number
 * lookup goes through transactions_day_number_idx (sale-number.repository.ts).
 */

export type HistoryFilter = {
  /** Lower-case hex: the last 6 characters of the id as the uuid's text has them. */
  numberSuffix?: string;
  start?: Date;
  end?: Date;
  shiftId?: number;
  cashierId?: string;
  paymentMethod?: TenderMethod;
  minTotal?: string;
  maxTotal?: string;
  status?: 'completed' | 'voided';
  /** Rows strictly older than this (created_at as PostgreSQL text, id). */
  before?: { at: string; id: string };
  limit: number;
};

export async function historyPage(db: DbOrTx, filter: HistoryFilter) {
  const conditions: Array<SQL | undefined> = [
    filter.numberSuffix ? saleNumberIs(filter.numberSuffix) : undefined,
    filter.start ? gte(transactions.createdAt, filter.start) : undefined,
    filter.end ? lt(transactions.createdAt, filter.end) : undefined,
    filter.shiftId !== undefined ? eq(transactions.shiftId, filter.shiftId) : undefined,
    filter.cashierId ? eq(transactions.userId, filter.cashierId) : undefined,
    // Any tender of that method (issue #34: a split sale is found by each of its methods).
    filter.paymentMethod
      ? sql`exists (select 1 from ${transactionPayments} p
          where p.transaction_id = ${transactions.id} and p.method = ${filter.paymentMethod})`
      : undefined,
    filter.minTotal ? gte(transactions.total, filter.minTotal) : undefined,
    filter.maxTotal ? lte(transactions.total, filter.maxTotal) : undefined,
    filter.status ? eq(transactions.status, filter.status) : undefined,
    filter.before
      ? sql`(${transactions.createdAt}, ${transactions.id}) < (${filter.before.at}::timestamptz, ${filter.before.id}::uuid)`
      : undefined,
  ];
  return db
    .select({
      id: transactions.id,
      createdAt: transactions.createdAt,
      cursorAt: sql<string>`${transactions.createdAt}::text`,
      shiftId: transactions.shiftId,
      status: transactions.status,
      paymentMethod: transactions.paymentMethod,
      subtotal: transactions.subtotal,
      tax: transactions.tax,
      salesTax: transactions.salesTax,
      pricesIncludeTax: transactions.pricesIncludeTax,
      taxed: saleIsTaxed,
      total: transactions.total,
      cashier: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      itemCount: sql<number>`(select coalesce(sum(${transactionItems.quantity}), 0)::int from ${transactionItems} where ${transactionItems.transactionId} = ${transactions.id})`,
      // Issue #30 item 18: what refunds gave back, so the list shows a partly refunded sale as such.
      refundCount: sql<number>`(select count(*)::int from ${refunds} where ${refunds.transactionId} = ${transactions.id})`,
      refundedTotal: sql<string>`(select coalesce(sum(${refunds.total}), 0)::numeric(10,2)::text from ${refunds} where ${refunds.transactionId} = ${transactions.id})`,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(and(...conditions))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(filter.limit);
}

const approvers = alias(users, 'approvers');

/**
 * Activity rows that name this sale (refunds, voids, approvals, reprints, e-mails), oldest first,
 * each with who did it and the manager its details name as approver (issue #30 item 17).
 */
export async function saleActivity(db: DbOrTx, transactionId: string) {
  return db
    .select({
      activityType: userActivity.activityType,
      timestamp: userActivity.timestamp,
      details: userActivity.details,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      approver: { id: approvers.id, firstName: approvers.firstName, lastName: approvers.lastName },
    })
    .from(userActivity)
    .leftJoin(users, eq(users.id, userActivity.userId))
    .leftJoin(approvers, sql`(${approvers.id})::text = (${userActivity.details} ->> 'approverId')`)
    .where(
      and(
        sql`${userActivity.details} ? 'transactionId'`,
        sql`(${userActivity.details} ->> 'transactionId') = ${transactionId}`,
      ),
    )
    .orderBy(asc(userActivity.timestamp), asc(userActivity.id))
    .limit(200);
}

/** The shift a cashier's history shows: the open one, else the last one they had. */
export async function cashierShiftId(db: DbOrTx, cashierId: string): Promise<number | null> {
  const rows = await db
    .select({ id: shifts.id })
    .from(shifts)
    .where(eq(shifts.cashierId, cashierId))
    .orderBy(desc(shifts.isOpen), desc(shifts.startedAt), desc(shifts.id))
    .limit(1);
  return rows[0]?.id ?? null;
}
