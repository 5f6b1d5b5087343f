import { EXPENSE_DATE_RANGE_DAYS, type ExpenseDateRange } from '@retail-hub/shared';

function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * spec §9 Expense date ranges: today, the last 7 days or the last 30 days, today included, as
 * inclusive days (the server reads them in the store's time zone).
 */
export function expenseRangeDays(range: ExpenseDateRange, now: Date = new Date()) {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (EXPENSE_DATE_RANGE_DAYS[range] - 1));
  return { startDate: localDay(start), endDate: localDay(now) };
}
