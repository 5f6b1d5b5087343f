import type { Category } from '@retail-hub/shared';
import { queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';

/** spec §9: categories refetch every 300,000 ms (callers pass it; the shared options poll nothing). */
export const CATEGORIES_REFETCH_MS = 300_000;

export function categoriesQueryOptions() {
  return queryOptions<Category[]>({ queryKey: ['/api/categories'] });
}

type CategoriesOptions = Omit<UseQueryOptions<Category[]>, 'queryKey' | 'queryFn'>;

export function useCategories(options?: CategoriesOptions) {
  return useQuery({ ...categoriesQueryOptions(), ...options });
}
