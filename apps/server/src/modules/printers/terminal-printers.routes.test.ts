import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { createCategory, createProduct, postSale, saleBody, startShift } from '../pos/pos-test-support';
import { decodeEscPos } from './escpos-decode';
import { createPrintQueue } from './print-queue';
import { findJob, insertJob, insertPrinter } from './printers.repository';

/**
 * Issue #36 item 1, printers plugged into the till (docs/adr/0031 §10): a usb/serial printer's job is
 * made as a network printer's, but only the till claims it (once), writes it and reports the outcome.
 */
let t: TestApp;
let manager: string;
let cashier: string;
let other: string;
let productId: string;
let usbId: string;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Maria', lastName: 'Manager' });
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Carl', lastName: 'Cashier' });
  await createUser(t, { role: 'cashier', pin: '3719', firstName: 'Olga', lastName: 'Other' });
  manager = await signIn(t, '4826', '10.73.0.1');
  cashier = await signIn(t, '2915', '10.73.0.2');
  other = await signIn(t, '3719', '10.73.0.3');
  await startShift(t, cashier, '50.00');
  productId = await createProduct(t, {
    name: 'Flat White',
    price: '4.50',
    stock: 100,
    categoryId: await createCategory(t, 'Coffee'),
  });
  const created = await inject(t, {
    method: 'POST',
    url: '/api/printers',
    cookie: manager,
    payload: { name: 'Till USB', connection: 'usb', paperWidth: 80 },
  });
  expect(created.statusCode, created.body).toBe(201);
  usbId = created.json().id;
});
afterAll(async () => {
  await t?.close();
});

