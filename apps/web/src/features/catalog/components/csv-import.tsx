import { CsvImportButton } from '@/components/csv-import-button';
import { useImportProducts } from '../api/import-products';

/** Import CSV (catalogue): the file goes to POST /api/products/import; the per-row report opens. */
export function ProductImportButton() {
  return (
    <CsvImportButton
      label="Import CSV"
      importer={useImportProducts()}
      failureMessage="Failed to import products. Please try again."
      keyColumn={{ title: 'SKU', value: (row) => row.sku }}
      rowsView="filter"
      noRowsMessage="The file has no product rows."
    />
  );
}
