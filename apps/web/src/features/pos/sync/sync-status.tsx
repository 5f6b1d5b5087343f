import { Alert, Badge, Button, Group, Modal, PasswordInput, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { paymentMethodTitle } from '@retail-hub/shared';
import { IconCloudOff, IconRefresh, IconWifi } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { money } from '@/lib/money';
import { type OutboxEntry, terminalSyncActions } from '@/lib/offline-bridge';
import { checkDiscountApprover } from '../api/discount-caps';
import { receiptTimestamp } from '../receipt/receipt-html';
import { unsyncedCount, useTerminalSync } from './use-terminal-sync';

/**
 * Issue #19: the terminal says whether it reaches the server, and how many sales are waiting to
 * be sent (a polite live region: a screen reader hears it change). The badge opens the list.
 */
export function SyncStatus({ onOpenOutbox }: { onOpenOutbox: () => void }) {
  const sync = useTerminalSync();
  const count = unsyncedCount(sync);
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-testid="sync-status">
      <Badge
        size="lg"
        variant={sync.online ? 'light' : 'filled'}
        color={sync.online ? 'green' : 'dark.6'}
        c={sync.online ? 'green.9' : 'white'}
        leftSection={sync.online ? <IconWifi size={14} aria-hidden /> : <IconCloudOff size={14} aria-hidden />}
        data-testid="network-state"
      >
        {sync.online ? 'Online' : 'Offline'}
      </Badge>
      {count > 0 ? (
        <UnstyledButton onClick={onOpenOutbox} aria-haspopup="dialog" data-testid="unsynced-badge">
          <Badge
            size="lg"
            variant="filled"
            color={sync.refused + sync.needsApproval > 0 ? 'red.8' : 'orange.9'}
            style={{ cursor: 'pointer' }}
          >
            {count} unsynced
          </Badge>
        </UnstyledButton>
      ) : null}
    </Group>
  );
}

/** The sales in the outbox, oldest first, each with why it has not gone yet. */
export function OutboxDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const sync = useTerminalSync();
  const actions = terminalSyncActions();
  return (
    <Modal opened={opened} onClose={onClose} title="Unsynced sales" size="lg" centered>
      <Stack gap="md">
        <Text size="sm">
          Sales made while the server could not be reached are kept on this terminal and sent, in order, as soon as it
          can be reached again. None is ever dropped.
        </Text>
        {sync.refused > 0 ? (
          <Alert color="red" title="Refused by the server" role="alert">
            {sync.refused === 1 ? '1 sale was' : `${sync.refused} sales were`} refused. It stays here with the reason:
            fix the cause (for example, sign in as the cashier who made it, or as a manager), then retry.
          </Alert>
        ) : null}
        {sync.needsApproval > 0 ? (
          <Alert color="orange" title="Needs a manager's approval" role="alert">
            {sync.needsApproval === 1 ? '1 sale has' : `${sync.needsApproval} sales have`} a discount above the
            cashier's cap that no manager approved. It stays here until a manager approves it with their PIN, or it is
            charged at full price.
          </Alert>
        ) : null}
        {sync.sales.length === 0 ? (
          <Text c="dimmed">Every sale has reached the server.</Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sale</Table.Th>
                  <Table.Th>Made</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sync.sales.map((sale) => (
                  <Table.Tr key={sale.key}>
                    <Table.Td>
                      #{sale.receiptNumber}
                      <Text size="xs" c="dimmed">
                        {paymentMethodTitle(sale.paymentMethod)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{receiptTimestamp(sale.createdAt)}</Table.Td>
                    <Table.Td ff="monospace">{money(sale.total)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600} c={sale.status === 'pending' ? undefined : 'red.8'}>
                        {sale.status === 'refused'
                          ? 'Refused'
                          : sale.status === 'needs_approval'
                            ? 'Needs approval'
                            : 'Waiting to send'}
                      </Text>
                      {sale.lastError ? (
                        <Text size="xs" c="dimmed">
                          {sale.lastError}
                        </Text>
                      ) : null}
                      {sale.status === 'needs_approval' ? <HeldSaleActions sale={sale} online={sync.online} /> : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="flex-end">
          {sync.refused > 0 ? (
            <Button variant="default" onClick={() => void actions?.retryRefused()} disabled={!actions}>
              Retry refused sales
            </Button>
          ) : null}
          <Button
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => actions?.syncNow()}
            disabled={!actions || sync.pending === 0}
          >
            Sync now
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Issue #30 item 16: a sale held for a manager's approval of its discount. A manager approves it
 * here with their PIN (checked by the server first, so only an accepted PIN is sealed for the
 * sale), or it is charged at full price; either sends it.
 */
function HeldSaleActions({ sale, online }: { sale: OutboxEntry; online: boolean }) {
  const actions = terminalSyncActions();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const approve = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}$/.test(pin)) {
      setError("Enter a manager's 4-digit PIN");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await checkDiscountApprover(pin);
      if (!(await actions?.approveHeld?.(sale.key, pin))) {
        setError('The approval could not be kept on this terminal. Try again.');
      }
    } catch (failure) {
      setError(serverMessage(failure) ?? 'The PIN could not be checked. Try again when online.');
    } finally {
      setPin('');
      setBusy(false);
    }
  };

  return (
    <Stack gap={6} mt={6}>
      <form onSubmit={approve} noValidate>
        <Group gap={6} align="flex-start" wrap="wrap">
          <PasswordInput
            aria-label={`Manager PIN for sale #${sale.receiptNumber}`}
            placeholder="Manager PIN"
            size="xs"
            w={130}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={pin}
            disabled={!online}
            onChange={(event) => setPin(event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
            error={error}
          />
          <Button type="submit" size="xs" loading={busy} disabled={!online || !actions?.approveHeld}>
            Approve
          </Button>
        </Group>
      </form>
      {online ? null : (
        <Text size="xs" c="dimmed">
          A manager's PIN can be checked once the terminal is online.
        </Text>
      )}
      <Button
        size="xs"
        variant="default"
        disabled={busy || !actions?.chargeHeldFullPrice}
        onClick={() => void actions?.chargeHeldFullPrice?.(sale.key)}
      >
        Charge full price
      </Button>
    </Stack>
  );
}
