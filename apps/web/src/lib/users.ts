import type { UserSummary } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * The user list (spec §7 GET /api/users), in src/lib because two features read it equally: Users &
 * Roles, and Department Management picking a department head (issue #33: no cycle between them).
 * Key `['/api/users']`, read by the default query function.
 */
export function usersQueryOptions() {
  return queryOptions<UserSummary[]>({ queryKey: ['/api/users'] });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
