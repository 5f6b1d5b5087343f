import net from 'node:net';
import { type DecodedPrint, decodeEscPos } from './escpos-decode';

/**
 * Issue #36 (testing without hardware): a fake ESC/POS network printer on loopback. Each connection is
 * one job; when the sender closes it, the bytes are decoded (text lines, cuts, drawer pulses) and kept
 * in `jobs`. `npm run dev:printer -- --port N` runs one and prints what it decodes; the tests and the
 * E2E use the same class. `stop()` and `start()` again on the same port are a printer switched off and on;
 * `paperOut` makes it answer the paper status query (DLE EOT 4) with "paper end".
 */
export type FakePrintJob = DecodedPrint & { bytes: Buffer; receivedAt: Date };

export class FakePrinter {
  readonly jobs: FakePrintJob[] = [];
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private listeners: Array<(job: FakePrintJob) => void> = [];
  /** Out of paper: the DLE EOT 4 status says "paper end" (a real printer then prints nothing). */
  paperOut = false;

  constructor(
    public port = 0,
    private readonly host = '127.0.0.1',
  ) {}

  /** Starts listening (on the port it had before, after a stop); resolves with the port. */
  start(): Promise<number> {
    const server = net.createServer((socket) => {
      this.sockets.add(socket);
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => {
        // DLE EOT 4 before the job: the paper sensor answers (0x12 paper in, 0x72 paper end).
        let rest = chunk;
        while (chunks.length === 0 && rest.length >= 3 && rest[0] === 0x10 && rest[1] === 0x04) {
          socket.write(Uint8Array.from([this.paperOut ? 0x72 : 0x12]));
          rest = rest.subarray(3);
        }
        if (rest.length > 0) chunks.push(rest);
      });
      socket.on('error', () => {});
      socket.on('end', () => {
        const bytes = Buffer.concat(chunks);
        socket.end();
        if (bytes.length === 0) return;
        let decoded: DecodedPrint;
        try {
          decoded = decodeEscPos(bytes);
        } catch (error) {
          decoded = { lines: [`[UNREADABLE ${(error as Error).message}]`], cuts: 0, pulses: 0, qrCodes: [] };
        }
        const job = { ...decoded, bytes, receivedAt: new Date() };
        this.jobs.push(job);
        for (const listener of this.listeners) listener(job);
      });
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, this.host, () => {
        const address = server.address();
        if (address && typeof address === 'object') this.port = address.port;
        resolve(this.port);
      });
    });
  }

  onJob(listener: (job: FakePrintJob) => void): void {
    this.listeners.push(listener);
  }

  /** Switched off: no new connections (refused), open ones cut. */
  stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (!server) return Promise.resolve();
    return new Promise((resolve) => server.close(() => resolve()));
  }
}
