import {
  type ClaimedJob,
  can,
  PRINTER_MESSAGES,
  type PrintJob,
  TERMINAL_SEND_ERROR_MESSAGES,
  type TerminalResult,
} from '@retail-hub/shared';
import type { AuthUser } from '../../types';
import { withoutPulse } from './escpos-render';
import { pulseTooOld } from './print-queue';
import { claimTerminalJob, findJob, findPrinter, finishTerminalJob, openShiftStore } from './printers.repository';
import { checkPrinterStore, type PrinterDeps, printerErrors, toJob } from './printers.service';

/**
 * Issue #36 item 1, printers plugged into the till (docs/adr/0031 §10): a usb/serial printer's job is
 * queued like a network printer's (same rendering, pulse and once-only rules) but the server never
 * sends it: the till's browser claims it, writes the bytes through WebUSB / Web Serial and reports
 * how it went. Print once holds as for the worker: a job is claimed by one conditional UPDATE, and a
 * write that failed part-way is 'unknown', never sent again by itself.
 */

/** The job and its printer as the caller may send it: their own job (a manager any), a till's printer of their store. */
async function terminalJobFor(deps: PrinterDeps, user: AuthUser, id: string) {
  const job = await findJob(deps.db, id);
  if (!job || (job.createdBy !== user.id && !can(user.role, 'reports.view'))) throw printerErrors.jobNotFound();
  const printer = await findPrinter(deps.db, job.printerId);
  if (!printer) throw printerErrors.notFound();
  if (printer.connection === 'network') throw printerErrors.sentByServer();
  // A store's printer is sent to by its own tills; a manager (who sets printers up) by any.
  if (!can(user.role, 'printers.manage')) checkPrinterStore(printer, await openShiftStore(deps.db, user.id));
  return job;
}

/**
 * POST /api/print-jobs/:id/claim: the job, now 'sending', and its bytes. A drawer pulse that waited
 * more than two minutes is taken out of a receipt; an Open Drawer that old is failed, not sent (the
 * worker's rule). Two tabs claiming one job: one gets it, the other 409 `printers.already_claimed`.
 */
export async function claimJob(deps: PrinterDeps, user: AuthUser, id: string): Promise<ClaimedJob> {
  await terminalJobFor(deps, user, id);
  const claimed = await claimTerminalJob(deps.db, id);
  if (!claimed) throw printerErrors.alreadyClaimed();
  const late = pulseTooOld(claimed.createdAt);
  if (late && claimed.kind === 'drawer') {
    await finishTerminalJob(deps.db, id, { status: 'failed', error: PRINTER_MESSAGES.tooOldForDrawer });
    throw printerErrors.tooOldForDrawer();
  }
  const bytes = Buffer.from(claimed.payload, 'base64');
  const payload = late ? Buffer.from(withoutPulse(bytes)).toString('base64') : claimed.payload;
  return { job: toJob(claimed), payload };
}

/**
 * POST /api/print-jobs/:id/result, from 'sending' only (409 `printers.not_sending` otherwise):
 * printed; not_sent (nothing left the browser) back to 'queued' with the reason shown; unknown (the
 * write failed part-way) for a person to Retry, which prints a COPY.
 */
export async function reportJobResult(
  deps: PrinterDeps,
  user: AuthUser,
  id: string,
  result: TerminalResult,
): Promise<PrintJob> {
  await terminalJobFor(deps, user, id);
  const finished =
    result.outcome === 'printed'
      ? await finishTerminalJob(deps.db, id, { status: 'printed' })
      : result.outcome === 'not_sent'
        ? await finishTerminalJob(deps.db, id, {
            status: 'queued',
            error: TERMINAL_SEND_ERROR_MESSAGES[result.error ?? 'not_connected'],
          })
        : await finishTerminalJob(deps.db, id, {
            status: 'unknown',
            error: TERMINAL_SEND_ERROR_MESSAGES[result.error ?? 'write_failed'],
          });
  if (!finished) throw printerErrors.notSending();
  return toJob(finished);
}
