import { Alert, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPrinter, IconReportMoney } from '@tabler/icons-react';
import { useState } from 'react';
import { PanelEmpty, PanelLoading } from '@/components/panel';
import { fetchZReportOf, printReportOnPrinter, printShiftReportWithToasts } from '@/features/pos';
import { useTerminalPrinter } from '@/features/printers';
import { StoreFilter, useReadableStores } from '@/features/retail-stores';
import { serverMessage } from '@/lib/api-client';
import { useStoreTimeZone } from '@/lib/auth';
import { money } from '@/lib/money';
import { zonedParts } from '@/lib/time-zone';
import { useZReports } from './api/z-reports';

function when(iso: string, timeZone?: string): string {
  const p = zonedParts(new Date(iso), timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/**
 * Issue #15 item 8: every Z report, newest first, for managers; each reprints exactly as written
 * on the receipt printer (400 px) or on A4.
 */
export function ZReports({ title }: { title: string }) {
  const timeZone = useStoreTimeZone();
  // Issue #36: 'Print' goes to this till's thermal printer when it has one (A4 stays the browser's).
  const printer = useTerminalPrinter();
  const stores = useReadableStores();
  const [storeId, setStoreId] = useState<string | null>(null);
  const reports = useZReports(storeId);
  const rows = reports.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="md" p={{ base: 'sm', md: 'lg' }}>
      <Group gap="xs">
        <IconReportMoney size={26} aria-hidden />
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      <Text>Each Z report is written once when a shift ends and never changes; a reprint is identical.</Text>
      <StoreFilter value={storeId} onChange={setStoreId} testId="z-reports-store" w={240} />
      <Card withBorder p={0} component="section" aria-label="Z reports">
        {reports.isPending ? (
          <PanelLoading />
        ) : reports.isError ? (
          <Alert color="red" m="md" title="Z reports could not be loaded">
            {serverMessage(reports.error) ?? 'Please try again.'}
          </Alert>
        ) : rows.length === 0 ? (
          <PanelEmpty>No Z reports yet</PanelEmpty>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs" aria-label="Z reports written">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Shift ended</Table.Th>
                  {stores.length > 0 ? <Table.Th>Store</Table.Th> : null}
                  <Table.Th>Cashier</Table.Th>
                  <Table.Th ta="right">Sales total</Table.Th>
                  <Table.Th ta="right">Over / short</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Print</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id} data-testid="z-report-row">
                    <Table.Td ff="monospace" fw={700}>
                      Z #{r.number}
                    </Table.Td>
                    <Table.Td>{when(r.endedAt, timeZone)}</Table.Td>
                    {stores.length > 0 ? <Table.Td>{r.storeName}</Table.Td> : null}
                    <Table.Td>{r.cashierName}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {money(r.total)}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {r.overShort === null ? '—' : money(r.overShort)}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconPrinter size={16} aria-hidden />}
                          aria-label={`Print Z report #${r.number}`}
                          onClick={() =>
                            void (printer
                              ? printReportOnPrinter({ kind: 'Z', shiftId: r.shiftId, number: r.number }, printer.id)
                              : printShiftReportWithToasts(() => fetchZReportOf(r.shiftId), 'receipt', timeZone))
                          }
                        >
                          Print
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Print Z report #${r.number} on A4`}
                          onClick={() =>
                            void printShiftReportWithToasts(() => fetchZReportOf(r.shiftId), 'a4', timeZone)
                          }
                        >
                          A4
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {reports.hasNextPage ? (
          <Group justify="center" p="sm">
            <Button variant="default" loading={reports.isFetchingNextPage} onClick={() => void reports.fetchNextPage()}>
              Load more
            </Button>
          </Group>
        ) : null}
      </Card>
    </Stack>
  );
}
