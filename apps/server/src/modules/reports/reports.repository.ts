import { and, asc, desc, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  products,
  refundItems,
  refunds,
  transactionItems,
  transactionPayments,
  transactions,
  users,
} from '../../db/schema/index';
import { shiftOfStores } from '../../db/store-scope';

export type DailySaleRow = {
  id: string;
  userId: string;
  createdAt: Date;
  cashierFirstName: string | null;
  cashierLastName: string | null;
  paymentMethod: string;
  referenceCode: string | null;
  notes: string | null;
  subtotal: string;
  tax: string;
  total: string;
  items: Array<{ quantity: number; productName: string; variantName: string | null }>;
  /**
   * Issue #34: the sale's tenders in the order taken (method, amount, reference), when it has more
   * than one; absent for a one-tender sale (its row is exactly as before) and for a refund's row.
   */
  payments?: Array<{ method: string; amount: string; referenceCode: string | null }>;
  /**
   * Set on a refund's row (issue #15 item 5): its amounts are negative, `id` is the refund's, and
   * `saleId` the sale it refunds. Absent on a sale's row.
   */
  refund?: { saleId: string; reason: string };
};

const completed = eq(transactions.status, 'completed');
/** Issue #32: the rows of these stores' sales (a refund counts at its sale's store); all without. */
const ofStores = (range: { storeIds?: readonly string[] }) => shiftOfStores(transactions.shiftId, range.storeIds);
const createdIn = (range: { start: Date; end: Date }) =>
  and(gte(transactions.createdAt, range.start), lt(transactions.createdAt, range.end));

/**
 * Completed sales of [start, end) in time order, one page at a time (keyset on created_at, id),
 * so an export of any size never sits in memory.
 */
export function completedSalesBetween(
  db: DbOrTx,
  range: { start: Date; end: Date; storeIds?: readonly string[] },
  pageSize = 500,
): AsyncGenerator<DailySaleRow> {
  return salesInOrder(db, and(createdIn(range), completed, ofStores(range)), { pageSize, newestFirst: false });
}

/** The completed sales of one shift, in time order, page by page like completedSalesBetween. */
export function completedSalesOfShift(db: DbOrTx, shiftId: number, pageSize = 500): AsyncGenerator<DailySaleRow> {
  return salesInOrder(db, and(eq(transactions.shiftId, shiftId), completed), { pageSize, newestFirst: false });
}

/**
 * spec §9 Export CSV (VTPD): every sale of [start, end) whose reference code starts with VTPD,
 * newest first as GET /api/transactions?vtpdOnly lists them, page by page like the others.
 */
export function vtpdSalesBetween(
  db: DbOrTx,
  range: { start: Date; end: Date; storeIds?: readonly string[] },
  pageSize = 500,
): AsyncGenerator<DailySaleRow> {
  // A voided sale is not a sale (issue #15 item 6): it is not exported.
  const filter = and(createdIn(range), completed, like(transactions.referenceCode, 'VTPD%'), ofStores(range));
  return salesInOrder(db, filter, {
    pageSize,
    newestFirst: true,
  });
}

