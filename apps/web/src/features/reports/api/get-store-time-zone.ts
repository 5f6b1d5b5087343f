import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api-client';

/** The till's own zone: the fallback when the server does not name the store's. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const readSession = getQueryFn<{ storeTimeZone?: unknown }>({ on401: 'returnNull' });

/**
 * The store's time zone from GET /auth/session (`storeTimeZone`): the reports count 'today' and
 * their default range in it, whatever clock the till's browser runs on.
 */
export const storeTimeZoneQueryOptions = queryOptions({
  queryKey: ['/auth/session', 'storeTimeZone'] as const,
  queryFn: async (context) => {
    const answer = await readSession({ ...context, queryKey: ['/auth/session'] });
    const zone = answer?.storeTimeZone;
    return typeof zone === 'string' && zone ? zone : browserTimeZone();
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** The store's zone once known (the till's own on any failure), or undefined while loading. */
export function useStoreTimeZone(): string | undefined {
  const query = useQuery(storeTimeZoneQueryOptions);
  if (query.isError) return browserTimeZone();
  return query.data;
}
