import type { Variant } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { VariantInput } from './create-variant';
import { refreshCatalog } from './invalidate';

/**
 * `stockBasedOn`: the stock the row was showing when edited (issue #15 item 2); `storeId`: whose
 * stock it is (issue #32; the default store's when absent).
 */
export type VariantUpdate = {
  id: string;
  changes: Partial<VariantInput> & { isActive?: boolean; stockBasedOn?: number; storeId?: string };
};

export async function updateVariant({ id, changes }: VariantUpdate): Promise<Variant> {
  const res = await apiRequest('PATCH', `/api/variants/${id}`, changes);
  return (await res.json()) as Variant;
}

export function useUpdateVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVariant,
    onSuccess: () => refreshCatalog(queryClient),
  });
}
