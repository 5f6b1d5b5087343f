import {
  can,
  type PaperWidth,
  PRINTER_MESSAGES,
  type Printer,
  type PrinterInput,
  type PrinterPatch,
  type PrintJob,
  type PrintJobKind,
  type Receipt,
  receiptTookCash,
} from '@retail-hub/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { signedInUser } from '../../lib/signed-in-user';
import type { AuthUser } from '../../types';
import { recordActivity, requestFacts } from '../activity/index';
import { approvalFor } from '../auth/index';
import type { EventBus } from '../events/index';
import { saleReceipt } from '../pos/index';
import { checkStoreExists } from '../retail-stores/index';
import { renderDrawerPulse, renderReceipt, renderTestPage, withPulse } from './escpos-render';
import type { PrintQueue } from './print-queue';
import { type PrinterAddressPolicy, printerTargetProblems } from './printer-address';
import {
  findJob,
  findJobByKey,
  findPrinter,
  hasReceiptJob,
  hasSaleDrawerJob,
  insertJob,
  insertPrinter,
  listPrinterRows,
  openShiftStore,
  type PrinterRow,
  type PrintJobRow,
  saleTill,
  setTerminalPrinter,
  terminalPrinterId,
  updatePrinter,
} from './printers.repository';

export type PrinterDeps = {
  db: Db;
  timeZone: string;
  queue: PrintQueue;
  policy: PrinterAddressPolicy;
  events: EventBus;
};

export const printerErrors = {
  notFound: () => notFound('Printer', 'printers.not_found'),
  jobNotFound: () => notFound('Print job', 'printers.job_not_found'),
  notNetwork: () =>
    badRequest('printers.not_network', PRINTER_MESSAGES.notNetwork, { printerId: PRINTER_MESSAGES.notNetwork }),
  notRetryable: () => new AppError(409, 'printers.not_retryable', PRINTER_MESSAGES.retryOnlyUnknownOrFailed),
  otherStore: () => new AppError(403, 'printers.other_store', PRINTER_MESSAGES.otherStore),
  drawerNotMoved: () => new AppError(409, 'printers.drawer_not_moved', PRINTER_MESSAGES.drawerNotMoved),
  noDrawerForSale: () => new AppError(409, 'printers.no_drawer_for_sale', PRINTER_MESSAGES.noDrawerForSale),
  drawerAlreadyOpened: () => new AppError(409, 'printers.drawer_already_opened', PRINTER_MESSAGES.drawerAlreadyOpened),
  sentByServer: () => new AppError(409, 'printers.sent_by_server', PRINTER_MESSAGES.sentByServer),
  alreadyClaimed: () => new AppError(409, 'printers.already_claimed', PRINTER_MESSAGES.alreadyClaimed),
  notSending: () => new AppError(409, 'printers.not_sending', PRINTER_MESSAGES.notSending),
  tooOldForDrawer: () => new AppError(409, 'printers.too_old_for_drawer', PRINTER_MESSAGES.tooOldForDrawer),
  differentRequest: () => new AppError(409, 'printers.idempotency_mismatch', PRINTER_MESSAGES.differentRequest),
};

/** A printer of one store prints only that store's sales and opens only for its own tills. */
export function checkPrinterStore(printer: PrinterRow, storeId: string | null): void {
  if (printer.storeId && printer.storeId !== storeId) throw printerErrors.otherStore();
}

export function toPrinter(row: PrinterRow): Printer {
  return {
    id: row.id,
    name: row.name,
    connection: row.connection as Printer['connection'],
    host: row.host,
    port: row.port,
    paperWidth: row.paperWidth,
    storeId: row.storeId,
    serverPrintable: row.connection === 'network' && !!row.host,
    sentBy: row.connection === 'network' ? 'server' : 'terminal',
  };
}

export function toJob(row: PrintJobRow): PrintJob {
  return {
    id: row.id,
    printerId: row.printerId,
    kind: row.kind as PrintJob['kind'],
    subjectId: row.subjectId,
    status: row.status as PrintJob['status'],
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    printedAt: row.printedAt?.toISOString() ?? null,
  };
}

