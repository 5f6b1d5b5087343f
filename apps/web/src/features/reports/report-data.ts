import {
  type Cents,
  formatMoney,
  MAX_REPORT_DAYS,
  REPORT_RANGE_TOO_LONG,
  reportRangeDays,
  type SalesSummary,
  type TransactionListItem,
} from '@retail-hub/shared';
import { toCents } from '@/lib/money';
import { addDays, daysBetween, localDay, zonedParts } from '@/lib/time-zone';
import type { ReportRange } from './api/get-report-transactions';

/** spec §9 List sizes: the reports show the first 10 transactions. */
export const REPORT_RECENT_COUNT = 10;

/** spec §5 Reports: the texts shown under the title 'Invalid Date Range'. */
export const INVALID_RANGE_TITLE = 'Invalid Date Range';
export const MISSING_DATES_MESSAGE = 'Please select both start and end dates.';
export const START_AFTER_END_MESSAGE = 'Start date must be before end date.';

/** spec §2: the last 7 days through today (today and the 6 days before it), in the store's zone. */
export function defaultRange(now: Date = new Date(), timeZone?: string): ReportRange {
  const endDate = localDay(now, timeZone);
  return { startDate: addDays(endDate, -6), endDate };
}

/** Number of inclusive days in a range. */
export function rangeLength(range: ReportRange): number {
  return daysBetween(range.startDate, range.endDate) + 1;
}

/** spec §5 Reports: the message to show, or null when the range can be generated. */
export function validateRange(startDate: string, endDate: string): string | null {
  if (!startDate || !endDate) return MISSING_DATES_MESSAGE;
  if (startDate > endDate) return START_AFTER_END_MESSAGE;
  // The server's limit (issue #13 item 9): say so before asking it.
  if (reportRangeDays(startDate, endDate) > MAX_REPORT_DAYS) return REPORT_RANGE_TOO_LONG;
  return null;
}

export type ReportSummary = {
  totalRevenueCents: Cents;
  totalTransactions: number;
  averageSaleCents: Cents;
  growthPercent: number;
};

/**
 * The cards' figures from the server's summary (GET /api/analytics/summary); zeros while it loads.
 * Growth is null for a cashier (no previous period): the screen shows '—' for it.
 */
export function summaryOf(summary: SalesSummary | undefined): ReportSummary {
  if (!summary) return { totalRevenueCents: 0, totalTransactions: 0, averageSaleCents: 0, growthPercent: 0 };
  return {
    totalRevenueCents: toCents(summary.totalRevenue),
    totalTransactions: summary.totalTransactions,
    averageSaleCents: toCents(summary.averageSale),
    growthPercent: summary.growth ?? 0,
  };
}

/** The server's revenue per day, for the chart. */
export function chartDays(days: SalesSummary['dailyRevenue']): DayRevenue[] {
  return days.map((d) => {
    const [, m, day] = d.date.split('-');
    return { day: d.date, label: `${day}/${m}`, revenue: toCents(d.revenue) / 100 };
  });
}

/** '+12.5%', '-3.0%', '0.0%'. */
export function formatGrowth(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  const sign = rounded > 0 ? '+' : '';
  return `${sign}${rounded.toFixed(1)}%`;
}

export function summaryCards(summary: ReportSummary) {
  return [
    { label: 'Total Revenue', value: formatMoney(summary.totalRevenueCents) },
    { label: 'Total Transactions', value: String(summary.totalTransactions) },
    { label: 'Average Sale', value: formatMoney(summary.averageSaleCents) },
    { label: 'Growth', value: formatGrowth(summary.growthPercent) },
  ] as const;
}

export type DayRevenue = { day: string; label: string; revenue: number };

/** 'Jane Smith', or 'Unknown Cashier'. */
export function cashierName(user: TransactionListItem['user'] | null | undefined): string {
  return [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim() || 'Unknown Cashier';
}

/** '2026-11-21 14:05:09' in the store's time zone (the till's clock when none is given). */
export function dateTimeText(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = zonedParts(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