async function* salesInOrder(
  db: DbOrTx,
  filter: SQL | undefined,
  order: { pageSize: number; newestFirst: boolean },
): AsyncGenerator<DailySaleRow> {
  const { pageSize, newestFirst } = order;
  // The cursor keeps created_at as the database's text (microseconds): a JS Date keeps milliseconds
  // only, and a page boundary between two sales of the same millisecond would repeat or skip rows.
  let after: { createdAt: string; id: string } | null = null;
  while (true) {
    const page = await db
      .select({
        id: transactions.id,
        userId: transactions.userId,
        createdAt: transactions.createdAt,
        cursor: sql<string>`${transactions.createdAt}::text`,
        cashierFirstName: users.firstName,
        cashierLastName: users.lastName,
        paymentMethod: transactions.paymentMethod,
        referenceCode: transactions.referenceCode,
        notes: transactions.notes,
        subtotal: transactions.subtotal,
        tax: transactions.tax,
        total: transactions.total,
      })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(
        and(
          filter,
          after
            ? newestFirst
              ? sql`(${transactions.createdAt}, ${transactions.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
              : sql`(${transactions.createdAt}, ${transactions.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(
        ...(newestFirst
          ? [desc(transactions.createdAt), desc(transactions.id)]
          : [asc(transactions.createdAt), asc(transactions.id)]),
      )
      .limit(pageSize);
    if (page.length === 0) return;
    const lines = await db
      .select({
        transactionId: transactionItems.transactionId,
        quantity: transactionItems.quantity,
        productName: products.name,
        variantName: transactionItems.variantName,
      })
      .from(transactionItems)
      .innerJoin(products, eq(products.id, transactionItems.productId))
      .where(sql`${transactionItems.transactionId} = any(${sql.param(page.map((s) => s.id))}::uuid[])`)
      .orderBy(asc(transactionItems.lineNo), asc(transactionItems.id));
    const itemsBySale = new Map<string, DailySaleRow['items']>();
    for (const { transactionId, ...line } of lines) {
      const list = itemsBySale.get(transactionId);
      if (list) list.push(line);
      else itemsBySale.set(transactionId, [line]);
    }
    // Issue #34: the tenders of the page's split sales (one query for the page, by primary key).
    const tenders = await db
      .select({
        transactionId: transactionPayments.transactionId,
        method: transactionPayments.method,
        amount: transactionPayments.amount,
        referenceCode: transactionPayments.referenceCode,
      })
      .from(transactionPayments)
      .where(sql`${transactionPayments.transactionId} = any(${sql.param(page.map((s) => s.id))}::uuid[])`)
      .orderBy(asc(transactionPayments.transactionId), asc(transactionPayments.seq));
    const tendersBySale = new Map<string, NonNullable<DailySaleRow['payments']>>();
    for (const { transactionId, ...tender } of tenders) {
      const list = tendersBySale.get(transactionId);
      if (list) list.push(tender);
      else tendersBySale.set(transactionId, [tender]);
    }
    for (const { cursor: _cursor, ...sale } of page) {
      const payments = tendersBySale.get(sale.id) ?? [];
      const row = { ...sale, items: itemsBySale.get(sale.id) ?? [] };
      yield payments.length > 1 ? { ...row, payments } : row;
    }
    if (page.length < pageSize) return;
    const last = page[page.length - 1] as (typeof page)[number];
    after = { createdAt: last.cursor, id: last.id };
  }
}

const refundCreatedIn = (range: { start: Date; end: Date }) =>
  and(gte(refunds.createdAt, range.start), lt(refunds.createdAt, range.end));

/** Refunds given in [start, end), oldest first, as negative rows (issue #15 item 5: the daily CSV). */
export function refundsBetween(
  db: DbOrTx,
  range: { start: Date; end: Date; storeIds?: readonly string[] },
  pageSize = 500,
) {
  return refundsInOrder(db, and(refundCreatedIn(range), ofStores(range)), { pageSize, newestFirst: false });
}

/** Refunds given during one shift (whatever shift the sale was in), oldest first: the shift CSV. */
export function refundsOfShift(db: DbOrTx, shiftId: number, pageSize = 500) {
  return refundsInOrder(db, eq(refunds.shiftId, shiftId), { pageSize, newestFirst: false });
}

/** Refunds of VTPD sales given in [start, end), newest first: the VTPD export. */
export function vtpdRefundsBetween(
  db: DbOrTx,
  range: { start: Date; end: Date; storeIds?: readonly string[] },
  pageSize = 500,
) {
  const filter = and(refundCreatedIn(range), like(transactions.referenceCode, 'VTPD%'), ofStores(range));
  return refundsInOrder(db, filter, {
    pageSize,
    newestFirst: true,
  });
}

const negate = (amount: string) => (/^0+(\.0+)?$/.test(amount) ? amount : `-${amount}`);

/**
 * Refunds as rows of the sales exports: the refund's own id, time and method, the sale's reference
 * code (the card payment it goes back to), and every amount negative. Paged like salesInOrder.
 */
async function* refundsInOrder(
  db: DbOrTx,
  filter: SQL | undefined,
  order: { pageSize: number; newestFirst: boolean },
): AsyncGenerator<DailySaleRow> {
  const { pageSize, newestFirst } = order;
  let after: { createdAt: string; id: string } | null = null;
  while (true) {
    const page = await db
      .select({
        id: refunds.id,
        saleId: refunds.transactionId,
        userId: refunds.userId,
        createdAt: refunds.createdAt,
        cursor: sql<string>`${refunds.createdAt}::text`,
        cashierFirstName: users.firstName,
        cashierLastName: users.lastName,
        paymentMethod: refunds.paymentMethod,
        referenceCode: transactions.referenceCode,
        reason: refunds.reason,
        note: refunds.note,
        subtotal: refunds.subtotal,
        tax: refunds.cardFee,
        total: refunds.total,
      })
      .from(refunds)
      .innerJoin(transactions, eq(transactions.id, refunds.transactionId))
      .innerJoin(users, eq(users.id, refunds.userId))
      .where(
        and(
          filter,
          after
            ? newestFirst
              ? sql`(${refunds.createdAt}, ${refunds.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
              : sql`(${refunds.createdAt}, ${refunds.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(
        ...(newestFirst ? [desc(refunds.createdAt), desc(refunds.id)] : [asc(refunds.createdAt), asc(refunds.id)]),
      )
      .limit(pageSize);
    if (page.length === 0) return;
    const lines = await db
      .select({
        refundId: refundItems.refundId,
        quantity: refundItems.quantity,
        productName: products.name,
        variantName: transactionItems.variantName,
      })
      .from(refundItems)
      .innerJoin(products, eq(products.id, refundItems.productId))
      .innerJoin(transactionItems, eq(transactionItems.id, refundItems.transactionItemId))
      .where(sql`${refundItems.refundId} = any(${sql.param(page.map((r) => r.id))}::uuid[])`)
      .orderBy(asc(transactionItems.lineNo), asc(refundItems.id));
    const itemsByRefund = new Map<string, DailySaleRow['items']>();
    for (const { refundId, ...line } of lines) {
      const list = itemsByRefund.get(refundId);
      if (list) list.push(line);
      else itemsByRefund.set(refundId, [line]);
    }
    for (const r of page) {
      yield {
        id: r.id,
        userId: r.userId,
        createdAt: r.createdAt,
        cashierFirstName: r.cashierFirstName,
        cashierLastName: r.cashierLastName,
        paymentMethod: r.paymentMethod,
        referenceCode: r.referenceCode,
        notes: r.note,
        subtotal: negate(r.subtotal),
        tax: negate(r.tax),
        total: negate(r.total),
        items: itemsByRefund.get(r.id) ?? [],
        refund: { saleId: r.saleId, reason: r.reason },
      };
    }
    if (page.length < pageSize) return;
    const last = page[page.length - 1] as (typeof page)[number];
    after = { createdAt: last.cursor, id: last.id };
  }
}

/** Two row streams, each in time order, merged into one in the same order (sales and their refunds). */
export async function* mergeByTime(
  a: AsyncGenerator<DailySaleRow>,
  b: AsyncGenerator<DailySaleRow>,
  newestFirst = false,
): AsyncGenerator<DailySaleRow> {
  let x = await a.next();
  let y = await b.next();
  while (!x.done || !y.done) {
    const takeA =
      y.done ||
      (!x.done &&
        (newestFirst
          ? x.value.createdAt.getTime() >= y.value.createdAt.getTime()
          : x.value.createdAt.getTime() <= y.value.createdAt.getTime()));
    if (takeA && !x.done) {
      yield x.value;
      x = await a.next();
    } else if (!y.done) {
      yield y.value;
      y = await b.next();
    }
  }
}
