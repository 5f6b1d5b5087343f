import type { LowStockProduct } from '@retail-hub/shared';
import { queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';

/**
 * Active products whose stock is at or below their threshold (spec §7). Issue #32: `storeId` asks
 * for one store's list; without it, every store the user may see, one row per product and store
 * (each naming its store) when there are several.
 */
export function lowStockQueryOptions(storeId?: string | null) {
  const path = '/api/products/low-stock';
  return queryOptions<LowStockProduct[]>({ queryKey: storeId ? [path, { storeId }] : [path] });
}

type LowStockOptions = Omit<UseQueryOptions<LowStockProduct[]>, 'queryKey' | 'queryFn'>;

export function useLowStockProducts(options?: LowStockOptions, storeId?: string | null) {
  return useQuery({ ...lowStockQueryOptions(storeId), ...options });
}
