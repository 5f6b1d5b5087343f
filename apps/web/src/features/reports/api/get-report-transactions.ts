import type { TransactionListItem } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Inclusive store days, YYYY-MM-DD (spec §2 Sales Reports date range). */
export type ReportRange = { startDate: string; endDate: string };

/** spec §9 Timing: reports refetch every 30 s. */
export const REPORTS_REFETCH_MS = 30_000;

/**
 * GET /api/transactions?startDate&endDate&limit[&vtpdOnly]: the newest `limit` sales of the range
 * (spec §7). The screen asks for the first 10 (the VTPD export streams its own CSV: get-vtpd-export).
 */
export const reportTransactionsQueryOptions = (
  range: ReportRange,
  options: { limit: number; vtpdOnly: boolean; storeId?: string | null },
) =>
  queryOptions<TransactionListItem[]>({
    queryKey: [
      '/api/transactions',
      {
        startDate: range.startDate,
        endDate: range.endDate,
        limit: options.limit,
        vtpdOnly: options.vtpdOnly ? 'true' : undefined,
        storeId: options.storeId ?? undefined,
      },
    ],
    refetchInterval: REPORTS_REFETCH_MS,
  });

export function useReportTransactions(
  range: ReportRange,
  options: { limit: number; vtpdOnly: boolean; storeId?: string | null },
) {
  return useQuery(reportTransactionsQueryOptions(range, options));
}
