import type { ShiftReport } from '@retail-hub/shared';
import type { Receipt } from '../types';
import { receiptHtml } from './receipt-html';
import { type ReportLayout, shiftReportHtml } from './shift-report-html';

/** spec §9 Timing: the print window waits 250 ms (layout, fonts) before printing. */
export const PRINT_DELAY_MS = 250;

export type PrintOutcome = 'printed' | 'blocked';

type OpenWindow = (features: string) => Window | null;

const WINDOW_FEATURES = 'width=440,height=700';
const defaultOpenWindow: OpenWindow = (features) => window.open('', '_blank', features);

/**
 * Opens the (empty) print window. Must run inside the click handler: browsers block a
 * window.open that is not a user gesture, so a reprint opens it before fetching the receipt.
 */
export function openPrintWindow(openWindow: OpenWindow = defaultOpenWindow): Window | null {
  return openWindow(WINDOW_FEATURES);
}

/** Writes the receipt into an open print window, waits 250 ms, prints, closes it, then `onDone`. */
export function printInto(
  popup: Window,
  receipt: Receipt,
  { number, copy, offline, onDone }: { number?: string; copy?: boolean; offline?: boolean; onDone?: () => void },
) {
  popup.document.open();
  popup.document.write(receiptHtml(receipt, { number, copy, offline }));
  popup.document.close();
  setTimeout(() => {
    try {
      popup.focus();
      popup.print();
    } finally {
      popup.close();
      onDone?.();
    }
  }, PRINT_DELAY_MS);
}

/**
 * spec §4: opens a print window, writes the receipt, waits 250 ms, prints, closes the window and
 * then calls `onDone` (the terminal dismisses the 'Transaction Complete' dialog there).
 * Returns 'blocked' when the browser refused the window (spec §8 'Print Error').
 */
export function printReceipt(
  receipt: Receipt,
  {
    number,
    copy,
    offline,
    onDone,
    openWindow,
  }: { number?: string; copy?: boolean; offline?: boolean; onDone?: () => void; openWindow?: OpenWindow } = {},
): PrintOutcome {
  const popup = openPrintWindow(openWindow);
  if (!popup) return 'blocked';
  printInto(popup, receipt, { number, copy, offline, onDone });
  return 'printed';
}

/**
 * Issue #15 item 8: prints an X or Z report (400 px roll or A4) the way a receipt prints: the
 * window opens inside the click; `load` fetches the report once it is open.
 */
export async function printShiftReport(
  load: () => Promise<ShiftReport>,
  layout: ReportLayout,
  timeZone?: string,
): Promise<PrintOutcome | 'failed'> {
  const popup = openPrintWindow();
  if (!popup) return 'blocked';
  popup.document.body.textContent = 'Loading report…';
  let report: ShiftReport;
  try {
    report = await load();
  } catch {
    popup.close();
    return 'failed';
  }
  popup.document.open();
  popup.document.write(shiftReportHtml(report, layout, timeZone));
  popup.document.close();
  setTimeout(() => {
    try {
      popup.focus();
      popup.print();
    } finally {
      popup.close();
    }
  }, PRINT_DELAY_MS);
  return 'printed';
}
