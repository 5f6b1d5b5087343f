import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { VOID_MESSAGES } from '@retail-hub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApproverPinInput, pinProblem } from '@/components/approver-pin-input';
import { serverMessage } from '@/lib/api-client';
import { money } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { postVoid } from './actions';

/**
 * Issue #15 item 6: void a sale in full (only in the shift that made it, before any refund; the
 * server says so when it is too late). A cashier adds a manager's PIN; a manager does not.
 */
export function VoidForm({
  sale,
  needsPin,
  onDone,
  onCancel,
}: {
  sale: { id: string; number: string; total: string };
  needsPin: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ reason?: string | null; pin?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = {
      reason: reason.trim() ? null : VOID_MESSAGES.reason,
      pin: needsPin ? pinProblem(pin) : null,
    };
    setErrors(problems);
    if (problems.reason || problems.pin) return;
    setFailure(null);
    setPending(true);
    try {
      await postVoid(sale.id, { reason: reason.trim(), ...(needsPin ? { approverPin: pin } : {}) });
      await queryClient.invalidateQueries();
      notifySuccess({ title: 'Sale Voided', message: `Sale #${sale.number} was voided; its items are back in stock.` });
      onDone();
    } catch (error) {
      setPin('');
      setFailure(serverMessage(error) ?? 'The sale could not be voided. Please try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={`Void sale #${sale.number}`}>
      <Stack gap="md">
        <Text>
          Voiding takes back the whole sale of {money(sale.total)}: every item goes back to stock and the sale no longer
          counts in the figures. It stays in the history, marked Voided.
        </Text>
        <TextInput
          label="Reason for the void"
          placeholder="Rung up by mistake"
          maxLength={200}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setErrors((x) => ({ ...x, reason: null }));
          }}
          error={errors.reason ?? undefined}
          required
          data-autofocus
        />
        {needsPin ? (
          <ApproverPinInput
            value={pin}
            onChange={(v) => {
              setPin(v);
              setErrors((x) => ({ ...x, pin: null }));
            }}
            error={errors.pin}
            action="void"
          />
        ) : null}
        {failure ? (
          <Alert color="red" title="Not voided" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Back
          </Button>
          <Button type="submit" color="red" loading={pending}>
            Void Sale
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