export async function listPrinters(deps: PrinterDeps): Promise<Printer[]> {
  return (await listPrinterRows(deps.db)).map(toPrinter);
}

/** A network printer's host and port are a printer's (printer-address.ts), else 400 with the fields. */
async function checkTarget(deps: PrinterDeps, connection: string, host: string | null, port: number): Promise<void> {
  if (connection !== 'network' || !host) return;
  const problems = await printerTargetProblems(host, port, deps.policy);
  if (problems) throw badRequest('validation_error', Object.values(problems).join('; '), problems);
}

export async function addPrinter(deps: PrinterDeps, input: PrinterInput): Promise<Printer> {
  if (input.storeId) await checkStoreExists(deps.db, input.storeId);
  const host = input.host?.trim() || null;
  const port = input.port ?? 9100;
  await checkTarget(deps, input.connection, host, port);
  const row = await insertPrinter(deps.db, {
    name: input.name.trim(),
    connection: input.connection,
    host,
    port,
    paperWidth: input.paperWidth,
    storeId: input.storeId ?? null,
  });
  // The worker of this instance starts looking for jobs now (the others within their idle check).
  deps.queue.kick();
  return toPrinter(row);
}

export async function editPrinter(deps: PrinterDeps, id: string, patch: PrinterPatch): Promise<Printer> {
  const current = await findPrinter(deps.db, id);
  if (!current) throw printerErrors.notFound();
  if (patch.storeId) await checkStoreExists(deps.db, patch.storeId);
  const next = {
    ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
    ...(patch.connection !== undefined ? { connection: patch.connection } : {}),
    ...(patch.host !== undefined ? { host: patch.host?.trim() || null } : {}),
    ...(patch.port !== undefined ? { port: patch.port } : {}),
    ...(patch.paperWidth !== undefined ? { paperWidth: patch.paperWidth } : {}),
    ...(patch.storeId !== undefined ? { storeId: patch.storeId ?? null } : {}),
  };
  if (Object.keys(next).length === 0) return toPrinter(current);
  const connection = next.connection ?? current.connection;
  const host = next.host !== undefined ? next.host : current.host;
  if (connection === 'network' && !host) {
    throw badRequest('validation_error', PRINTER_MESSAGES.host, { host: PRINTER_MESSAGES.host });
  }
  if (next.host !== undefined || next.port !== undefined || next.connection !== undefined)
    await checkTarget(deps, connection, host, next.port ?? current.port);
  const row = await updatePrinter(deps.db, id, next);
  if (!row) throw printerErrors.notFound();
  return toPrinter(row);
}

/**
 * A printer jobs can be queued for, or 404 / 400: a network printer with a host (the server sends)
 * or a usb/serial printer (the till it is plugged into claims and sends the job, docs/adr/0031 §10).
 */
export async function printableBy(deps: PrinterDeps, printerId: string): Promise<PrinterRow> {
  const printer = await findPrinter(deps.db, printerId);
  if (!printer) throw printerErrors.notFound();
  if (printer.connection === 'network' && !printer.host) throw printerErrors.notNetwork();
  return printer;
}

/** A request's Idempotency-Key and the hash of what it asked (printers.routes.ts `requestKey`). */
export type RequestKey = { idempotencyKey: string | null; requestHash: string | null };
export type JobRequest = { userId: string } & RequestKey;

/**
 * The job a request with this Idempotency-Key made already, when it is the same request (its answer
 * again, nothing done twice: no second approval, activity or pulse); the same key with another
 * request is 409, as a sale's is. Null: a new request.
 */
export async function replayed(deps: PrinterDeps, by: JobRequest): Promise<PrintJob | null> {
  if (!by.idempotencyKey) return null;
  const row = await findJobByKey(deps.db, by.userId, by.idempotencyKey);
  if (!row) return null;
  checkSameRequest(row, by);
  return toJob(row);
}

function checkSameRequest(row: PrintJobRow, by: JobRequest): void {
  if (row.idempotencyKey && row.idempotencyKey === by.idempotencyKey && row.requestHash !== by.requestHash)
    throw printerErrors.differentRequest();
}

