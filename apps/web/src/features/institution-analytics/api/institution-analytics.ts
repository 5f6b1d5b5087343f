import type { AnalyticsRange, InstitutionAnalytics, InstitutionExport } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/analytics/institution?days=: every figure of the screen, computed by the server. */
export const institutionAnalyticsQueryOptions = (days: AnalyticsRange) =>
  queryOptions<InstitutionAnalytics>({ queryKey: ['/api/analytics/institution', { days }] });

export function useInstitutionAnalytics(days: AnalyticsRange) {
  return useQuery(institutionAnalyticsQueryOptions(days));
}

/** GET /api/analytics/institution/export?days=: the Export Reports CSV text, fetched when the dialog opens. */
export function useInstitutionExport(days: AnalyticsRange, enabled: boolean) {
  return useQuery<InstitutionExport>({
    queryKey: ['/api/analytics/institution/export', { days }],
    enabled,
    // A fresh export each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
}
