import type { UserSummary } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** spec §7 GET /api/users; key `['/api/users']`, read by the default query function. */
export function usersQueryOptions() {
  return queryOptions<UserSummary[]>({ queryKey: ['/api/users'] });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
