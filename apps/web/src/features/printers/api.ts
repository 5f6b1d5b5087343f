import type { Printer, PrinterInput, PrinterPatch, PrintJob } from '@retail-hub/shared';
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

export async function printTestPage(printerId: string): Promise<PrintJob> {
  const res = await apiRequest('POST', `${PRINTERS_PATH}/${encodeURIComponent(printerId)}/test`);
  return trackJob((await res.json()) as PrintJob, 'Test page');
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
  const res = await apiRequest('POST', `/api/transactions/${encodeURIComponent(saleId)}/print`, {
    printerId,
    ...(copy ? { copy: true } : {}),
    ...(drawerOnly ? { drawerOnly: true } : {}),
  });
  return trackJob((await res.json()) as PrintJob, label || `Receipt #${saleId.slice(-6).toUpperCase()}`);
}

export async function retryPrintJob(jobId: string, printerId?: string): Promise<PrintJob> {
  const res = await apiRequest(
    'POST',
    `/api/print-jobs/${encodeURIComponent(jobId)}/retry`,
    printerId ? { printerId } : {},
  );
  return (await res.json()) as PrintJob;
}

export const printJobPath = (jobId: string) => `/api/print-jobs/${encodeURIComponent(jobId)}`;

export async function openDrawer(printerId: string, body: { reason: string; approverPin?: string }): Promise<PrintJob> {
  const res = await apiRequest('POST', `${PRINTERS_PATH}/${encodeURIComponent(printerId)}/drawer`, body);
  return trackJob((await res.json()) as PrintJob, 'Open drawer');
}
