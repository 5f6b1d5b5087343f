import { Button } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { CsvImportButton } from '@/components/csv-import-button';
import { type MasterKind, storesPaths, useImportMasters } from './api/stores';

export type { MasterKind } from './api/stores';

const KEY: Record<MasterKind, { field: string; title: string; noun: string }> = {
  suppliers: { field: 'name', title: 'Name', noun: 'suppliers' },
  locations: { field: 'code', title: 'Code', noun: 'locations' },
  items: { field: 'sku', title: 'SKU', noun: 'items' },
  // A row is a category or a subcategory: "Office" or "Office / Paper".
  categories: { field: 'name', title: 'Category', noun: 'categories' },
};

/** Export (a download of every row) and, for stores.manage, Import with the per-row report. */
export function MastersCsv({ kind, canImport }: { kind: MasterKind; canImport: boolean }) {
  const key = KEY[kind];
  const importer = useImportMasters(kind);
  return (
    <>
      <Button
        component="a"
        href={storesPaths.masterExport(kind)}
        download
        variant="default"
        leftSection={<IconFileExport size={18} aria-hidden />}
        aria-label={`Export ${key.noun} as CSV`}
      >
        Export CSV
      </Button>
      {canImport ? (
        <CsvImportButton
          label="Import"
          importer={importer}
          failureMessage={`Failed to import ${key.noun}. Please try again.`}
          keyColumn={{ title: key.title, value: (row) => String(row[key.field] ?? '') }}
          rowsView="refused-first"
        />
      ) : null}
    </>
  );
}
