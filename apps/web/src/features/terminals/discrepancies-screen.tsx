import { Alert, Button, Card, Group, NumberInput, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { RESOLUTION_NOTE_MESSAGE, type StockDiscrepancy } from '@retail-hub/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { PanelEmpty, PanelLoading } from '@/components/panel';
import { serverMessage } from '@/lib/api-client';
import { useStoreTimeZone } from '@/lib/auth';
import { notifySuccess } from '@/lib/notify';
import { type DiscrepancyStatus, useDiscrepancies, useResolveDiscrepancy } from './api';
import { storeTime } from './format';
import { HeldOfflineSalesPanel } from './held-offline-sales-panel';
import { NoteDialog } from './note-dialog';

function itemName(d: StockDiscrepancy): string {
  return d.variantName ? `${d.productName} (${d.variantName})` : d.productName;
}

/**
 * Issue #19 (ADR 0014): a sale made offline is never refused, so it can sell stock another
 * terminal sold meanwhile; the server floors the stock at zero and opens a discrepancy. The
 * manager counts the shelf and resolves it with a note (the count, when given, becomes the stock).
 */
export function DiscrepanciesScreen({ title }: { title: string }) {
  const timeZone = useStoreTimeZone();
  const [status, setStatus] = useState<DiscrepancyStatus>('open');
  const discrepancies = useDiscrepancies(status);
  const [resolving, setResolving] = useState<StockDiscrepancy | null>(null);
  const rows = discrepancies.data ?? [];
  return (
    <Stack gap="md" p={{ base: 'sm', md: 'lg' }}>
      <Group gap="xs">
        <IconAlertTriangle size={26} aria-hidden />
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      <Text>
        Sales made offline are recorded even when the stock had already gone: the stock stays at 0 and the units sold
        beyond it are listed here. Count the shelf, then resolve each with a note.
      </Text>
      <SegmentedControl
        w="fit-content"
        value={status}
        onChange={(value) => setStatus(value as DiscrepancyStatus)}
        aria-label="Show discrepancies"
        data={[
          { value: 'open', label: 'Open' },
          { value: 'resolved', label: 'Resolved' },
          { value: 'all', label: 'All' },
        ]}
      />
      <Card withBorder p={0} component="section" aria-label="Stock discrepancies">
        {discrepancies.isPending ? (
          <PanelLoading />
        ) : discrepancies.isError ? (
          <Alert color="red" m="md" title="Stock discrepancies could not be loaded">
            {serverMessage(discrepancies.error) ?? 'Please try again.'}
          </Alert>
        ) : rows.length === 0 ? (
          <PanelEmpty>{status === 'open' ? 'No open stock discrepancies' : 'No stock discrepancies'}</PanelEmpty>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs" aria-label="Stock discrepancies from offline sales">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Sale</Table.Th>
                  <Table.Th>Sold</Table.Th>
                  <Table.Th ta="right">Units short</Table.Th>
                  <Table.Th ta="right">Stock now</Table.Th>
                  <Table.Th>Resolution</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.id} data-testid="discrepancy-row">
                    <Table.Td fw={600}>{itemName(d)}</Table.Td>
                    <Table.Td>
                      <Text ff="monospace">#{d.transactionNumber}</Text>
                      <Text size="xs" c="dimmed">
                        {d.cashierName ?? 'Unknown cashier'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{storeTime(d.soldAt, timeZone)}</Table.Td>
                    <Table.Td ta="right" ff="monospace" fw={700}>
                      {d.quantityShort}
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {d.currentStock ?? '—'}
                    </Table.Td>
                    <Table.Td>
                      {d.resolvedAt ? (
                        <>
                          <Text size="sm">{d.resolutionNote}</Text>
                          <Text size="xs" c="dimmed">
                            {d.resolvedByName ?? 'Unknown'}, {storeTime(d.resolvedAt, timeZone)}
                            {d.countedStock !== null ? ` · counted ${d.countedStock}` : ''}
                          </Text>
                        </>
                      ) : (
                        <Button
                          size="xs"
                          onClick={() => setResolving(d)}
                          aria-label={`Resolve discrepancy of ${itemName(d)}, sale #${d.transactionNumber}`}
                        >
                          Resolve
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <ResolveDialog discrepancy={resolving} onClose={() => setResolving(null)} />
      <HeldOfflineSalesPanel status={status} />
    </Stack>
  );
}

function ResolveDialog({ discrepancy, onClose }: { discrepancy: StockDiscrepancy | null; onClose: () => void }) {
  const resolve = useResolveDiscrepancy();
  const [counted, setCounted] = useState<string | number>('');
  return (
    <NoteDialog
      opened={discrepancy !== null}
      title="Resolve stock discrepancy"
      intro={
        discrepancy === null
          ? null
          : `Sale #${discrepancy.transactionNumber} sold ${discrepancy.quantityShort} × ${itemName(discrepancy)} beyond the stock there was. The stock is ${discrepancy.currentStock ?? 'unknown'} now.`
      }
      noteDescription="What was found: a miscount, a delivery not booked in, stock taken from the back…"
      noteMessage={RESOLUTION_NOTE_MESSAGE}
      confirmLabel="Resolve"
      pending={resolve.isPending}
      onClose={() => {
        setCounted('');
        onClose();
      }}
      onSubmit={async (note) => {
        if (!discrepancy) return;
        await resolve.mutateAsync({
          id: discrepancy.id,
          body: { note, countedStock: counted === '' ? null : Number(counted) },
        });
        notifySuccess({ title: 'Discrepancy Resolved', message: `${itemName(discrepancy)} is resolved.` });
      }}
    >
      <NumberInput
        label="Counted stock (optional)"
        description="The units on the shelf now; it becomes the stock. Leave empty to keep the stock as it is."
        min={0}
        max={1_000_000}
        allowDecimal={false}
        allowNegative={false}
        value={counted}
        onChange={setCounted}
      />
    </NoteDialog>
  );
}
