import type { QueryClient } from '@tanstack/react-query';
import { queryKeyMatchesPath } from '@/lib/live-updates';

/** Every list of users on any screen (the paths of the server's `user.changed` event). */
const USER_LIST_PATHS = ['/admin/users', '/api/users', '/api/super-admin/users'];

export function refreshStaff(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => USER_LIST_PATHS.some((path) => queryKeyMatchesPath(query.queryKey, path)),
  });
}
