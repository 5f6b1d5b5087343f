import type { TransactionListItem } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Inclusive store days, YYYY-MM-DD (spec §2 Sales Reports date range). */
export type ReportRange = { startDate: string; endDate: string };

/** spec §9 Timing: reports refetch every 30 s. */
export const REPORTS_REFETCH_MS = 30_000;

/**
 * The server's most rows per list (GET /api/transactions caps `limit` at 5000). A range with more
 * sales than this is reported as truncated rather than silently under-counted.
 */
export const REPORT_ROW_LIMIT = 5000;

/** True when a list came back full, so sales beyond it may be missing from the figures. */
export function isTruncated(rows: readonly unknown[] | undefined): boolean {
  return (rows?.length ?? 0) >= REPORT_ROW_LIMIT;
}

/** GET /api/transactions?startDate&endDate: the sales of the range, newest first (spec §7). */
export const reportTransactionsQueryOptions = (range: ReportRange) =>
  queryOptions<TransactionListItem[]>({
    queryKey: ['/api/transactions', { startDate: range.startDate, endDate: range.endDate, limit: REPORT_ROW_LIMIT }],
    refetchInterval: REPORTS_REFETCH_MS,
  });

export function useReportTransactions(range: ReportRange, options: { enabled?: boolean } = {}) {
  return useQuery({ ...reportTransactionsQueryOptions(range), enabled: options.enabled ?? true });
}
