import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, sessionCookie, signIn, type TestApp } from '../../../test/build-test-app';
import { procLocations, zReports } from '../../db/schema/index';
import { createCategory, createProduct, giveStock, postSale, saleBody } from '../pos/pos-test-support';

/**
 * Issue #32 item 2 (h-filters): the store filter on the dashboard, the expenses and the exports,
 * what a user limited to some stores may read, the "All stores" Z report list's paging, and a
 * cashier refused at sign-in on a till bound to a store they may not sell at.
 */

let t: TestApp;
let manager: string;
let cashier: string;
let limitedCashier: string;
let limitedCashierId: string;
let mainStoreId: string;
let libraryStoreId: string;
let muffin: string;

const LIMITED_PIN = '3862';

async function start(cookie: string, payload: Record<string, unknown> = {}) {
  return inject(t, { method: 'POST', url: '/api/shifts/start', cookie, payload });
}
async function end(cookie: string) {
  return inject(t, { method: 'POST', url: '/api/shifts/end', cookie, payload: { countedCash: '0' } });
}
async function get(cookie: string, url: string) {
  return inject(t, { method: 'GET', url, cookie });
}
async function read(cookie: string, url: string) {
  const response = await get(cookie, url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}
/** Sells `quantity` muffins (4.50 each) in one sale at `storeId`, in a shift of its own. */
async function sellAt(storeId: string, quantity: number) {
  expect((await start(cashier, { storeId })).statusCode).toBe(201);
  const sale = await postSale(t, cashier, saleBody([{ productId: muffin, quantity, unitPrice: '4.50' }]));
  expect(sale.statusCode).toBe(201);
  const closed = await end(cashier);
  expect(closed.statusCode).toBe(200);
  return closed.json().zReport as { id: string; number: number };
}
async function bindTill(storeId: string, terminalId = randomUUID(), cookie = manager) {
  const bound = await inject(t, {
    method: 'PUT',
    url: `/api/terminals/${terminalId}/store`,
    cookie,
    payload: { storeId },
  });
  expect(bound.statusCode).toBe(200);
  return terminalId;
}
function pinSignIn(payload: Record<string, unknown>, remoteAddress: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/pin',
    payload,
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Lead' });
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
  limitedCashierId = await createUser(t, { role: 'cashier', pin: LIMITED_PIN, firstName: 'Chris', lastName: 'Lib' });
  manager = await signIn(t, '4826', '10.8.0.1');
  cashier = await signIn(t, '2915', '10.8.0.2');
  limitedCashier = await signIn(t, LIMITED_PIN, '10.8.0.3');

  const stores = (await read(manager, '/api/stores')) as { id: string }[];
  mainStoreId = stores[0]?.id as string;
  await inject(t, {
    method: 'PATCH',
    url: `/api/stores/${mainStoreId}`,
    cookie: manager,
    payload: { name: 'Main Café' },
  });
  const [location] = await t.db.db
    .insert(procLocations)
    .values({ code: 'LIB-CAFE', name: 'Library Café counter', isSelling: true })
    .returning({ id: procLocations.id });
  const library = await inject(t, {
    method: 'POST',
    url: '/api/stores',
    cookie: manager,
    payload: { name: 'Library Café', code: 'LIB', sellingLocationId: (location as { id: string }).id },
  });
  expect(library.statusCode).toBe(201);
  libraryStoreId = library.json().id;

  const category = await createCategory(t, 'Bakery');
  muffin = await createProduct(t, { name: 'Muffin', price: '4.50', stock: 1000, categoryId: category });
  await giveStock(t, { productId: muffin, storeId: libraryStoreId }, 1000);

  const limited = await inject(t, {
    method: 'PUT',
    url: `/api/users/${limitedCashierId}/stores`,
    cookie: manager,
    payload: { storeIds: [libraryStoreId] },
  });
  expect(limited.statusCode).toBe(200);

  // Today: two sales at the main café (2 + 1 muffins), one at the library (3 muffins).
  await sellAt(mainStoreId, 2);
  await sellAt(mainStoreId, 1);
  await sellAt(libraryStoreId, 3);
});
afterAll(async () => {
  await t.close();
});

