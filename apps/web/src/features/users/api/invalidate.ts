import type { QueryClient } from '@tanstack/react-query';
import { queryKeyMatchesPath } from '@/lib/live-updates';

/** Every list of users on any screen (the same paths the server's `user.changed` event names). */
const USER_LIST_PATHS = ['/api/users', '/admin/users', '/api/super-admin/users'];

/** spec §7 Users: on success the users list refreshes. */
export function refreshUsers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => USER_LIST_PATHS.some((path) => queryKeyMatchesPath(query.queryKey, path)),
  });
}
