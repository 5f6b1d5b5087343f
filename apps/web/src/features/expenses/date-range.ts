import { EXPENSE_DATE_RANGE_DAYS, type ExpenseDateRange } from '@retail-hub/shared';
import { addDays, localDay } from '@/lib/time-zone';

/**
 * spec §9 Expense date ranges: today, the last 7 days or the last 30 days, today included, as
 * inclusive days in the store's time zone (the server reads them in that zone), whatever clock
 * the till runs on. Without a zone, the till's own clock decides.
 */
export function expenseRangeDays(range: ExpenseDateRange, now: Date = new Date(), timeZone?: string) {
  const endDate = localDay(now, timeZone);
  return { startDate: addDays(endDate, -(EXPENSE_DATE_RANGE_DAYS[range] - 1)), endDate };
}