describe('dashboard figures by store (issue #32 item 2)', () => {
  it('daily stats, top products, the summary and the sales list: store A + store B = All stores', async () => {
    const main = `?storeId=${mainStoreId}`;
    const lib = `?storeId=${libraryStoreId}`;
    const stats = (q: string) => read(manager, `/api/analytics/daily-stats${q}`);
    expect(await stats(main)).toMatchObject({ totalSales: '13.50', totalTransactions: 2, totalItemsSold: 3 });
    expect(await stats(lib)).toMatchObject({ totalSales: '13.50', totalTransactions: 1, totalItemsSold: 3 });
    expect(await stats('')).toMatchObject({ totalSales: '27.00', totalTransactions: 3, totalItemsSold: 6 });

    const top = async (q: string) => (await read(manager, `/api/analytics/top-products${q}`))[0];
    expect(await top(main)).toMatchObject({ totalSold: 3, totalRevenue: '13.50' });
    expect(await top(lib)).toMatchObject({ totalSold: 3, totalRevenue: '13.50' });
    expect(await top('')).toMatchObject({ totalSold: 6, totalRevenue: '27.00' });

    expect(await read(manager, `/api/transactions${main}`)).toHaveLength(2);
    expect(await read(manager, `/api/transactions${lib}`)).toHaveLength(1);
    expect(await read(manager, '/api/transactions')).toHaveLength(3);
  });

  it('a cashier limited to one store reads only that store, and another store is 403', async () => {
    // No store named: their store's figures, not the installation's.
    expect(await read(limitedCashier, '/api/analytics/daily-stats')).toMatchObject({
      totalSales: '13.50',
      totalTransactions: 1,
    });
    expect(await read(limitedCashier, `/api/analytics/daily-stats?storeId=${libraryStoreId}`)).toMatchObject({
      totalSales: '13.50',
    });
    expect((await read(limitedCashier, '/api/analytics/top-products'))[0]).toMatchObject({ totalSold: 3 });
    expect((await read(limitedCashier, '/api/analytics/summary')).totalRevenue).toBe('13.50');
    expect(await read(limitedCashier, '/api/transactions')).toHaveLength(1);

    for (const path of [
      '/api/analytics/daily-stats',
      '/api/analytics/top-products',
      '/api/analytics/summary',
      '/api/transactions',
      '/api/reports/daily.csv',
      '/api/reports/vtpd.csv',
    ]) {
      const foreign = await get(limitedCashier, `${path}?storeId=${mainStoreId}`);
      expect(foreign.statusCode, path).toBe(403);
      expect(foreign.json(), path).toEqual({
        code: 'stores.store_not_allowed',
        message: "You can't see this store's figures.",
      });
    }
    // An unlimited cashier reads every store, like before.
    expect(await read(cashier, '/api/analytics/daily-stats')).toMatchObject({ totalSales: '27.00' });
    expect(await read(cashier, `/api/analytics/daily-stats?storeId=${mainStoreId}`)).toMatchObject({
      totalSales: '13.50',
    });
  });
});

