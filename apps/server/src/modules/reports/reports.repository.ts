import { and, asc, desc, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, transactionItems, transactions, users } from '../../db/schema/index';

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
};

const completed = eq(transactions.status, 'completed');
const createdIn = (range: { start: Date; end: Date }) =>
  and(gte(transactions.createdAt, range.start), lt(transactions.createdAt, range.end));

/**
 * Completed sales of [start, end) in time order, one page at a time (keyset on created_at, id),
 * so an export of any size never sits in memory.
 */
export function completedSalesBetween(
  db: DbOrTx,
  range: { start: Date; end: Date },
  pageSize = 500,
): AsyncGenerator<DailySaleRow> {
  return salesInOrder(db, and(createdIn(range), completed), { pageSize, newestFirst: false });
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
  range: { start: Date; end: Date },
  pageSize = 500,
): AsyncGenerator<DailySaleRow> {
  return salesInOrder(db, and(createdIn(range), like(transactions.referenceCode, 'VTPD%')), {
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
    for (const { cursor: _cursor, ...sale } of page) yield { ...sale, items: itemsBySale.get(sale.id) ?? [] };
    if (page.length < pageSize) return;
    const last = page[page.length - 1] as (typeof page)[number];
    after = { createdAt: last.cursor, id: last.id };
  }
}
