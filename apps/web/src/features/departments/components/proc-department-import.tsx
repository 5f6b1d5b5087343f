import { CsvImportButton } from '@/components/csv-import-button';
import { useImportProcDepartments } from '../api/procurement-departments';

/** Import: the chosen CSV goes to POST /api/procurement/departments/import; the per-row report opens. */
export function ProcDepartmentImportButton() {
  return (
    <CsvImportButton
      label="Import"
      importer={useImportProcDepartments()}
      failureMessage="Failed to import departments. Please try again."
      keyColumn={{ title: 'Code', value: (row) => row.code }}
      rowsView="refused-first"
    />
  );
}
