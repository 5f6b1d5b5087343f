import type { PrintJob, TerminalResult } from '@retail-hub/shared';
import { claimPrintJob, reportPrintJob } from './api';
import { subscribeJobs, trackedJobs, updateTrackedJob } from './jobs-store';
import {
  connectPort,
  forgetPorts,
  grantedPort,
  type NavigatorLike,
  PortError,
  supportsConnection,
  type TerminalPort,
  type TillConnection,
} from './terminal-port';

/**
 * Issue #36 item 1 (docs/adr/0031 §10): this till sends the jobs of the printer plugged into it. A job
 * the till follows (jobs-store) for such a printer is claimed once on the server, its bytes written
 * through Web Serial / WebUSB, and the outcome reported: printed; not sent (nothing left the browser:
 * it waits, with Retry); or unknown (the write failed part-way: Retry prints a COPY).
 */
export type TillPrinter = { id: string; connection: TillConnection };

const tillPrinters = new Map<string, TillPrinter>();
/** Jobs sent (or tried) by themselves once; after that only Retry sends them. */
const tried = new Set<string>();
const inFlight = new Set<string>();
let unsubscribe: (() => void) | null = null;

/** A usb/serial printer of this till: its new jobs are sent from this page. */
export function registerTillPrinter(printer: TillPrinter): void {
  tillPrinters.set(printer.id, printer);
  if (!unsubscribe) unsubscribe = subscribeJobs(sendNewJobs);
  sendNewJobs();
}

export function isTillPrinter(printerId: string): boolean {
  return tillPrinters.has(printerId);
}

function sendNewJobs(): void {
  for (const { id, job } of trackedJobs()) {
    if (job.status !== 'queued' || job.attempts !== 0 || tried.has(id) || !tillPrinters.has(job.printerId)) continue;
    tried.add(id);
    void sendFromThisTill(job);
  }
}

function bytesOf(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Claims, writes and reports one job. `gesture`: called from a click (Retry), so the browser may ask
 * for the port when this till has none yet. Null when the job was not this till's to send (another
 * tab has it, or the server refused the claim).
 */
export async function sendFromThisTill(
  job: PrintJob,
  { gesture = false, nav }: { gesture?: boolean; nav?: NavigatorLike } = {},
): Promise<PrintJob | null> {
  const printer = tillPrinters.get(job.printerId);
  if (!printer || inFlight.has(job.id)) return null;
  inFlight.add(job.id);
  try {
    let port: TerminalPort | null = null;
    let reason: TerminalResult['error'] = 'unsupported';
    if (supportsConnection(printer.connection, nav)) {
      reason = 'no_permission';
      port = await grantedPort(printer, nav).catch(() => null);
      if (!port && gesture) port = await connectPort(printer, nav).catch(() => null);
    }
    let payload: string;
    try {
      payload = (await claimPrintJob(job.id)).payload;
    } catch {
      return null;
    }
    let result: TerminalResult;
    if (!port) result = { outcome: 'not_sent', error: reason };
    else {
      try {
        await port.write(bytesOf(payload));
        result = { outcome: 'printed' };
      } catch (error) {
        const failure = error instanceof PortError ? error : new PortError('write_failed', true);
        if (!failure.partial) forgetPorts(printer.id);
        result = failure.partial
          ? { outcome: 'unknown', error: failure.reason }
          : { outcome: 'not_sent', error: failure.reason };
      }
    }
    // Not reported (the network failed): the job stays 'sending' and the server makes it 'unknown'.
    const finished = await reportPrintJob(job.id, result).catch(() => null);
    if (finished) updateTrackedJob(finished);
    return finished;
  } finally {
    inFlight.delete(job.id);
  }
}

/** Tests: forget the till's printers and what was sent. */
export function resetTillSender(): void {
  tillPrinters.clear();
  tried.clear();
  inFlight.clear();
  unsubscribe?.();
  unsubscribe = null;
}