describe('CSV exports by store (issue #32 item 2)', () => {
  const rowsOf = (body: string) => body.trim().split(/\r?\n/).length - 1;

  it('daily.csv honours storeId and names the store in the file; the stores add up to all', async () => {
    const all = await get(manager, '/api/reports/daily.csv');
    const main = await get(manager, `/api/reports/daily.csv?storeId=${mainStoreId}`);
    const lib = await get(manager, `/api/reports/daily.csv?storeId=${libraryStoreId}`);
    for (const r of [all, main, lib]) expect(r.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toMatch(/filename="sales-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(main.headers['content-disposition']).toMatch(/filename="sales-\d{4}-\d{2}-\d{2}-MAIN\.csv"/);
    expect(lib.headers['content-disposition']).toMatch(/filename="sales-\d{4}-\d{2}-\d{2}-LIB\.csv"/);
    expect(rowsOf(main.body)).toBe(2);
    expect(rowsOf(lib.body)).toBe(1);
    expect(rowsOf(all.body)).toBe(3);
    // A limited cashier's file is their store's, and says so.
    const own = await get(limitedCashier, '/api/reports/daily.csv');
    expect(own.headers['content-disposition']).toMatch(/-LIB\.csv"/);
    expect(rowsOf(own.body)).toBe(1);
  });

  it('vtpd.csv takes the same storeId and names the store in the file', async () => {
    const lib = await get(manager, `/api/reports/vtpd.csv?storeId=${libraryStoreId}`);
    expect(lib.statusCode).toBe(200);
    expect(lib.headers['content-disposition']).toMatch(/VTPD_Transactions_[\d-]+_to_\d{4}-\d{2}-\d{2}-LIB\.csv"/);
    const all = await get(manager, '/api/reports/vtpd.csv');
    expect(all.headers['content-disposition']).toMatch(/VTPD_Transactions_[\d-]+_to_\d{4}-\d{2}-\d{2}\.csv"/);
    expect((await get(manager, '/api/reports/daily.csv?storeId=nope')).statusCode).toBe(400);
  });
});

describe('expenses by store (issue #32 item 2)', () => {
  const post = (payload: Record<string, unknown>) =>
    inject(t, { method: 'POST', url: '/api/expenses', cookie: manager, payload });
  const base = { category: 'utilities', description: 'Milk delivery', paymentMethod: 'cash' };

  it('an expense belongs to a store (the default store when none is named); list and totals filter by it', async () => {
    const atMain = await post({ ...base, amount: '10.00', storeId: mainStoreId });
    expect(atMain.statusCode).toBe(201);
    expect(atMain.json().storeId).toBe(mainStoreId);
    const atLib = await post({ ...base, amount: '5.25', storeId: libraryStoreId, category: 'food_beverage' });
    expect(atLib.json().storeId).toBe(libraryStoreId);
    // A spec §7 client sends no store: the default store's.
    const unnamed = await post({ ...base, amount: '1.00' });
    expect(unnamed.statusCode).toBe(201);
    expect(unnamed.json().storeId).toBe(mainStoreId);

    const unknown = await post({ ...base, amount: '1.00', storeId: randomUUID() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ storeId: 'Unknown store' });

    const list = async (q: string) => (await read(manager, `/api/expenses${q}`)) as { id: string }[];
    expect(await list(`?storeId=${mainStoreId}`)).toHaveLength(2);
    expect(await list(`?storeId=${libraryStoreId}`)).toHaveLength(1);
    expect(await list('')).toHaveLength(3);

    const stats = (q: string) => read(manager, `/api/expenses/stats/daily${q}`);
    expect(await stats(`?storeId=${mainStoreId}`)).toMatchObject({ totalExpenses: '11.00', totalTransactions: 2 });
    expect(await stats(`?storeId=${libraryStoreId}`)).toMatchObject({ totalExpenses: '5.25', totalTransactions: 1 });
    expect(await stats('')).toMatchObject({ totalExpenses: '16.25', totalTransactions: 3 });

    // An edit without a store keeps the expense's; with one moves it.
    const kept = await inject(t, {
      method: 'PATCH',
      url: `/api/expenses/${atLib.json().id}`,
      cookie: manager,
      payload: { ...base, amount: '5.25' },
    });
    expect(kept.json().storeId).toBe(libraryStoreId);
    const moved = await inject(t, {
      method: 'PATCH',
      url: `/api/expenses/${unnamed.json().id}`,
      cookie: manager,
      payload: { ...base, amount: '1.00', storeId: libraryStoreId },
    });
    expect(moved.json().storeId).toBe(libraryStoreId);
    expect(await stats(`?storeId=${libraryStoreId}`)).toMatchObject({ totalExpenses: '6.25' });
  });
});

describe('Z reports of "All stores" page without repeats or gaps (issue #32 item 2)', () => {
  it('numbers repeat across stores; every page of the list together holds each report once', async () => {
    // Z numbers at the two stores now tie (main 1, 2; library 1): add more so ties fall on page edges.
    await sellAt(libraryStoreId, 1);
    await sellAt(mainStoreId, 1);
    await sellAt(libraryStoreId, 1);
    const [counted] = await t.db.db.select({ count: sql<number>`count(*)::int` }).from(zReports);
    const count = Number(counted?.count);
    expect(count).toBe(6);

    for (const limit of [1, 2, 3, 4]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await read(
          manager,
          `/api/z-reports?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        seen.push(...page.items.map((i: { id: string }) => i.id));
        expect(page.nextBefore).toBeNull();
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 20);
      expect(new Set(seen).size, `limit ${limit}`).toBe(count);
      expect(seen, `limit ${limit}`).toHaveLength(count);
    }
    // One store's list still pages by its numbers.
    const first = await read(manager, `/api/z-reports?storeId=${libraryStoreId}&limit=2`);
    expect(first.items.map((i: { number: number }) => i.number)).toEqual([3, 2]);
    expect(first.nextBefore).toBe(2);
    expect(first.nextCursor).toBeNull();
    const rest = await read(manager, `/api/z-reports?storeId=${libraryStoreId}&limit=2&before=2`);
    expect(rest.items.map((i: { number: number }) => i.number)).toEqual([1]);

    const bad = await get(manager, '/api/z-reports?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ cursor: 'Invalid cursor' });
    // A time `Date.parse` takes but PostgreSQL refuses is the same 400, never a 500.
    const loose = Buffer.from(`1 2|${randomUUID()}`).toString('base64url');
    const refused = await get(manager, `/api/z-reports?cursor=${loose}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ cursor: 'Invalid cursor' });
  });
});

describe('sign-in on a till bound to a store (issue #32 item 2)', () => {
  it("a cashier limited to other stores is refused at sign-in (403), naming the till's store", async () => {
    const mainTill = await bindTill(mainStoreId);
    const libraryTill = await bindTill(libraryStoreId);
    const refused = await pinSignIn({ pin: LIMITED_PIN, terminalId: mainTill }, '10.8.1.1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'auth.store_not_allowed',
      message: "You can't sell at Main Café on this till",
    });
    expect(refused.cookies.find((c) => c.name.endsWith('rh_session') && c.value)).toBeUndefined();
    // Their own store's till, an unbound till and no till: signed in.
    expect((await pinSignIn({ pin: LIMITED_PIN, terminalId: libraryTill }, '10.8.1.2')).statusCode).toBe(200);
    expect((await pinSignIn({ pin: LIMITED_PIN, terminalId: randomUUID() }, '10.8.1.3')).statusCode).toBe(200);
    expect((await pinSignIn({ pin: LIMITED_PIN }, '10.8.1.4')).statusCode).toBe(200);
    // Managers and unlimited cashiers are unaffected.
    expect((await pinSignIn({ pin: '4826', terminalId: mainTill }, '10.8.1.5')).statusCode).toBe(200);
    expect((await pinSignIn({ pin: '2915', terminalId: mainTill }, '10.8.1.6')).statusCode).toBe(200);
  });

  it('a refusal after a right PIN is not a wrong guess: the throttle does not lock the till out', async () => {
    const mainTill = await bindTill(mainStoreId);
    // More refusals than the client's failure allowance (5), from one address.
    for (let i = 0; i < 7; i += 1) {
      const refused = await pinSignIn({ pin: LIMITED_PIN, terminalId: mainTill }, '10.8.2.1');
      expect(refused.statusCode, `attempt ${i + 1}`).toBe(403);
    }
    // A wrong PIN is still a wrong PIN (401), and counted as one.
    const wrong = await pinSignIn({ pin: '0000', terminalId: mainTill }, '10.8.2.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid PIN');
    // The manager signs in at the same till afterwards.
    expect((await pinSignIn({ pin: '4826', terminalId: mainTill }, '10.8.2.1')).statusCode).toBe(200);
  });

  it('a till bound on this browser (its device cookie) refuses without the till id in the body', async () => {
    // A manager signs in on a new browser (a device cookie) and binds a till never seen before from it.
    // (Another manager: each person mints a few device cookies a day, and Morgan's are spent above.)
    await createUser(t, { role: 'manager', pin: '5173', firstName: 'Robin', lastName: 'Floor' });
    const managerSignIn = await pinSignIn({ pin: '5173' }, '10.8.3.1');
    const device = managerSignIn.cookies.find((c) => c.name.endsWith('rh_device'));
    expect(device).toBeDefined();
    const deviceCookie = `${device?.name}=${device?.value}`;
    await bindTill(mainStoreId, randomUUID(), `${sessionCookie(managerSignIn)}; ${deviceCookie}`);
    const refused = await pinSignIn({ pin: LIMITED_PIN }, '10.8.3.1', deviceCookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("You can't sell at Main Café on this till");
  });
});
