import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { paymentMethodTitle } from '@retail-hub/shared';
import { IconCircleCheck, IconCopy, IconMail, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { money } from '@/lib/money';
import { notifyError } from '@/lib/notify';
import { useReceiptEmailAvailable } from '../api/email-receipt';
import { EmailReceiptDialog } from '../receipt/email-receipt-dialog';
import { printReceipt } from '../receipt/print-receipt';
import { PRINT_ERROR, reprintReceipt } from '../receipt/reprint-receipt';
import type { RecordedSale } from '../types';

/** The last 6 characters of a transaction id, upper case (spec §3 transactions). */
export function saleNumber(id: string): string {
  return id.slice(-6).toUpperCase();
}

/**
 * spec §2 'Transaction Complete': Print Receipt or Skip. spec §4: printing opens the print window,
 * waits 250 ms, prints, closes it and then dismisses this dialog; spec §8 'Print Error' when the
 * browser blocks the window, 'No Receipt' when there is nothing to print.
 */
export function CompleteDialog({ sale, onClose }: { sale: RecordedSale | null; onClose: () => void }) {
  const number = sale ? (sale.number ?? saleNumber(sale.id)) : '';
  const isCash = sale?.receipt?.paymentMethod === 'cash';
  const emailAvailable = useReceiptEmailAvailable();
  const [emailing, setEmailing] = useState(false);

  const print = () => {
    if (!sale?.receipt) {
      notifyError({ title: 'No Receipt', message: 'There is no receipt to print for this sale.' });
      return;
    }
    const outcome = printReceipt(sale.receipt, { number, onDone: onClose });
    if (outcome === 'blocked') {
      notifyError(PRINT_ERROR);
    }
  };

  return (
    <Modal opened={sale !== null} onClose={onClose} title="Transaction Complete" centered size="md">
      {sale ? (
        <Stack gap="md" align="stretch">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon color="green" variant="light" size={48} radius="xl" aria-hidden>
              <IconCircleCheck size={30} />
            </ThemeIcon>
            <Stack gap={0}>
              <Text fw={700}>Sale #{number} recorded</Text>
              <Text size="sm" c="dimmed">
                {paymentMethodTitle(String(sale.receipt?.paymentMethod ?? ''))}
              </Text>
            </Stack>
          </Group>
          <Group justify="space-between">
            <Text>Total</Text>
            <Text fw={700} size="xl" ff="monospace">
              {money(sale.total)}
            </Text>
          </Group>
          {isCash ? (
            <Group justify="space-between">
              <Text>Change Due</Text>
              <Text fw={700} size="xl" ff="monospace" c="green.8" data-testid="complete-change-due">
                {money(sale.receipt?.changeDue ?? sale.changeDue ?? 0)}
              </Text>
            </Group>
          ) : null}
          <Group grow gap="sm">
            <Button variant="default" h={52} onClick={onClose} data-autofocus>
              Skip
            </Button>
            <Button h={52} leftSection={<IconPrinter size={20} aria-hidden />} onClick={print}>
              Print Receipt
            </Button>
          </Group>
          {/* Issue #15 item 4: a second copy (marked COPY) and an e-mailed receipt. */}
          <Group grow gap="sm">
            <Button
              variant="light"
              leftSection={<IconCopy size={18} aria-hidden />}
              onClick={() => void reprintReceipt(sale.id, number)}
            >
              Print Copy
            </Button>
            {emailAvailable ? (
              <Button
                variant="light"
                leftSection={<IconMail size={18} aria-hidden />}
                onClick={() => setEmailing(true)}
              >
                Email Receipt
              </Button>
            ) : null}
          </Group>
          <EmailReceiptDialog
            transactionId={sale.id}
            number={number}
            opened={emailing}
            onClose={() => setEmailing(false)}
          />
        </Stack>
      ) : null}
    </Modal>
  );
}
