import type { ProductImportResult } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshCatalog } from './invalidate';

/** The catalogue CSV (a download link, not a fetch). */
export const EXPORT_CSV_URL = '/api/products/export.csv';

export async function importProducts(csv: string): Promise<ProductImportResult> {
  const res = await apiRequest('POST', '/api/products/import', { csv });
  return (await res.json()) as ProductImportResult;
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSuccess: () => refreshCatalog(queryClient),
  });
}
