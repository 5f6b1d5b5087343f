import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { transactions } from '../../db/schema/index';
import { createCategory, createProduct, postSale, saleBody, startShift } from '../pos/pos-test-support';

/** The store is in Sydney (testConfig); these helpers compute its days independently of the code. */
const sydneyClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Australia/Sydney',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function sydneyWallClock(instant: Date): string {
  const p = Object.fromEntries(sydneyClock.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

/** The instant Sydney's clocks show `date` `time` (AEDT +11:00 or AEST +10:00). */
function sydney(date: string, time: string): Date {
  for (const offset of ['+11:00', '+10:00']) {
    const instant = new Date(`${date}T${time}${offset}`);
    if (sydneyWallClock(instant) === `${date}T${time}`) return instant;
  }
  throw new Error(`no such Sydney time: ${date} ${time}`);
}

function shiftDay(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

let t: TestApp;
let cashier: string;
let manager: string;
let muffin: string;
let biscuit: string;
const today = sydneyWallClock(new Date()).slice(0, 10);
const yesterday = shiftDay(today, -1);
const tomorrow = shiftDay(today, 1);
const sales: Record<'startOfToday' | 'endOfToday' | 'startOfTomorrow' | 'endOfYesterday', string> = {
  startOfToday: '',
  endOfToday: '',
  startOfTomorrow: '',
  endOfYesterday: '',
};

async function recordAt(body: ReturnType<typeof saleBody>, at: Date): Promise<string> {
  const response = await postSale(t, cashier, body);
  if (response.statusCode !== 201) throw new Error(response.body);
  const id = response.json().id as string;
  await t.db.db.update(transactions).set({ createdAt: at }).where(eq(transactions.id, id));
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Lead' });
  cashier = await signIn(t, '2915', '10.4.0.1');
  manager = await signIn(t, '4826', '10.4.0.2');
  await startShift(t, cashier);
  const bakery = await createCategory(t, 'Bakery');
  muffin = await createProduct(t, { name: 'Blueberry Muffin', price: '4.50', stock: 100, categoryId: bakery });
  biscuit = await createProduct(t, { name: 'Odd Biscuit', price: '3.33', stock: 100, categoryId: bakery });
  // 00:00:00 and 23:59:59 today count; 23:59:59 yesterday and 00:00:00 tomorrow do not.
  sales.startOfToday = await recordAt(
    saleBody([{ productId: muffin, quantity: 2, unitPrice: '4.50' }], 'cash', { amountReceived: '10.00' }),
    sydney(today, '00:00:00'),
  );
  sales.endOfToday = await recordAt(
    saleBody([{ productId: biscuit, quantity: 3, unitPrice: '3.33' }], 'eftpos', { referenceCode: '4455' }),
    sydney(today, '23:59:59'),
  );
  sales.startOfTomorrow = await recordAt(
    saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }], 'credit_card'),
    sydney(tomorrow, '00:00:00'),
  );
  sales.endOfYesterday = await recordAt(
    saleBody([{ productId: biscuit, quantity: 7, unitPrice: '3.33' }], 'cash', { amountReceived: '50.00' }),
    sydney(yesterday, '23:59:59'),
  );
});
afterAll(async () => {
  await t.close();
});

