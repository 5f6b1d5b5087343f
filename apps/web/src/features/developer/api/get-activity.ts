import type { ActivityEntry } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** spec §9 Timing: developer dashboard activity every 15 s. */
export const ACTIVITY_REFETCH_MS = 15_000;

/** spec §7 GET /api/super-admin/activity: the latest 100; `type` keeps one type (issue #15 item 9). */
export function activityQueryOptions(type?: string | null) {
  return queryOptions<ActivityEntry[]>({
    queryKey: type ? ['/api/super-admin/activity', { type }] : ['/api/super-admin/activity'],
    refetchInterval: ACTIVITY_REFETCH_MS,
  });
}

export function useActivity(type?: string | null) {
  return useQuery(activityQueryOptions(type));
}
