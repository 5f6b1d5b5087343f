import type { ZReportListItem } from '@retail-hub/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet, buildUrl } from '@/lib/api-client';

/** The Z reports screen's one call (issue #33 item 2: components hold no URLs). */
export const Z_REPORTS_PATH = '/api/z-reports';

export type ZReportPage = { items: ZReportListItem[]; nextBefore: number | null; nextCursor: string | null };
/** One store's list pages by number (`before`); every store's by closing time (`cursor`, issue #32). */
export type ZReportPageParam = { before?: number; cursor?: string } | null;

/** Issue #32 item 5: one store's Z reports (null: every store's), 50 a page, newest first. */
export const zReportsQueryOptions = (storeId: string | null) =>
  infiniteQueryOptions({
    queryKey: [Z_REPORTS_PATH, { storeId }],
    initialPageParam: null as ZReportPageParam,
    queryFn: ({ pageParam, signal }) =>
      apiGet<ZReportPage>(
        buildUrl(Z_REPORTS_PATH, { limit: 50, storeId, before: pageParam?.before, cursor: pageParam?.cursor }),
        { signal },
      ),
    getNextPageParam: (last): ZReportPageParam =>
      last.nextCursor ? { cursor: last.nextCursor } : last.nextBefore ? { before: last.nextBefore } : null,
  });

export function useZReports(storeId: string | null) {
  return useInfiniteQuery(zReportsQueryOptions(storeId));
}
