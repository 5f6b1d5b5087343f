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
    policy = { allowLoopback: false },
  }: { connectTimeoutMs?: number; writeTimeoutMs?: number; policy?: PrinterAddressPolicy } = {},
): Promise<SendOutcome> {
  const target = await printerSendTarget(host, port, policy);
  if ('unresolved' in target) return { outcome: 'retry', error: PRINTER_MESSAGES.sendUnreachable };
  if ('refused' in target) return { outcome: 'failed', error: target.refused };
  return new Promise((resolve) => {
    let connected = false;
    let settled = false;
    const socket = net.createConnection({ host: target.address, port });
    const done = (result: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    let timer = setTimeout(() => done({ outcome: 'retry', error: PRINTER_MESSAGES.sendTimedOut }), connectTimeoutMs);
    socket.once('connect', () => {
      connected = true;
      clearTimeout(timer);
      timer = setTimeout(
        () => done({ outcome: 'unknown', error: PRINTER_MESSAGES.stoppedWhilePrinting }),
        writeTimeoutMs,
      );
      socket.end(bytes);
    });
    // 'finish': every byte handed to the network and our side closed.
    socket.once('finish', () => done({ outcome: 'printed' }));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      done(
        connected
          ? { outcome: 'unknown', error: PRINTER_MESSAGES.stoppedWhilePrinting }
          : { outcome: 'retry', error: connectError(error.code) },
      );
    });
  });
}
