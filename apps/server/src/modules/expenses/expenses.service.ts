import {
  centsToDecimal,
  decimalToCents,
  type Expense,
  type ExpenseDailyStats,
  type ExpenseListQuery,
  type ParsedExpenseInput,
} from '@retail-hub/shared';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { storeDaysRange, storeTodayRange } from '../../lib/sales-range';
import type { EventBus } from '../events/index';
import { checkOpenStore } from '../retail-stores/index';
import {
  deleteExpenseRow,
  type ExpenseRow,
  type ExpenseValues,
  expenseFigures,
  findExpenseRow,
  insertExpense,
  listExpenseRows,
  updateExpense,
} from './expenses.repository';

export type ExpenseDeps = { db: Db; timeZone: string; events: EventBus };

/** The list's default and maximum length (newest first). */
export const EXPENSE_LIST_DEFAULT_LIMIT = 500;

const expenseNotFound = () => notFound('Expense', 'expenses.not_found');

function toExpense(row: ExpenseRow): Expense {
  return {
    ...row,
    amount: centsToDecimal(decimalToCents(row.amount)),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Issue #32: the store an expense is written for must exist and be open (400 on storeId); none
 * named leaves it to the database (the default store) or, on an edit, unchanged.
 */
async function checkedStore(db: Db, storeId: string | null | undefined): Promise<string | undefined> {
  if (!storeId) return undefined;
  await checkOpenStore(db, storeId);
  return storeId;
}

/** Cents in code, a 2-decimal string at rest (numeric(10,2)). */
function toValues(input: ParsedExpenseInput, storeId: string | undefined): ExpenseValues {
  return {
    ...(storeId ? { storeId } : {}),
    category: input.category,
    amount: centsToDecimal(input.amount),
    description: input.description,
    paymentMethod: input.paymentMethod,
    receiptNumber: input.receiptNumber,
    vendor: input.vendor,
    notes: input.notes,
  };
}

/**
 * GET /api/expenses: newest first. startDate and endDate are inclusive store days; one alone
 * bounds that side only; none lists every expense (up to the limit).
 */
export async function listExpenses(
  deps: ExpenseDeps,
  query: Omit<ExpenseListQuery, 'storeId'> & { storeIds?: readonly string[] },
): Promise<Expense[]> {
  if (query.startDate && query.endDate && query.startDate > query.endDate) {
    throw badRequest('expenses.invalid_range', 'Start date must be before end date.', {
      startDate: 'Start date must be before end date.',
    });
  }
  const start = query.startDate ? storeDaysRange(query.startDate, query.startDate, deps.timeZone).start : undefined;
  const end = query.endDate ? storeDaysRange(query.endDate, query.endDate, deps.timeZone).end : undefined;
  const rows = await listExpenseRows(deps.db, {
    start,
    end,
    category: query.category,
    storeIds: query.storeIds,
    limit: query.limit ?? EXPENSE_LIST_DEFAULT_LIMIT,
  });
  return rows.map(toExpense);
}

/** spec §3 Expense daily stats: today, midnight to midnight in the store's time zone. */
export async function expenseDailyStats(
  deps: ExpenseDeps,
  now: Date = new Date(),
  storeIds?: readonly string[],
): Promise<ExpenseDailyStats> {
  const rows = await expenseFigures(deps.db, { ...storeTodayRange(deps.timeZone, now), storeIds });
  let totalCents = 0;
  let count = 0;
  const expensesByCategory = rows.map((row) => {
    const cents = decimalToCents(row.total);
    totalCents += cents;
    count += row.count;
    return { category: row.category, total: centsToDecimal(cents), count: row.count };
  });
  return { totalExpenses: centsToDecimal(totalCents), totalTransactions: count, expensesByCategory };
}

export async function createExpense(deps: ExpenseDeps, userId: string, input: ParsedExpenseInput): Promise<Expense> {
  const id = await insertExpense(deps.db, { ...toValues(input, await checkedStore(deps.db, input.storeId)), userId });
  await deps.events.publish('expense.changed', [id]);
  const row = await findExpenseRow(deps.db, id);
  if (!row) throw expenseNotFound();
  return toExpense(row);
}

export async function editExpense(deps: ExpenseDeps, id: string, input: ParsedExpenseInput): Promise<Expense> {
  const values = toValues(input, await checkedStore(deps.db, input.storeId));
  if (!(await updateExpense(deps.db, id, values))) throw expenseNotFound();
  await deps.events.publish('expense.changed', [id]);
  const row = await findExpenseRow(deps.db, id);
  if (!row) throw expenseNotFound();
  return toExpense(row);
}

export async function deleteExpense(deps: ExpenseDeps, id: string): Promise<{ message: string }> {
  if (!(await deleteExpenseRow(deps.db, id))) throw expenseNotFound();
  await deps.events.publish('expense.changed', [id]);
  return { message: 'Expense deleted successfully' };
}
