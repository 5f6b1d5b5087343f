import type { ShiftReport } from '@retail-hub/shared';
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
