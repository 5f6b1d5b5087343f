import { MAX_REPORT_DAYS, REPORT_RANGE_TOO_LONG, reportRangeDays, type SalesRangeQuery } from '@retail-hub/shared';
import { badRequest, forbidden } from './errors';
import { addDays, type LocalDate, localDateOf, zonedTimeToInstant } from './store-time';

/** A span of whole store days: [start, end) as instants, and the inclusive days as YYYY-MM-DD. */
export type SalesRange = { start: Date; end: Date; startDate: string; endDate: string };

function formatDay(date: LocalDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

function parseDay(value: string): LocalDate {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** A YYYY-MM-DD day shifted by whole calendar days. */
export function addDay(date: string, days: number): string {
  return formatDay(addDays(parseDay(date), days));
}

/** Today's date in the store's time zone, as YYYY-MM-DD. */
export function storeToday(timeZone: string, now: Date = new Date()): string {
  return formatDay(localDateOf(now, timeZone));
}

/** The instants that bound the inclusive store days startDate..endDate (midnight to midnight, local). */
export function storeDaysRange(startDate: string, endDate: string, timeZone: string): SalesRange {
  const start = zonedTimeToInstant(parseDay(startDate), 0, 0, timeZone);
  const end = zonedTimeToInstant(addDays(parseDay(endDate), 1), 0, 0, timeZone);
  return { start, end, startDate, endDate };
}

/** Today, midnight to midnight in the store's time zone. */
export function storeTodayRange(timeZone: string, now: Date = new Date()): SalesRange {
  const today = storeToday(timeZone, now);
  return storeDaysRange(today, today, timeZone);
}

/**
 * The days a sales list covers (spec §7 Analytics and transactions). No dates means today; one
 * date alone means that single day; at most MAX_REPORT_DAYS days (400 beyond). A role without
 * 'reports.ranges' reads today only: the POS
 * dashboard shows today's figures to every cashier, the reports are for managers (ADR 0004).
 */
export function resolveSalesRange(
  query: Pick<SalesRangeQuery, 'startDate' | 'endDate'>,
  options: { timeZone: string; canViewReports: boolean; now?: Date },
): SalesRange {
  const today = storeToday(options.timeZone, options.now);
  const startDate = query.startDate ?? query.endDate ?? today;
  const endDate = query.endDate ?? query.startDate ?? today;
  // YYYY-MM-DD strings compare in calendar order.
  if (startDate > endDate) {
    throw badRequest('reports.invalid_range', 'Start date must be before end date.', {
      startDate: 'Start date must be before end date.',
    });
  }
  if (!options.canViewReports && (startDate !== today || endDate !== today)) {
    throw forbidden('Sales reports are available to managers.');
  }
  // Issue #13 item 9: a range of centuries held the server for seconds; two years is the widest report.
  if (reportRangeDays(startDate, endDate) > MAX_REPORT_DAYS) {
    throw badRequest('reports.range_too_long', REPORT_RANGE_TOO_LONG, { endDate: REPORT_RANGE_TOO_LONG });
  }
  return storeDaysRange(startDate, endDate, options.timeZone);
}