/** Null only when an original receipt of the sale exists already (the caller prints a COPY). */
export async function tryEnqueue(
  deps: PrinterDeps,
  printer: PrinterRow,
  job: { kind: PrintJobKind; subjectId: string | null; bytes: Uint8Array },
  by: JobRequest,
): Promise<PrintJob | null> {
  const row = await insertJob(deps.db, {
    printerId: printer.id,
    kind: job.kind,
    subjectId: job.subjectId,
    payload: Buffer.from(job.bytes).toString('base64'),
    createdBy: by.userId,
    idempotencyKey: by.idempotencyKey,
    requestHash: by.requestHash,
  });
  if (!row) return null;
  // Two requests with one key at the same moment: the second gets the first's job, if it is the same.
  checkSameRequest(row, by);
  deps.queue.kick();
  return toJob(row);
}

export async function enqueue(
  deps: PrinterDeps,
  printer: PrinterRow,
  job: { kind: PrintJobKind; subjectId: string | null; bytes: Uint8Array },
  by: JobRequest,
): Promise<PrintJob> {
  const queued = await tryEnqueue(deps, printer, job, by);
  if (!queued) throw new Error('print job insert returned nothing');
  return queued;
}

export async function printTestPage(deps: PrinterDeps, printerId: string, by: JobRequest): Promise<PrintJob> {
  const again = await replayed(deps, by);
  if (again) return again;
  const printer = await printableBy(deps, printerId);
  const bytes = renderTestPage(printer.name, { paperWidth: printer.paperWidth as PaperWidth, timeZone: deps.timeZone });
  return enqueue(deps, printer, { kind: 'test', subjectId: null, bytes }, by);
}

/** Was cash taken on this sale? The rule is packages/shared's (the till's Skip asks the same). */
export const tookCash = (receipt: Receipt): boolean => receiptTookCash(receipt);

/**
 * POST /api/transactions/:id/print: the sale's receipt. The first receipt of a sale is the original
 * (with the drawer pulse when cash was taken); any later one, or `copy: true`, is a COPY without a
 * pulse: the drawer is kicked once per cash sale.
 */
export async function printSaleReceipt(
  deps: PrinterDeps,
  request: FastifyRequest,
  saleId: string,
  body: { printerId: string; copy?: boolean | undefined; drawerOnly?: boolean | undefined },
  key: RequestKey,
): Promise<PrintJob> {
  const user = signedInUser(request);
  // The sale first: another cashier's sale is "not found", whatever printer was named.
  const receipt = await saleReceipt(deps, saleId, { userId: user.id, canViewReports: can(user.role, 'reports.view') });
  const by = { userId: user.id, ...key };
  const again = await replayed(deps, by);
  if (again) return again;
  const printer = await printableBy(deps, body.printerId);
  if (body.drawerOnly === true) return kickDrawerForSale(deps, printer, saleId, receipt, by);
  const copy = body.copy === true || (await hasReceiptJob(deps.db, saleId));
  return printReceiptOn(deps, printer, saleId, receipt, copy, by);
}

/**
 * 'Skip' on a cash sale at a till with a receipt printer: the drawer opens (the sale's one pulse)
 * and no paper is printed. Only the seller, in their shift still open; once per sale.
 */
async function kickDrawerForSale(
  deps: PrinterDeps,
  printer: PrinterRow,
  saleId: string,
  receipt: Receipt,
  by: JobRequest,
): Promise<PrintJob> {
  const till = await saleTill(deps.db, saleId, by.userId);
  checkPrinterStore(printer, till?.storeId ?? null);
  if (!till?.ownOpenShift || !tookCash(receipt)) throw printerErrors.noDrawerForSale();
  if ((await hasReceiptJob(deps.db, saleId)) || (await hasSaleDrawerJob(deps.db, saleId)))
    throw printerErrors.drawerAlreadyOpened();
  // Two Skips at once: `print_jobs_one_drawer_per_subject` lets one pulse through.
  const job = await tryEnqueue(deps, printer, { kind: 'drawer', subjectId: saleId, bytes: renderDrawerPulse() }, by);
  if (!job) throw printerErrors.drawerAlreadyOpened();
  return job;
}

