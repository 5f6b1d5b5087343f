import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { posTerminals, products, productVariants, transactions } from '../../db/schema/index';
import { ledgerMismatches, movementsOf } from '../stock/stock-test-support';
import {
  createCategory,
  createProduct,
  createVariant,
  type Line,
  postSale,
  saleBody,
  startShift,
} from './pos-test-support';

let t: TestApp;
let cashier: string;
let cashierId: string;
let otherCashier: string;
let manager: string;
let bakery: string;

beforeAll(async () => {
  t = await buildTestApp();
  cashierId = await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
  await createUser(t, { role: 'cashier', pin: '3862', firstName: 'Robin', lastName: 'Drawer' });
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Lead' });
  cashier = await signIn(t, '2915', '10.3.0.1');
  otherCashier = await signIn(t, '3862', '10.3.0.2');
  manager = await signIn(t, '4826', '10.3.0.3');
  bakery = await createCategory(t, 'Bakery');
});
afterAll(async () => {
  await t.close();
});

function offlineBody(
  lines: Line[],
  shiftId: number,
  extra: { paymentMethod?: 'cash' | 'credit_card'; soldAt?: string; terminalId?: string } = {},
) {
  return {
    ...saleBody(
      lines,
      extra.paymentMethod ?? 'cash',
      extra.paymentMethod === 'credit_card' ? { referenceCode: '1234' } : {},
    ),
    soldAt: extra.soldAt ?? new Date().toISOString(),
    shiftId,
    terminalId: extra.terminalId ?? null,
  };
}

function postOffline(cookie: string, body: unknown, key: string = randomUUID()) {
  return inject(t, {
    method: 'POST',
    url: '/api/transactions/offline',
    cookie,
    headers: { 'idempotency-key': key },
    payload: body as Record<string, unknown>,
  });
}

async function stockOf(productId: string): Promise<number> {
  const [row] = await t.db.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return (row as { stock: number }).stock;
}

async function salesWithKey(key: string): Promise<number> {
  const rows = await t.db.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.idempotencyKey, key));
  return rows.length;
}

/** A new shift for the cashier (ending one a failed test left open, so one failure stays one). */
async function freshShift(cookie: string, openingFloat?: string) {
  await inject(t, { method: 'POST', url: '/api/shifts/end', cookie, payload: {} });
  return startShift(t, cookie, openingFloat);
}

async function endShift(cookie: string) {
  const response = await inject(t, { method: 'POST', url: '/api/shifts/end', cookie, payload: {} });
  expect(response.statusCode).toBe(200);
  return response.json().summary;
}

