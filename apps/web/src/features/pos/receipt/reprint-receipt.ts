import { notifyError } from '@/lib/notify';
import { fetchReceipt } from '../api/record-sale';
import { openPrintWindow, printInto } from './print-receipt';

export const PRINT_ERROR = {
  title: 'Print Error',
  message: 'The print window was blocked. Allow pop-ups for this site to print receipts.',
} as const;

/**
 * Reprints a recorded sale's receipt from the server (issue #4: receipts are data). The window
 * opens first, inside the click, and the receipt is written once it arrives.
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
    const receipt = await fetchReceipt(transactionId);
    printInto(popup, receipt, { number });
  } catch {
    popup.close();
    notifyError({ title: 'No Receipt', message: `The receipt of sale #${number} could not be loaded.` });
  }
}