describe("today's figures in the store's time zone", () => {
  it('daily stats count the sales of today from 00:00:00 to 23:59:59 Sydney time, and nothing else', async () => {
    const response = await inject(t, { method: 'GET', url: '/api/analytics/daily-stats', cookie: cashier });
    expect(response.statusCode).toBe(200);
    // 9.00 cash + 10.24 eftpos (9.99 + 0.25 card fee); 2 + 3 units.
    expect(response.json()).toEqual({
      totalSales: '19.24',
      totalTransactions: 2,
      totalItemsSold: 5,
      totalDiscounts: '0.00',
    });
  });

  it("top products default to today's, by units sold, with their revenue", async () => {
    const response = await inject(t, { method: 'GET', url: '/api/analytics/top-products', cookie: cashier });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { product: { id: biscuit, name: 'Odd Biscuit', imageUrl: null }, totalSold: 3, totalRevenue: '9.99' },
      { product: { id: muffin, name: 'Blueberry Muffin', imageUrl: null }, totalSold: 2, totalRevenue: '9.00' },
    ]);
  });

  it("the transactions list defaults to today's sales, newest first, with items and cashier", async () => {
    const response = await inject(t, { method: 'GET', url: '/api/transactions', cookie: cashier });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((s: { id: string }) => s.id)).toEqual([sales.endOfToday, sales.startOfToday]);
    expect(list[0]).toEqual({
      id: sales.endOfToday,
      userId: expect.any(String),
      shiftId: expect.any(Number),
      createdAt: sydney(today, '23:59:59').toISOString(),
      subtotal: '9.99',
      tax: '0.25',
      total: '10.24',
      paymentMethod: 'eftpos',
      referenceCode: 'VTPD4455',
      notes: null,
      status: 'completed',
      items: [{ quantity: 3, variantName: null, product: { id: biscuit, name: 'Odd Biscuit' } }],
      user: { firstName: 'Casey', lastName: 'Till' },
    });
  });
});

describe('date ranges', () => {
  it('a manager reads any range of days, inclusive, and a single day', async () => {
    const range = await inject(t, {
      method: 'GET',
      url: `/api/transactions?startDate=${yesterday}&endDate=${tomorrow}`,
      cookie: manager,
    });
    expect(range.statusCode).toBe(200);
    expect(range.json().map((s: { id: string }) => s.id)).toEqual([
      sales.startOfTomorrow,
      sales.endOfToday,
      sales.startOfToday,
      sales.endOfYesterday,
    ]);
    const oneDay = await inject(t, { method: 'GET', url: `/api/transactions?startDate=${yesterday}`, cookie: manager });
    expect(oneDay.json().map((s: { id: string }) => s.id)).toEqual([sales.endOfYesterday]);
    const limited = await inject(t, {
      method: 'GET',
      url: `/api/transactions?startDate=${yesterday}&endDate=${tomorrow}&limit=1`,
      cookie: manager,
    });
    expect(limited.json()).toHaveLength(1);
    const top = await inject(t, {
      method: 'GET',
      url: `/api/analytics/top-products?startDate=${yesterday}&endDate=${today}&limit=1`,
      cookie: manager,
    });
    expect(top.json()).toEqual([
      { product: { id: biscuit, name: 'Odd Biscuit', imageUrl: null }, totalSold: 10, totalRevenue: '33.30' },
    ]);
  });

  it('a cashier may name today explicitly but gets 403 for any other day', async () => {
    const todayOnly = await inject(t, {
      method: 'GET',
      url: `/api/transactions?startDate=${today}&endDate=${today}`,
      cookie: cashier,
    });
    expect(todayOnly.statusCode).toBe(200);
    for (const url of [
      `/api/transactions?startDate=${yesterday}&endDate=${today}`,
      `/api/transactions?startDate=${yesterday}`,
      `/api/analytics/top-products?startDate=${yesterday}&endDate=${yesterday}`,
    ]) {
      const response = await inject(t, { method: 'GET', url, cookie: cashier });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe('Sales reports are available to managers.');
    }
  });

  it('a start after the end, or a date that is not a date, is refused with 400', async () => {
    const backwards = await inject(t, {
      method: 'GET',
      url: `/api/transactions?startDate=${today}&endDate=${yesterday}`,
      cookie: manager,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('Start date must be before end date.');
    for (const bad of ['2024-13-01', '2024-02-30', 'yesterday', '01/02/2024']) {
      const response = await inject(t, { method: 'GET', url: `/api/transactions?startDate=${bad}`, cookie: manager });
      expect(response.statusCode, bad).toBe(400);
    }
    const badLimit = await inject(t, { method: 'GET', url: '/api/transactions?limit=0', cookie: manager });
    expect(badLimit.statusCode).toBe(400);
  });
});
