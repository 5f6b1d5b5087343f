import type { ShiftReport } from '@retail-hub/shared';
import { printShiftReportOn } from '@/features/printers';
import { serverMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { printShiftReport } from '../receipt/print-receipt';
import { PRINT_ERROR } from '../receipt/reprint-receipt';
import type { ReportLayout } from '../receipt/shift-report-html';

/** Prints an X or Z report, with the terminal's toasts for a blocked window or a failed load. */
export async function printReport(load: () => Promise<ShiftReport>, layout: ReportLayout, timeZone?: string) {
  const outcome = await printShiftReport(load, layout, timeZone);
  if (outcome === 'blocked') notifyError(PRINT_ERROR);
  if (outcome === 'failed') notifyError({ title: 'No Report', message: 'The report could not be loaded.' });
}

/**
 * Issue #36: the X report (the caller's open shift) or a Z report on the till's thermal printer; the
 * server renders it from the same report. A refusal is said in a toast; a printer that is off keeps the
 * job waiting in the till's print jobs.
 */
export async function printReportOnPrinter(
  report: { kind: 'X' } | { kind: 'Z'; shiftId: number; number?: number | null },
  printerId: string,
): Promise<void> {
  try {
    await printShiftReportOn(report, printerId);
  } catch (error) {
    notifyError({
      title: 'Not Printed',
      message: serverMessage(error) ?? 'The report could not be sent to the printer. Please try again.',
    });
  }
}
