import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  cacheVersions,
  products,
  refundItems,
  refunds,
  shifts,
  transactionItems,
  transactions,
} from '../../db/schema/index';

const completedIn = (range: { start: Date; end: Date }) =>
  and(
    gte(transactions.createdAt, range.start),
    lt(transactions.createdAt, range.end),
    eq(transactions.status, 'completed'),
  );

type DaySpan = { start: Date; end: Date; timeZone: string };

/** The store day (YYYY-MM-DD in `timeZone`) of a sale, and whether it is a VTPD sale. */
const storeDay = (timeZone: string) => sql<string>`((${transactions.createdAt} at time zone ${timeZone})::date)::text`;
const isVtpd = sql<boolean>`coalesce(${transactions.referenceCode} like 'VTPD%', false)`;
/** Issue #32 item 5: a sale's store is its shift's (a refund counts at the store of the sale). */
const saleStore = sql<string>`${shifts.storeId}`;

/** Completed sales of [start, end) per store day and VTPD flag: revenue (numeric string) and count. */
export async function salesFiguresByDay(db: DbOrTx, span: DaySpan) {
  const day = storeDay(span.timeZone);
  return db
    .select({
      date: day,
      vtpd: isVtpd,
      storeId: saleStore,
      revenue: sql<string>`sum(${transactions.total})::text`,
      sales: sql<number>`count(*)::int`,
      discounts: sql<string>`sum(${transactions.discountTotal})::text`,
    })
    .from(transactions)
    .innerJoin(shifts, eq(shifts.id, transactions.shiftId))
    .where(completedIn(span))
    .groupBy(sql`1`, sql`2`, shifts.storeId);
}

/**
 * Lines of the completed sales of [start, end) per store day, VTPD flag and product: units and net
 * revenue (each line's `net_total`, after its own discount and its share of the sale's, ADR 0019),
 * so a product's revenue is what was paid for it, as the day's revenue is.
 */
export async function productFiguresByDay(db: DbOrTx, span: DaySpan) {
  const day = storeDay(span.timeZone);
  return (
    db
      .select({
        date: day,
        vtpd: isVtpd,
        storeId: saleStore,
        productId: transactionItems.productId,
        sold: sql<number>`sum(${transactionItems.quantity})::int`,
        revenue: sql<string>`sum(${transactionItems.netTotal})::text`,
        // Issue #37 (ADR 0036): the cost of what left, in the index with the rest (index-only scan).
        cost: sql<string>`round(sum(${transactionItems.quantity} * coalesce(${transactionItems.unitCost}, 0)), 2)::text`,
      })
      .from(transactionItems)
      .innerJoin(transactions, eq(transactions.id, transactionItems.transactionId))
      .innerJoin(shifts, eq(shifts.id, transactions.shiftId))
      // The lines are looked up by the span's sale ids (index transaction_items_sale_lines_idx): with
      // a plain join the planner preferred scanning every line ever sold for a week of sales (0.4 s
      // on PGlite, where it holds the event loop; issue #13 item 9).
      .where(
        and(
          sql`${transactionItems.transactionId} = any(array(${db
            .select({ id: transactions.id })
            .from(transactions)
            .where(completedIn(span))}))`,
          completedIn(span),
        ),
      )
      .groupBy(sql`1`, sql`2`, shifts.storeId, transactionItems.productId)
  );
}

/** Names and images of some products, for a top list computed from the day figures. */
export async function productCards(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, name: products.name, imageUrl: products.imageUrl })
    .from(products)
    .where(sql`${products.id} = any(${sql.param(ids)}::uuid[])`);
}

/**
 * Refunds given in [start, end) per store day (of the refund, not of the sale) and VTPD flag (of
 * the sale): the amount given back (numeric string) and how many (issue #15 item 5). A refund is
 * written once, stamped with now(), and never changed, so closed days cache like sales.
 */
export async function refundFiguresByDay(db: DbOrTx, span: DaySpan) {
  const day = sql<string>`((${refunds.createdAt} at time zone ${span.timeZone})::date)::text`;
  return db
    .select({
      date: day,
      vtpd: isVtpd,
      storeId: saleStore,
      refunded: sql<string>`sum(${refunds.total})::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(refunds)
    .innerJoin(transactions, eq(transactions.id, refunds.transactionId))
    .innerJoin(shifts, eq(shifts.id, transactions.shiftId))
    .where(and(gte(refunds.createdAt, span.start), lt(refunds.createdAt, span.end)))
    .groupBy(sql`1`, sql`2`, shifts.storeId);
}

/** Refunded units and amounts of [start, end) per store day, VTPD flag and product. */
export async function refundProductFiguresByDay(db: DbOrTx, span: DaySpan) {
  const day = sql<string>`((${refunds.createdAt} at time zone ${span.timeZone})::date)::text`;
  return db
    .select({
      date: day,
      vtpd: isVtpd,
      storeId: saleStore,
      productId: refundItems.productId,
      quantity: sql<number>`sum(${refundItems.quantity})::int`,
      amount: sql<string>`sum(${refundItems.totalPrice})::text`,
      cost: sql<string>`round(sum(${refundItems.quantity} * coalesce(${refundItems.unitCost}, 0)), 2)::text`,
    })
    .from(refundItems)
    .innerJoin(refunds, eq(refunds.id, refundItems.refundId))
    .innerJoin(transactions, eq(transactions.id, refunds.transactionId))
    .innerJoin(shifts, eq(shifts.id, transactions.shiftId))
    .where(and(gte(refunds.createdAt, span.start), lt(refunds.createdAt, span.end)))
    .groupBy(sql`1`, sql`2`, shifts.storeId, refundItems.productId);
}

/**
 * The sales revision, a row of cache_versions (ADR 0007, ADR 0026; a cache version, not a document
 * number, so it has a table of its own): it grows by one in the transaction of every change to a recorded sale (a
 * void), so each instance's day figures (SalesRollup) can tell they are stale even when it missed
 * the 'sale.voided' event.
 */
const SALES_REVISION = 'sales_revision';

/** The current sales revision (0 before the first change). */
export async function salesRevision(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ value: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.name, SALES_REVISION))
    .limit(1);
  return row?.value ?? 0;
}

/** Bumps the sales revision inside the caller's transaction (committed, or rolled back, with the change). */
export async function bumpSalesRevision(tx: DbOrTx): Promise<void> {
  await tx
    .insert(cacheVersions)
    .values({ name: SALES_REVISION, version: 1 })
    .onConflictDoUpdate({ target: cacheVersions.name, set: { version: sql`${cacheVersions.version} + 1` } });
}
