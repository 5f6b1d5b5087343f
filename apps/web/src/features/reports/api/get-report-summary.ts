import type { SalesSummary } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORTS_REFETCH_MS, type ReportRange } from './get-report-transactions';

/**
 * GET /api/analytics/summary?startDate&endDate[&vtpdOnly]: the four cards, growth against the
 * previous period and revenue per day, added up by the server (reports.view).
 */
export const reportSummaryQueryOptions = (range: ReportRange, vtpdOnly: boolean, storeId?: string | null) =>
  queryOptions<SalesSummary>({
    queryKey: [
      '/api/analytics/summary',
      {
        startDate: range.startDate,
        endDate: range.endDate,
        vtpdOnly: vtpdOnly ? 'true' : undefined,
        storeId: storeId ?? undefined,
      },
    ],
    refetchInterval: REPORTS_REFETCH_MS,
  });

export function useReportSummary(range: ReportRange, vtpdOnly: boolean, storeId?: string | null) {
  return useQuery(reportSummaryQueryOptions(range, vtpdOnly, storeId));
}
