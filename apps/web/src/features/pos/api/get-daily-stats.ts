import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DailyStats } from '../types';

/**
 * GET /api/analytics/daily-stats (spec §7: every 30 s in the dashboard); `storeId` (issue #32):
 * one store's figures, none for every store the reader may read.
 */
export const dailyStatsQueryOptions = (storeId: string | null = null) =>
  queryOptions<DailyStats>({
    queryKey: storeId ? ['/api/analytics/daily-stats', { storeId }] : ['/api/analytics/daily-stats'],
    refetchInterval: 30_000,
  });

export function useDailyStats(storeId: string | null = null) {
  return useQuery(dailyStatsQueryOptions(storeId));
}
