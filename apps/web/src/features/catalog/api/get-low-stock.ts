import type { Product } from '@retail-hub/shared';
import { queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';

/** Active products whose stock is at or below their threshold (spec §7). */
export function lowStockQueryOptions() {
  return queryOptions<Product[]>({ queryKey: ['/api/products/low-stock'] });
}

type LowStockOptions = Omit<UseQueryOptions<Product[]>, 'queryKey' | 'queryFn'>;

export function useLowStockProducts(options?: LowStockOptions) {
  return useQuery({ ...lowStockQueryOptions(), ...options });
}
