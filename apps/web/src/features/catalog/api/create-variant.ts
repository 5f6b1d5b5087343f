import type { Variant } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshCatalog } from './invalidate';

export type VariantInput = { name: string; price: string; stock: number; sortOrder?: number };

/** Issue #32: the store whose stock the size option's opening stock is (the default store when absent). */
export type VariantStore = { storeId?: string };

export async function createVariant({
  productId,
  ...input
}: VariantInput & VariantStore & { productId: string }): Promise<Variant> {
  const res = await apiRequest('POST', `/api/products/${productId}/variants`, input);
  return (await res.json()) as Variant;
}

export function useCreateVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVariant,
    onSuccess: () => refreshCatalog(queryClient),
  });
}
