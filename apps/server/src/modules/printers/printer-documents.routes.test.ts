import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { createCategory, createProduct, postSale, saleBody, startShift } from '../pos/pos-test-support';
import { FakePrinter } from './fake-printer';

/**
 * Issue #36 leftovers with the fake printer counting pulses: the drawer kicked for every cash tender
 * besides a sale (a cash refund, the float counted at the start of a shift; never a card refund), and
 * the REFUND receipt, its COPY and the X and Z reports on the thermal printer.
 */
let t: TestApp;
let manager: string;
let cashier: string;
let other: string;
let productId: string;
let printerId: string;
const fake = new FakePrinter();

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Maria', lastName: 'Manager' });
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Carl', lastName: 'Cashier' });
  await createUser(t, { role: 'cashier', pin: '3719', firstName: 'Cora', lastName: 'Other' });
  manager = await signIn(t, '4826', '10.74.0.1');
  cashier = await signIn(t, '2915', '10.74.0.2');
  other = await signIn(t, '3719', '10.74.0.3');
  productId = await createProduct(t, {
    name: 'Mug',
    price: '6.00',
    stock: 100,
    categoryId: await createCategory(t, 'Cups'),
  });
  await fake.start();
  const created = await inject(t, {
    method: 'POST',
    url: '/api/printers',
    cookie: manager,
    payload: { name: 'Counter', connection: 'network', host: '127.0.0.1', port: fake.port, paperWidth: 58 },
  });
  expect(created.statusCode, created.body).toBe(201);
  printerId = created.json().id;
});
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

const post = (url: string, payload: Record<string, unknown>, cookie = cashier, key = randomUUID()) =>
  inject(t, { method: 'POST', url, cookie, headers: { 'idempotency-key': key }, payload });

async function received(count: number) {
  await vi.waitFor(() => expect(fake.jobs.length).toBe(count), { timeout: 15_000, interval: 20 });
}

async function sellAndRefund(
  method: 'cash' | 'eftpos',
  cookie = cashier,
): Promise<{ saleId: string; refundId: string }> {
  const sale = await postSale(
    t,
    cookie,
    saleBody(
      [{ productId, quantity: 2, unitPrice: '6.00' }],
      method,
      method === 'cash' ? {} : { referenceCode: '123456' },
    ),
  );
  expect(sale.statusCode, sale.body).toBe(201);
  const saleId = sale.json().id as string;
  const detail = await inject(t, { method: 'GET', url: `/api/transactions/${saleId}`, cookie: manager });
  const itemId = (detail.json().lines as Array<{ id: string }>)[0]?.id;
  const refund = await post(
    `/api/transactions/${saleId}/refunds`,
    { lines: [{ itemId, quantity: 1 }], reason: 'Wrong item', restock: true, approverPin: '4826' },
    cookie,
  );
  expect(refund.statusCode, refund.body).toBe(201);
  return { saleId, refundId: refund.json().id };
}

