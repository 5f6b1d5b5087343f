import net from 'node:net';

/**
 * Issue #36 item 3: raw TCP to a network printer (port 9100). A thermal printer does not answer, so
 * the outcome is read from the connection:
 * - it could not be opened (refused, no route, connect timeout): nothing printed, `retry`;
 * - every byte was written and the connection closed cleanly: `printed`;
 * - it broke or timed out after bytes went out: the printer may have printed, `unknown` (never re-sent
 *   by itself: docs/adr/0031, Odoo #146612).
 */
export type SendOutcome = { outcome: 'printed' } | { outcome: 'retry' | 'unknown'; error: string };

export function sendToPrinter(
  host: string,
  port: number,
  bytes: Uint8Array,
  { connectTimeoutMs = 3_000, writeTimeoutMs = 10_000 } = {},
): Promise<SendOutcome> {
  return new Promise((resolve) => {
    let connected = false;
    let settled = false;
    const socket = net.createConnection({ host, port });
    const done = (result: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    let timer = setTimeout(() => done({ outcome: 'retry', error: `No answer from ${host}:${port}` }), connectTimeoutMs);
    socket.once('connect', () => {
      connected = true;
      clearTimeout(timer);
      timer = setTimeout(
        () => done({ outcome: 'unknown', error: 'The printer stopped answering while printing' }),
        writeTimeoutMs,
      );
      socket.end(bytes);
    });
    // 'finish': every byte handed to the network and our side closed.
    socket.once('finish', () => done({ outcome: 'printed' }));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      const message = error.code ? `${error.code} ${host}:${port}` : error.message;
      done(connected ? { outcome: 'unknown', error: message } : { outcome: 'retry', error: message });
    });
  });
}
