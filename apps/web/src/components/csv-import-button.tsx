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
import type { ImportRowStatus } from '@retail-hub/shared';
import { IconFileImport } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';

/** One data row of an imported file (row 2 is the first under the header) and what became of it. */
export type CsvImportRow = { row: number; status: ImportRowStatus; reason?: string };

/** What an import endpoint answers: a count per outcome and one entry per data row. */
export type CsvImportReport = Record<ImportRowStatus, number> & { rows: CsvImportRow[] };

const STATUSES = ['created', 'updated', 'unchanged', 'refused'] as const satisfies readonly ImportRowStatus[];

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

type CsvImportButtonProps<Report extends CsvImportReport> = {
  /** The button's text. */
  label: string;
  /** The feature's import mutation: posts the file's text and refreshes what the import changes. */
  importer: UseMutationResult<Report, Error, string>;
  /** The 'Import Failed' toast's text when the server sends no message. */
  failureMessage: string;
  /** The report column naming each row's record (e.g. 'SKU'), and its value. */
  keyColumn: { title: string; value: (row: Report['rows'][number]) => string };
  /**
   * How the report lists rows; refused rows need attention, so they come first either way.
   * 'filter': a status filter, starting on Refused when any row was refused.
   * 'refused-first': every row in one list, the refused ones on top.
   */
  rowsView: 'filter' | 'refused-first';
  /** Shown instead of the rows when the report has none. */
  noRowsMessage?: string;
  /** Not yet: what the import would act on is still loading (issue #32: the Store choice). */
  waiting?: boolean;
};

/**
 * Import: the chosen file's text goes to the feature's import endpoint, and the per-row report
 * (what was created, updated, left unchanged or refused, and why) opens in a dialog.
 */
export function CsvImportButton<Report extends CsvImportReport>({
  label,
  importer,
  failureMessage,
  waiting = false,
  ...reportProps
}: CsvImportButtonProps<Report>) {
  const [report, setReport] = useState<Report | null>(null);
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
    importer.mutate(csv, {
      onSuccess: setReport,
      onError: (error) =>
        notifyError({ replace: true, title: 'Import Failed', message: serverMessage(error) ?? failureMessage }),
    });
  };

  const close = () => setReport(null);
  return (
    <>
      <FileButton onChange={(file) => void importFile(file)} accept=".csv,text/csv" resetRef={resetFile}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconFileImport size={18} aria-hidden />}
            loading={importer.isPending || waiting}
          >
            {label}
          </Button>
        )}
      </FileButton>
      {/* Top-aligned, not centred: the dialog stays put while the status filter changes how many rows show. */}
      <Modal
        opened={report !== null}
        onClose={close}
        title="Import Report"
        size="xl"
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {report && <ImportReport key={report.rows.length} report={report} onClose={close} {...reportProps} />}
      </Modal>
    </>
  );
}

/** A report can hold one row per record of a large file: the dialog lists at most this many. */
const REPORT_ROWS_SHOWN = 200;

type ReportFilter = 'all' | ImportRowStatus;

function ImportReport<Report extends CsvImportReport>({
  report,
  onClose,
  keyColumn,
  rowsView,
  noRowsMessage,
}: Pick<CsvImportButtonProps<Report>, 'keyColumn' | 'rowsView' | 'noRowsMessage'> & {
  report: Report;
  onClose: () => void;
}) {
  const [filter, setFilter] = useState<ReportFilter>(report.refused > 0 ? 'refused' : 'all');
  const rows: Report['rows'] =
    rowsView === 'filter'
      ? filter === 'all'
        ? report.rows
        : report.rows.filter((row) => row.status === filter)
      : [...report.rows].sort(
          (a, b) => Number(b.status === 'refused') - Number(a.status === 'refused') || a.row - b.row,
        );
  const shown = rows.slice(0, REPORT_ROWS_SHOWN);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {STATUSES.map((status) => (
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
      {report.rows.length === 0 && noRowsMessage !== undefined ? (
        <Text c="dimmed">{noRowsMessage}</Text>
      ) : (
        <>
          {rowsView === 'filter' && (
            <SegmentedControl
              aria-label="Rows to show"
              value={filter}
              onChange={(value) => setFilter(value as ReportFilter)}
              data={[
                { value: 'all', label: 'All rows' },
                ...STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
              ]}
              fullWidth
            />
          )}
          {shown.length === 0 && rowsView === 'filter' ? (
            <Text c="dimmed">No rows.</Text>
          ) : (
            <Table.ScrollContainer minWidth={480} mah={360}>
              <Table striped verticalSpacing="xs" aria-label="Import rows" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={70}>Row</Table.Th>
                    <Table.Th>{keyColumn.title}</Table.Th>
                    <Table.Th w={130}>Result</Table.Th>
                    <Table.Th>Reason</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((row) => (
                    <Table.Tr key={row.row}>
                      <Table.Td>{row.row}</Table.Td>
                      <Table.Td ff="monospace">{keyColumn.value(row)}</Table.Td>
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
          {rows.length > shown.length && (
            <Text size="sm" c="dimmed">
              Showing the first {shown.length.toLocaleString('en-US')} of {rows.length.toLocaleString('en-US')} rows.
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
