import type { Receipt } from '@retail-hub/shared';
import { apiRequest } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { openPrintWindow, printInto } from './print-receipt';

export const PRINT_ERROR = {
  title: 'Print Error',
  message: 'The print window was blocked. Allow pop-ups for this site to print receipts.',
} as const;

/** POST /api/transactions/:id/receipt/copy: the stored receipt, with the copy recorded on the server. */
export async function fetchReceiptCopy(transactionId: string): Promise<Receipt> {
  const res = await apiRequest('POST', `/api/transactions/${encodeURIComponent(transactionId)}/receipt/copy`);
  return ((await res.json()) as { receipt: Receipt }).receipt;
}

/**
 * Reprints a recorded sale's receipt from the server (issue #4: receipts are data), marked COPY
 * with the same number and totals (issue #15 item 4). The window opens first, inside the click,
 * and the receipt is written once it arrives.
 */
export async function reprintReceipt(transactionId: string, number: string): Promise<void> {
  const popup = openPrintWindow();
  if (!popup) {
    notifyError(PRINT_ERROR);
    return;
  }
  popup.document.title = `Receipt #${number}`;
  popup.document.body.textContent = 'Loading receipt…';
  try {
    const receipt = await fetchReceiptCopy(transactionId);
    printInto(popup, receipt, { number, copy: true });
  } catch {
    popup.close();
    notifyError({ title: 'No Receipt', message: `The receipt of sale #${number} could not be loaded.` });
  }
}
