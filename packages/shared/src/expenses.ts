import { z } from 'zod';
import { type Cents, parseCents } from './money';
import { storeDateSchema } from './pos';
import { CARD_NUMBER_MESSAGE, containsCardNumber } from './pos-rules';
import { RETAIL_STORE_MESSAGES, storeFilterSchema } from './retail-stores';

/**
 * The Expense Tracker contract (spec §2 Expense Tracker, §3 expenses and Expense daily stats,
 * §5 Expense, §7 Expenses, §8 Expenses). The form and the API share the messages.
 */

/** spec §3 expenses categories. */
export const EXPENSE_CATEGORIES = [
  'office_supplies',
  'maintenance',
  'utilities',
  'food_beverage',
  'transport',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/** Readable labels of the categories (the filter and the list). */
export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  office_supplies: 'Office Supplies',
  maintenance: 'Maintenance',
  utilities: 'Utilities',
  food_beverage: 'Food & Beverage',
  transport: 'Transport',
  other: 'Other',
};

/** spec §3 expenses payment methods (a shorter list than the POS one). */
export const EXPENSE_PAYMENT_METHODS = ['cash', 'credit_card', 'bank_transfer', 'other'] as const;
export type ExpensePaymentMethod = (typeof EXPENSE_PAYMENT_METHODS)[number];

export const EXPENSE_PAYMENT_METHOD_LABELS: Record<ExpensePaymentMethod, string> = {
  cash: 'Cash',
  credit_card: 'Credit Card',
  bank_transfer: 'Bank Transfer',
  other: 'Other',
};

/** spec §9 Expense date ranges. */
export const EXPENSE_DATE_RANGES = ['today', 'week', 'month'] as const;
export type ExpenseDateRange = (typeof EXPENSE_DATE_RANGES)[number];
export const EXPENSE_DATE_RANGE_LABELS: Record<ExpenseDateRange, string> = {
  today: 'Today',
  week: 'Last 7 Days',
  month: 'Last 30 Days',
};
/** Inclusive days each range covers, today included. */
export const EXPENSE_DATE_RANGE_DAYS: Record<ExpenseDateRange, number> = { today: 1, week: 7, month: 30 };

/** spec §5 and §8 Expenses, spelled exactly as the spec gives them. */
export const EXPENSE_MESSAGES = {
  required: 'Please fill in all required fields',
  amountFormat: 'Amount must be 0 or more, with at most 2 decimals (up to 99999999.99)',
  category: 'Choose one of the expense categories',
  paymentMethod: 'Choose cash, credit card, bank transfer or other',
  added: 'Expense added successfully',
  updated: 'Expense updated successfully',
  deleted: 'Expense deleted successfully',
  addFailed: 'Failed to add expense',
  updateFailed: 'Failed to update expense',
  deleteFailed: 'Failed to delete expense',
} as const;

/** Text limits: the receipt number and vendor columns; the free texts are bounded too. */
export const EXPENSE_LIMITS = { description: 1000, receiptNumber: 100, vendor: 255, notes: 2000 } as const;

const missing = (input: unknown) => input === undefined || input === null;

/**
 * spec §5: the amount is sent as a string ('12.50'); a number is accepted too. 0 or more, at most
 * 2 decimals, at most 99,999,999.99 (numeric(10,2)); '1e3', '-1', '1.234' are refused. Parsed to
 * integer cents.
 */
export const expenseAmountSchema = z
  .union([z.string(), z.number()], {
    error: (issue) => (missing(issue.input) ? EXPENSE_MESSAGES.required : EXPENSE_MESSAGES.amountFormat),
  })
  .transform((value, ctx): Cents => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
    if (text === '' && typeof value === 'string') {
      ctx.addIssue({ code: 'custom', message: EXPENSE_MESSAGES.required });
      return z.NEVER;
    }
    const cents = /^\d+(\.\d{1,2})?$/.test(text) ? parseCents(text) : null;
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: EXPENSE_MESSAGES.amountFormat });
      return z.NEVER;
    }
    return cents;
  });

/** An optional text: trimmed, empty becomes null, at most `max` characters, never a card number. */
const optionalText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .refine((v) => !containsCardNumber(v), { error: CARD_NUMBER_MESSAGE })
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /api/expenses and PATCH /api/expenses/{id} body (spec §7 Expenses). */
export const expenseInputSchema = z.object({
  category: z.enum(EXPENSE_CATEGORIES, {
    error: (issue) =>
      missing(issue.input) || issue.input === '' ? EXPENSE_MESSAGES.required : EXPENSE_MESSAGES.category,
  }),
  amount: expenseAmountSchema,
  description: z
    .string({ error: EXPENSE_MESSAGES.required })
    .trim()
    .min(1, { error: EXPENSE_MESSAGES.required })
    .max(EXPENSE_LIMITS.description, { error: `Must be at most ${EXPENSE_LIMITS.description} characters` })
    // Security guide, Payments: no card number in any text of a payment (issue #13 item 5).
    .refine((v) => !containsCardNumber(v), { error: CARD_NUMBER_MESSAGE }),
  paymentMethod: z
    .enum(EXPENSE_PAYMENT_METHODS, { error: EXPENSE_MESSAGES.paymentMethod })
    .nullish()
    .transform((v) => v ?? 'cash'),
  receiptNumber: optionalText(EXPENSE_LIMITS.receiptNumber),
  vendor: optionalText(EXPENSE_LIMITS.vendor),
  notes: optionalText(EXPENSE_LIMITS.notes),
  /**
   * Issue #32: the store the expense is for (the form's Store picker, shown with several stores).
   * New expense without one: the default store; an edit without one keeps the expense's store.
   */
  storeId: z.guid({ error: RETAIL_STORE_MESSAGES.storeUnknown }).nullish(),
});
export type ExpenseInput = z.input<typeof expenseInputSchema>;
export type ParsedExpenseInput = z.output<typeof expenseInputSchema>;

/** GET /api/expenses query: inclusive store days and a category (spec §7 Expenses). */
export const expenseListQuerySchema = z.object({
  startDate: storeDateSchema.optional(),
  endDate: storeDateSchema.optional(),
  category: z.enum(EXPENSE_CATEGORIES, { error: EXPENSE_MESSAGES.category }).optional(),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
  /** Issue #32: one store's expenses; absent or '': every store's. */
  storeId: storeFilterSchema,
});
export type ExpenseListQuery = z.infer<typeof expenseListQuerySchema>;

/** spec §3 expenses, as the API returns them. */
export const expenseSchema = z.object({
  id: z.string(),
  userId: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  amount: z.string(),
  description: z.string(),
  paymentMethod: z.enum(EXPENSE_PAYMENT_METHODS),
  receiptNumber: z.string().nullable(),
  vendor: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }),
  /** Issue #32: the store the expense is for. */
  storeId: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

/** GET /api/expenses/stats/daily: today's expenses of one store (issue #32), or of every store. */
export const expenseStatsQuerySchema = z.object({ storeId: storeFilterSchema });

/** spec §3 Expense daily stats: today in the store's time zone. */
export const expenseDailyStatsSchema = z.object({
  totalExpenses: z.string(),
  totalTransactions: z.number().int(),
  expensesByCategory: z.array(
    z.object({ category: z.enum(EXPENSE_CATEGORIES), total: z.string(), count: z.number().int() }),
  ),
});
export type ExpenseDailyStats = z.infer<typeof expenseDailyStatsSchema>;
