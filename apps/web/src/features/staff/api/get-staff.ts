import type { UserSummary } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** spec §7 GET /admin/users returns users; key `['/admin/users']`. */
export function staffQueryOptions() {
  return queryOptions<UserSummary[]>({ queryKey: ['/admin/users'] });
}

export function useStaff() {
  return useQuery(staffQueryOptions());
}
