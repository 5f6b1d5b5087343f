import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshCatalog } from './invalidate';

export async function deleteCategory(id: string): Promise<{ message: string }> {
  const res = await apiRequest('DELETE', `/api/categories/${id}`);
  return (await res.json()) as { message: string };
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => refreshCatalog(queryClient),
  });
}
