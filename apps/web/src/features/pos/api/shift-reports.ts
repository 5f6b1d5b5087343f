import type { ShiftReport } from '@retail-hub/shared';
import { apiRequest } from '@/lib/api-client';

/** spec §7: the day's sales as CSV, the shift bar's export link target (a download, not a fetch). */
export const DAILY_CSV_URL = '/api/reports/daily.csv';

/** issue #5: the shift's sales as CSV, one row per sale (the server streams it); a download link. */
export function shiftCsvUrl(shiftId: number): string {
  return `/api/shifts/${shiftId}/transactions.csv`;
}

/** GET /api/shifts/current/x-report: the open shift's figures so far (issue #15 item 8). */
export async function fetchXReport(): Promise<ShiftReport> {
  return (await (await apiRequest('GET', '/api/shifts/current/x-report')).json()) as ShiftReport;
}

/** GET /api/shifts/:id/z-report: the stored Z report, exactly as written. */
export async function fetchZReport(shiftId: number): Promise<ShiftReport> {
  return (await (await apiRequest('GET', `/api/shifts/${shiftId}/z-report`)).json()) as ShiftReport;
}
