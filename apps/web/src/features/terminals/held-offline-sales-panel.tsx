import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { decimalToCents, formatMoney, type HeldOfflineSale } from '@retail-hub/shared';
import { useState } from 'react';
import { PanelEmpty, PanelLoading } from '@/components/panel';
import { serverMessage } from '@/lib/api-client';
import { useStoreTimeZone } from '@/lib/auth';
import { notifySuccess } from '@/lib/notify';
import { type DiscrepancyStatus, useHeldOfflineSales, useResolveHeldOfflineSale } from './api';
import { storeTime } from './format';
import { NoteDialog } from './note-dialog';

type Action = 'record' | 'void';

const NOTE_MESSAGE = 'Say why the sale is recorded or voided';

function lineText(i: HeldOfflineSale['items'][number]): string {
  const name = `${i.productName ?? 'Unknown product'}${i.variantName ? ` (${i.variantName})` : ''}`;
  const now = i.currentUnitPrice === null ? '—' : money(i.currentUnitPrice);
  return `${i.quantity} × ${name}: ${money(i.unitPrice)} → ${now}`;
}

/** spec §9: money is shown with $ and 2 decimals. */
function money(decimal: string): string {
  return formatMoney(decimalToCents(decimal));
}

/**
 * Issue #30 items 1 and 3 (ADR 0014): offline sales the server refused (a price the product did
 * not have while the terminal was offline; a shift of another terminal or closed too long ago).
 * Nothing of them is recorded; the terminal keeps them. The manager records each at the current
 * prices (dated now, so no closed day changes) or voids it.
 */
export function HeldOfflineSalesPanel({ status }: { status: DiscrepancyStatus }) {
  const timeZone = useStoreTimeZone();
  const held = useHeldOfflineSales(status);
  const [resolving, setResolving] = useState<{ sale: HeldOfflineSale; action: Action } | null>(null);
  const rows = held.data ?? [];
  return (
    <Stack gap="xs" component="section" aria-labelledby="held-sales-title">
      <Title order={2} size="h3" id="held-sales-title">
        Held Offline Sales
      </Title>
      <Text>
        Offline sales refused for a price the product did not have, or for a shift they may not go into. Record each at
        today's prices or void it.
      </Text>
      <Card withBorder p={0}>
        {held.isPending ? (
          <PanelLoading />
        ) : held.isError ? (
          <Alert color="red" m="md" title="Held sales could not be loaded">
            {serverMessage(held.error) ?? 'Please try again.'}
          </Alert>
        ) : rows.length === 0 ? (
          <PanelEmpty>No held offline sales</PanelEmpty>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs" aria-label="Held offline sales">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sale</Table.Th>
                  <Table.Th>Sold</Table.Th>
                  <Table.Th>Why held</Table.Th>
                  <Table.Th>Lines (charged → now)</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Resolution</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((h) => (
                  <Table.Tr key={h.id} data-testid="held-sale-row">
                    <Table.Td>
                      <Text ff="monospace">#{h.number}</Text>
                      <Text size="xs" c="dimmed">
                        {h.cashierName ?? 'Unknown cashier'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{storeTime(h.soldAt, timeZone)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{h.message}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{h.items.map(lineText).join('; ')}</Text>
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {money(h.total)}
                    </Table.Td>
                    <Table.Td>
                      {h.resolvedAt ? (
                        <>
                          <Text size="sm">
                            {h.resolution === 'recorded' ? 'Recorded at current prices' : 'Voided'}: {h.resolutionNote}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {h.resolvedByName ?? 'Unknown'}, {storeTime(h.resolvedAt, timeZone)}
                          </Text>
                        </>
                      ) : (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            onClick={() => setResolving({ sale: h, action: 'record' })}
                            aria-label={`Record sale #${h.number} at current prices`}
                          >
                            Record
                          </Button>
                          <Button
                            size="xs"
                            color="red"
                            variant="outline"
                            onClick={() => setResolving({ sale: h, action: 'void' })}
                            aria-label={`Void sale #${h.number}`}
                          >
                            Void
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <ResolveHeldDialog target={resolving} onClose={() => setResolving(null)} />
    </Stack>
  );
}

function ResolveHeldDialog({
  target,
  onClose,
}: {
  target: { sale: HeldOfflineSale; action: Action } | null;
  onClose: () => void;
}) {
  const resolve = useResolveHeldOfflineSale();
  const recording = target?.action === 'record';
  return (
    <NoteDialog
      opened={target !== null}
      title={recording ? 'Record held sale at current prices' : 'Void held sale'}
      intro={
        target === null
          ? null
          : recording
            ? `Sale #${target.sale.number} will be recorded at today's prices, dated now, in ${target.sale.cashierName ?? 'its cashier'}'s shift. Stock moves.`
            : `Sale #${target.sale.number} will not be recorded. Nothing moves.`
      }
      noteMessage={NOTE_MESSAGE}
      confirmLabel={recording ? 'Record Sale' : 'Void Sale'}
      confirmColor={recording ? undefined : 'red'}
      pending={resolve.isPending}
      onClose={onClose}
      onSubmit={async (note) => {
        if (!target) return;
        await resolve.mutateAsync({ id: target.sale.id, body: { action: target.action, note } });
        notifySuccess({
          title: target.action === 'record' ? 'Sale Recorded' : 'Sale Voided',
          message: `Sale #${target.sale.number} is resolved.`,
        });
      }}
    />
  );
}
