import type { ShiftReport } from '@retail-hub/shared';
import { apiRequest } from '@/lib/api-client';

/** GET /api/shifts/current/x-report: the open shift's figures so far (issue #15 item 8). */
export async function fetchXReport(): Promise<ShiftReport> {
  return (await (await apiRequest('GET', '/api/shifts/current/x-report')).json()) as ShiftReport;
}

/** GET /api/shifts/:id/z-report: the stored Z report, exactly as written. */
export async function fetchZReport(shiftId: number): Promise<ShiftReport> {
  return (await (await apiRequest('GET', `/api/shifts/${shiftId}/z-report`)).json()) as ShiftReport;
}
