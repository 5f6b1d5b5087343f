import {
  Badge,
  Button,
  FileButton,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { ImportRowStatus, ProductImportResult } from '@retail-hub/shared';
import { IconFileImport } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useImportProducts } from '../api/import-products';

const STATUS_COLORS: Record<ImportRowStatus, string> = {
  created: 'green',
  updated: 'blue',
  unchanged: 'gray',
  refused: 'red',
};

const STATUS_LABELS: Record<ImportRowStatus, string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  refused: 'Refused',
};

/**
 * Import CSV: the chosen file's text goes to POST /api/products/import, and the per-row report
 * (what was created, updated, left unchanged or refused, and why) opens in a dialog.
 */
export function CsvImportButton() {
  const importProducts = useImportProducts();
  const [report, setReport] = useState<ProductImportResult | null>(null);
  // Clears the chosen file so picking the same file again imports it again.
  const resetFile = useRef<() => void>(null);

  const importFile = async (file: File | null) => {
    if (!file) return;
    resetFile.current?.();
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      notifyError({ replace: true, title: 'Import Failed', message: 'The file could not be read.' });
      return;
    }
    importProducts.mutate(csv, {
      onSuccess: setReport,
      onError: (error) =>
        notifyError({
          replace: true,
          title: 'Import Failed',
          message: serverMessage(error) ?? 'Failed to import products. Please try again.',
        }),
    });
  };

  return (
    <>
      <FileButton onChange={(file) => void importFile(file)} accept=".csv,text/csv" resetRef={resetFile}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconFileImport size={18} aria-hidden />}
            loading={importProducts.isPending}
          >
            Import CSV
          </Button>
        )}
      </FileButton>
      <ImportReportDialog report={report} onClose={() => setReport(null)} />
    </>
  );
}

/** A report can hold one row per product of a large file: the dialog lists at most this many. */
const REPORT_ROWS_SHOWN = 200;

type ReportFilter = 'all' | ImportRowStatus;

function ImportReportDialog({ report, onClose }: { report: ProductImportResult | null; onClose: () => void }) {
  return (
    <Modal
      opened={report !== null}
      onClose={onClose}
      title="Import Report"
      size="xl"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {report && <ImportReport key={report.rows.length} report={report} onClose={onClose} />}
    </Modal>
  );
}

function ImportReport({ report, onClose }: { report: ProductImportResult; onClose: () => void }) {
  // Refused rows are what needs attention: show them first when there are any.
  const [filter, setFilter] = useState<ReportFilter>(report.refused > 0 ? 'refused' : 'all');
  const matching = filter === 'all' ? report.rows : report.rows.filter((row) => row.status === filter);
  const shown = matching.slice(0, REPORT_ROWS_SHOWN);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {(['created', 'updated', 'unchanged', 'refused'] as const).map((status) => (
          <Stack key={status} gap={0} align="center" p="sm" bg="gray.0" style={{ borderRadius: 8 }}>
            <Text size="xl" fw={700} data-testid={`import-${status}`}>
              {report[status]}
            </Text>
            <Text size="sm" c="dimmed">
              {STATUS_LABELS[status]}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {report.rows.length === 0 ? (
        <Text c="dimmed">The file has no product rows.</Text>
      ) : (
        <>
          <SegmentedControl
            aria-label="Rows to show"
            value={filter}
            onChange={(value) => setFilter(value as ReportFilter)}
            data={[
              { value: 'all', label: 'All rows' },
              ...(['created', 'updated', 'unchanged', 'refused'] as const).map((status) => ({
                value: status,
                label: STATUS_LABELS[status],
              })),
            ]}
            fullWidth
          />
          {shown.length === 0 ? (
            <Text c="dimmed">No rows.</Text>
          ) : (
            <Table.ScrollContainer minWidth={480} mah={360}>
              <Table striped verticalSpacing="xs" aria-label="Import rows" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={70}>Row</Table.Th>
                    <Table.Th>SKU</Table.Th>
                    <Table.Th w={130}>Result</Table.Th>
                    <Table.Th>Reason</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((row) => (
                    <Table.Tr key={row.row}>
                      <Table.Td>{row.row}</Table.Td>
                      <Table.Td ff="monospace">{row.sku}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[row.status]} variant="light" radius="sm" tt="none">
                          {STATUS_LABELS[row.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{row.reason ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {matching.length > shown.length && (
            <Text size="sm" c="dimmed">
              Showing the first {shown.length.toLocaleString('en-US')} of {matching.length.toLocaleString('en-US')}{' '}
              rows.
            </Text>
          )}
        </>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
