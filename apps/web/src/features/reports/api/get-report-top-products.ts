import type { TopProduct } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORTS_REFETCH_MS, type ReportRange } from './get-report-transactions';

/** GET /api/analytics/top-products?startDate&endDate[&vtpdOnly] (spec §7: every 30 s). */
export const reportTopProductsQueryOptions = (range: ReportRange, vtpdOnly = false, storeId?: string | null) =>
  queryOptions<TopProduct[]>({
    queryKey: [
      '/api/analytics/top-products',
      {
        startDate: range.startDate,
        endDate: range.endDate,
        vtpdOnly: vtpdOnly ? 'true' : undefined,
        storeId: storeId ?? undefined,
      },
    ],
    refetchInterval: REPORTS_REFETCH_MS,
  });

export function useReportTopProducts(range: ReportRange, vtpdOnly = false, storeId?: string | null) {
  return useQuery(reportTopProductsQueryOptions(range, vtpdOnly, storeId));
}
