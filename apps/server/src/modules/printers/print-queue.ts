import { PRINTER_MESSAGES } from '@retail-hub/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { withoutPulse } from './escpos-render';
import { type SendOutcome, sendToPrinter } from './network-sender';
import type { PrinterAddressPolicy } from './printer-address';
import { abandonStaleSending, anyPrinter, claimDueJob, deferPrinter, finishJob } from './printers.repository';

/**
 * Issue #36 item 3 (docs/adr/0031): the in-process worker that sends print jobs. It never runs inside
 * a request: a sale or a print request answers first, then `kick()` wakes the worker. Each job is
 * claimed with `FOR UPDATE SKIP LOCKED` and marked 'sending' before any byte goes out, so several app
 * instances never send one job twice; a printer that is off keeps its jobs 'queued' with a growing
 * wait (1 s, 2 s, 4 s … at most 30 s) until it answers; a send whose outcome is unknown is left for a
 * person to retry.
 */
export type PrintQueue = {
  kick(): void;
  /** Sends every job that is due now, one after the other; resolves when none is left. */
  drain(): Promise<void>;
  stop(): Promise<void>;
};

export type PrintQueueOptions = {
  /** How often the worker looks for due jobs once a printer exists (jobs of every instance). */
  pollMs?: number;
  /** How often it looks whether a printer exists at all, while none does (one `exists` query). */
  idleCheckMs?: number;
  backoffMs?: (attempts: number) => number;
  send?: (host: string, port: number, bytes: Uint8Array) => Promise<SendOutcome>;
  log?: FastifyBaseLogger;
  /** Where a printer may be (printer-address.ts); the default refuses loopback. */
  policy?: PrinterAddressPolicy;
};

/** How long after it was asked for a drawer pulse may still go out (ADR 0031). */
export const DRAWER_PULSE_MAX_AGE_MS = 120_000;

/** Has a job waited too long for its drawer pulse to go out (the worker's and the till's rule)? */
export const pulseTooOld = (createdAt: Date, now = Date.now()): boolean =>
  now - createdAt.getTime() > DRAWER_PULSE_MAX_AGE_MS;

export const defaultBackoffMs = (attempts: number) => Math.min(30_000, 1_000 * 2 ** Math.max(0, attempts - 1));

export function createPrintQueue(db: Db, options: PrintQueueOptions = {}): PrintQueue {
  const pollMs = options.pollMs ?? 2_000;
  const idleCheckMs = options.idleCheckMs ?? 60_000;
  // No printer, no print job: until one is seen (or this instance queues a job) the worker only asks,
  // once a minute, whether a printer exists, so an installation without printers pays nothing.
  let printersSeen = false;
  const backoff = options.backoffMs ?? defaultBackoffMs;
  const policy = options.policy ?? { allowLoopback: false };
  const send = options.send ?? ((host, port, bytes) => sendToPrinter(host, port, bytes, { policy }));
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function sendOne(): Promise<boolean> {
    const job = await claimDueJob(db);
    if (!job) return false;
    // Only network printers' jobs are claimed here (a till sends its usb/serial printer's own).
    if (!job.host) {
      await finishJob(db, job.id, { status: 'failed', error: PRINTER_MESSAGES.notNetwork });
      return true;
    }
    // A drawer is kicked only while the person who took the cash is there: a job that waited longer
    // (a printer off overnight) prints without its pulse, and an Open Drawer is not sent at all.
    const late = pulseTooOld(job.createdAt);
    if (late && job.kind === 'drawer') {
      await finishJob(db, job.id, { status: 'failed', error: PRINTER_MESSAGES.tooOldForDrawer });
      return true;
    }
    const bytes = Buffer.from(job.payload, 'base64');
    const result = await send(job.host, job.port, late ? withoutPulse(bytes) : bytes);
    if (result.outcome === 'printed') await finishJob(db, job.id, { status: 'printed' });
    else if (result.outcome === 'unknown' || result.outcome === 'failed')
      await finishJob(db, job.id, { status: result.outcome, error: result.error });
    else {
      const retryInMs = backoff(job.attempts);
      await finishJob(db, job.id, { status: 'queued', error: result.error, retryInMs });
      await deferPrinter(db, job.printerId, retryInMs);
    }
    return true;
  }

  async function run(): Promise<void> {
    do {
      again = false;
      try {
        await abandonStaleSending(db, 120);
        while (!stopped && (await sendOne())) {
          // next job
        }
      } catch (error) {
        if (!stopped) options.log?.error({ err: error }, 'print queue');
      }
    } while (again && !stopped);
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = null;
    });
    return running;
  }

  let idle = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    idle = ms === idleCheckMs && !printersSeen;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  function tick() {
    if (stopped) return;
    void (async () => {
      try {
        if (!printersSeen) printersSeen = await anyPrinter(db);
      } catch (error) {
        if (!stopped) options.log?.error({ err: error }, 'print queue');
      }
      if (printersSeen) await drain();
    })().finally(() => schedule(printersSeen ? pollMs : idleCheckMs));
  }
  schedule(pollMs);

  return {
    kick() {
      if (stopped) return;
      printersSeen = true;
      // Asleep in an idle check: polling starts now, not at the end of it.
      if (idle && timer) {
        clearTimeout(timer);
        schedule(pollMs);
      }
      setImmediate(() => void drain());
    },
    drain,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
