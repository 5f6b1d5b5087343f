import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { transactions } from '../../db/schema/index';
import { createCategory, createProduct, postSale, saleBody, startShift } from './pos-test-support';

let t: TestApp;
let cashier: string;
let otherCashier: string;
let manager: string;
let cashierId: string;
let coffeeBeans: string;
let muffin: string;

beforeAll(async () => {
  t = await buildTestApp();
  cashierId = await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
  await createUser(t, { role: 'cashier', pin: '3862', firstName: 'Robin', lastName: 'Drawer' });
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Lead' });
  cashier = await signIn(t, '2915', '10.1.0.1');
  otherCashier = await signIn(t, '3862', '10.1.0.2');
  manager = await signIn(t, '4826', '10.1.0.3');
  const bakery = await createCategory(t, 'Bakery');
  coffeeBeans = await createProduct(t, { name: 'Coffee Beans', price: '3.33', stock: 100, categoryId: bakery });
  muffin = await createProduct(t, { name: 'Muffin', price: '4.50', stock: 100, categoryId: bakery });
});
afterAll(async () => {
  await t.close();
});

describe('shifts', () => {
  it('a cashier without a shift reads no current shift', async () => {
    const response = await inject(t, { method: 'GET', url: '/api/shifts/current', cookie: otherCashier });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ shift: null });
  });

  it('ending a shift that was never started is refused with a clear message', async () => {
    const response = await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: otherCashier, payload: {} });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'pos.no_open_shift', message: 'You have no open shift to end.' });
  });

  it('starting a shift with no body at all opens it without an opening float', async () => {
    const response = await inject(t, { method: 'POST', url: '/api/shifts/start', cookie: otherCashier });
    expect(response.statusCode).toBe(201);
    expect(response.json().shift).toMatchObject({ isOpen: true, openingFloat: null, endedAt: null });
    const end = await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: otherCashier });
    expect(end.statusCode).toBe(200);
    expect(end.json().summary).toMatchObject({ openingFloat: null, expectedCash: '0.00', overShort: null });
  });

  it('a cashier starts a shift with an opening float, reads it back, and cannot start a second one', async () => {
    const start = await inject(t, {
      method: 'POST',
      url: '/api/shifts/start',
      cookie: cashier,
      payload: { openingFloat: '100' },
    });
    expect(start.statusCode).toBe(201);
    const { shift } = start.json();
    expect(shift).toEqual({
      id: expect.any(Number),
      cashierId,
      startedAt: expect.any(String),
      endedAt: null,
      isOpen: true,
      openingFloat: '100.00',
      countedCash: null,
      // Issue #32: the installation's one store.
      storeId: expect.any(String),
    });
    const current = await inject(t, { method: 'GET', url: '/api/shifts/current', cookie: cashier });
    expect(current.json()).toEqual({ shift });

    const again = await inject(t, { method: 'POST', url: '/api/shifts/start', cookie: cashier, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'pos.shift_open', message: 'You already have an open shift.' });
  });

  it('ending the shift reports its sales by method, card fees and the drawer over/short, exact to the cent', async () => {
    const cash = await postSale(
      t,
      cashier,
      saleBody([{ productId: muffin, quantity: 2, unitPrice: '4.50' }], 'cash', { amountReceived: '20.00' }),
    );
    expect(cash.statusCode).toBe(201);
    // 3 × 3.33 = 9.99; fee 2.5% = 0.24975 → 0.25; total 10.24.
    const eftpos = await postSale(
      t,
      cashier,
      saleBody([{ productId: coffeeBeans, quantity: 3, unitPrice: '3.33' }], 'eftpos'),
    );
    expect(eftpos.statusCode).toBe(201);
    // 10.00 by credit card: fee 0.25, total 10.25.
    const card = await postSale(
      t,
      cashier,
      saleBody(
        [
          { productId: muffin, quantity: 1, unitPrice: '4.50' },
          { productId: coffeeBeans, quantity: 1, unitPrice: '3.33' },
          { productId: coffeeBeans, quantity: 1, unitPrice: '3.33' },
        ],
        'credit_card',
      ),
    );
    expect(card.statusCode).toBe(201);
    expect(card.json()).toMatchObject({ subtotal: '11.16', tax: '0.28', total: '11.44' });

    const end = await inject(t, {
      method: 'POST',
      url: '/api/shifts/end',
      cookie: cashier,
      payload: { countedCash: '108.50' },
    });
    expect(end.statusCode).toBe(200);
    const { shift, summary } = end.json();
    expect(shift).toMatchObject({ isOpen: false, countedCash: '108.50', openingFloat: '100.00' });
    expect(shift.endedAt).toEqual(expect.any(String));
    expect(summary).toEqual({
      shiftId: shift.id,
      startedAt: shift.startedAt,
      endedAt: shift.endedAt,
      salesCount: 3,
      itemsSold: 2 + 3 + 3,
      totalsByMethod: [
        { paymentMethod: 'cash', count: 1, total: '9.00' },
        { paymentMethod: 'credit_card', count: 1, total: '11.44' },
        { paymentMethod: 'eftpos', count: 1, total: '10.24' },
      ],
      subtotal: '30.15',
      cardFees: '0.53',
      total: '30.68',
      openingFloat: '100.00',
      cashSales: '9.00',
      refundsCount: 0,
      refundsTotal: '0.00',
      cashRefunds: '0.00',
      expectedCash: '109.00',
      countedCash: '108.50',
      overShort: '-0.50',
      lateSales: [],
    });

    // Ending a shift never changes its sales; the summary reads the same later.
    const stored = await t.db.db.select().from(transactions).where(eq(transactions.shiftId, shift.id));
    expect(stored).toHaveLength(3);
    const later = await inject(t, { method: 'GET', url: `/api/shifts/${shift.id}/summary`, cookie: cashier });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toEqual(summary);

    // And a sale after the end needs a new shift.
    const afterEnd = await postSale(t, cashier, saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }]));
    expect(afterEnd.statusCode).toBe(409);
    expect(afterEnd.json().message).toContain('shift');
  });

  it("a cashier reads only their own shift summaries; a manager reads anyone's", async () => {
    const { id } = await startShift(t, otherCashier, '50.00');
    const own = await inject(t, { method: 'GET', url: `/api/shifts/${id}/summary`, cookie: otherCashier });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ salesCount: 0, expectedCash: '50.00', endedAt: null, overShort: null });
    const someoneElse = await inject(t, { method: 'GET', url: `/api/shifts/${id}/summary`, cookie: cashier });
    expect(someoneElse.statusCode).toBe(404);
    const asManager = await inject(t, { method: 'GET', url: `/api/shifts/${id}/summary`, cookie: manager });
    expect(asManager.statusCode).toBe(200);
    const missing = await inject(t, { method: 'GET', url: '/api/shifts/999999/summary', cookie: manager });
    expect(missing.statusCode).toBe(404);
    const notANumber = await inject(t, { method: 'GET', url: '/api/shifts/abc/summary', cookie: manager });
    expect(notANumber.statusCode).toBe(400);
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: otherCashier, payload: {} });
  });

  it('two Start Shift taps racing open exactly one shift', async () => {
    const responses = await Promise.all(
      [1, 2, 3].map(() => inject(t, { method: 'POST', url: '/api/shifts/start', cookie: manager, payload: {} })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: manager, payload: {} });
  });

  it('starting and ending a shift publish shift.changed for live updates', async () => {
    const seen: string[] = [];
    const unsubscribe = t.app.events.subscribe((e) => {
      if (e.type === 'shift.changed') seen.push(...(e.ids ?? []));
    });
    const { id } = await startShift(t, otherCashier);
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: otherCashier, payload: {} });
    await expect.poll(() => seen.filter((x) => x === String(id)).length, { timeout: 3000 }).toBe(2);
    unsubscribe();
  });

  it('a bad opening float or counted cash is refused with a field message', async () => {
    for (const openingFloat of ['-5', '1e3', '12.345', 'abc']) {
      const response = await inject(t, {
        method: 'POST',
        url: '/api/shifts/start',
        cookie: cashier,
        payload: { openingFloat },
      });
      expect(response.statusCode, openingFloat).toBe(400);
      expect(response.json().errors).toHaveProperty('openingFloat');
    }
  });
});
