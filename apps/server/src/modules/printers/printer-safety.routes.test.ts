import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { createCategory, createProduct, postSale, saleBody, startShift } from '../pos/pos-test-support';
import { connectError, paperOut, sendToPrinter } from './network-sender';
import { createPrintQueue } from './print-queue';
import { addressRefusal, printerTargetProblems } from './printer-address';

/**
 * Issue #36 leftovers: where a printer may be (no scanner of the server's network through the printer
 * form and `lastError`), and the Idempotency-Key of print and drawer requests (409 on another request).
 * The app here refuses loopback, as production does (the other printer tests allow it for the fake).
 */
let t: TestApp;
let manager: string;
let cashier: string;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp({ printersAllowLoopback: false });
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Maria', lastName: 'Manager' });
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Carl', lastName: 'Cashier' });
  manager = await signIn(t, '4826', '10.73.0.1');
  cashier = await signIn(t, '2915', '10.73.0.2');
  await startShift(t, cashier, '50.00');
  productId = await createProduct(t, {
    name: 'Tea',
    price: '3.00',
    stock: 50,
    categoryId: await createCategory(t, 'Hot'),
  });
});
afterAll(async () => {
  await t?.close();
});

const addPrinter = (payload: Record<string, unknown>) =>
  inject(t, {
    method: 'POST',
    url: '/api/printers',
    cookie: manager,
    payload: { name: 'P', connection: 'network', paperWidth: 80, ...payload },
  });

describe('the print worker without printers', () => {
  it('asks only whether a printer exists, once per idle check; polls for jobs once one does', async () => {
    let calls = 0;
    const counted = new Proxy(t.db.db, {
      get(target, prop, receiver) {
        if (
          typeof prop === 'string' &&
          ['select', 'execute', 'update', 'insert', 'delete', 'transaction'].includes(prop)
        )
          calls += 1;
        return Reflect.get(target, prop, receiver);
      },
    });
    const queue = createPrintQueue(counted, { pollMs: 10, idleCheckMs: 200 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 450));
      // Ticks at 10, 210 and 410 ms: one `exists` each; polling would have made dozens of queries.
      expect(calls).toBeGreaterThanOrEqual(1);
      expect(calls).toBeLessThanOrEqual(3);
      // A job queued by this instance (or a printer added) wakes it: from then on it polls.
      const idleCalls = calls;
      queue.kick();
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Each drain is two statements (stale 'sending' jobs, the claim); several drains by now.
      expect(calls - idleCalls).toBeGreaterThanOrEqual(4);
    } finally {
      await queue.stop();
    }
  });
});

