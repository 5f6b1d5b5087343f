import {
  type Cents,
  formatMoney,
  type SalesSummary,
  type TopProduct,
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

/** spec §4 Growth: the period of equal length that ends the day before the range starts. */
export function previousRange(range: ReportRange): ReportRange {
  const length = rangeLength(range);
  return { startDate: addDays(range.startDate, -length), endDate: addDays(range.startDate, -1) };
}

/** spec §5 Reports: the message to show, or null when the range can be generated. */
export function validateRange(startDate: string, endDate: string): string | null {
  if (!startDate || !endDate) return MISSING_DATES_MESSAGE;
  if (startDate > endDate) return START_AFTER_END_MESSAGE;
  return null;
}

function totalCents(list: readonly Pick<TransactionListItem, 'total'>[]): Cents {
  return list.reduce((sum, t) => sum + toCents(t.total), 0);
}

/** spec §4 Growth: percentage change of total revenue; 0 when the previous total is 0. */
export function growthPercent(currentCents: Cents, previousCents: Cents): number {
  if (previousCents === 0) return 0;
  return ((currentCents - previousCents) / previousCents) * 100;
}

export type ReportSummary = {
  totalRevenueCents: Cents;
  totalTransactions: number;
  averageSaleCents: Cents;
  growthPercent: number;
};

/** spec §2 four summary cards: Total Revenue, Total Transactions, Average Sale, Growth. */
export function reportSummary(
  current: readonly Pick<TransactionListItem, 'total'>[],
  previous: readonly Pick<TransactionListItem, 'total'>[],
): ReportSummary {
  const totalRevenueCents = totalCents(current);
  const totalTransactions = current.length;
  return {
    totalRevenueCents,
    totalTransactions,
    averageSaleCents: totalTransactions === 0 ? 0 : Math.round(totalRevenueCents / totalTransactions),
    growthPercent: growthPercent(totalRevenueCents, totalCents(previous)),
  };
}

/** The cards' figures from the server's summary (GET /api/analytics/summary). */
export function summaryOf(summary: SalesSummary): ReportSummary {
  return {
    totalRevenueCents: toCents(summary.totalRevenue),
    totalTransactions: summary.totalTransactions,
    averageSaleCents: toCents(summary.averageSale),
    growthPercent: summary.growth,
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

/**
 * Top sellers counted from a list of sales, by quantity (used for 'VTPD Only', which the server's
 * top-products answer cannot filter). The list rows carry no item prices, so revenue is unknown.
 */
export function topProductsOf(
  list: readonly Pick<TransactionListItem, 'items'>[],
): { product: { id: string; name: string }; totalSold: number; totalRevenue: string | null }[] {
  const byId = new Map<string, { product: { id: string; name: string }; totalSold: number }>();
  for (const t of list) {
    for (const item of t.items) {
      const entry = byId.get(item.product.id) ?? { product: item.product, totalSold: 0 };
      entry.totalSold += item.quantity;
      byId.set(item.product.id, entry);
    }
  }
  return [...byId.values()]
    .sort((a, b) => b.totalSold - a.totalSold || a.product.name.localeCompare(b.product.name))
    .map((e) => ({ ...e, totalRevenue: null }));
}

/** The server's top products in the same shape. */
export function serverTopProducts(list: readonly TopProduct[] | undefined) {
  return (list ?? []).map((p) => ({ product: p.product, totalSold: p.totalSold, totalRevenue: p.totalRevenue }));
}

export type DayRevenue = { day: string; label: string; revenue: number };

/** Revenue per day of the range (every day, zero when nothing sold), by the store's date. */
export function revenueByDay(
  list: readonly Pick<TransactionListItem, 'total' | 'createdAt'>[],
  range: ReportRange,
  timeZone?: string,
): DayRevenue[] {
  const cents = new Map<string, number>();
  for (const t of list) {
    const day = localDay(new Date(t.createdAt), timeZone);
    cents.set(day, (cents.get(day) ?? 0) + toCents(t.total));
  }
  const days: DayRevenue[] = [];
  const length = Math.min(rangeLength(range), 366 * 5);
  for (let i = 0; i < length; i++) {
    const day = addDays(range.startDate, i);
    const [, m, d] = day.split('-');
    days.push({ day, label: `${d}/${m}`, revenue: (cents.get(day) ?? 0) / 100 });
  }
  return days;
}

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
