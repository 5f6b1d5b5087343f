import type { Variant } from '@retail-hub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The stored size options of a product (spec §7). Under /api/products, so product events refresh it. */
export function variantsQueryOptions(productId: string) {
  return queryOptions<Variant[]>({ queryKey: [`/api/products/${productId}/variants`] });
}

export function useVariants(productId: string | null | undefined) {
  return useQuery({ ...variantsQueryOptions(productId ?? ''), enabled: Boolean(productId) });
}
