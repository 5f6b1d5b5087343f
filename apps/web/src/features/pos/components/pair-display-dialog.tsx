import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CustomerDisplayCode } from '@retail-hub/shared';
import { useEffect, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { useDisplayPairing, useMintDisplayCode, useUnpairDisplay } from '../api/customer-display';

const POLL_MS = 1_000;

function remaining(expiresAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Issue #36 item 4 (ADR 0033): 'Pair a Customer Display'. The till shows a 6-digit code (single
 * use, 5 minutes) for a tablet's /display, and says when the display has paired.
 */
export function PairDisplayDialog({
  terminalId,
  opened,
  onClose,
}: {
  terminalId: string | null;
  opened: boolean;
  onClose: () => void;
}) {
  const mint = useMintDisplayCode();
  const unpair = useUnpairDisplay();
  const [code, setCode] = useState<CustomerDisplayCode | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const pairing = useDisplayPairing(terminalId, opened && code ? POLL_MS : false);
  const pairedSince = pairing.data?.paired ? pairing.data.pairedAt : null;
  // Paired with this code: the display's pairing is newer than the code.
  const pairedNow =
    code !== null &&
    pairedSince !== null &&
    new Date(pairedSince).getTime() >= new Date(code.expiresAt).getTime() - 5 * 60_000 - 5_000;
  const expired = code !== null && new Date(code.expiresAt).getTime() <= now;

  const newCode = () => {
    if (!terminalId) return;
    setCode(null);
    mint.mutate(terminalId, { onSuccess: setCode });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new code each time the dialog opens
  useEffect(() => {
    if (opened) newCode();
    else setCode(null);
  }, [opened, terminalId]);

  useEffect(() => {
    if (!opened || !code || pairedNow) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [opened, code, pairedNow]);

  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <Modal opened={opened} onClose={onClose} title="Pair a Customer Display" centered>
      <Stack gap="md">
        {!terminalId ? (
          <Alert color="yellow" title="This till is not ready">
            This till has not reported to the server yet. Wait a moment and try again.
          </Alert>
        ) : mint.isError ? (
          <Alert color="red" title="No code">
            {serverMessage(mint.error) ?? 'Could not get a pairing code. Check the connection and try again.'}
          </Alert>
        ) : pairedNow ? (
          <Alert color="green" title="Customer display paired" role="status">
            The display now follows this till.
          </Alert>
        ) : code ? (
          <>
            <Text>
              On the customer display, open <strong>{origin}/display</strong> and enter this code:
            </Text>
            <Text
              component="output"
              aria-label="Pairing code"
              data-testid="display-code"
              ta="center"
              fw={800}
              ff="monospace"
              style={{ fontSize: '3rem', letterSpacing: '0.2em' }}
            >
              {code.code}
            </Text>
            <Text c={expired ? 'red.9' : 'dimmed'} ta="center" role="timer" aria-live="off">
              {expired ? 'This code has expired.' : `Valid for ${remaining(code.expiresAt, now)}, once.`}
            </Text>
          </>
        ) : (
          <Text>Getting a code…</Text>
        )}
        <Group justify="space-between">
          {pairing.data?.paired ? (
            <Button
              variant="subtle"
              color="red"
              loading={unpair.isPending}
              onClick={() => terminalId && unpair.mutate(terminalId, { onSuccess: onClose })}
            >
              Unpair Display
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            {!pairedNow && terminalId ? (
              <Button variant="default" onClick={newCode} loading={mint.isPending}>
                New Code
              </Button>
            ) : null}
            <Button onClick={onClose}>{pairedNow ? 'Done' : 'Close'}</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
