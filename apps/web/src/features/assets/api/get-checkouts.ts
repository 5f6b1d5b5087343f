import type { AssetCheckout, CheckoutFilter } from '@retail-hub/shared';
import { queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';

export const CHECKOUTS_PATH = '/api/asset-checkouts';

/**
 * spec §7 GET /api/asset-checkouts: the status filter is part of the query key and 'all' means
 * none (it is left out of the query string). Live 'checkout.changed' events refresh it.
 */
export function checkoutsQueryOptions(filter: CheckoutFilter) {
  return queryOptions<AssetCheckout[]>({
    queryKey: [CHECKOUTS_PATH, { status: filter === 'all' ? undefined : filter }],
  });
}

type Options = Omit<UseQueryOptions<AssetCheckout[]>, 'queryKey' | 'queryFn'>;

export function useCheckouts(filter: CheckoutFilter, options?: Options) {
  return useQuery({ ...checkoutsQueryOptions(filter), ...options });
}
