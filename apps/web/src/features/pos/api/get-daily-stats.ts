import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DailyStats } from '../types';

/** GET /api/analytics/daily-stats (spec §7: every 30 s in the dashboard). */
export const dailyStatsQueryOptions = () =>
  queryOptions<DailyStats>({
    queryKey: ['/api/analytics/daily-stats'],
    refetchInterval: 30_000,
  });

export function useDailyStats() {
  return useQuery(dailyStatsQueryOptions());
}
