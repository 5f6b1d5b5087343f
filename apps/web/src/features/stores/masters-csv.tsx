import { Button } from '@mantine/core';
import type { ImportRowStatus } from '@retail-hub/shared';
import { IconFileExport } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CsvImportButton } from '@/components/csv-import-button';
import { apiRequest } from '@/lib/api-client';

export type MasterKind = 'suppliers' | 'locations' | 'items' | 'categories';
type Row = { row: number; status: ImportRowStatus; reason?: string } & Record<string, unknown>;
type Report = Record<ImportRowStatus, number> & { rows: Row[] };

const KEY: Record<MasterKind, { field: string; title: string; noun: string }> = {
  suppliers: { field: 'name', title: 'Name', noun: 'suppliers' },
  locations: { field: 'code', title: 'Code', noun: 'locations' },
  items: { field: 'sku', title: 'SKU', noun: 'items' },
  // A row is a category or a subcategory: "Office" or "Office / Paper".
  categories: { field: 'name', title: 'Category', noun: 'categories' },
};

function useImportMasters(kind: MasterKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (csv: string) => {
      const res = await apiRequest('POST', `/api/procurement/${kind}/import`, { csv });
      return (await res.json()) as Report;
    },
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/procurement/'),
      }),
  });
}

/** Export (a download of every row) and, for stores.manage, Import with the per-row report. */
export function MastersCsv({ kind, canImport }: { kind: MasterKind; canImport: boolean }) {
  const key = KEY[kind];
  const importer = useImportMasters(kind);
  return (
    <>
      <Button
        component="a"
        href={`/api/procurement/${kind}/export.csv`}
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
