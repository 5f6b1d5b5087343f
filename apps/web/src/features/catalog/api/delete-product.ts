import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshCatalog } from './invalidate';

/** `deactivated`: the product has sales, so the server kept it (inactive) to keep the history. */
export type DeleteProductResult = { message: string; deactivated: boolean };

export async function deleteProduct(id: string): Promise<DeleteProductResult> {
  const res = await apiRequest('DELETE', `/api/products/${id}`);
  return (await res.json()) as DeleteProductResult;
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => refreshCatalog(queryClient),
  });
}
