import type { Product } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ProductInput } from './create-product';
import { refreshCatalog } from './invalidate';

/**
 * `stockBasedOn`: the stock the form was opened with, so the server applies the difference and a
 * sale made meanwhile is kept (issue #15 item 2).
 */
export type ProductUpdate = { id: string; changes: Partial<ProductInput> & { stockBasedOn?: number } };

export async function updateProduct({ id, changes }: ProductUpdate): Promise<Product> {
  const res = await apiRequest('PATCH', `/api/products/${id}`, changes);
  return (await res.json()) as Product;
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => refreshCatalog(queryClient),
  });
}
