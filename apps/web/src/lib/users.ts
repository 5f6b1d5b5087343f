import type { UserSummary } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * The user list (spec §7 GET /api/users), in src/lib because several features read it equally: Users &
 * Roles, Department Management picking a department head (issue #33: no cycle between them), and
 * the sales history's cashier filter.
 * Key `['/api/users']`, read by the default query function.
 */
export function usersQueryOptions() {
  return queryOptions<UserSummary[]>({ queryKey: ['/api/users'] });
}

export function useUsers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(), enabled: options.enabled ?? true });
}
