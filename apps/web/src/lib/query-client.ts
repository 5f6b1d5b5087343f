import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { getQueryFn, isUnauthorizedError } from './api-client';

/**
 * The session probe (spec §7 Authentication). Its data is the session (signed-in user and the
 * store's time zone, see `Session` in auth.tsx) or null when signed out.
 */
export const SESSION_QUERY_KEY = ['/auth/session'] as const satisfies QueryKey;

function isSessionKey(queryKey: QueryKey): boolean {
  return queryKey[0] === SESSION_QUERY_KEY[0];
}

/**
 * spec §9 Timing, default data behaviour: no retries, no refetch on focus, no polling, never
 * stale. Screens that poll (dashboards, shifts) opt in per query; live updates (SSE) invalidate.
 *
 * A 401 from any protected call means the session ended under us (idle timeout, deactivated,
 * role changed): the cached user is cleared so the app shows the signed-out state with the
 * Unauthorized toast (spec §4 Session, §8 Transactions 401), instead of each screen handling it.
 */
export function createQueryClient(): QueryClient {
  const signOutOnUnauthorized = (error: unknown, queryKey?: QueryKey) => {
    if (!isUnauthorizedError(error) || (queryKey && isSessionKey(queryKey))) return;
    if (queryClient.getQueryData(SESSION_QUERY_KEY)) queryClient.setQueryData(SESSION_QUERY_KEY, null);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => signOutOnUnauthorized(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => signOutOnUnauthorized(error) }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

/** Removes every cached answer except the session: used when the person at the counter changes. */
export function forgetSignedInData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !isSessionKey(query.queryKey) });
}
