import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { getQueryFn, isUnauthorizedError } from './api-client';
import { reportUnreachableQuery, saveSessionSnapshot } from './offline-bridge';

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
    sessionEnded(queryClient);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        signOutOnUnauthorized(error, query.queryKey);
        // Issue #19: offline, the terminal answers from its cache (catalogue, sizes, open shift).
        reportUnreachableQuery(query, error);
      },
    }),
    mutationCache: new MutationCache({ onError: (error) => signOutOnUnauthorized(error) }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
        // Issue #19: a request is always tried, even when the browser says it is offline (its
        // failure is what sends a sale to the outbox and a read to the terminal's cache); the
        // default 'online' mode would leave them paused, the terminal spinning.
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return queryClient;
}

/**
 * The server answered 401 to a protected call: the cached user (and the snapshot kept for an
 * offline reload) is cleared, and the app shows the signed-out state.
 */
export function sessionEnded(queryClient: QueryClient): void {
  if (queryClient.getQueryData(SESSION_QUERY_KEY)) {
    saveSessionSnapshot(null);
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
  }
}

/** Removes every cached answer except the session: used when the person at the counter changes. */
export function forgetSignedInData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !isSessionKey(query.queryKey) });
}
