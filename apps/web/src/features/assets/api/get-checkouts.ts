import {
  type AssetCheckout,
  CHECKOUT_LIST_MAX_LIMIT,
  CHECKOUT_NEXT_CURSOR_HEADER,
  CHECKOUT_TOTAL_HEADER,
  type CheckoutFilter,
  type CheckoutSort,
} from '@retail-hub/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders, buildUrl } from '@/lib/api-client';

export const CHECKOUTS_PATH = '/api/asset-checkouts';

/** One page of checkouts, the size of the whole filtered list, and the cursor of the next page. */
export type CheckoutPage = { items: AssetCheckout[]; total: number; nextCursor: string | null };

/**
 * GET /api/asset-checkouts (spec §7): 'all' means no status filter (left out of the query string).
 * The server answers a page (60 unless `limit` says otherwise; newest first unless `sort` says
 * 'due') with X-Total-Count and, when more follow, X-Next-Cursor.
 */
export async function getCheckoutPage(
  query: { filter: CheckoutFilter; limit?: number; cursor?: string | null; sort?: CheckoutSort },
  signal?: AbortSignal,
): Promise<CheckoutPage> {
  const url = buildUrl(CHECKOUTS_PATH, {
    status: query.filter === 'all' ? undefined : query.filter,
    sort: query.sort,
    limit: query.limit,
    cursor: query.cursor,
  });
  const { data: items, headers } = await apiRequestWithHeaders<AssetCheckout[]>('GET', url, undefined, { signal });
  const total = Number(headers.get(CHECKOUT_TOTAL_HEADER));
  return {
    items,
    total: headers.has(CHECKOUT_TOTAL_HEADER) && Number.isFinite(total) ? total : items.length,
    nextCursor: headers.get(CHECKOUT_NEXT_CURSOR_HEADER) || null,
  };
}

/**
 * The screen's list: the filter is part of the key (spec §7) and 'Show more' adds the page after
 * the last one shown. The key stays under the path, so live 'checkout.changed' events refresh
 * every loaded page; it ends with 'pages' so it never shares a cache entry with a plain list.
 */
export function checkoutListQueryOptions(filter: CheckoutFilter) {
  return infiniteQueryOptions({
    queryKey: [CHECKOUTS_PATH, { status: filter === 'all' ? undefined : filter }, 'pages'] as const,
    queryFn: ({ pageParam, signal }) => getCheckoutPage({ filter, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useCheckoutList(filter: CheckoutFilter) {
  return useInfiniteQuery(checkoutListQueryOptions(filter));
}

/**
 * Every loan still out, for the Return Asset dialog's choice (lenders only): one page as large as
 * the server gives, far beyond the loans an institution has out at once.
 */
export function activeCheckoutsQueryOptions() {
  return queryOptions({
    queryKey: [CHECKOUTS_PATH, { status: 'checked_out', limit: CHECKOUT_LIST_MAX_LIMIT }, 'page'] as const,
    queryFn: ({ signal }) => getCheckoutPage({ filter: 'checked_out', limit: CHECKOUT_LIST_MAX_LIMIT }, signal),
    select: (page: CheckoutPage) => page.items,
  });
}

export function useActiveCheckouts(enabled: boolean) {
  return useQuery({ ...activeCheckoutsQueryOptions(), enabled });
}
