import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { paymentMethodTitle, receiptTookCash } from '@retail-hub/shared';
import { IconCircleCheck, IconCloudOff, IconCopy, IconMail, IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { printSaleOn, useTerminalPrinter } from '@/features/printers';
import { serverMessage } from '@/lib/api-client';
import { money } from '@/lib/money';
import { notifyError } from '@/lib/notify';
import { useReceiptEmailAvailable } from '../api/email-receipt';
import { KeyCaps } from '../keyboard/shortcuts-legend';
import { EmailReceiptDialog } from '../receipt/email-receipt-dialog';
import { printReceipt } from '../receipt/print-receipt';
import { PRINT_ERROR, reprintReceipt } from '../receipt/reprint-receipt';
import type { RecordedSale } from '../types';

/** The last 6 characters of a transaction id, upper case (spec §3 transactions). */
export function saleNumber(id: string): string {
  return id.slice(-6).toUpperCase();
}

/** Issue #19: a sale kept in the outbox: the server has not confirmed it yet. */
export function isOfflineSale(sale: RecordedSale | null): boolean {
  return Boolean(sale && (sale as RecordedSale & { offline?: boolean }).offline);
}

/** The number shown for a sale: the server's, else the last 6 characters of its id. */
function numberOf(sale: RecordedSale): string {
  return sale.number ?? saleNumber(sale.id);
}

/**
 * Print Receipt (spec §4): the print window, then `onDone` dismisses the dialog; 'No Receipt' or
 * 'Print Error' toasts otherwise. Also what P and Enter do (issue #22). Issue #36: on a till that
 * prints to a receipt printer (`printerId`) the server prints it there instead (the till follows the
 * job); a sale not yet on the server still uses the print window.
 */
export function printSaleReceipt(sale: RecordedSale, onDone: () => void, printerId?: string | null): void {
  if (printerId && !isOfflineSale(sale)) {
    printSaleOn(sale.id, printerId, { label: `Receipt #${numberOf(sale)}` }).then(onDone, (error: unknown) =>
      notifyError({
        title: 'Print Error',
        message: serverMessage(error) ?? 'The receipt could not be sent to the printer.',
      }),
    );
    return;
  }
  if (!sale.receipt) {
    notifyError({ title: 'No Receipt', message: 'There is no receipt to print for this sale.' });
    return;
  }
  const outcome = printReceipt(sale.receipt, { number: numberOf(sale), offline: isOfflineSale(sale), onDone });
  if (outcome === 'blocked') {
    notifyError(PRINT_ERROR);
  }
}

/**
 * 'Skip' (issue #36 item 2): no receipt; at a till with a receipt printer a cash sale still opens
 * the drawer (its one pulse, no paper), as the change is in there.
 */
export function skipSaleReceipt(sale: RecordedSale, onDone: () => void, printerId?: string | null): void {
  if (printerId && !isOfflineSale(sale) && sale.receipt && receiptTookCash(sale.receipt)) {
    void printSaleOn(sale.id, printerId, { drawerOnly: true, label: 'Cash drawer' }).catch((error: unknown) =>
      notifyError({ title: 'Drawer Error', message: serverMessage(error) ?? 'The cash drawer could not be opened.' }),
    );
  }
  onDone();
}

/**
 * spec §2 'Transaction Complete': Print Receipt or Skip. spec §4: printing opens the print window,
 * waits 250 ms, prints, closes it and then dismisses this dialog; spec §8 'Print Error' when the
 * browser blocks the window, 'No Receipt' when there is nothing to print.
 */
export function CompleteDialog({
  sale,
  onClose,
  onNestedDialogChange,
}: {
  sale: RecordedSale | null;
  onClose: () => void;
  /** The e-mail dialog opened or closed over this one: the terminal's P and S keys are off meanwhile. */
  onNestedDialogChange?: (open: boolean) => void;
}) {
  const number = sale ? numberOf(sale) : '';
  const isCash = sale?.receipt?.paymentMethod === 'cash';
  const offline = isOfflineSale(sale);
  const emailAvailable = useReceiptEmailAvailable();
  const printer = useTerminalPrinter();
  const [emailing, setEmailing] = useState(false);
  useEffect(() => onNestedDialogChange?.(emailing), [emailing, onNestedDialogChange]);
  const skip = () => (sale ? skipSaleReceipt(sale, onClose, printer?.id) : onClose());

  return (
    // issue #22: Print Receipt has the focus (Enter prints); closing hands the focus to the
    // terminal's search box for the next scan, not back to Complete Sale.
    <Modal opened={sale !== null} onClose={skip} title="Transaction Complete" centered size="md" returnFocus={false}>
      {sale ? (
        <Stack gap="md" align="stretch">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon color="green" variant="light" size={48} radius="xl" aria-hidden>
              <IconCircleCheck size={30} />
            </ThemeIcon>
            <Stack gap={0}>
              <Text fw={700}>{offline ? `Sale #${number} kept on this terminal` : `Sale #${number} recorded`}</Text>
              <Text size="sm" c="dimmed">
                {paymentMethodTitle(String(sale.receipt?.paymentMethod ?? ''))}
              </Text>
            </Stack>
          </Group>
          {offline ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconCloudOff size={20} aria-hidden />}
              data-testid="complete-offline"
            >
              <Text fw={700}>Offline – will sync</Text>
              <Text size="sm">The server could not be reached. The sale is saved here and is sent automatically.</Text>
            </Alert>
          ) : null}
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
          <SimpleGrid cols={2} spacing="sm" verticalSpacing={6}>
            <Button variant="default" h={52} onClick={skip} aria-keyshortcuts="Escape S">
              Skip
            </Button>
            <Button
              h={52}
              leftSection={<IconPrinter size={20} aria-hidden />}
              onClick={() => printSaleReceipt(sale, onClose, printer?.id)}
              aria-keyshortcuts="Enter P"
              data-autofocus
            >
              Print Receipt
            </Button>
            {/* issue #22: the keys of each button, under it (the buttons' aria-keyshortcuts say the same). */}
            <Group justify="center" aria-hidden>
              <KeyCaps keys={['Esc', 'S']} />
            </Group>
            <Group justify="center" aria-hidden>
              <KeyCaps keys={['Enter', 'P']} />
            </Group>
          </SimpleGrid>
          {/* Issue #15 item 4: a second copy (marked COPY) and an e-mailed receipt, from the server's copy. */}
          <Group grow gap="sm" display={offline ? 'none' : undefined}>
            <Button
              variant="light"
              leftSection={<IconCopy size={18} aria-hidden />}
              onClick={() =>
                printer
                  ? void printSaleOn(sale.id, printer.id, { copy: true, label: `Receipt #${number} (COPY)` }).catch(
                      (error: unknown) =>
                        notifyError({
                          title: 'Print Error',
                          message: serverMessage(error) ?? 'The copy could not be sent.',
                        }),
                    )
                  : void reprintReceipt(sale.id, number)
              }
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
