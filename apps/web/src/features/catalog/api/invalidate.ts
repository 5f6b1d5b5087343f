import type { QueryClient } from '@tanstack/react-query';
import { queryKeyMatchesPath } from '@/lib/live-updates';

/**
 * spec §7: product and category lists are refreshed after successful changes. Everything under
 * /api/products (pages, low stock, size options) and the categories (their product counts).
 */
export function refreshCatalog(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      queryKeyMatchesPath(query.queryKey, '/api/products') || queryKeyMatchesPath(query.queryKey, '/api/categories'),
  });
}
