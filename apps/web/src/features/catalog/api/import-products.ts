import type { ProductImportResult } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshCatalog } from './invalidate';

/** The catalogue CSV (a download link, not a fetch). */
export const EXPORT_CSV_URL = '/api/products/export.csv';

/** Issue #32: the export with the stock of one store (the default store's without one). */
export function exportCsvUrl(storeId?: string | null): string {
  return storeId ? `${EXPORT_CSV_URL}?storeId=${encodeURIComponent(storeId)}` : EXPORT_CSV_URL;
}

/** Issue #32: `storeId` is the store whose stock the file's stock columns set (the default store's without one). */
export async function importProducts(csv: string, storeId?: string | null): Promise<ProductImportResult> {
  const res = await apiRequest('POST', '/api/products/import', storeId ? { csv, storeId } : { csv });
  return (await res.json()) as ProductImportResult;
}

export function useImportProducts(storeId?: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importProducts(csv, storeId),
    onSuccess: () => refreshCatalog(queryClient),
  });
}
