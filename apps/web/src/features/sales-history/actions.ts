import type { Refund, RefundRequest, TransactionDetail, VoidRequest } from '@retail-hub/shared';
import { openPrintWindow, PRINT_DELAY_MS, PRINT_ERROR } from '@/features/pos';
import { printRefundOn } from '@/features/printers';
import { apiRequest, serverMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { refundReceiptHtml } from './refund-receipt-html';

/** POST /api/transactions/:id/void (issue #15 item 6): the sale as it is afterwards. */
export async function postVoid(transactionId: string, body: VoidRequest): Promise<TransactionDetail> {
  const res = await apiRequest('POST', `/api/transactions/${encodeURIComponent(transactionId)}/void`, body);
  return (await res.json()) as TransactionDetail;
}

/**
 * POST /api/transactions/:id/refunds (issue #15 item 5). The key is made once per refund form, so
 * a retry after a lost answer gives back the same refund instead of a second one.
 */
export async function postRefund(transactionId: string, idempotencyKey: string, body: RefundRequest): Promise<Refund> {
  const res = await apiRequest('POST', `/api/transactions/${encodeURIComponent(transactionId)}/refunds`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return (await res.json()) as Refund;
}

/** Writes the REFUND receipt into an open print window, waits 250 ms, prints and closes it. */
export function printRefundInto(popup: Window, refund: Refund): void {
  popup.document.open();
  popup.document.write(refundReceiptHtml(refund));
  popup.document.close();
  setTimeout(() => {
    try {
      popup.focus();
      popup.print();
    } finally {
      popup.close();
    }
  }, PRINT_DELAY_MS);
}

/** The REFUND receipt on the till's thermal printer (issue #36): a failure to queue it is said. */
export function printRefundOnPrinter(refund: Refund, printerId: string): void {
  void printRefundOn(refund, printerId).catch((error: unknown) =>
    notifyError({
      title: 'Not Printed',
      message: serverMessage(error) ?? `Refund #${refund.number} could not be sent to the printer. Please try again.`,
    }),
  );
}

/**
 * Prints a refund's REFUND receipt: on the till's thermal printer when it has one (issue #36), else
 * in the print window, opened inside the click.
 */
export function printRefund(refund: Refund, printerId: string | null = null): void {
  if (printerId) {
    printRefundOnPrinter(refund, printerId);
    return;
  }
  const popup = openPrintWindow();
  if (!popup) {
    notifyError(PRINT_ERROR);
    return;
  }
  printRefundInto(popup, refund);
}

export { openPrintWindow, PRINT_ERROR };
