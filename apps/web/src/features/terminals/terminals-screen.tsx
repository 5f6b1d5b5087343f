import { Alert, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { PanelEmpty, PanelLoading } from '@/components/panel';
import { PrintersPanel } from '@/features/printers';
import { StoresPanel } from '@/features/retail-stores';
import { serverMessage } from '@/lib/api-client';
import { useStoreTimeZone } from '@/lib/auth';
import { useTerminals } from './api';
import { ago, staleAfterText, storeTime, terminalLabel } from './format';

/**
 * Issue #19: every installed terminal, when it last reported and last synced, and the sales it
 * still holds. A terminal holding sales whose last sync is old is highlighted: its sales are only
 * in that browser until it comes back online.
 */
export function TerminalsScreen({ title }: { title: string }) {
  const timeZone = useStoreTimeZone();
  const terminals = useTerminals();
  const rows = terminals.data?.terminals ?? [];
  const staleCount = rows.filter((t) => t.stale).length;
  return (
    <Stack gap="md" p={{ base: 'sm', md: 'lg' }}>
      <Group gap="xs">
        <IconDeviceDesktop size={26} aria-hidden />
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      <Text>
        Each terminal reports every minute with the sales it has not sent yet. A terminal is flagged when it holds sales
        and has not synced for {staleAfterText(terminals.data?.staleAfterMinutes ?? 5)} or more.
      </Text>
      {staleCount > 0 ? (
        <Alert color="orange" title="Terminals not synced" role="alert">
          {staleCount === 1 ? '1 terminal holds' : `${staleCount} terminals hold`} sales the server does not have yet.
          Bring it back online (and signed in) so its outbox is sent.
        </Alert>
      ) : null}
      <StoresPanel />
      <PrintersPanel />
      <Card withBorder p={0} component="section" aria-label="Terminals">
        {terminals.isPending ? (
          <PanelLoading />
        ) : terminals.isError ? (
          <Alert color="red" m="md" title="Terminals could not be loaded">
            {serverMessage(terminals.error) ?? 'Please try again.'}
          </Alert>
        ) : rows.length === 0 ? (
          <PanelEmpty>No terminal has reported yet</PanelEmpty>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" aria-label="Terminals and their sync state">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Terminal</Table.Th>
                  <Table.Th>Last signed in</Table.Th>
                  <Table.Th>Last seen</Table.Th>
                  <Table.Th>Last sync</Table.Th>
                  <Table.Th ta="right">Unsynced sales</Table.Th>
                  <Table.Th>State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((t) => (
                  <Table.Tr
                    key={t.id}
                    data-testid="terminal-row"
                    data-stale={t.stale || undefined}
                    bg={t.stale ? 'var(--mantine-color-orange-light)' : undefined}
                  >
                    <Table.Td ff="monospace" fw={700}>
                      {terminalLabel(t.id)}
                    </Table.Td>
                    <Table.Td>{t.userName ?? 'Unknown'}</Table.Td>
                    <Table.Td>
                      {storeTime(t.lastSeenAt, timeZone)}
                      <Text size="xs" c="dimmed">
                        {ago(t.lastSeenAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {storeTime(t.lastSyncAt, timeZone)}
                      <Text size="xs" c="dimmed">
                        {ago(t.lastSyncAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {t.unsyncedCount}
                      {t.refusedCount > 0 ? (
                        <Text size="xs" c="red.8">
                          {t.refusedCount} refused
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {t.stale ? (
                        <Badge color="orange.9">Not synced</Badge>
                      ) : t.unsyncedCount > 0 ? (
                        <Badge color="yellow" c="dark.8" variant="light">
                          Syncing
                        </Badge>
                      ) : (
                        <Badge color="green" c="green.9" variant="light">
                          Up to date
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