describe('offline sales (issue #19)', () => {
  it('records the sale at the price the customer paid, in its shift, dated when it was made; a resend replays it', async () => {
    const scone = await createProduct(t, { name: 'Scone', price: '3.00', stock: 10, categoryId: bakery });
    const shift = await freshShift(cashier);
    // The manager raised the price while the terminal was offline: the customer paid 3.00.
    await t.db.db.update(products).set({ price: '3.50' }).where(eq(products.id, scone));
    const soldAt = new Date().toISOString();
    const body = offlineBody([{ productId: scone, quantity: 2, unitPrice: '3.00' }], shift.id, {
      paymentMethod: 'credit_card',
      soldAt,
    });
    const key = randomUUID();
    const first = await postOffline(cashier, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      subtotal: '6.00',
      tax: '0.15',
      total: '6.15',
      paymentMethod: 'credit_card',
      referenceCode: 'VTPD1234',
      createdAt: soldAt,
      shiftId: shift.id,
      late: false,
      stockShortfalls: 0,
      items: [{ productId: scone, quantity: 2, unitPrice: '3.00', totalPrice: '6.00' }],
    });
    expect(await stockOf(scone)).toBe(8);
    // The receipt the terminal printed offline carries the key's number: the sale takes the key as its id.
    expect(first.json().id).toBe(key);
    expect(first.json().number).toBe(key.slice(-6).toUpperCase());

    const again = await postOffline(cashier, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await salesWithKey(key)).toBe(1);
    expect(await stockOf(scone)).toBe(8);

    // The same key with other contents is refused (IETF idempotency-key draft) and changes nothing.
    const other = await postOffline(
      cashier,
      offlineBody([{ productId: scone, quantity: 1, unitPrice: '3.00' }], shift.id),
      key,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('pos.idempotency_mismatch');
    expect(await stockOf(scone)).toBe(8);

    // A terminal clock that drifted never dates a sale outside its shift nor in the future.
    const early = await postOffline(
      cashier,
      offlineBody([{ productId: scone, quantity: 1, unitPrice: '3.00' }], shift.id, { soldAt: '2020-01-01T00:00:00Z' }),
    );
    const future = await postOffline(
      cashier,
      offlineBody([{ productId: scone, quantity: 1, unitPrice: '3.00' }], shift.id, {
        soldAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    const current = await inject(t, { method: 'GET', url: '/api/shifts/current', cookie: cashier });
    expect(early.json().createdAt).toBe(current.json().shift.startedAt);
    expect(Date.parse(future.json().createdAt)).toBeLessThanOrEqual(Date.now());
    await endShift(cashier);
  });

  it('a sale first tried online under the same key is not recorded twice when the outbox sends it', async () => {
    const roll = await createProduct(t, { name: 'Roll', price: '1.20', stock: 10, categoryId: bakery });
    const shift = await freshShift(cashier);
    const key = randomUUID();
    const online = await postSale(t, cashier, saleBody([{ productId: roll, quantity: 1, unitPrice: '1.20' }]), key);
    expect(online.statusCode).toBe(201);
    // The terminal never saw the answer, kept the sale in its outbox and sends it later.
    const resent = await postOffline(
      cashier,
      offlineBody([{ productId: roll, quantity: 1, unitPrice: '1.20' }], shift.id),
      key,
    );
    expect(resent.statusCode).toBe(200);
    expect(resent.json().id).toBe(online.json().id);
    expect(await salesWithKey(key)).toBe(1);
    expect(await stockOf(roll)).toBe(9);
    await endShift(cashier);
  });

  it('two tabs sending the same sale at once record it once', async () => {
    const bun = await createProduct(t, { name: 'Bun', price: '2.00', stock: 10, categoryId: bakery });
    const shift = await freshShift(cashier);
    const key = randomUUID();
    const body = offlineBody([{ productId: bun, quantity: 3, unitPrice: '2.00' }], shift.id);
    const answers = await Promise.all([postOffline(cashier, body, key), postOffline(cashier, body, key)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]?.json().id).toBe(answers[1]?.json().id);
    expect(await salesWithKey(key)).toBe(1);
    expect(await stockOf(bun)).toBe(7);
    await endShift(cashier);
  });

  it("a sale arriving after its shift closed leaves that shift's Z figures as they were and is listed as late in the next shift", async () => {
    const tart = await createProduct(t, { name: 'Tart', price: '4.00', stock: 20, categoryId: bakery });
    const first = await freshShift(cashier, '50.00');
    const online = await postSale(t, cashier, saleBody([{ productId: tart, quantity: 1, unitPrice: '4.00' }]));
    expect(online.statusCode).toBe(201);
    const closed = await endShift(cashier);
    expect(closed).toMatchObject({
      salesCount: 1,
      total: '4.00',
      cashSales: '4.00',
      expectedCash: '54.00',
      lateSales: [],
    });

    // Made offline during the first shift (price then 4.00, now 4.40); arrives with no shift open.
    await t.db.db.update(products).set({ price: '4.40' }).where(eq(products.id, tart));
    const soldAt = new Date(Date.now() - 5_000).toISOString();
    const late = await postOffline(
      cashier,
      offlineBody([{ productId: tart, quantity: 2, unitPrice: '4.00' }], first.id, { soldAt }),
    );
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json()).toMatchObject({ late: true, shiftId: first.id, total: '8.00' });
    expect(await stockOf(tart)).toBe(17);

    // The closed shift's report reads exactly as when it closed.
    const reread = await inject(t, { method: 'GET', url: `/api/shifts/${first.id}/summary`, cookie: cashier });
    expect(reread.json()).toEqual(closed);

    // The cashier's next shift lists it, with the difference from the current price.
    const next = await startShift(t, cashier);
    const summary = await inject(t, { method: 'GET', url: `/api/shifts/${next.id}/summary`, cookie: cashier });
    expect(summary.json()).toMatchObject({
      salesCount: 0,
      total: '0.00',
      lateSales: [
        {
          id: late.json().id,
          shiftId: first.id,
          paymentMethod: 'cash',
          subtotal: '8.00',
          total: '8.00',
          currentSubtotal: '8.80',
          priceDifference: '-0.80',
        },
      ],
    });
    // A late sale arriving while a shift is open is listed in that one straight away.
    const late2 = await postOffline(
      cashier,
      offlineBody([{ productId: tart, quantity: 1, unitPrice: '4.00' }], first.id, {
        soldAt: new Date(Date.parse(soldAt) + 1_000).toISOString(),
      }),
    );
    expect(late2.json().late).toBe(true);
    // The cashier's X report lists both late sales and leaves them out of its figures.
    const x = await inject(t, { method: 'GET', url: '/api/shifts/current/x-report', cookie: cashier });
    expect(x.statusCode, x.body).toBe(200);
    expect(x.json()).toMatchObject({ salesCount: 0, total: '0.00' });
    expect(x.json().lateSales.map((s: { id: string }) => s.id)).toEqual([late.json().id, late2.json().id]);
    // The first shift's Z report, written at its close, is unchanged.
    const z = await inject(t, { method: 'GET', url: `/api/shifts/${first.id}/z-report`, cookie: cashier });
    expect(z.statusCode, z.body).toBe(200);
    expect(z.json()).toMatchObject({ salesCount: 1, total: '4.00', expectedCash: '54.00', lateSales: [] });
    const ended = await endShift(cashier);
    expect(ended.lateSales.map((s: { id: string }) => s.id)).toEqual([late.json().id, late2.json().id]);
    expect(ended).toMatchObject({ salesCount: 0, total: '0.00', expectedCash: '0.00' });
  });

  it('when stock no longer covers it the sale is recorded anyway, stock stays at 0 and a manager resolves the discrepancy', async () => {
    const pie = await createProduct(t, { name: 'Pie', price: '5.00', stock: 1, categoryId: bakery });
    const shift = await freshShift(cashier);
    const sold = await postOffline(
      cashier,
      offlineBody([{ productId: pie, quantity: 3, unitPrice: '5.00' }], shift.id),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().stockShortfalls).toBe(1);
    expect(await stockOf(pie)).toBe(0);
    // The ledger moved only what was there (ADR 0010): opening 1, sale −1.
    expect((await movementsOf(t, pie)).map((m) => [m.reason, m.quantity, m.stock_after])).toEqual([
      ['opening', 1, 1],
      ['sale', -1, 0],
    ]);

    // A cashier cannot read or resolve discrepancies.
    const refused = await inject(t, { method: 'GET', url: '/api/stock-discrepancies', cookie: cashier });
    expect(refused.statusCode).toBe(403);

    const list = await inject(t, { method: 'GET', url: '/api/stock-discrepancies', cookie: manager });
    expect(list.statusCode).toBe(200);
    const open = (list.json() as Array<{ id: string; productId: string }>).filter((d) => d.productId === pie);
    expect(open).toEqual([
      expect.objectContaining({
        productName: 'Pie',
        quantityShort: 2,
        stockBefore: 1,
        currentStock: 0,
        cashierName: 'Casey Till',
        transactionId: sold.json().id,
        resolvedAt: null,
      }),
    ]);
    const id = (open[0] as { id: string }).id;

    const noNote = await inject(t, {
      method: 'POST',
      url: `/api/stock-discrepancies/${id}/resolve`,
      cookie: manager,
      payload: { note: '  ' },
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual({ note: 'Say how the discrepancy was resolved' });

    const resolved = await inject(t, {
      method: 'POST',
      url: `/api/stock-discrepancies/${id}/resolve`,
      cookie: manager,
      payload: { note: 'Found a tray in the back', countedStock: 4 },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      resolvedByName: 'Morgan Lead',
      resolutionNote: 'Found a tray in the back',
      countedStock: 4,
      currentStock: 4,
    });
    expect(await stockOf(pie)).toBe(4);
    expect((await movementsOf(t, pie)).at(-1)).toMatchObject({ reason: 'discrepancy', quantity: 4, stock_after: 4 });
    const twice = await inject(t, {
      method: 'POST',
      url: `/api/stock-discrepancies/${id}/resolve`,
      cookie: manager,
      payload: { note: 'again' },
    });
    expect(twice.statusCode).toBe(409);
    const stillOpen = await inject(t, { method: 'GET', url: '/api/stock-discrepancies?status=open', cookie: manager });
    expect((stillOpen.json() as Array<{ id: string }>).some((d) => d.id === id)).toBe(false);
    const unknown = await inject(t, {
      method: 'POST',
      url: `/api/stock-discrepancies/${randomUUID()}/resolve`,
      cookie: manager,
      payload: { note: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    await endShift(cashier);
  });

  it('floors a size option at zero on its own stock', async () => {
    const cake = await createProduct(t, {
      name: 'Cake',
      price: '6.00',
      stock: 50,
      categoryId: bakery,
      hasVariants: true,
    });
    const slice = await createVariant(t, { productId: cake, name: 'Slice', price: '2.50', stock: 1 });
    const shift = await freshShift(cashier);
    const sold = await postOffline(
      cashier,
      offlineBody(
        [{ productId: cake, variantId: slice, variantName: 'Slice', quantity: 2, unitPrice: '2.50' }],
        shift.id,
      ),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().stockShortfalls).toBe(1);
    const [variant] = await t.db.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, slice));
    expect(variant?.stock).toBe(0);
    expect(await stockOf(cake)).toBe(50);
    await endShift(cashier);
  });

  it("refuses amounts that do not add up, an unknown shift and another cashier's shift, writing nothing", async () => {
    const tea = await createProduct(t, { name: 'Tea', price: '2.00', stock: 10, categoryId: bakery });
    const shift = await freshShift(cashier);
    const good = offlineBody([{ productId: tea, quantity: 2, unitPrice: '2.00' }], shift.id, {
      paymentMethod: 'credit_card',
    });
    const cases: Array<[unknown, number, string]> = [
      [{ ...good, total: '4.00' }, 400, 'pos.offline_amounts'],
      [{ ...good, tax: '0.00', total: '4.00' }, 400, 'pos.offline_amounts'],
      [{ ...good, items: [{ ...good.items[0], totalPrice: '3.00' }] }, 400, 'pos.offline_amounts'],
      [{ ...good, shiftId: 987654 }, 400, 'pos.offline_unknown_shift'],
      [{ ...good, soldAt: 'yesterday' }, 400, 'validation'],
    ];
    for (const [body, status, code] of cases) {
      const response = await postOffline(cashier, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().code).toBe(code);
    }
    const other = await postOffline(otherCashier, good);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('pos.offline_other_cashier');
    expect(await stockOf(tea)).toBe(10);

    // A manager may empty the terminal's outbox: the sale stays the cashier's.
    const byManager = await postOffline(manager, good);
    expect(byManager.statusCode, byManager.body).toBe(201);
    const [row] = await t.db.db
      .select({ userId: transactions.userId })
      .from(transactions)
      .where(eq(transactions.id, byManager.json().id));
    expect(row?.userId).toBe(cashierId);
    await endShift(cashier);
  });

  it('stock equals the sum of its movements after every offline sale and resolution', async () => {
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('terminals report in; a manager sees the one whose unsynced sales are old', async () => {
    const quiet = randomUUID();
    const stuck = randomUUID();
    for (const [terminalId, unsyncedCount] of [
      [quiet, 0],
      [stuck, 3],
    ] as const) {
      const beat = await inject(t, {
        method: 'POST',
        url: '/api/terminals/heartbeat',
        cookie: cashier,
        payload: { terminalId, unsyncedCount, oldestUnsyncedAt: new Date(Date.now() - 3_600_000).toISOString() },
      });
      expect(beat.statusCode).toBe(204);
    }
    // Its last sync (never; it was first seen) is older than the limit.
    await t.db.db
      .update(posTerminals)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(posTerminals.id, stuck));
    const list = await inject(t, { method: 'GET', url: '/api/terminals', cookie: manager });
    expect(list.statusCode).toBe(200);
    const terminals = list.json().terminals as Array<{
      id: string;
      stale: boolean;
      unsyncedCount: number;
      userName: string;
    }>;
    expect(terminals.find((x) => x.id === stuck)).toMatchObject({
      stale: true,
      unsyncedCount: 3,
      userName: 'Casey Till',
    });
    expect(terminals.find((x) => x.id === quiet)).toMatchObject({ stale: false, unsyncedCount: 0 });
    expect(terminals[0]?.id).toBe(stuck);
    expect((await inject(t, { method: 'GET', url: '/api/terminals', cookie: cashier })).statusCode).toBe(403);

    // Once it reports an empty outbox it is synced.
    await inject(t, {
      method: 'POST',
      url: '/api/terminals/heartbeat',
      cookie: cashier,
      payload: { terminalId: stuck, unsyncedCount: 0 },
    });
    const after = await inject(t, { method: 'GET', url: '/api/terminals', cookie: manager });
    expect((after.json().terminals as Array<{ id: string; stale: boolean }>).find((x) => x.id === stuck)?.stale).toBe(
      false,
    );
  });
});
