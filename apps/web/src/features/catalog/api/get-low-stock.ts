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

/**
 * Issue #32: how many products a low-stock list names. Under "All stores" a product low at two
 * stores is two rows (one per store), so counting rows would count it twice.
 */
export function lowStockProductCount(rows: readonly Pick<LowStockProduct, 'id'>[]): number {
  return new Set(rows.map((row) => row.id)).size;
}

/** The products of `rows` not among the rows shown: the "and N more products" of a short list. */
export function moreLowStockProducts(
  rows: readonly Pick<LowStockProduct, 'id'>[],
  shown: readonly Pick<LowStockProduct, 'id'>[],
): number {
  const named = new Set(shown.map((row) => row.id));
  return new Set(rows.filter((row) => !named.has(row.id)).map((row) => row.id)).size;
}
