import type { Variant } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * The stored size options of a product (spec §7). Under /api/products, so product events refresh
 * it. Issue #32: `storeId` (a store's id or 'all') says whose stock each one shows; without it,
 * the server's choice (one store: that store's).
 */
export function variantsQueryOptions(productId: string, storeId?: string | null) {
  const path = `/api/products/${productId}/variants`;
  return queryOptions<Variant[]>({ queryKey: storeId ? [path, { storeId }] : [path] });
}

export function useVariants(productId: string | null | undefined, storeId?: string | null, enabled = true) {
  return useQuery({ ...variantsQueryOptions(productId ?? '', storeId), enabled: Boolean(productId) && enabled });
}
