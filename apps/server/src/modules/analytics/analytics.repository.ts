import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, transactionItems, transactions } from '../../db/schema/index';

const completedIn = (range: { start: Date; end: Date }) =>
  and(
    gte(transactions.createdAt, range.start),
    lt(transactions.createdAt, range.end),
    eq(transactions.status, 'completed'),
  );

/** Completed sales of [start, end): their total (numeric string), count and units sold. */
export async function salesFigures(db: DbOrTx, range: { start: Date; end: Date }) {
  const [sales] = await db
    .select({
      totalSales: sql<string>`coalesce(sum(${transactions.total}), 0)::text`,
      totalTransactions: sql<number>`count(*)::int`,
    })
    .from(transactions)
    .where(completedIn(range));
  const [items] = await db
    .select({ totalItemsSold: sql<number>`coalesce(sum(${transactionItems.quantity}), 0)::int` })
    .from(transactionItems)
    .innerJoin(transactions, eq(transactions.id, transactionItems.transactionId))
    .where(completedIn(range));
  return {
    totalSales: sales?.totalSales ?? '0',
    totalTransactions: sales?.totalTransactions ?? 0,
    totalItemsSold: items?.totalItemsSold ?? 0,
  };
}

/** Best sellers of [start, end) by units sold, then revenue (numeric string). */
export async function topProducts(db: DbOrTx, range: { start: Date; end: Date; limit: number }) {
  const totalSold = sql<number>`sum(${transactionItems.quantity})::int`;
  const totalRevenue = sql<string>`sum(${transactionItems.totalPrice})`;
  return db
    .select({
      product: { id: products.id, name: products.name, imageUrl: products.imageUrl },
      totalSold,
      totalRevenue: sql<string>`${totalRevenue}::text`,
    })
    .from(transactionItems)
    .innerJoin(transactions, eq(transactions.id, transactionItems.transactionId))
    .innerJoin(products, eq(products.id, transactionItems.productId))
    .where(completedIn(range))
    .groupBy(products.id, products.name, products.imageUrl)
    .orderBy(desc(totalSold), desc(totalRevenue), products.name)
    .limit(range.limit);
}
