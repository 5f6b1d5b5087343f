import type { SizeOption } from '@retail-hub/shared';
import { queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';

/** The terminal's size options of a product (spec §9), priced by the server. */
export function sizeOptionsQueryOptions(productId: string) {
  return queryOptions<SizeOption[]>({ queryKey: [`/api/products/${productId}/size-options`] });
}

type SizeOptionsOptions = Omit<UseQueryOptions<SizeOption[]>, 'queryKey' | 'queryFn'>;

export function useSizeOptions(productId: string | null | undefined, options?: SizeOptionsOptions) {
  return useQuery({
    ...sizeOptionsQueryOptions(productId ?? ''),
    ...options,
    enabled: Boolean(productId) && (options?.enabled ?? true),
  });
}
