import {
  can,
  type PaperWidth,
  PRINTER_MESSAGES,
  type PrintJob,
  type Refund,
  receiptTookCash,
  type ShiftReport,
} from '@retail-hub/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../lib/errors';
import { signedInUser } from '../../lib/signed-in-user';
import { getRefund, xReport, zReportOfShift } from '../pos/index';
import { renderDrawerPulse, renderRefund, renderShiftReport, withPulse } from './escpos-render';
import { DRAWER_PULSE_MAX_AGE_MS } from './print-queue';
import { hasJobFor, openShiftOf, type PrinterRow, shiftTill } from './printers.repository';
import {
  checkPrinterStore,
  enqueue,
  type JobRequest,
  type PrinterDeps,
  printableBy,
  printerErrors,
  type RequestKey,
  replayed,
  tryEnqueue,
} from './printers.service';

/**
 * Issue #36 leftovers (docs/adr/0031): the REFUND receipt and its COPY, the X and Z reports on the
 * thermal printer, and the drawer kicked for every cash tender taken or paid out besides a sale: a
 * cash refund (its one pulse, with its REFUND receipt or alone on 'Skip') and the float counted at the
 * start of a shift. The rules are a sale's: the caller's own shift still open, a printer of its store,
 * once per refund or shift, and a pulse older than two minutes is not sent (the worker's rule).
 * The product has no payouts (cash taken out of the drawer without a sale), so nothing kicks for one.
 */
const errors = {
  refundNotFound: () => notFound('Refund', 'pos.refund_not_found'),
  shiftNotFound: () => notFound('Shift', 'pos.shift_not_found'),
  noDrawerForRefund: () => new AppError(409, 'printers.no_drawer_for_refund', PRINTER_MESSAGES.noDrawerForRefund),
  noDrawerForFloat: () => new AppError(409, 'printers.no_drawer_for_float', PRINTER_MESSAGES.noDrawerForFloat),
  noOpenShift: () => new AppError(409, 'printers.no_open_shift', PRINTER_MESSAGES.noOpenShift),
};

/** Cash was paid out on this refund (alone or as one of its tenders). */
export const refundPaidCash = (refund: Refund): boolean => receiptTookCash(refund);

const paper = (deps: PrinterDeps, printer: PrinterRow) => ({
  paperWidth: printer.paperWidth as PaperWidth,
  timeZone: deps.timeZone,
});

/**
 * POST /api/refunds/:id/print `{ printerId, copy?, drawerOnly? }`: the REFUND receipt. The first is
 * the original, with the drawer pulse when cash was paid out by the caller in their shift still open;
 * any later one, or `copy: true`, is a COPY without a pulse. `drawerOnly` ('Skip' at a till with a
 * printer) opens the drawer for a cash refund without paper, once.
 */
export async function printRefund(
  deps: PrinterDeps,
  request: FastifyRequest,
  refundId: string,
  body: { printerId: string; copy?: boolean | undefined; drawerOnly?: boolean | undefined },
  key: RequestKey,
): Promise<PrintJob> {
  const user = signedInUser(request);
  // The refund first: someone else's refund is "not found" to a cashier, as GET /api/refunds/:id.
  const refund = await getRefund(request, refundId);
  if (!refund || (refund.cashier.id !== user.id && !can(user.role, 'reports.view'))) throw errors.refundNotFound();
  const by: JobRequest = { userId: user.id, ...key };
  const again = await replayed(deps, by);
  if (again) return again;
  const printer = await printableBy(deps, body.printerId);
  const till = await shiftTill(deps.db, refund.shiftId, user.id);
  checkPrinterStore(printer, till?.storeId ?? null);
  const cashHere = till?.ownOpenShift === true && refundPaidCash(refund);
  const drawerOpened = await hasJobFor(deps.db, 'drawer', refund.id);
  if (body.drawerOnly === true) {
    if (!cashHere) throw errors.noDrawerForRefund();
    if (drawerOpened || (await hasJobFor(deps.db, 'refund', refund.id))) throw printerErrors.drawerAlreadyOpened();
    const job = await tryEnqueue(
      deps,
      printer,
      { kind: 'drawer', subjectId: refund.id, bytes: renderDrawerPulse() },
      by,
    );
    if (!job) throw printerErrors.drawerAlreadyOpened();
    return job;
  }
  const render = (copy: boolean) => {
    const bytes = renderRefund(refund, { ...paper(deps, printer), copy });
    return !copy && cashHere && !drawerOpened ? withPulse(bytes) : bytes;
  };
  if (body.copy !== true) {
    // One original per refund (`print_jobs_one_original_receipt`): a second ask, or two at once, is a COPY.
    const original = await tryEnqueue(
      deps,
      printer,
      { kind: 'refund', subjectId: refund.id, bytes: render(false) },
      by,
    );
    if (original) return original;
  }
  return enqueue(deps, printer, { kind: 'copy', subjectId: refund.id, bytes: render(true) }, by);
}

