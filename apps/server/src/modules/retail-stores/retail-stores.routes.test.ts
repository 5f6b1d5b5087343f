import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { documentCounters, posTerminals, procLocations } from '../../db/schema/index';
import { createCategory, createProduct, giveStock, postSale, saleBody } from '../pos/pos-test-support';

let t: TestApp;
let manager: string;
let superAdmin: string;
let cashier: string;
let limitedCashier: string;
let limitedCashierId: string;
let mainStoreId: string;
let libraryStoreId: string;
let cafeLocationId: string;
let muffin: string;

async function start(cookie: string, payload: Record<string, unknown> = {}) {
  return inject(t, { method: 'POST', url: '/api/shifts/start', cookie, payload });
}
async function end(cookie: string) {
  return inject(t, { method: 'POST', url: '/api/shifts/end', cookie, payload: { countedCash: '0' } });
}

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Lead' });
  await createUser(t, { role: 'super_admin', pin: '7391', firstName: 'Sam', lastName: 'Admin' });
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
  limitedCashierId = await createUser(t, { role: 'cashier', pin: '3862', firstName: 'Chris', lastName: 'Library' });
  manager = await signIn(t, '4826', '10.7.0.1');
  superAdmin = await signIn(t, '7391', '10.7.0.2');
  cashier = await signIn(t, '2915', '10.7.0.3');
  limitedCashier = await signIn(t, '3862', '10.7.0.4');
  const [location] = await t.db.db
    .insert(procLocations)
    .values({ code: 'LIB-CAFE', name: 'Library Café counter', isSelling: true })
    .returning({ id: procLocations.id });
  cafeLocationId = (location as { id: string }).id;
  const category = await createCategory(t, 'Bakery');
  muffin = await createProduct(t, { name: 'Muffin', price: '4.50', stock: 1000, categoryId: category });
});
afterAll(async () => {
  await t.close();
});