describe('where a network printer may be', () => {
  it.each([
    ['127.0.0.1', 9100],
    ['127.8.9.10', 9100],
    ['localhost', 9100],
    ['LOCALHOST.', 9100],
    ['2130706433', 9100],
    ['::1', 9100],
    ['::ffff:127.0.0.1', 9100],
    ['169.254.169.254', 9100],
    ['0.0.0.0', 9100],
    ['fe80::1', 9100],
    ['224.0.0.1', 9100],
  ])('%s is refused with a field message (400)', async (host, port) => {
    const response = await addPrinter({ host, port });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({
      host: 'This address cannot be a printer (loopback, link-local or reserved)',
    });
  });

  it('only the raw printing ports 9100–9109; a store network address is fine', async () => {
    for (const port of [22, 80, 443, 515, 631, 5432, 9099, 9110]) {
      const response = await addPrinter({ host: '192.168.1.50', port });
      expect(response.statusCode, `port ${port}`).toBe(400);
      expect(response.json().errors).toEqual({ port: 'Printer port must be between 9100 and 9109 (raw printing)' });
    }
    const ok = await addPrinter({ host: '192.168.1.50', port: 9101 });
    expect(ok.statusCode, ok.body).toBe(201);
    const defaultPort = await addPrinter({ host: '10.20.30.40' });
    expect(defaultPort.json().port).toBe(9100);
    const both = await addPrinter({ host: '127.0.0.1', port: 22 });
    expect(Object.keys(both.json().errors).sort()).toEqual(['host', 'port']);
    // Edited the same way: a printer can't be moved onto loopback or another port later.
    const moved = await inject(t, {
      method: 'PATCH',
      url: `/api/printers/${ok.json().id}`,
      cookie: manager,
      payload: { host: '169.254.169.254' },
    });
    expect(moved.statusCode).toBe(400);
    const port = await inject(t, {
      method: 'PATCH',
      url: `/api/printers/${ok.json().id}`,
      cookie: manager,
      payload: { port: 6379 },
    });
    expect(port.json().errors).toEqual({ port: 'Printer port must be between 9100 and 9109 (raw printing)' });
  });

  it('the escape hatch lets a fake printer be on loopback, on any port there, and nowhere else', async () => {
    const hatch = { allowLoopback: true };
    expect(await printerTargetProblems('127.0.0.1', 45123, hatch)).toBeNull();
    expect(await printerTargetProblems('::1', 45123, hatch)).toBeNull();
    expect(await printerTargetProblems('10.0.0.5', 45123, hatch)).toEqual({
      port: 'Printer port must be between 9100 and 9109 (raw printing)',
    });
    expect(addressRefusal('169.254.169.254', hatch)).not.toBeNull();
    expect(addressRefusal('0.0.0.0', hatch)).not.toBeNull();
    expect(addressRefusal('10.1.2.3', { allowLoopback: false })).toBeNull();
  });

  it('at send time the address is checked again after DNS: nothing is sent to loopback', async () => {
    let connections = 0;
    const server = net.createServer((s) => {
      connections += 1;
      s.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const refused = await sendToPrinter('localhost', port, Buffer.from('x'), { policy: { allowLoopback: false } });
      expect(refused).toEqual({
        outcome: 'failed',
        error: 'This address cannot be a printer (loopback, link-local or reserved)',
      });
      const onPort = await sendToPrinter('127.0.0.1', 22, Buffer.from('x'), { policy: { allowLoopback: false } });
      expect(onPort.outcome).toBe('failed');
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reads "paper end" from a DLE EOT 4 answer only when it is a status byte', () => {
    expect(paperOut(0x12)).toBe(false);
    expect(paperOut(0x1e)).toBe(false); // paper near its end: still prints
    expect(paperOut(0x72)).toBe(true);
    expect(paperOut(0x32)).toBe(true);
    expect(paperOut(0x60)).toBe(false); // not a status byte
    expect(paperOut(undefined)).toBe(false);
  });

  it('the error kept on a job is coarse: refused, timed out or unreachable, never the system text', async () => {
    expect(connectError('ECONNREFUSED')).toBe('Printer refused the connection');
    expect(connectError('ETIMEDOUT')).toBe('Printer did not answer (timed out)');
    for (const code of ['EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EACCES', undefined])
      expect(connectError(code)).toBe('Printer unreachable');
    // A port nobody listens on, with the hatch open: "refused", without host, port or code.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await sendToPrinter('127.0.0.1', port, Buffer.from('x'), { policy: { allowLoopback: true } });
    expect(outcome).toEqual({ outcome: 'retry', error: 'Printer refused the connection' });
  });
});

describe('Idempotency-Key on print and drawer requests', () => {
  let printerId: string;
  beforeAll(async () => {
    // 192.0.2.0/24 (TEST-NET-1) answers nobody: the jobs wait, which is all these tests need.
    const created = await addPrinter({ name: 'Counter', host: '192.0.2.10' });
    expect(created.statusCode, created.body).toBe(201);
    printerId = created.json().id;
  });

  async function sell(): Promise<string> {
    const response = await postSale(
      t,
      cashier,
      saleBody([{ productId, quantity: 1, unitPrice: '3.00' }], 'cash', { amountReceived: '5.00' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  const post = (url: string, payload: Record<string, unknown>, key: string, cookie = cashier) =>
    inject(t, { method: 'POST', url, cookie, headers: { 'idempotency-key': key }, payload });

  it('the same key and request answers the same job; the same key with another request is 409', async () => {
    const saleId = await sell();
    const key = randomUUID();
    const first = await post(`/api/transactions/${saleId}/print`, { printerId }, key);
    expect(first.statusCode, first.body).toBe(202);
    const again = await post(`/api/transactions/${saleId}/print`, { printerId }, key);
    expect(again.statusCode).toBe(202);
    expect(again.json().id).toBe(first.json().id);
    const asCopy = await post(`/api/transactions/${saleId}/print`, { printerId, copy: true }, key);
    expect(asCopy.statusCode).toBe(409);
    expect(asCopy.json()).toMatchObject({
      code: 'printers.idempotency_mismatch',
      message: 'This Idempotency-Key was already used for a different print request',
    });
    const otherSale = await sell();
    const elsewhere = await post(`/api/transactions/${otherSale}/print`, { printerId }, key);
    expect(elsewhere.statusCode).toBe(409);
    // Another route with the key is another request too.
    const drawer = await post(`/api/printers/${printerId}/drawer`, { reason: 'Change', approverPin: '4826' }, key);
    expect(drawer.statusCode).toBe(409);
  });

  it('an Open Drawer replayed is one job and one activity; the PIN is not part of the request', async () => {
    const key = randomUUID();
    const body = { reason: 'Float top-up', approverPin: '4826' };
    const first = await post(`/api/printers/${printerId}/drawer`, body, key);
    expect(first.statusCode, first.body).toBe(202);
    const again = await post(`/api/printers/${printerId}/drawer`, { approverPin: '4826', reason: 'Float top-up' }, key);
    expect(again.json().id).toBe(first.json().id);
    const other = await post(`/api/printers/${printerId}/drawer`, { ...body, reason: 'Something else' }, key);
    expect(other.statusCode).toBe(409);
    const { rows } = await t.db.execute(
      `select count(*)::int as n from user_activity where activity_type = 'drawer_opened' and details->>'jobId' = $1`,
      [first.json().id],
    );
    expect(rows[0]).toEqual({ n: 1 });
    const stored = await t.db.execute(`select request_hash from print_jobs where id = $1`, [first.json().id]);
    expect(JSON.stringify(stored)).not.toContain('4826');
  });

  it('keys are per user: another user with the same key makes their own job', async () => {
    const key = randomUUID();
    const mine = await post(`/api/printers/${printerId}/test`, {}, key, manager);
    expect(mine.statusCode, mine.body).toBe(202);
    const again = await post(`/api/printers/${printerId}/test`, {}, key, manager);
    expect(again.json().id).toBe(mine.json().id);
  });
});
