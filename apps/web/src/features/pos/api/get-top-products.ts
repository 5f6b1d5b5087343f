import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TopProduct } from '../types';

/** GET /api/analytics/top-products (spec §7: every 30 s). */
export const topProductsQueryOptions = () =>
  queryOptions<TopProduct[]>({
    queryKey: ['/api/analytics/top-products'],
    refetchInterval: 30_000,
  });

export function useTopProducts() {
  return useQuery(topProductsQueryOptions());
}
