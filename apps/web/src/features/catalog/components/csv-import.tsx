import { CsvImportButton } from '@/components/csv-import-button';
import { useImportProducts } from '../api/import-products';

/**
 * Import CSV (catalogue): the file goes to POST /api/products/import; the per-row report opens.
 * Issue #32: its stock columns set `storeId`'s stock (the default store's without one).
 */
export function ProductImportButton({
  storeId,
  waiting = false,
}: {
  storeId?: string | null | undefined;
  /** Issue #32: the Store choice is not known yet (an import now would act at the default store). */
  waiting?: boolean;
}) {
  return (
    <CsvImportButton
      label="Import CSV"
      importer={useImportProducts(storeId)}
      failureMessage="Failed to import products. Please try again."
      keyColumn={{ title: 'SKU', value: (row) => row.sku }}
      rowsView="filter"
      noRowsMessage="The file has no product rows."
      waiting={waiting}
    />
  );
}
