import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshCatalog } from './invalidate';

export async function deleteVariant(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/variants/${id}`);
}

export function useDeleteVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVariant,
    onSuccess: () => refreshCatalog(queryClient),
  });
}
