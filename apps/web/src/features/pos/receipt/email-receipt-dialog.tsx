import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { receiptEmailError } from '@retail-hub/shared';
import { useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useEmailReceipt } from '../api/email-receipt';

/**
 * Issue #15 item 4: e-mail a sale's receipt to an address typed at the counter, through the mail
 * module. Shown only when the store has mail set up (GET /api/receipts/email-status).
 */
export function EmailReceiptDialog({
  transactionId,
  number,
  opened,
  onClose,
}: {
  transactionId: string;
  number: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useEmailReceipt();

  const close = () => {
    setEmail('');
    setError(null);
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The server's rule (emailReceiptBodySchema applies the same receiptEmailError), without zod.
    const address = email.trim();
    const refusal = receiptEmailError(address);
    if (refusal) {
      setError(refusal);
      return;
    }
    setError(null);
    send.mutate(
      { transactionId, email: address },
      {
        onSuccess: (result) => {
          notifySuccess({ title: 'Receipt Sent', message: `Receipt #${number} was sent to ${result.to}.` });
          close();
        },
        onError: (failure) =>
          notifyError({ title: 'Receipt Not Sent', message: serverMessage(failure) ?? 'Failed to send email.' }),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={`Email Receipt #${number}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">The customer's e-mail address is used for this receipt only and is not kept.</Text>
          <TextInput
            label="Customer e-mail"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
            data-autofocus
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send Receipt
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
