import { z } from 'zod';
import { salesRangeQuerySchema } from './pos';
import { saleNumberSchema } from './sales-history';

/** 'true'/'1' turn a report filter on; anything else (or nothing) leaves it off. */
const queryFlag = z
  .enum(['true', 'false', '1', '0'], { error: "Must be 'true' or 'false'" })
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Inclusive store days, default today: the sales-list query without its list size. */
const storeDaysQuerySchema = salesRangeQuerySchema.pick({ startDate: true, endDate: true });

/** Query of the report figures: inclusive store days (default today) and the 'VTPD Only' filter. */
/** Issue #32 item 5: one store's figures (by the sale's shift's store); absent or '': every store. */
const storeIdFilter = z
  .union([z.guid({ error: 'Unknown store' }), z.literal('')])
  .optional()
  .transform((value) => (value ? value : undefined));

export const reportRangeQuerySchema = storeDaysQuerySchema.extend({
  /** spec §2 'VTPD Only': only sales whose reference code starts with VTPD. */
  vtpdOnly: queryFlag,
  storeId: storeIdFilter,
  /** Issue #37 item 2 (ADR 0036): add the cost of goods sold, gross margin and margin % (reports.view). */
  margin: queryFlag,
});
/** GET /api/analytics/daily-stats: today's figures of one store, or of every store. */
export const dailyStatsQuerySchema = z.object({ storeId: storeIdFilter });
export type ReportRangeQuery = z.output<typeof reportRangeQuerySchema>;

/** Top products and the transactions list over a range: the sales-list query plus 'VTPD Only'. */
export const topProductsQuerySchema = salesRangeQuerySchema.extend({
  vtpdOnly: queryFlag,
  storeId: storeIdFilter,
  /**
   * Issue #37 item 2 (ADR 0036): `margin=true` adds each product's cost, gross margin and margin %
   * (readers with reports.view); `sort=margin` ranks by gross margin (and adds them too).
   */
  margin: queryFlag,
  sort: z.enum(['sold', 'margin'], { error: "Sort must be 'sold' or 'margin'" }).optional(),
});
/**
 * GET /api/transactions: the range query plus `number` (issue #15 item 3), the 6-character number
 * on a receipt; with it, the sales of every day the reader may read that carry that number.
 */
export const transactionsQuerySchema = topProductsQuerySchema.extend({ number: saleNumberSchema.optional() });

/**
 * GET /api/reports/vtpd.csv: every VTPD sale of the inclusive store days (default today), streamed
 * by the server so no sale is left out however many the range holds.
 */
export const vtpdExportQuerySchema = storeDaysQuerySchema.extend({ storeId: storeIdFilter });
/** GET /api/reports/daily.csv: today's sales of one store (issue #32), or of every store. */
export const dailyCsvQuerySchema = z.object({ storeId: storeIdFilter });
export type VtpdExportQuery = z.infer<typeof vtpdExportQuerySchema>;

/** spec §9 Export CSV (VTPD): the columns, in order. */
export const VTPD_CSV_COLUMNS = [
  'Transaction ID',
  'Date/Time',
  'VTPD Reference',
  'Payment Method',
  'Subtotal',
  'Card Fee',
  'Total',
  'Items',
  'Notes',
  'Cashier',
] as const;

/** spec §9 Export CSV (VTPD): VTPD_Transactions_{start}_to_{end}.csv. */
export function vtpdExportFileName(range: { startDate: string; endDate: string }): string {
  return `VTPD_Transactions_${range.startDate}_to_${range.endDate}.csv`;
}

/** One store day of a report: its revenue (2-decimal string) and number of sales. */
export const dayRevenueSchema = z.object({
  date: z.string(),
  revenue: z.string(),
  transactions: z.number().int(),
});
export type DayRevenue = z.infer<typeof dayRevenueSchema>;

/**
 * GET /api/analytics/summary: the four cards of the Sales Reports screen (spec §2) and the revenue
 * chart, computed by the server over completed sales of the range in the store's time zone.
 */
export const salesSummarySchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  totalRevenue: z.string(),
  totalTransactions: z.number().int(),
  /** Total revenue / number of sales, to the cent; '0.00' with no sales. */
  averageSale: z.string(),
  totalItemsSold: z.number().int(),
  /**
   * Issue #15 item 5: what refunds given in the range paid back, as a negative amount ('-3.80';
   * '0.00' with none). totalRevenue, totalItemsSold and dailyRevenue are already net of them;
   * voided sales are in none of the figures.
   */
  totalRefunds: z.string(),
  refundCount: z.number().int(),
  /**
   * Issue #15 item 7: the discounts given on the range's completed sales ('0.00' with none), already
   * taken off totalRevenue (voided sales gave nothing).
   */
  totalDiscounts: z.string(),
  /**
   * spec §4 Growth: % change of revenue vs the previous period of equal length, 1 decimal; 0 if that
   * was 0. Null (as previousRevenue) for a reader without reports.ranges: cashiers see today only.
   */
  growth: z.number().nullable(),
  previousStartDate: z.string(),
  previousEndDate: z.string(),
  previousRevenue: z.string().nullable(),
  /** Every day of the range, oldest first, zero days included. */
  dailyRevenue: z.array(dayRevenueSchema),
  /**
   * Issue #37 item 2 (ADR 0036), with `margin=true` for a reader with reports.view: the cost of the
   * goods sold (net of refunds), revenue − cost, and that as % of revenue (1 decimal; null with no revenue).
   */
  totalCost: z.string().optional(),
  grossMargin: z.string().optional(),
  marginPercent: z.number().nullable().optional(),
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

/** Issue #37 (ADR 0036): gross margin as % of revenue, 1 decimal; null when there was no revenue. */
export function marginPercent(revenueCents: number, costCents: number): number | null {
  if (revenueCents === 0) return null;
  return Math.round(((revenueCents - costCents) / revenueCents) * 1000) / 10;
}

/**
 * The longest report range, in store days: two years and a leap day (issue #13 item 9). Longer
 * ranges are refused with 400 so one request cannot hold the server for seconds.
 */
export const MAX_REPORT_DAYS = 731;
export const REPORT_RANGE_TOO_LONG = `A report covers at most ${MAX_REPORT_DAYS} days.`;

/** The number of store days from startDate to endDate (YYYY-MM-DD, both included). */
export function reportRangeDays(startDate: string, endDate: string): number {
  return Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000) + 1;
}

/** The last day a report starting on startDate may end (the date pickers' limit); '' for no date. */
export function latestReportEnd(startDate: string): string {
  const start = Date.parse(startDate);
  return Number.isNaN(start) ? '' : new Date(start + (MAX_REPORT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
}

/** The first day a report ending on endDate may start (the date pickers' limit); '' for no date. */
export function earliestReportStart(endDate: string): string {
  const end = Date.parse(endDate);
  return Number.isNaN(end) ? '' : new Date(end - (MAX_REPORT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
}
