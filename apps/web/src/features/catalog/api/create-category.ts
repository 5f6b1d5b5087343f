import type { Category } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoriesQueryOptions } from './get-categories';
import { refreshCatalog } from './invalidate';

export type CategoryInput = { name: string; description?: string };

/** spec §7: the answer is read for the new category's id. */
export async function createCategory(input: CategoryInput): Promise<Category> {
  const res = await apiRequest('POST', '/api/categories', input);
  return (await res.json()) as Category;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (created) => {
      // The form selects the new category at once (spec §2): its option must exist before the refetch.
      queryClient.setQueryData(categoriesQueryOptions().queryKey, (current) =>
        current && !current.some((category) => category.id === created.id) ? [...current, created] : current,
      );
      return refreshCatalog(queryClient);
    },
  });
}
