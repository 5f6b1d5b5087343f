import type { Variant } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshCatalog } from './invalidate';

export type VariantInput = { name: string; price: string; stock: number; sortOrder?: number };

export async function createVariant({ productId, ...input }: VariantInput & { productId: string }): Promise<Variant> {
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
