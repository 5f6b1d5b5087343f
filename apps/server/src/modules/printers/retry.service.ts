import { can, type PrintJob } from '@retail-hub/shared';
import type { FastifyRequest } from 'fastify';
import { signedInUser } from '../../lib/signed-in-user';
import { getRefund, saleReceipt } from '../pos/index';
import { printRefund, printXReport, printZReport } from './documents.service';
import { closeQueuedJob, findJob, makeDueNow, saleTill, shiftTill } from './printers.repository';
import {
  checkPrinterStore,
  type PrinterDeps,
  printableBy,
  printerErrors,
  printReceiptOn,
  printTestPage,
  type RequestKey,
  replayed,
  toJob,
} from './printers.service';

/**
 * Retry and Print elsewhere (issue #36 item 3). A job still waiting is tried again now, or moved to
 * `printerId`. A job whose outcome is unknown (or failed) is never sent again as it was: a receipt or
 * REFUND receipt prints as a COPY (no drawer pulse), anything else is rendered again for the printer
 * chosen. A job moved while waiting never left: it prints as it was meant to (original, with its pulse).
 */
export async function retryJob(
  deps: PrinterDeps,
  request: FastifyRequest,
  id: string,
  body: { printerId?: string | undefined },
  key: RequestKey,
): Promise<PrintJob> {
  const user = signedInUser(request);
  const by = { userId: user.id, ...key };
  const again = await replayed(deps, by);
  if (again) return again;
  const job = await findJob(deps.db, id);
  if (!job || (job.createdBy !== user.id && !can(user.role, 'reports.view'))) throw printerErrors.jobNotFound();
  const target = body.printerId && body.printerId !== job.printerId ? body.printerId : null;
  if (job.status === 'queued' && !target) {
    await makeDueNow(deps.db, id);
    deps.queue.kick();
    return toJob((await findJob(deps.db, id)) ?? job);
  }
  if (job.status !== 'queued' && job.status !== 'unknown' && job.status !== 'failed')
    throw printerErrors.notRetryable();
  // An Open Drawer was approved for one drawer; a pulse whose outcome is unknown is not kicked again
  // (someone looks at the drawer), and it is never moved to another printer's drawer.
  if (job.kind === 'drawer') throw target ? printerErrors.drawerNotMoved() : printerErrors.notRetryable();
  const printer = await printableBy(deps, target ?? job.printerId);
  const subjectId = job.subjectId;
  const refund =
    subjectId && (job.kind === 'refund' || job.kind === 'copy') ? await getRefund(request, subjectId) : null;
  if (refund) {
    // The store and the refund's rules are printRefund's, checked before the old job is closed.
    if (refund.cashier.id !== user.id && !can(user.role, 'reports.view')) throw printerErrors.jobNotFound();
    checkPrinterStore(printer, (await shiftTill(deps.db, refund.shiftId, user.id))?.storeId ?? null);
    const moved = job.status === 'queued' && (await closeQueuedJob(deps.db, id, `Moved to ${printer.name}`));
    const asOriginal = moved && job.kind === 'refund';
    return printRefund(deps, request, refund.id, { printerId: printer.id, copy: !asOriginal }, key);
  }
  if ((job.kind === 'receipt' || job.kind === 'copy') && subjectId) {
    // Refused before anything is closed: a receipt goes only to a printer of its sale's store.
    checkPrinterStore(printer, (await saleTill(deps.db, subjectId, user.id))?.storeId ?? null);
    const moved = job.status === 'queued' && (await closeQueuedJob(deps.db, id, `Moved to ${printer.name}`));
    const receipt = await saleReceipt(deps, subjectId, {
      userId: user.id,
      canViewReports: can(user.role, 'reports.view'),
    });
    return printReceiptOn(deps, printer, subjectId, receipt, !(moved && job.kind === 'receipt'), by);
  }
  if (job.status === 'queued') await closeQueuedJob(deps.db, id, `Moved to ${printer.name}`);
  if (job.kind === 'test') return printTestPage(deps, printer.id, by);
  if (job.kind === 'x_report') return printXReport(deps, request, { printerId: printer.id }, key);
  if (job.kind === 'z_report' && subjectId)
    return printZReport(deps, request, Number(subjectId), { printerId: printer.id }, key);
  throw printerErrors.notRetryable();
}