/** An X or Z report as one job on `printer` (the caller has checked the printer's store). */
function enqueueReport(deps: PrinterDeps, printer: PrinterRow, report: ShiftReport, by: JobRequest): Promise<PrintJob> {
  return enqueue(
    deps,
    printer,
    {
      kind: report.kind === 'Z' ? 'z_report' : 'x_report',
      subjectId: String(report.shiftId),
      bytes: renderShiftReport(report, paper(deps, printer)),
    },
    by,
  );
}

/** POST /api/shifts/current/x-report/print `{ printerId }`: the caller's open shift so far. */
export async function printXReport(
  deps: PrinterDeps,
  request: FastifyRequest,
  body: { printerId: string },
  key: RequestKey,
): Promise<PrintJob> {
  const user = signedInUser(request);
  const by: JobRequest = { userId: user.id, ...key };
  const again = await replayed(deps, by);
  if (again) return again;
  const report = await xReport(deps, user.id);
  const printer = await printableBy(deps, body.printerId);
  checkPrinterStore(printer, (await openShiftOf(deps.db, user.id))?.storeId ?? null);
  return enqueueReport(deps, printer, report, by);
}

/** POST /api/shifts/:id/z-report/print `{ printerId }`: the stored Z report (own shifts, or reports.view). */
export async function printZReport(
  deps: PrinterDeps,
  request: FastifyRequest,
  shiftIdText: string | number,
  body: { printerId: string },
  key: RequestKey,
): Promise<PrintJob> {
  const user = signedInUser(request);
  const shiftId = Number(shiftIdText);
  if (!/^\d{1,10}$/.test(String(shiftIdText)) || shiftId < 1 || shiftId > 2_147_483_647) throw errors.shiftNotFound();
  const report = await zReportOfShift(deps.db, shiftId, user);
  const by: JobRequest = { userId: user.id, ...key };
  const again = await replayed(deps, by);
  if (again) return again;
  const printer = await printableBy(deps, body.printerId);
  // A manager reprints any store's Z report on any printer; a cashier on a printer of the shift's store.
  const storeId = (await shiftTill(deps.db, shiftId, user.id))?.storeId ?? null;
  if (!can(user.role, 'printers.manage')) checkPrinterStore(printer, storeId);
  return enqueueReport(deps, printer, report, by);
}

/**
 * POST /api/shifts/current/drawer `{ printerId }`: the drawer opens for the float to be counted at
 * the start of the caller's shift: within two minutes of its start, once per shift, on a printer of
 * its store.
 */
export async function openDrawerForFloat(
  deps: PrinterDeps,
  request: FastifyRequest,
  body: { printerId: string },
  key: RequestKey,
): Promise<PrintJob> {
  const user = signedInUser(request);
  const by: JobRequest = { userId: user.id, ...key };
  const again = await replayed(deps, by);
  if (again) return again;
  const shift = await openShiftOf(deps.db, user.id);
  if (!shift) throw errors.noOpenShift();
  const printer = await printableBy(deps, body.printerId);
  checkPrinterStore(printer, shift.storeId);
  if (shift.ageMs > DRAWER_PULSE_MAX_AGE_MS) throw errors.noDrawerForFloat();
  const subjectId = `float:${shift.id}`;
  if (await hasJobFor(deps.db, 'drawer', subjectId)) throw printerErrors.drawerAlreadyOpened();
  const job = await tryEnqueue(deps, printer, { kind: 'drawer', subjectId, bytes: renderDrawerPulse() }, by);
  if (!job) throw printerErrors.drawerAlreadyOpened();
  return job;
}