describe('stores (issue #32 item 2): GET, POST, PATCH /api/stores', () => {
  it('a new installation has one store, Main Store (MAIN), and a shift with no body starts there', async () => {
    const list = await inject(t, { method: 'GET', url: '/api/stores', cookie: cashier });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: expect.any(String),
        name: 'Main Store',
        code: 'MAIN',
        sellingLocationId: expect.any(String),
        sellingLocationName: 'Main Store',
        isArchived: false,
        createdAt: expect.any(String),
      },
    ]);
    mainStoreId = list.json()[0].id;
    const started = await inject(t, { method: 'POST', url: '/api/shifts/start', cookie: cashier });
    expect(started.statusCode).toBe(201);
    expect(started.json().shift.storeId).toBe(mainStoreId);
    const current = await inject(t, { method: 'GET', url: '/api/shifts/current', cookie: cashier });
    expect(current.json().shift.storeId).toBe(mainStoreId);
    expect((await end(cashier)).statusCode).toBe(200);
  });

  it('signed out: 401; a cashier may read the list but not add or change a store (403)', async () => {
    expect((await inject(t, { method: 'GET', url: '/api/stores' })).statusCode).toBe(401);
    const add = await inject(t, {
      method: 'POST',
      url: '/api/stores',
      cookie: cashier,
      payload: { name: 'X', code: 'X' },
    });
    expect(add.statusCode).toBe(403);
    const rename = await inject(t, {
      method: 'PATCH',
      url: `/api/stores/${mainStoreId}`,
      cookie: cashier,
      payload: { name: 'X' },
    });
    expect(rename.statusCode).toBe(403);
  });

  it('refuses a store without name or code with field messages (400)', async () => {
    const response = await inject(t, { method: 'POST', url: '/api/stores', cookie: manager, payload: { name: ' ' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ name: 'Store name is required', code: 'Store code is required' });
    const badLocation = await inject(t, {
      method: 'POST',
      url: '/api/stores',
      cookie: manager,
      payload: { name: 'Library Café', code: 'LIB', sellingLocationId: randomUUID() },
    });
    expect(badLocation.statusCode).toBe(400);
    expect(badLocation.json().errors).toEqual({ sellingLocationId: 'Unknown location' });
  });

  it('a manager adds a store with its selling location; the code is kept upper case', async () => {
    const response = await inject(t, {
      method: 'POST',
      url: '/api/stores',
      cookie: manager,
      payload: { name: 'Library Café', code: 'lib', sellingLocationId: cafeLocationId },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Library Café',
      code: 'LIB',
      sellingLocationId: cafeLocationId,
      sellingLocationName: 'Library Café counter',
    });
    libraryStoreId = response.json().id;
    // Each store sells from its own location's stock (ADR 0025): the library café gets its muffins.
    await giveStock(t, { productId: muffin, storeId: libraryStoreId }, 1000);
    const list = await inject(t, { method: 'GET', url: '/api/stores', cookie: manager });
    expect(list.json().map((s: { code: string }) => s.code)).toEqual(['MAIN', 'LIB']);
  });

  it('a duplicate code is 409, whatever its letter case, also on a rename', async () => {
    const dup = await inject(t, {
      method: 'POST',
      url: '/api/stores',
      cookie: superAdmin,
      payload: { name: 'Another', code: 'Lib' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'stores.code_taken', message: 'A store with code "LIB" already exists.' });
    const rename = await inject(t, {
      method: 'PATCH',
      url: `/api/stores/${mainStoreId}`,
      cookie: manager,
      payload: { code: 'lib' },
    });
    expect(rename.statusCode).toBe(409);
  });

  it('a manager renames a store; an unknown store is 404', async () => {
    const response = await inject(t, {
      method: 'PATCH',
      url: `/api/stores/${mainStoreId}`,
      cookie: manager,
      payload: { name: 'Main Café' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Main Café', code: 'MAIN' });
    const unknown = await inject(t, {
      method: 'PATCH',
      url: `/api/stores/${randomUUID()}`,
      cookie: manager,
      payload: { name: 'Nowhere' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a shift belongs to a store (issue #32 item 2)', () => {
  it('with two stores an unbound terminal must say which store (400), and may choose either', async () => {
    const none = await start(cashier);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ storeId: 'Choose the store this shift sells at' });
    const unknown = await start(cashier, { storeId: randomUUID() });
    expect(unknown.statusCode).toBe(400);
    const chosen = await start(cashier, { storeId: libraryStoreId });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().shift.storeId).toBe(libraryStoreId);
    expect((await end(cashier)).statusCode).toBe(200);
  });

  it('a manager binds a terminal to a store; a shift started on it is at that store', async () => {
    const terminalId = randomUUID();
    const refused = await inject(t, {
      method: 'PUT',
      url: `/api/terminals/${terminalId}/store`,
      cookie: cashier,
      payload: { storeId: libraryStoreId },
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await inject(t, {
      method: 'PUT',
      url: `/api/terminals/${terminalId}/store`,
      cookie: manager,
      payload: { storeId: randomUUID() },
    });
    expect(unknown.statusCode).toBe(400);
    const bound = await inject(t, {
      method: 'PUT',
      url: `/api/terminals/${terminalId}/store`,
      cookie: manager,
      payload: { storeId: libraryStoreId },
    });
    expect(bound.statusCode).toBe(200);
    expect(bound.json()).toEqual({ terminalId, storeId: libraryStoreId });
    const read = await inject(t, { method: 'GET', url: `/api/terminals/${terminalId}/store`, cookie: cashier });
    expect(read.json()).toEqual({ terminalId, storeId: libraryStoreId });
    const started = await start(cashier, { terminalId });
    expect(started.statusCode).toBe(201);
    expect(started.json().shift.storeId).toBe(libraryStoreId);
    expect((await end(cashier)).statusCode).toBe(200);
    // The till's heartbeats still work after the binding (it keeps its owner rules).
    const [row] = await t.db.db.select().from(posTerminals).where(eq(posTerminals.id, terminalId));
    expect(row?.storeId).toBe(libraryStoreId);
  });

  it('a cashier limited to one store starts shifts there only: another store is 403', async () => {
    const refused = await inject(t, {
      method: 'PUT',
      url: `/api/users/${limitedCashierId}/stores`,
      cookie: cashier,
      payload: { storeIds: [libraryStoreId] },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await inject(t, {
      method: 'PUT',
      url: `/api/users/${limitedCashierId}/stores`,
      cookie: manager,
      payload: { storeIds: [randomUUID()] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ storeIds: 'Unknown store' });
    const limited = await inject(t, {
      method: 'PUT',
      url: `/api/users/${limitedCashierId}/stores`,
      cookie: manager,
      payload: { storeIds: [libraryStoreId] },
    });
    expect(limited.statusCode).toBe(200);
    expect(limited.json()).toEqual({ userId: limitedCashierId, storeIds: [libraryStoreId] });
    const read = await inject(t, { method: 'GET', url: `/api/users/${limitedCashierId}/stores`, cookie: manager });
    expect(read.json().storeIds).toEqual([libraryStoreId]);

    const elsewhere = await start(limitedCashier, { storeId: mainStoreId });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({
      code: 'pos.store_not_allowed',
      message: 'You are not allowed to sell at this store.',
    });
    // A terminal bound to the other store: also 403.
    const mainTill = randomUUID();
    await inject(t, {
      method: 'PUT',
      url: `/api/terminals/${mainTill}/store`,
      cookie: manager,
      payload: { storeId: mainStoreId },
    });
    expect((await start(limitedCashier, { terminalId: mainTill })).statusCode).toBe(403);
    // No store named, no terminal: their only store.
    const own = await start(limitedCashier);
    expect(own.statusCode).toBe(201);
    expect(own.json().shift.storeId).toBe(libraryStoreId);
    expect((await end(limitedCashier)).statusCode).toBe(200);
    // Limits lifted: [] means every store again.
    const lifted = await inject(t, {
      method: 'PUT',
      url: `/api/users/${limitedCashierId}/stores`,
      cookie: manager,
      payload: { storeIds: [] },
    });
    expect(lifted.json().storeIds).toEqual([]);
  });
});

describe('Z numbers per store (issue #32 item 4)', () => {
  it('each store numbers its Z reports 1, 2, 3… on its own; the list filters by store', async () => {
    const numbers: Record<string, number[]> = { main: [], library: [] };
    for (const [key, storeId] of [
      ['main', mainStoreId],
      ['library', libraryStoreId],
      ['library', libraryStoreId],
      ['main', mainStoreId],
    ] as const) {
      expect((await start(cashier, { storeId })).statusCode).toBe(201);
      const sale = await postSale(t, cashier, saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }]));
      expect(sale.statusCode).toBe(201);
      const closed = await end(cashier);
      expect(closed.statusCode).toBe(200);
      expect(closed.json().zReport.store).toEqual({
        id: storeId,
        name: key === 'main' ? 'Main Café' : 'Library Café',
      });
      numbers[key]?.push(closed.json().zReport.number);
    }
    // Earlier tests closed 1 shift at the main store and 3 at the library (one per start above).
    const [main] = await t.db.db
      .select()
      .from(documentCounters)
      .where(eq(documentCounters.name, `z_report:${mainStoreId}`));
    expect(numbers.main).toEqual([(main?.lastValue ?? 0) - 1, main?.lastValue]);
    expect((numbers.library?.[1] ?? 0) - (numbers.library?.[0] ?? 0)).toBe(1);

    const libraryList = await inject(t, {
      method: 'GET',
      url: `/api/z-reports?storeId=${libraryStoreId}`,
      cookie: manager,
    });
    expect(libraryList.statusCode).toBe(200);
    const items = libraryList.json().items as { number: number; storeName: string }[];
    expect(items.every((i) => i.storeName === 'Library Café')).toBe(true);
    expect(items.map((i) => i.number)).toEqual(Array.from({ length: items.length }, (_, i) => items.length - i));
    const all = await inject(t, { method: 'GET', url: '/api/z-reports', cookie: manager });
    expect(all.json().items.length).toBe(items.length + (main?.lastValue ?? 0));
  });
});

describe('per-store price and availability (issue #32 item 2; stored, not yet charged)', () => {
  it('PUT /api/products/:id/stores/:storeId sets the price and availability; catalog.manage only', async () => {
    const url = `/api/products/${muffin}/stores/${libraryStoreId}`;
    expect((await inject(t, { method: 'PUT', url, cookie: cashier, payload: { price: '5' } })).statusCode).toBe(403);
    const bad = await inject(t, { method: 'PUT', url, cookie: manager, payload: { price: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ price: 'Must be an amount like 12.50' });
    const priced = await inject(t, { method: 'PUT', url, cookie: manager, payload: { price: '5' } });
    expect(priced.statusCode).toBe(200);
    expect(priced.json()).toEqual({ productId: muffin, storeId: libraryStoreId, price: '5.00', isAvailable: true });
    const hidden = await inject(t, { method: 'PUT', url, cookie: manager, payload: { isAvailable: false } });
    expect(hidden.json()).toEqual({ productId: muffin, storeId: libraryStoreId, price: '5.00', isAvailable: false });
    const unknownStore = await inject(t, {
      method: 'PUT',
      url: `/api/products/${muffin}/stores/${randomUUID()}`,
      cookie: manager,
      payload: { price: '5' },
    });
    expect(unknownStore.statusCode).toBe(404);
    const list = await inject(t, { method: 'GET', url: `/api/products/${muffin}/stores`, cookie: cashier });
    expect(list.json()).toEqual([{ productId: muffin, storeId: libraryStoreId, price: '5.00', isAvailable: false }]);
    // Charged since h-storerules: back to the catalogue's price for the report tests below.
    const reset = await inject(t, { method: 'PUT', url, cookie: manager, payload: { price: null, isAvailable: true } });
    expect(reset.json()).toEqual({ productId: muffin, storeId: libraryStoreId, price: null, isAvailable: true });
  });
});

describe('reports by store (issue #32 item 5)', () => {
  it('daily stats, the sales summary, top products and the sales list of each store add up to all stores', async () => {
    // Today: the Z test above sold one muffin per shift, two at each store; one more at the library.
    expect((await start(cashier, { storeId: libraryStoreId })).statusCode).toBe(201);
    const sale = await postSale(t, cashier, saleBody([{ productId: muffin, quantity: 2, unitPrice: '4.50' }]));
    expect(sale.statusCode).toBe(201);
    expect((await end(cashier)).statusCode).toBe(200);

    const read = async (url: string) => {
      const response = await inject(t, { method: 'GET', url, cookie: manager });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const stats = async (q: string) => read(`/api/analytics/daily-stats${q}`);
    const [all, main, library] = await Promise.all([
      stats(''),
      stats(`?storeId=${mainStoreId}`),
      stats(`?storeId=${libraryStoreId}`),
    ]);
    expect(main).toMatchObject({ totalSales: '9.00', totalTransactions: 2, totalItemsSold: 2 });
    expect(library).toMatchObject({ totalSales: '18.00', totalTransactions: 3, totalItemsSold: 4 });
    expect(all).toMatchObject({ totalSales: '27.00', totalTransactions: 5, totalItemsSold: 6 });
    expect(await stats('?storeId=')).toEqual(all);

    const summary = async (q: string) => read(`/api/analytics/summary${q}`);
    expect((await summary(`?storeId=${mainStoreId}`)).totalRevenue).toBe('9.00');
    expect((await summary(`?storeId=${libraryStoreId}`)).totalRevenue).toBe('18.00');
    expect((await summary('')).totalRevenue).toBe('27.00');

    const top = async (q: string) => read(`/api/analytics/top-products${q}`);
    expect((await top(`?storeId=${mainStoreId}`))[0]).toMatchObject({ totalSold: 2, totalRevenue: '9.00' });
    expect((await top(`?storeId=${libraryStoreId}`))[0]).toMatchObject({ totalSold: 4, totalRevenue: '18.00' });
    expect((await top(''))[0]).toMatchObject({ totalSold: 6, totalRevenue: '27.00' });

    const list = async (q: string) => read(`/api/transactions${q}`);
    expect(await list(`?storeId=${mainStoreId}`)).toHaveLength(2);
    expect(await list(`?storeId=${libraryStoreId}`)).toHaveLength(3);
    expect(await list('')).toHaveLength(5);

    const bad = await inject(t, { method: 'GET', url: '/api/analytics/daily-stats?storeId=nope', cookie: manager });
    expect(bad.statusCode).toBe(400);
  });
});

describe('archiving a store (a closed branch)', () => {
  it('an archived store takes no new shift; with one store left, a shift with no body starts again', async () => {
    const extra = await inject(t, {
      method: 'POST',
      url: '/api/stores',
      cookie: manager,
      payload: { name: 'Pop-up Kiosk', code: 'POP' },
    });
    expect(extra.statusCode).toBe(201);
    // A store added without a selling location gets its own, named after it; it cannot be taken away.
    expect(extra.json()).toMatchObject({ sellingLocationId: expect.any(String), sellingLocationName: 'Pop-up Kiosk' });
    const noLocation = await inject(t, {
      method: 'PATCH',
      url: `/api/stores/${extra.json().id}`,
      cookie: manager,
      payload: { sellingLocationId: null },
    });
    expect(noLocation.statusCode).toBe(400);
    expect(noLocation.json().errors).toEqual({ sellingLocationId: 'A store sells from a location: choose one' });
    const archived = await inject(t, {
      method: 'PATCH',
      url: `/api/stores/${extra.json().id}`,
      cookie: manager,
      payload: { isArchived: true },
    });
    expect(archived.json().isArchived).toBe(true);
    const refused = await start(cashier, { storeId: extra.json().id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ storeId: 'This store is archived' });
    // Two open stores: a choice is needed. Archive the library too: one store, no body needed.
    expect((await start(cashier)).statusCode).toBe(400);
    await inject(t, {
      method: 'PATCH',
      url: `/api/stores/${libraryStoreId}`,
      cookie: manager,
      payload: { isArchived: true },
    });
    const started = await start(cashier);
    expect(started.statusCode).toBe(201);
    expect(started.json().shift.storeId).toBe(mainStoreId);
    expect((await end(cashier)).statusCode).toBe(200);
  });
});
