import { queryOptions } from '@tanstack/react-query';
import { apiDownloadText, buildUrl } from '@/lib/api-client';
import type { ReportRange } from './get-report-transactions';

export const VTPD_EXPORT_PATH = '/api/reports/vtpd.csv';

/** The VTPD CSV of a range as the server wrote it, and how many sales (rows after the header) it holds. */
export type VtpdExport = { csv: string; count: number };

/**
 * The records of a CSV text: line breaks outside quoted cells (a quoted note may hold a line break,
 * and a doubled quote inside a cell toggles twice, so it changes nothing). A last line without a
 * line break still counts.
 */
export function csvRecordCount(csv: string): number {
  let records = 0;
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv.charCodeAt(i);
    if (c === 34 /* " */) quoted = !quoted;
    else if (c === 10 /* \n */ && !quoted) records += 1;
  }
  return csv.length > 0 && !csv.endsWith('\n') ? records + 1 : records;
}

/**
 * GET /api/reports/vtpd.csv?startDate&endDate: every VTPD sale of the range, streamed by the server
 * (spec §9 columns). The count comes from the file itself, so the toast's N is exactly the number
 * of rows saved, even when a sale is recorded while the export runs.
 */
export async function fetchVtpdExport(range: ReportRange, signal?: AbortSignal): Promise<VtpdExport> {
  const csv = await apiDownloadText(buildUrl(VTPD_EXPORT_PATH, range), { accept: 'text/csv', signal });
  return { csv, count: Math.max(0, csvRecordCount(csv) - 1) };
}

/**
 * Read through the query client so a 401 signs the till out like any other read; never cached
 * (gcTime 0): a file can be large and every export must be fresh.
 */
export const vtpdExportQueryOptions = (range: ReportRange) =>
  queryOptions({
    queryKey: [VTPD_EXPORT_PATH, { startDate: range.startDate, endDate: range.endDate }] as const,
    queryFn: ({ signal }) => fetchVtpdExport(range, signal),
    staleTime: 0,
    gcTime: 0,
  });