async function sell(method: 'cash' | 'eftpos'): Promise<string> {
  const response = await postSale(
    t,
    cashier,
    saleBody(
      [{ productId, quantity: 1, unitPrice: '4.50' }],
      method,
      method === 'cash' ? { amountReceived: '10.00' } : { referenceCode: 'VTPD123456' },
    ),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function printOnUsb(saleId: string, body: Record<string, unknown> = {}) {
  const res = await inject(t, {
    method: 'POST',
    url: `/api/transactions/${saleId}/print`,
    cookie: cashier,
    headers: { 'idempotency-key': randomUUID() },
    payload: { printerId: usbId, ...body },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json() as { id: string; status: string; kind: string };
}

const claim = (id: string, cookie = cashier) =>
  inject(t, { method: 'POST', url: `/api/print-jobs/${id}/claim`, cookie });
const result = (id: string, payload: Record<string, unknown>, cookie = cashier) =>
  inject(t, { method: 'POST', url: `/api/print-jobs/${id}/result`, cookie, payload });

describe('printers plugged into the till (issue #36 item 1)', () => {
  it('a usb printer is sent to by the terminal, a network one by the server', async () => {
    const list = (await inject(t, { method: 'GET', url: '/api/printers', cookie: cashier })).json();
    expect(list).toEqual([expect.objectContaining({ name: 'Till USB', serverPrintable: false, sentBy: 'terminal' })]);
    const net = await inject(t, {
      method: 'POST',
      url: '/api/printers',
      cookie: manager,
      payload: { name: 'Kitchen', connection: 'network', host: '127.0.0.1', port: 9100, paperWidth: 58 },
    });
    expect(net.json()).toMatchObject({ serverPrintable: true, sentBy: 'server' });
  });

  it('a cash sale queues on the usb printer; the worker leaves it alone; the till claims it once and it prints', async () => {
    const saleId = await sell('cash');
    const job = await printOnUsb(saleId);
    expect(job).toMatchObject({ status: 'queued', kind: 'receipt' });

    const send = vi.fn(async () => ({ outcome: 'printed' as const }));
    const queue = createPrintQueue(t.db.db, { send, pollMs: 60_000, backoffMs: () => 0 });
    try {
      await queue.drain();
    } finally {
      await queue.stop();
    }
    expect(send).not.toHaveBeenCalled();
    expect(await findJob(t.db.db, job.id)).toMatchObject({ status: 'queued', attempts: 0, lastError: null });

    // Two tabs claim at the same moment: one gets the bytes, the other 409.
    const [a, b] = await Promise.all([claim(job.id), claim(job.id)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const won = a.statusCode === 200 ? a : b;
    const lost = a.statusCode === 200 ? b : a;
    expect(lost.json().code).toBe('printers.already_claimed');
    expect(won.json().job).toMatchObject({ id: job.id, status: 'sending', attempts: 1 });
    const decoded = decodeEscPos(Buffer.from(won.json().payload, 'base64'));
    expect(decoded.pulses).toBe(1);
    expect(decoded.cuts).toBe(1);
    expect(decoded.lines.join('\n')).toContain('Flat White');

    const printed = await result(job.id, { outcome: 'printed' });
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.json()).toMatchObject({ status: 'printed', lastError: null });
    expect(printed.json().printedAt).not.toBeNull();
    // A result again, or a claim of a printed job: 409, nothing changes.
    expect((await result(job.id, { outcome: 'unknown' })).json().code).toBe('printers.not_sending');
    expect((await claim(job.id)).json().code).toBe('printers.already_claimed');
    expect(await findJob(t.db.db, job.id)).toMatchObject({ status: 'printed', attempts: 1 });

    // The sale's second print is a COPY without a pulse, on the same till printer.
    const copy = await printOnUsb(saleId);
    expect(copy.kind).toBe('copy');
    const claimedCopy = await claim(copy.id);
    expect(decodeEscPos(Buffer.from(claimedCopy.json().payload, 'base64')).pulses).toBe(0);
    expect((await result(copy.id, { outcome: 'printed' })).statusCode).toBe(200);
  });

  it('not_sent puts the job back in the queue with a coarse reason; unknown waits for a person to Retry (a COPY)', async () => {
    const saleId = await sell('cash');
    const job = await printOnUsb(saleId);
    expect((await claim(job.id)).statusCode).toBe(200);
    const back = await result(job.id, { outcome: 'not_sent', error: 'no_permission' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'This till has no permission for the printer: use Connect on this till',
    });
    // Claimed again after Connect on this till: the write fails part-way.
    expect((await claim(job.id)).json().job.attempts).toBe(2);
    const unknown = await result(job.id, { outcome: 'unknown', error: 'write_failed' });
    expect(unknown.json()).toMatchObject({
      status: 'unknown',
      lastError: 'The printer stopped answering while printing',
    });
    // Never sent again by itself: no claim of an unknown job.
    expect((await claim(job.id)).statusCode).toBe(409);
    const retry = await inject(t, {
      method: 'POST',
      url: `/api/print-jobs/${job.id}/retry`,
      cookie: cashier,
      headers: { 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json()).toMatchObject({ kind: 'copy', status: 'queued', printerId: usbId });
    const claimedCopy = await claim(retry.json().id);
    expect(decodeEscPos(Buffer.from(claimedCopy.json().payload, 'base64')).pulses).toBe(0);
  });

  it('bad results are 400 and change nothing; a result only after a claim', async () => {
    const job = await printOnUsb(await sell('eftpos'));
    expect((await result(job.id, { outcome: 'printed' })).json().code).toBe('printers.not_sending');
    expect((await claim(job.id)).statusCode).toBe(200);
    const bad = await result(job.id, { outcome: 'maybe', error: '<script>' });
    expect(bad.statusCode).toBe(400);
    expect(await findJob(t.db.db, job.id)).toMatchObject({ status: 'sending' });
    expect(decodeEscPos(Buffer.from((await findJob(t.db.db, job.id))?.payload ?? '', 'base64')).pulses).toBe(0);
  });

  it("permissions and stores: another cashier's job is not found, another store's printer is refused, network jobs are the server's", async () => {
    const job = await printOnUsb(await sell('eftpos'));
    expect((await claim(job.id, other)).statusCode).toBe(404);
    expect((await result(job.id, { outcome: 'printed' }, other)).statusCode).toBe(404);
    const anonymous = await inject(t, { method: 'POST', url: `/api/print-jobs/${job.id}/claim` });
    expect(anonymous.statusCode).toBe(401);
    expect((await claim(randomUUID())).statusCode).toBe(404);

    const net = await insertPrinter(t.db.db, {
      name: 'Net',
      connection: 'network',
      host: '127.0.0.1',
      port: 9100,
      paperWidth: 58,
    });
    const netJob = await insertJob(t.db.db, { printerId: net.id, kind: 'test', payload: 'G0A=', createdBy: null });
    if (!netJob) throw new Error('no job');
    const refused = await claim(netJob.id, manager);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('printers.sent_by_server');

    const store = await inject(t, {
      method: 'POST',
      url: '/api/stores',
      cookie: manager,
      payload: { name: 'Science Shop', code: 'SCX' },
    });
    expect(store.statusCode, store.body).toBe(201);
    const elsewhere = await insertPrinter(t.db.db, {
      name: 'Science USB',
      connection: 'serial',
      paperWidth: 58,
      storeId: store.json().id,
    });
    const moved = await insertJob(t.db.db, {
      printerId: elsewhere.id,
      kind: 'test',
      payload: 'G0A=',
      createdBy: (await findJob(t.db.db, job.id))?.createdBy ?? null,
    });
    if (!moved) throw new Error('no job');
    const otherStore = await claim(moved.id);
    expect(otherStore.statusCode).toBe(403);
    expect(otherStore.json().code).toBe('printers.other_store');
    expect(await findJob(t.db.db, moved.id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('a pulse that waited more than two minutes is taken out; an Open Drawer that old fails, not sent', async () => {
    const long = new Date(Date.now() - 3 * 60_000);
    const PULSE = [0x1b, 0x70, 0x00, 0x19, 0xfa];
    const owner = (await findJob(t.db.db, (await printOnUsb(await sell('eftpos'))).id))?.createdBy ?? null;
    const receipt = await insertJob(t.db.db, {
      printerId: usbId,
      kind: 'receipt',
      payload: Buffer.from([0x1b, 0x40, ...PULSE, 0x41, 0x0a]).toString('base64'),
      createdAt: long,
      createdBy: owner,
    });
    const drawer = await insertJob(t.db.db, {
      printerId: usbId,
      kind: 'drawer',
      payload: Buffer.from([0x1b, 0x40, ...PULSE]).toString('base64'),
      createdAt: long,
      createdBy: owner,
    });
    if (!receipt || !drawer) throw new Error('no job');
    const claimed = await claim(receipt.id);
    expect([...Buffer.from(claimed.json().payload, 'base64')]).toEqual([0x1b, 0x40, 0x41, 0x0a]);
    const late = await claim(drawer.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('printers.too_old_for_drawer');
    expect(await findJob(t.db.db, drawer.id)).toMatchObject({
      status: 'failed',
      lastError: 'Too old to open the drawer unattended: not sent',
    });
  });

  it('a till that vanished mid-write leaves the job sending, which becomes unknown as a network job does', async () => {
    const job = await printOnUsb(await sell('eftpos'));
    expect((await claim(job.id)).statusCode).toBe(200);
    await t.db.execute(`update print_jobs set next_attempt_at = now() - interval '5 minutes' where id = $1`, [job.id]);
    const queue = createPrintQueue(t.db.db, { send: vi.fn(), pollMs: 60_000 });
    try {
      await queue.drain();
    } finally {
      await queue.stop();
    }
    expect(await findJob(t.db.db, job.id)).toMatchObject({ status: 'unknown' });
  });
});
