import type { DeveloperStats } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** spec §9 Timing: developer dashboard stats every 30 s. */
export const STATS_REFETCH_MS = 30_000;

/** spec §7 GET /api/super-admin/stats. */
export function developerStatsQueryOptions() {
  return queryOptions<DeveloperStats>({ queryKey: ['/api/super-admin/stats'], refetchInterval: STATS_REFETCH_MS });
}

export function useDeveloperStats() {
  return useQuery(developerStatsQueryOptions());
}
