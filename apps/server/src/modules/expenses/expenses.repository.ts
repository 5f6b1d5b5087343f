import type { ExpenseCategory } from '@retail-hub/shared';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenses, users } from '../../db/schema/index';

/** What the list and the single-expense answers select (spec §3 expenses with user names). */
const expenseColumns = {
  id: expenses.id,
  userId: expenses.userId,
  category: expenses.category,
  amount: expenses.amount,
  description: expenses.description,
  paymentMethod: expenses.paymentMethod,
  receiptNumber: expenses.receiptNumber,
  vendor: expenses.vendor,
  notes: expenses.notes,
  status: expenses.status,
  createdAt: expenses.createdAt,
  user: { firstName: users.firstName, lastName: users.lastName },
  storeId: expenses.storeId,
};

export type ExpenseRow = Awaited<ReturnType<typeof listExpenseRows>>[number];

export type ExpenseValues = Pick<
  typeof expenses.$inferInsert,
  'category' | 'amount' | 'description' | 'paymentMethod' | 'receiptNumber' | 'vendor' | 'notes' | 'storeId'
>;

export async function listExpenseRows(
  db: DbOrTx,
  filter: { start?: Date; end?: Date; category?: ExpenseCategory; limit: number; storeIds?: readonly string[] },
) {
  const conditions: SQL[] = [];
  if (filter.storeIds) conditions.push(inArray(expenses.storeId, [...filter.storeIds]));
  if (filter.start) conditions.push(gte(expenses.createdAt, filter.start));
  if (filter.end) conditions.push(lt(expenses.createdAt, filter.end));
  if (filter.category) conditions.push(eq(expenses.category, filter.category));
  return db
    .select(expenseColumns)
    .from(expenses)
    .innerJoin(users, eq(users.id, expenses.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(expenses.createdAt), desc(expenses.id))
    .limit(filter.limit);
}

export async function findExpenseRow(db: DbOrTx, id: string) {
  const [row] = await db
    .select(expenseColumns)
    .from(expenses)
    .innerJoin(users, eq(users.id, expenses.userId))
    .where(eq(expenses.id, id));
  return row ?? null;
}

export async function insertExpense(db: DbOrTx, values: ExpenseValues & { userId: string }): Promise<string> {
  const [row] = await db.insert(expenses).values(values).returning({ id: expenses.id });
  return (row as { id: string }).id;
}

/** Returns false when no expense has that id. */
export async function updateExpense(db: DbOrTx, id: string, values: ExpenseValues): Promise<boolean> {
  const rows = await db.update(expenses).set(values).where(eq(expenses.id, id)).returning({ id: expenses.id });
  return rows.length > 0;
}

export async function deleteExpenseRow(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(expenses).where(eq(expenses.id, id)).returning({ id: expenses.id });
  return rows.length > 0;
}

/** Total (numeric text), count and per-category figures of expenses created in [start, end). */
export async function expenseFigures(db: DbOrTx, range: { start: Date; end: Date; storeIds?: readonly string[] }) {
  return db
    .select({
      category: expenses.category,
      total: sql<string>`coalesce(sum(${expenses.amount}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(expenses)
    .where(
      and(
        gte(expenses.createdAt, range.start),
        lt(expenses.createdAt, range.end),
        range.storeIds ? inArray(expenses.storeId, [...range.storeIds]) : undefined,
      ),
    )
    .groupBy(expenses.category)
    .orderBy(desc(sql`sum(${expenses.amount})`), expenses.category);
}