/**
 * The receipt of a sale on a printer of its store. The original kicks the drawer only when cash was
 * taken and the sale is the caller's own, in their shift still open: a cashier can't open a drawer
 * later by printing an old cash sale's receipt.
 */
export async function printReceiptOn(
  deps: PrinterDeps,
  printer: PrinterRow,
  saleId: string,
  receipt: Receipt,
  copy: boolean,
  by: JobRequest,
): Promise<PrintJob> {
  const till = await saleTill(deps.db, saleId, by.userId);
  checkPrinterStore(printer, till?.storeId ?? null);
  // One pulse per cash sale: none when 'Skip' has opened the drawer already.
  const pulse = till?.ownOpenShift === true && tookCash(receipt) && !(await hasSaleDrawerJob(deps.db, saleId));
  const number = saleId.slice(-6).toUpperCase();
  const render = (asCopy: boolean) => {
    const rendered = renderReceipt(receipt, {
      number,
      copy: asCopy,
      paperWidth: printer.paperWidth as PaperWidth,
      timeZone: deps.timeZone,
    });
    return !asCopy && pulse ? withPulse(rendered) : rendered;
  };
  if (!copy) {
    // Two tills asking at once: the unique index lets one original through; the other is a COPY.
    const original = await tryEnqueue(deps, printer, { kind: 'receipt', subjectId: saleId, bytes: render(false) }, by);
    if (original) return original;
  }
  return enqueue(deps, printer, { kind: 'copy', subjectId: saleId, bytes: render(true) }, by);
}

/**
 * 'Open drawer' without a sale (issue #36 item 2): a manager opens it; anyone else needs a manager's
 * PIN (the approval of refunds and voids). Recorded as 'drawer_opened' with the reason.
 */
export async function openDrawer(
  deps: PrinterDeps,
  request: FastifyRequest,
  printerId: string,
  body: { reason: string; approverPin?: string | null | undefined },
  key: RequestKey,
): Promise<PrintJob> {
  const user = signedInUser(request);
  const by = { userId: user.id, ...key };
  const again = await replayed(deps, by);
  if (again) return again;
  const printer = await printableBy(deps, printerId);
  // A store's drawer opens for its own tills; a manager (who sets printers up) may open any.
  if (!can(user.role, 'printers.manage')) checkPrinterStore(printer, await openShiftStore(deps.db, user.id));
  const reason = body.reason.trim();
  const { approver } = await approvalFor(request, user, body.approverPin, {
    action: 'open_drawer',
    details: { reason, printerId },
  });
  const job = await enqueue(deps, printer, { kind: 'drawer', subjectId: null, bytes: renderDrawerPulse() }, by);
  await recordActivity(deps.db, {
    userId: user.id,
    activityType: 'drawer_opened',
    ...requestFacts(request),
    details: {
      reason,
      printerId,
      printerName: printer.name,
      jobId: job.id,
      ...(approver ? { approverId: approver.id } : {}),
    },
  });
  return job;
}

/** A job as its maker reads it (a manager reads any): anyone else's is "not found". */
export async function printJob(deps: PrinterDeps, reader: AuthUser, id: string): Promise<PrintJob> {
  const row = await findJob(deps.db, id);
  if (!row || (row.createdBy !== reader.id && !can(reader.role, 'reports.view'))) throw printerErrors.jobNotFound();
  return toJob(row);
}

export async function terminalPrinter(deps: PrinterDeps, terminalId: string): Promise<{ printerId: string | null }> {
  return { printerId: await terminalPrinterId(deps.db, terminalId) };
}

export async function bindTerminalPrinter(
  deps: PrinterDeps,
  terminalId: string,
  printerId: string | null,
): Promise<{ printerId: string | null }> {
  if (printerId && !(await findPrinter(deps.db, printerId))) throw printerErrors.notFound();
  await setTerminalPrinter(deps.db, terminalId, printerId);
  return { printerId };
}
