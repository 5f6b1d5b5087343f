import net from 'node:net';
import { PRINTER_MESSAGES } from '@retail-hub/shared';
import { type PrinterAddressPolicy, printerSendTarget } from './printer-address';

/**
 * Issue #36 item 3: raw TCP to a network printer (port 9100). A thermal printer does not answer, so
 * the outcome is read from the connection:
 * - it could not be opened (refused, no route, connect timeout): nothing printed, `retry`;
 * - every byte was written and the connection closed cleanly: `printed`;
 * - it broke or timed out after bytes went out: the printer may have printed, `unknown` (never re-sent
 *   by itself: docs/adr/0031, Odoo #146612);
 * - the printer answered the paper status query (DLE EOT 4) with "paper end": nothing printed, `retry`
 *   ("Printer out of paper"), until paper is in;
 * - the address or port is not a printer's (printer-address.ts, checked after DNS): `failed`, nothing
 *   sent.
 * The error kept on the job is one of a few coarse words (unreachable, refused, timed out), never the
 * system's error text: `lastError` must not make the printer form a scanner of the server's network.
 */
export type SendOutcome = { outcome: 'printed' } | { outcome: 'retry' | 'unknown' | 'failed'; error: string };

/** The coarse reason a connection could not be opened. */
export function connectError(code: string | undefined): string {
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return PRINTER_MESSAGES.sendRefused;
  if (code === 'ETIMEDOUT') return PRINTER_MESSAGES.sendTimedOut;
  return PRINTER_MESSAGES.sendUnreachable;
}

export async function sendToPrinter(
  host: string,
  port: number,
  bytes: Uint8Array,
  {
    connectTimeoutMs = 3_000,
    writeTimeoutMs = 10_000,
    statusTimeoutMs = 300,
    policy = { allowLoopback: false },
  }: {
    connectTimeoutMs?: number;
    writeTimeoutMs?: number;
    statusTimeoutMs?: number;
    policy?: PrinterAddressPolicy;
  } = {},
): Promise<SendOutcome> {
  const target = await printerSendTarget(host, port, policy);
  if ('unresolved' in target) return { outcome: 'retry', error: PRINTER_MESSAGES.sendUnreachable };
  if ('refused' in target) return { outcome: 'failed', error: target.refused };
  return new Promise((resolve) => {
    let jobSent = false;
    let settled = false;
    const socket = net.createConnection({ host: target.address, port });
    const done = (result: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const sendJob = () => {
      if (settled || jobSent) return;
      jobSent = true;
      clearTimeout(timer);
      socket.removeAllListeners('data');
      timer = setTimeout(
        () => done({ outcome: 'unknown', error: PRINTER_MESSAGES.stoppedWhilePrinting }),
        writeTimeoutMs,
      );
      socket.end(bytes);
    };
    let timer = setTimeout(() => done({ outcome: 'retry', error: PRINTER_MESSAGES.sendTimedOut }), connectTimeoutMs);
    socket.once('connect', () => {
      // Paper first (DLE EOT 4, the roll paper sensor): a printer out of paper keeps the job waiting,
      // nothing sent. A printer that does not answer in time is sent the job as before.
      clearTimeout(timer);
      timer = setTimeout(sendJob, statusTimeoutMs);
      socket.once('data', (reply: Buffer) => {
        if (paperOut(reply[0])) done({ outcome: 'retry', error: PRINTER_MESSAGES.paperOut });
        else sendJob();
      });
      socket.write(PAPER_STATUS_QUERY);
    });
    // 'finish': every byte handed to the network and our side closed.
    socket.once('finish', () => done({ outcome: 'printed' }));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      done(
        jobSent
          ? { outcome: 'unknown', error: PRINTER_MESSAGES.stoppedWhilePrinting }
          : { outcome: 'retry', error: connectError(error.code) },
      );
    });
  });
}

/** DLE EOT 4: the printer answers one byte with its roll paper sensor (ESC/POS real-time status). */
export const PAPER_STATUS_QUERY = Uint8Array.from([0x10, 0x04, 0x04]);

/**
 * Is this DLE EOT 4 answer "paper end"? A status byte has bit 0 and 7 clear and bits 1 and 4 set; bits
 * 5–6 are the paper-end sensor (2–3, paper near its end, still prints).
 */
export function paperOut(status: number | undefined): boolean {
  if (status === undefined || (status & 0x93) !== 0x12) return false;
  return (status & 0x60) !== 0;
}
