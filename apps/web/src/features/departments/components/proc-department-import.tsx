import { Badge, Button, FileButton, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useImportProcDepartments } from '../api/procurement-departments';
import type { ProcDepartmentImportResult, ProcDepartmentImportStatus } from '../api/types';

const STATUS_COLORS: Record<ProcDepartmentImportStatus, string> = {
  created: 'green',
  updated: 'blue',
  unchanged: 'gray',
  refused: 'red',
};
const STATUS_LABELS: Record<ProcDepartmentImportStatus, string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  refused: 'Refused',
};
const ROWS_SHOWN = 200;

/** Import: the chosen CSV goes to POST /api/procurement/departments/import; the per-row report opens. */
export function ProcDepartmentImportButton() {
  const importCsv = useImportProcDepartments();
  const [report, setReport] = useState<ProcDepartmentImportResult | null>(null);
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
    importCsv.mutate(csv, {
      onSuccess: setReport,
      onError: (error) =>
        notifyError({
          replace: true,
          title: 'Import Failed',
          message: serverMessage(error) ?? 'Failed to import departments. Please try again.',
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
            loading={importCsv.isPending}
          >
            Import
          </Button>
        )}
      </FileButton>
      <Modal
        opened={report !== null}
        onClose={() => setReport(null)}
        title="Import Report"
        size="lg"
        centered
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {report && <ImportReport report={report} onClose={() => setReport(null)} />}
      </Modal>
    </>
  );
}

function ImportReport({ report, onClose }: { report: ProcDepartmentImportResult; onClose: () => void }) {
  // Refused rows need attention: they come first.
  const rows = [...report.rows].sort(
    (a, b) => Number(b.status === 'refused') - Number(a.status === 'refused') || a.row - b.row,
  );
  const shown = rows.slice(0, ROWS_SHOWN);
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
      <Table.ScrollContainer minWidth={420} mah={360}>
        <Table striped verticalSpacing="xs" aria-label="Import rows" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>Row</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th w={120}>Result</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td ff="monospace">{row.code}</Table.Td>
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
      {rows.length > shown.length && (
        <Text size="sm" c="dimmed">
          Showing the first {shown.length} of {rows.length} rows.
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
