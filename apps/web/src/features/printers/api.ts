import type { ClaimedJob, Printer, PrinterInput, PrinterPatch, PrintJob, TerminalResult } from '@retail-hub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { trackJob } from './jobs-store';

/** Issue #36 (docs/adr/0031): receipt printers, print jobs and the cash drawer. */
export const PRINTERS_PATH = '/api/printers';

export function usePrinters(options: { enabled?: boolean } = {}) {
  return useQuery<Printer[]>({ queryKey: [PRINTERS_PATH], staleTime: 60_000, ...options });
}

export function useSavePrinter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: PrinterInput | PrinterPatch }) => {
      const res = id
        ? await apiRequest('PATCH', `${PRINTERS_PATH}/${encodeURIComponent(id)}`, body)
        : await apiRequest('POST', PRINTERS_PATH, body);
      return (await res.json()) as Printer;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [PRINTERS_PATH] }),
  });
}

/**
 * A print or drawer request with its own Idempotency-Key (docs/adr/0031): sent again once with the
 * same key when the answer was lost (the network failed, not the server), so the server answers the
 * job it made instead of printing twice or kicking the drawer twice.
 */
async function postJob(url: string, body?: unknown): Promise<PrintJob> {
  const headers = { 'Idempotency-Key': crypto.randomUUID() };
  let res: Response;
  try {
    res = await apiRequest('POST', url, body, { headers });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    res = await apiRequest('POST', url, body, { headers });
  }
  return (await res.json()) as PrintJob;
}

export async function printTestPage(printerId: string): Promise<PrintJob> {
  return trackJob(await postJob(`${PRINTERS_PATH}/${encodeURIComponent(printerId)}/test`), 'Test page');
}

const terminalPrinterPath = (terminalId: string) => `/api/terminals/${encodeURIComponent(terminalId)}/printer`;

export function useTerminalPrinterId(terminalId: string | null) {
  return useQuery<{ printerId: string | null }>({
    queryKey: [terminalPrinterPath(terminalId ?? '')],
    enabled: Boolean(terminalId),
    staleTime: 60_000,
  });
}

export function useBindTerminalPrinter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ terminalId, printerId }: { terminalId: string; printerId: string | null }) => {
      const res = await apiRequest('PUT', terminalPrinterPath(terminalId), { printerId });
      return { terminalId, ...((await res.json()) as { printerId: string | null }) };
    },
    onSuccess: (data) =>
      queryClient.setQueryData([terminalPrinterPath(data.terminalId)], { printerId: data.printerId }),
  });
}

/** POST /api/transactions/:id/print: the receipt on a printer; the job is followed on the till. */
export async function printSaleOn(
  saleId: string,
  printerId: string,
  { copy = false, drawerOnly = false, label = '' } = {},
): Promise<PrintJob> {
  const job = await postJob(`/api/transactions/${encodeURIComponent(saleId)}/print`, {
    printerId,
    ...(copy ? { copy: true } : {}),
    ...(drawerOnly ? { drawerOnly: true } : {}),
  });
  return trackJob(job, label || `Receipt #${saleId.slice(-6).toUpperCase()}`);
}

/**
 * POST /api/refunds/:id/print: the REFUND receipt on a printer (its drawer pulse when cash was paid
 * out, the first time); `copy` for a reprint.
 */
export async function printRefundOn(
  refund: { id: string; number: string },
  printerId: string,
  { copy = false } = {},
): Promise<PrintJob> {
  const job = await postJob(`/api/refunds/${encodeURIComponent(refund.id)}/print`, {
    printerId,
    ...(copy ? { copy: true } : {}),
  });
  return trackJob(job, `Refund #${refund.number}${job.kind === 'copy' ? ' (COPY)' : ''}`);
}

/** The X report of the caller's open shift, or a closed shift's Z report, on a printer. */
export async function printShiftReportOn(
  report: { kind: 'X' } | { kind: 'Z'; shiftId: number; number?: number | null },
  printerId: string,
): Promise<PrintJob> {
  const url =
    report.kind === 'X'
      ? '/api/shifts/current/x-report/print'
      : `/api/shifts/${encodeURIComponent(report.shiftId)}/z-report/print`;
  const job = await postJob(url, { printerId });
  return trackJob(job, report.kind === 'X' ? 'X Report' : `Z Report${report.number ? ` #${report.number}` : ''}`);
}

/** The drawer opens for the float count just after a shift starts (once per shift, docs/adr/0031). */
export async function openDrawerForFloat(printerId: string): Promise<PrintJob> {
  return trackJob(await postJob('/api/shifts/current/drawer', { printerId }), 'Cash drawer (float count)');
}

export async function retryPrintJob(jobId: string, printerId?: string): Promise<PrintJob> {
  return postJob(`/api/print-jobs/${encodeURIComponent(jobId)}/retry`, printerId ? { printerId } : {});
}

export const printJobPath = (jobId: string) => `/api/print-jobs/${encodeURIComponent(jobId)}`;

export async function openDrawer(printerId: string, body: { reason: string; approverPin?: string }): Promise<PrintJob> {
  return trackJob(await postJob(`${PRINTERS_PATH}/${encodeURIComponent(printerId)}/drawer`, body), 'Open drawer');
}

/**
 * A usb/serial printer's job, sent by this till (docs/adr/0031 §10): claimed once (409 when another
 * tab or till has it), then the outcome of the write reported.
 */
export async function claimPrintJob(jobId: string): Promise<ClaimedJob> {
  const res = await apiRequest('POST', `${printJobPath(jobId)}/claim`);
  return (await res.json()) as ClaimedJob;
}

export async function reportPrintJob(jobId: string, result: TerminalResult): Promise<PrintJob> {
  const res = await apiRequest('POST', `${printJobPath(jobId)}/result`, result);
  return (await res.json()) as PrintJob;
}
