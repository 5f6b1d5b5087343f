import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TopProduct } from '../types';

/** GET /api/analytics/top-products (spec §7: every 30 s); `storeId` as for the daily stats (issue #32). */
export const topProductsQueryOptions = (storeId: string | null = null) =>
  queryOptions<TopProduct[]>({
    queryKey: storeId ? ['/api/analytics/top-products', { storeId }] : ['/api/analytics/top-products'],
    refetchInterval: 30_000,
  });

export function useTopProducts(storeId: string | null = null) {
  return useQuery(topProductsQueryOptions(storeId));
}
