import { z } from 'zod';

/**
 * Issue #36 items 1–3 (docs/adr/0031): receipt printers, the cash drawer they kick, and print jobs.
 * 'network' printers (raw TCP, port 9100) are sent to by the server's worker; 'usb' and 'serial'
 * printers are plugged into a till and sent to by that till's browser (WebUSB / Web Serial), which
 * claims each job (`POST /api/print-jobs/:id/claim`) and reports how it went (`.../result`).
 */
export const PRINTER_CONNECTIONS = ['network', 'usb', 'serial'] as const;
export type PrinterConnection = (typeof PRINTER_CONNECTIONS)[number];
/** Who sends a printer's jobs (`Printer.sentBy`). */
export const PRINTER_SENDERS = ['server', 'terminal'] as const;
export type PrinterSender = (typeof PRINTER_SENDERS)[number];
export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
export const PRINT_JOB_KINDS = ['receipt', 'refund', 'copy', 'z_report', 'x_report', 'test', 'drawer'] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];
export const PRINT_JOB_STATUSES = ['queued', 'sending', 'printed', 'failed', 'unknown'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/** Characters per line of the printer's font A on each paper width. */
export const PAPER_COLUMNS: Record<PaperWidth, number> = { 58: 32, 80: 48 };

export const PRINTER_MESSAGES = {
  name: 'Printer name is required',
  host: 'A network printer needs a host name or IP address',
  notNetwork: 'A network printer needs a host name or IP address before it can print',
  sentByServer: 'The server sends the jobs of a network printer: a till cannot claim them',
  alreadyClaimed: 'This print job is being sent already (another tab or till took it)',
  notSending: 'This print job is not being sent: report a result only after claiming it',
  terminalNoPermission: 'This till has no permission for the printer: use Connect on this till',
  terminalNotConnected: 'The printer is not connected to this till (unplugged or switched off)',
  terminalUnsupported: 'This browser cannot print to USB or serial printers: use Chrome or Edge',
  terminalWriteFailed: 'The printer stopped answering while printing',
  notFound: 'Printer not found',
  jobNotFound: 'Print job not found',
  reason: 'A reason is required to open the drawer',
  retryOnlyUnknownOrFailed: 'Only a failed job or one whose outcome is unknown can be retried',
  otherStore: 'This printer belongs to another store',
  noDrawerForSale: 'Only a cash sale of your shift still open opens the drawer',
  drawerAlreadyOpened: 'This sale has opened the drawer already',
  drawerNotMoved: 'An Open Drawer is not moved to another printer: open that drawer with its own reason',
  tooOldForDrawer: 'Too old to open the drawer unattended: not sent',
  port: 'Printer port must be between 9100 and 9109 (raw printing)',
  hostNotAllowed: 'This address cannot be a printer (loopback, link-local or reserved)',
  sendUnreachable: 'Printer unreachable',
  sendRefused: 'Printer refused the connection',
  sendTimedOut: 'Printer did not answer (timed out)',
  stoppedWhilePrinting: 'The printer stopped answering while printing',
  paperOut: 'Printer out of paper',
  noDrawerForRefund: 'Only a cash refund of your shift still open opens the drawer',
  noDrawerForFloat: 'The drawer opens for the float count only just after your shift starts',
  noOpenShift: 'Start a shift first',
  differentRequest: 'This Idempotency-Key was already used for a different print request',
} as const;

/**
 * The ports a network printer may have (raw TCP printing: 9100, and 9101–9109 on print servers with
 * several ports). LPD (515) and IPP (631) do not take raw ESC/POS, so they are not printers' ports
 * here. The server enforces it (apps/server printer-address.ts), with loopback test printers excepted.
 */
export const PRINTER_PORT_RANGE = { min: 9100, max: 9109 } as const;

const hostSchema = z
  .string()
  .trim()
  .max(255)
  .regex(/^[A-Za-z0-9.:_-]+$/, { error: 'Host may contain only letters, digits, dots, colons, dashes' });

const printerFields = {
  name: z.string().trim().min(1, { error: PRINTER_MESSAGES.name }).max(100),
  connection: z.enum(PRINTER_CONNECTIONS),
  host: hostSchema.nullish(),
  port: z.number().int().min(1).max(65535).optional(),
  paperWidth: z.union([z.literal(58), z.literal(80)]),
  storeId: z.uuid().nullish(),
};

export const printerInputSchema = z
  .object(printerFields)
  .refine((p) => p.connection !== 'network' || !!p.host, { error: PRINTER_MESSAGES.host, path: ['host'] });
export type PrinterInput = z.input<typeof printerInputSchema>;

export const printerPatchSchema = z.object({
  name: printerFields.name.optional(),
  connection: printerFields.connection.optional(),
  host: printerFields.host,
  port: printerFields.port,
  paperWidth: printerFields.paperWidth.optional(),
  storeId: printerFields.storeId,
});
export type PrinterPatch = z.input<typeof printerPatchSchema>;

export const printerSchema = z.object({
  id: z.string(),
  name: z.string(),
  connection: z.enum(PRINTER_CONNECTIONS),
  host: z.string().nullable(),
  port: z.number().int(),
  paperWidth: z.number().int(),
  storeId: z.string().nullable(),
  /** Whether the server sends its jobs (a network printer with a host). */
  serverPrintable: z.boolean(),
  /**
   * Who sends its jobs: 'server' (the print worker, network printers) or 'terminal' (the browser of
   * the till it is plugged into, usb/serial printers, through WebUSB / Web Serial).
   */
  sentBy: z.enum(PRINTER_SENDERS),
});
export type Printer = z.infer<typeof printerSchema>;

export const printJobSchema = z.object({
  id: z.string(),
  printerId: z.string(),
  kind: z.enum(PRINT_JOB_KINDS),
  subjectId: z.string().nullable(),
  status: z.enum(PRINT_JOB_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  printedAt: z.string().nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

export const printRequestSchema = z.object({
  printerId: z.uuid(),
  copy: z.boolean().optional(),
  /** 'Skip' on a cash sale: the drawer opens (the sale's one pulse) and no paper is printed. */
  drawerOnly: z.boolean().optional(),
});
export const drawerRequestSchema = z.object({
  reason: z.string().trim().min(1, { error: PRINTER_MESSAGES.reason }).max(200),
  approverPin: z.string().nullish(),
});
/** POST /api/refunds/:id/print: the REFUND receipt (the refund's one pulse when cash was paid out). */
export const refundPrintRequestSchema = printRequestSchema;
/** POST /api/shifts/current/x-report/print, /api/shifts/:id/z-report/print, /api/shifts/current/drawer. */
export const onPrinterSchema = z.object({ printerId: z.uuid() });
export const retryJobSchema = z.object({ printerId: z.uuid().optional() });
/**
 * POST /api/print-jobs/:id/claim (a usb/serial printer's job, sent by the till): the job, now
 * 'sending', and the bytes to write (base64; the drawer pulse already taken out when it waited too long).
 */
export const claimedJobSchema = z.object({ job: printJobSchema, payload: z.string() });
export type ClaimedJob = z.infer<typeof claimedJobSchema>;
/**
 * Why a till could not send a job, in coarse words (never the browser's own text): no permission
 * for the port, not connected, a browser without WebUSB/Web Serial, a write that failed part-way.
 */
export const TERMINAL_SEND_ERRORS = ['no_permission', 'not_connected', 'unsupported', 'write_failed'] as const;
export type TerminalSendError = (typeof TERMINAL_SEND_ERRORS)[number];
export const TERMINAL_SEND_ERROR_MESSAGES: Record<TerminalSendError, string> = {
  no_permission: PRINTER_MESSAGES.terminalNoPermission,
  not_connected: PRINTER_MESSAGES.terminalNotConnected,
  unsupported: PRINTER_MESSAGES.terminalUnsupported,
  write_failed: PRINTER_MESSAGES.terminalWriteFailed,
};
/**
 * POST /api/print-jobs/:id/result, from 'sending' only: 'printed'; 'not_sent' (no byte left the
 * browser: back to 'queued' with the error shown); 'unknown' (the write failed part-way: never sent
 * again by itself, a person retries, which prints a COPY).
 */
export const terminalResultSchema = z.object({
  outcome: z.enum(['printed', 'not_sent', 'unknown']),
  error: z.enum(TERMINAL_SEND_ERRORS).optional(),
});
export type TerminalResult = z.infer<typeof terminalResultSchema>;
export const terminalPrinterSchema = z.object({ printerId: z.uuid().nullable() });

/** Was cash taken on this sale (a cash tender, alone or in a split)? Only then is the drawer kicked. */
export function receiptTookCash(receipt: {
  paymentMethod: string;
  payments?: ReadonlyArray<{ method: string }> | undefined;
}): boolean {
  if (receipt.payments && receipt.payments.length > 0) return receipt.payments.some((p) => p.method === 'cash');
  return receipt.paymentMethod === 'cash';
}