describe('the float count at the start of a shift', () => {
  it('opens the drawer once, only in the first two minutes of the caller’s own shift', async () => {
    const noShift = await post('/api/shifts/current/drawer', { printerId });
    expect(noShift.statusCode).toBe(409);
    expect(noShift.json().message).toBe('Start a shift first');
    const before = fake.jobs.length;
    await startShift(t, cashier, '100.00');
    const opened = await post('/api/shifts/current/drawer', { printerId });
    expect(opened.statusCode, opened.body).toBe(202);
    expect(opened.json()).toMatchObject({ kind: 'drawer' });
    await received(before + 1);
    expect(fake.jobs[before]).toMatchObject({ pulses: 1, cuts: 0, lines: ['[PULSE]'] });
    const twice = await post('/api/shifts/current/drawer', { printerId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This sale has opened the drawer already');

    await startShift(t, other, '50.00');
    await t.db.execute(`update shifts set started_at = now() - interval '3 minutes' where is_open and id <> $1`, [
      opened.json().subjectId.split(':')[1],
    ]);
    const late = await post('/api/shifts/current/drawer', { printerId }, other);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The drawer opens for the float count only just after your shift starts');
    expect(fake.jobs.length).toBe(before + 1);
  });
});

describe('refunds on the thermal printer', () => {
  it('a cash refund: the REFUND receipt with one pulse; a second print is a COPY without', async () => {
    const { refundId } = await sellAndRefund('cash');
    const before = fake.jobs.length;
    const first = await post(`/api/refunds/${refundId}/print`, { printerId });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ kind: 'refund', subjectId: refundId });
    await received(before + 1);
    const job = fake.jobs[before];
    expect(job).toMatchObject({ pulses: 1, cuts: 1 });
    expect(job?.lines.filter((l) => l.includes('*** REFUND ***'))).toHaveLength(2);
    expect(job?.lines).toContain('Refunded by Cash          -$6.00');
    const copy = await post(`/api/refunds/${refundId}/print`, { printerId });
    expect(copy.json().kind).toBe('copy');
    await received(before + 2);
    expect(fake.jobs[before + 1]?.pulses).toBe(0);
    expect(fake.jobs[before + 1]?.lines.filter((l) => l.includes('*** COPY ***'))).toHaveLength(2);
    // 'Skip' after the receipt: the drawer has opened already.
    const skip = await post(`/api/refunds/${refundId}/print`, { printerId, drawerOnly: true });
    expect(skip.statusCode).toBe(409);
  });

  it("'Skip' on a cash refund opens the drawer without paper, once; a receipt afterwards has no pulse", async () => {
    const { refundId } = await sellAndRefund('cash');
    const before = fake.jobs.length;
    const [a, b] = await Promise.all([
      post(`/api/refunds/${refundId}/print`, { printerId, drawerOnly: true }),
      post(`/api/refunds/${refundId}/print`, { printerId, drawerOnly: true }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    await received(before + 1);
    expect(fake.jobs[before]).toMatchObject({ pulses: 1, cuts: 0 });
    const receipt = await post(`/api/refunds/${refundId}/print`, { printerId });
    expect(receipt.json().kind).toBe('refund');
    await received(before + 2);
    expect(fake.jobs[before + 1]).toMatchObject({ pulses: 0, cuts: 1 });
  });

  it('a card refund never kicks the drawer', async () => {
    const { refundId } = await sellAndRefund('eftpos');
    const before = fake.jobs.length;
    const skip = await post(`/api/refunds/${refundId}/print`, { printerId, drawerOnly: true });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe('Only a cash refund of your shift still open opens the drawer');
    const printed = await post(`/api/refunds/${refundId}/print`, { printerId });
    expect(printed.statusCode).toBe(202);
    await received(before + 1);
    expect(fake.jobs[before]).toMatchObject({ pulses: 0, cuts: 1 });
    const paidBack = fake.jobs[before]?.lines.filter((l) => l.startsWith('Refunded by ')) ?? [];
    expect(paidBack).toHaveLength(1);
    expect(paidBack[0]).not.toContain('Cash');
  });

  it("another cashier's refund is not found; a manager reprints it, without a pulse", async () => {
    const { refundId } = await sellAndRefund('cash');
    const theirs = await post(`/api/refunds/${refundId}/print`, { printerId }, other);
    expect(theirs.statusCode).toBe(404);
    const unknown = await post(`/api/refunds/${randomUUID()}/print`, { printerId });
    expect(unknown.statusCode).toBe(404);
    const before = fake.jobs.length;
    const byManager = await post(`/api/refunds/${refundId}/print`, { printerId }, manager);
    expect(byManager.json().kind).toBe('refund');
    await received(before + 1);
    expect(fake.jobs[before]?.pulses).toBe(0);
  });

  it('a printer of another store prints none of this store’s refunds (403)', async () => {
    const store = await inject(t, {
      method: 'POST',
      url: '/api/stores',
      cookie: manager,
      payload: { name: 'Far Away', code: 'FAR1' },
    });
    expect(store.statusCode, store.body).toBe(201);
    const far = await inject(t, {
      method: 'POST',
      url: '/api/printers',
      cookie: manager,
      payload: {
        name: 'Far',
        connection: 'network',
        host: '127.0.0.1',
        port: fake.port,
        paperWidth: 80,
        storeId: store.json().id,
      },
    });
    const { refundId } = await sellAndRefund('cash');
    const refused = await post(`/api/refunds/${refundId}/print`, { printerId: far.json().id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('printers.other_store');
  });
});

describe('X and Z reports on the thermal printer', () => {
  it('the X report of the open shift and the Z report of a closed one print, without a pulse', async () => {
    const before = fake.jobs.length;
    const x = await post('/api/shifts/current/x-report/print', { printerId });
    expect(x.statusCode, x.body).toBe(202);
    expect(x.json().kind).toBe('x_report');
    await received(before + 1);
    expect(fake.jobs[before]).toMatchObject({ pulses: 0, cuts: 1 });
    expect(fake.jobs[before]?.lines.some((l) => l.includes('X Report'))).toBe(true);

    const shiftId = Number(x.json().subjectId);
    const ended = await inject(t, {
      method: 'POST',
      url: '/api/shifts/end',
      cookie: cashier,
      payload: { countedCash: '100.00' },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const noShift = await post('/api/shifts/current/x-report/print', { printerId });
    expect(noShift.statusCode).toBe(409);
    const z = await post(`/api/shifts/${shiftId}/z-report/print`, { printerId });
    expect(z.statusCode, z.body).toBe(202);
    expect(z.json()).toMatchObject({ kind: 'z_report', subjectId: String(shiftId) });
    await received(before + 2);
    expect(fake.jobs[before + 1]?.lines.some((l) => l.includes('Z Report #'))).toBe(true);
    expect(fake.jobs[before + 1]?.lines.some((l) => l.startsWith('Counted cash'))).toBe(true);
    // Someone else's shift is not found; neither is an id that is no shift's (never a 500).
    expect((await post(`/api/shifts/${shiftId}/z-report/print`, { printerId }, other)).statusCode).toBe(404);
    for (const id of ['99999999999', 'abc', '0', randomUUID()])
      expect((await post(`/api/shifts/${id}/z-report/print`, { printerId })).statusCode, id).toBe(404);
  });
});
