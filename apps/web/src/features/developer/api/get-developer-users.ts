import type { UserSummary } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** spec §7 GET /api/super-admin/users (read-only list). */
export function developerUsersQueryOptions() {
  return queryOptions<UserSummary[]>({ queryKey: ['/api/super-admin/users'] });
}

export function useDeveloperUsers() {
  return useQuery(developerUsersQueryOptions());
}
