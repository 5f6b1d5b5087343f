import type { PrintJob } from '@retail-hub/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockServer } from '@/test/server';
import { forgetJob, trackedJobs, trackJob } from './jobs-store';
import { forgetPorts, type NavigatorLike, type SerialPortLike } from './terminal-port';
import { registerTillPrinter, resetTillSender, sendFromThisTill } from './terminal-sender';

/** Issue #36 item 1: the till claims its printer's job once, writes it and reports the outcome. */
const PRINTER = '00000000-0000-4000-8000-0000000000aa';
const job = (id: string, over: Partial<PrintJob> = {}): PrintJob => ({
  id,
  printerId: PRINTER,
  kind: 'receipt',
  subjectId: null,
  status: 'queued',
  attempts: 0,
  lastError: null,
  createdAt: new Date().toISOString(),
  printedAt: null,
  ...over,
});
const BYTES = [0x1b, 0x40, 0x41, 0x0a, 0x1b, 0x70, 0x00, 0x19, 0xfa];

function serialNav(written: number[], { failWrite = false } = {}): NavigatorLike {
  let writable: WritableStream<Uint8Array> | null = null;
  const port: SerialPortLike = {
    get writable() {
      return writable;
    },
    async open() {
      writable = new WritableStream<Uint8Array>({
        write(chunk) {
          if (failWrite) throw new Error('lost');
          written.push(...chunk);
        },
      });
    },
  };
  return { serial: { getPorts: async () => [port], requestPort: vi.fn() } };
}

function server(claimStatus = 200) {
  const results: unknown[] = [];
  const fetchMock = mockServer({
    'POST /api/print-jobs/j1/claim': () =>
      claimStatus === 200
        ? json(200, {
            job: job('j1', { status: 'sending', attempts: 1 }),
            payload: btoa(String.fromCharCode(...BYTES)),
          })
        : json(409, { code: 'printers.already_claimed', message: 'This print job is being sent already' }),
    'POST /api/print-jobs/j1/result': ({ init }) => {
      const body = JSON.parse(String(init?.body));
      results.push(body);
      return json(
        200,
        job('j1', {
          status: body.outcome === 'printed' ? 'printed' : body.outcome === 'unknown' ? 'unknown' : 'queued',
        }),
      );
    },
  });
  return { fetchMock, results };
}

afterEach(() => {
  resetTillSender();
  forgetPorts();
  for (const t of trackedJobs()) forgetJob(t.id);
});

describe('terminal-sender (issue #36 item 1)', () => {
  it('claims, writes the bytes through the port and reports printed', async () => {
    const { results } = server();
    const written: number[] = [];
    registerTillPrinter({ id: PRINTER, connection: 'serial' });
    const done = await sendFromThisTill(job('j1'), { nav: serialNav(written) });
    expect(written).toEqual(BYTES);
    expect(results).toEqual([{ outcome: 'printed' }]);
    expect(done?.status).toBe('printed');
  });

  it('claimed by another tab (409): nothing written, nothing reported', async () => {
    const { results } = server(409);
    const written: number[] = [];
    registerTillPrinter({ id: PRINTER, connection: 'serial' });
    expect(await sendFromThisTill(job('j1'), { nav: serialNav(written) })).toBeNull();
    expect(written).toEqual([]);
    expect(results).toEqual([]);
  });

  it('no port allowed yet: not_sent (no_permission); a browser without Web Serial: not_sent (unsupported)', async () => {
    const { results } = server();
    registerTillPrinter({ id: PRINTER, connection: 'serial' });
    await sendFromThisTill(job('j1'), { nav: { serial: { getPorts: async () => [], requestPort: vi.fn() } } });
    await sendFromThisTill(job('j1'), { nav: {} });
    expect(results).toEqual([
      { outcome: 'not_sent', error: 'no_permission' },
      { outcome: 'not_sent', error: 'unsupported' },
    ]);
  });

  it('a write that fails part-way is unknown (never sent again by itself)', async () => {
    const { results, fetchMock } = server();
    registerTillPrinter({ id: PRINTER, connection: 'serial' });
    await sendFromThisTill(job('j1'), { nav: serialNav([], { failWrite: true }) });
    expect(results).toEqual([{ outcome: 'unknown', error: 'write_failed' }]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("another printer's job is not this till's to send", async () => {
    const { fetchMock } = server();
    registerTillPrinter({ id: PRINTER, connection: 'serial' });
    expect(await sendFromThisTill(job('j1', { printerId: 'elsewhere' }))).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a new job of the till printer is sent by itself once it is tracked', async () => {
    const { results } = server();
    const nav = serialNav([]);
    // jsdom has no navigator.serial: the page's own navigator is given one for this test.
    Object.defineProperty(navigator, 'serial', { value: nav.serial, configurable: true });
    try {
      registerTillPrinter({ id: PRINTER, connection: 'serial' });
      trackJob(job('j1'), 'Receipt');
      await vi.waitFor(() => expect(results).toEqual([{ outcome: 'printed' }]));
    } finally {
      Reflect.deleteProperty(navigator, 'serial');
    }
  });
});
