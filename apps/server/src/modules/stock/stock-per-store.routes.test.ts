import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { createCategory, createProduct } from '../pos/pos-test-support';
import { postInventoryMovement } from '../stores/inventory.service';
import { ledgerMismatches, stockOf } from './stock-test-support';

/**
 * Issue #32 item 3 and API: with several stores, a back-office caller with no store named sees
 * every store's stock together; `?storeId=` one store's; the product form, adjustments, counts and
 * the CSV import act at the store the caller names (the default store's when none), and move only
 * that store's stock; a cashier with an open shift still sees their store's.
 */
let t: TestApp;
let manager: string;
let mainStore: string;
let library: string;
let category: string;

async function product(name: string, stock: number): Promise<string> {
  return createProduct(t, { name, price: '3.00', stock, categoryId: category });
}

async function detail(productId: string, query = '') {
  const response = await inject(t, { method: 'GET', url: `/api/products/${productId}${query}`, cookie: manager });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    stock: number;
    stockByStore: Array<{ storeId: string; storeName: string; stock: number }>;
  };
}

async function listed(productId: string, name: string, query = '', cookie = manager): Promise<number | undefined> {
  const response = await inject(t, {
    method: 'GET',
    url: `/api/products?search=${encodeURIComponent(name)}${query}`,
    cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Array<{ id: string; stock: number }>).find((p) => p.id === productId)?.stock;
}

function adjust(productId: string, payload: Record<string, unknown>, cookie = manager) {
  return inject(t, { method: 'POST', url: `/api/products/${productId}/stock-adjustments`, cookie, payload });
}

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '5318', firstName: 'Morgan' });
  manager = await signIn(t, '5318', '10.33.0.1');
  const { rows } = await t.db.execute('select default_store_id() as id');
  mainStore = (rows[0] as { id: string }).id;
  const created = await inject(t, {
    method: 'POST',
    url: '/api/stores',
    cookie: manager,
    payload: { name: 'Library Café', code: 'LIB' },
  });
  expect(created.statusCode, created.body).toBe(201);
  library = created.json().id;
  category = await createCategory(t, 'Snacks');
});

afterEach(async () => {
  expect(await ledgerMismatches(t)).toEqual([]);
});

afterAll(async () => {
  await t?.close();
});

describe('stock per store and all stores together (issue #32)', () => {
  it('answers every store together with no store named, one store with ?storeId=, and the breakdown', async () => {
    const flapjack = await product('Flapjack', 7);
    const added = await adjust(flapjack, { quantity: 5, reason: 'Delivered', storeId: library });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().stock).toBe(5);
    expect(added.json().movement).toMatchObject({ quantity: 5, stockAfter: 5, reason: 'adjustment' });

    expect((await detail(flapjack)).stock).toBe(12);
    expect((await detail(flapjack, '?storeId=all')).stock).toBe(12);
    expect((await detail(flapjack, `?storeId=${library}`)).stock).toBe(5);
    expect((await detail(flapjack, `?storeId=${mainStore}`)).stock).toBe(7);
    expect(await listed(flapjack, 'Flapjack')).toBe(12);
    expect(await listed(flapjack, 'Flapjack', '&storeId=all')).toBe(12);
    expect(await listed(flapjack, 'Flapjack', `&storeId=${library}`)).toBe(5);
    expect(await listed(flapjack, 'Flapjack', `&storeId=${mainStore}`)).toBe(7);
    expect((await detail(flapjack)).stockByStore).toEqual([
      { storeId: library, storeName: 'Library Café', stock: 5 },
      { storeId: mainStore, storeName: expect.any(String), stock: 7 },
    ]);
  });

  it('an adjustment or a count at a named store moves only that store; none named is the default store', async () => {
    const muffin = await product('Muffin', 10);
    const counted = await adjust(muffin, { counted: 3, reason: 'Monthly count', storeId: library });
    expect(counted.statusCode, counted.body).toBe(201);
    expect(counted.json().stock).toBe(3);
    expect(await stockOf(t, muffin, null, library)).toBe(3);
    expect(await stockOf(t, muffin)).toBe(10);

    const removed = await adjust(muffin, { quantity: -4, reason: 'Dropped' });
    expect(removed.statusCode, removed.body).toBe(201);
    expect(await stockOf(t, muffin)).toBe(6);
    expect(await stockOf(t, muffin, null, library)).toBe(3);

    // Below zero at the named store is refused, whatever the other store holds.
    const short = await adjust(muffin, { quantity: -4, reason: 'Dropped', storeId: library });
    expect(short.statusCode, short.body).toBe(409);
    expect(await stockOf(t, muffin, null, library)).toBe(3);

    const movements = await inject(t, {
      method: 'GET',
      url: `/api/stock-movements?productId=${muffin}&storeId=${library}`,
      cookie: manager,
    });
    expect(movements.statusCode, movements.body).toBe(200);
    expect(movements.json().movements).toMatchObject([{ reason: 'count', quantity: 3, stockAfter: 3 }]);
  });

  it("?storeId=all lists every store's movements, each naming its store, a transfer between them as two rows", async () => {
    const brownie = await product('Brownie', 6);
    const added = await adjust(brownie, { quantity: 4, reason: 'Baked', storeId: library });
    expect(added.statusCode, added.body).toBe(201);
    const { rows } = await t.db.execute(
      `select i.id as item, (select selling_location_id from stores where id = '${mainStore}') as main,
              (select selling_location_id from stores where id = '${library}') as lib
         from proc_items i where i.pos_product_id = '${brownie}'`,
    );
    const { item, main, lib } = rows[0] as { item: string; main: string; lib: string };
    await postInventoryMovement(t.db.db, {
      itemId: item,
      fromLocationId: main,
      toLocationId: lib,
      qtyMilli: 2_000,
      reason: 'transfer',
    });

    const page = async (query: string) => {
      const response = await inject(t, {
        method: 'GET',
        url: `/api/stock-movements?productId=${brownie}${query}`,
        cookie: manager,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        movements: Array<{ id: string; reason: string; quantity: number; stockAfter: number; storeName: string }>;
        nextBefore: string | null;
      };
    };
    const all = await page('&storeId=all');
    expect(
      all.movements.map(({ reason, quantity, stockAfter, storeName }) => ({ reason, quantity, stockAfter, storeName })),
    ).toEqual([
      { reason: 'transfer', quantity: -2, stockAfter: 4, storeName: expect.not.stringMatching('Library Café') },
      { reason: 'transfer', quantity: 2, stockAfter: 6, storeName: 'Library Café' },
      { reason: 'adjustment', quantity: 4, stockAfter: 4, storeName: 'Library Café' },
      { reason: 'opening', quantity: 6, stockAfter: 6, storeName: expect.not.stringMatching('Library Café') },
    ]);
    expect(all.movements[0]?.id).toBe(all.movements[1]?.id);
    // One store's list is unchanged (the default store without a store named), and names it.
    expect((await page('')).movements.map((m) => m.quantity)).toEqual([-2, 6]);
    expect((await page(`&storeId=${library}`)).movements.map((m) => m.storeName)).toEqual([
      'Library Café',
      'Library Café',
    ]);
    // A page never splits a transfer's two rows: `before` pages on the ledger row.
    const first = await page('&storeId=all&limit=1');
    expect(first.movements.map((m) => m.quantity)).toEqual([-2, 2]);
    const second = await page(`&storeId=all&limit=1&before=${first.nextBefore}`);
    expect(second.movements.map((m) => m.reason)).toEqual(['adjustment']);
    const bad = await inject(t, {
      method: 'GET',
      url: `/api/stock-movements?productId=${brownie}&storeId=everywhere`,
      cookie: manager,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("the product form's stock and the CSV import change the named store's stock", async () => {
    const scone = await product('Scone', 4);
    const patched = await inject(t, {
      method: 'PATCH',
      url: `/api/products/${scone}`,
      cookie: manager,
      payload: { stock: 9, stockBasedOn: 0, storeId: library },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().stock).toBe(9);
    expect(await stockOf(t, scone, null, library)).toBe(9);
    expect(await stockOf(t, scone)).toBe(4);

    // A spec §7 client (no store, stock as a count) still sets the default store's.
    const plain = await inject(t, {
      method: 'PATCH',
      url: `/api/products/${scone}`,
      cookie: manager,
      payload: { stock: 6 },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().stock).toBe(6);
    expect(await stockOf(t, scone, null, library)).toBe(9);

    const { rows } = await t.db.execute('select sku from products where id = $1', [scone]);
    const sku = (rows[0] as { sku: string }).sku;
    const imported = await inject(t, {
      method: 'POST',
      url: '/api/products/import',
      cookie: manager,
      payload: { csv: `name,sku,price,category,stock\nScone,${sku},3.00,Snacks,2\n`, storeId: library },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ updated: 1, refused: 0 });
    expect(await stockOf(t, scone, null, library)).toBe(2);
    expect(await stockOf(t, scone)).toBe(6);

    const created = await inject(t, {
      method: 'POST',
      url: '/api/products',
      cookie: manager,
      payload: {
        name: 'Brownie',
        sku: `BR-${process.pid}`,
        price: '2.50',
        categoryId: category,
        stock: 8,
        storeId: library,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().stock).toBe(8);
    expect(await stockOf(t, created.json().id, null, library)).toBe(8);
    expect(await stockOf(t, created.json().id)).toBe(0);
  });

  it("the CSV import at a named store compares the row's count with that store's stock", async () => {
    // The default store holds 5 and the library 0: a count of 5 for the library is a change there.
    const cookie = await product('Cookie', 5);
    const { rows } = await t.db.execute('select sku from products where id = $1', [cookie]);
    const sku = (rows[0] as { sku: string }).sku;
    const imported = await inject(t, {
      method: 'POST',
      url: '/api/products/import',
      cookie: manager,
      payload: { csv: `name,sku,price,category,stock\nCookie,${sku},3.00,Snacks,5\n`, storeId: library },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await stockOf(t, cookie, null, library)).toBe(5);
    expect(await stockOf(t, cookie)).toBe(5);
  });

  it("the inventory's list names a store for its stock only: the catalogue's prices and every product", async () => {
    const tart = await product('Tart', 3);
    await adjust(tart, { quantity: 4, reason: 'Delivered', storeId: library });
    const priced = await inject(t, {
      method: 'PUT',
      url: `/api/products/${tart}/stores/${library}`,
      cookie: manager,
      payload: { price: '9.99', isAvailable: false },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const list = async (query: string) => {
      const response = await inject(t, { method: 'GET', url: `/api/products?search=Tart${query}`, cookie: manager });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Array<{ id: string; price: string; stock: number }>).find((p) => p.id === tart);
    };
    // `storeId` is the store the list is FOR (the till): its price, without what it doesn't sell.
    expect(await list(`&storeId=${library}`)).toBeUndefined();
    // `stockStoreId`: that store's stock, at the product's own price, the product listed.
    expect(await list(`&storeId=all&stockStoreId=${library}`)).toMatchObject({ price: '3.00', stock: 4 });
    expect(await list(`&stockStoreId=${mainStore}`)).toMatchObject({ price: '3.00', stock: 3 });
    expect(await list('&stockStoreId=all')).toMatchObject({ price: '3.00', stock: 7 });
    const unknown = await inject(t, {
      method: 'GET',
      url: `/api/products?stockStoreId=${randomUUID()}`,
      cookie: manager,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("a cashier with an open shift sees their store's stock, not every store's", async () => {
    const cookie = await product('Cookie', 6);
    await adjust(cookie, { quantity: 2, reason: 'Delivered', storeId: library });
    await createUser(t, { role: 'cashier', pin: '2749', firstName: 'Chris' });
    const cashier = await signIn(t, '2749', '10.33.1.1');
    const started = await inject(t, {
      method: 'POST',
      url: '/api/shifts/start',
      cookie: cashier,
      payload: { storeId: library },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(await listed(cookie, 'Cookie', '', cashier)).toBe(2);
    const one = await inject(t, { method: 'GET', url: `/api/products/${cookie}`, cookie: cashier });
    expect(one.json().stock).toBe(2);
    expect(await listed(cookie, 'Cookie')).toBe(8);

    // A cashier limited to one store sees that store's stock before any shift starts.
    const limited = await createUser(t, { role: 'cashier', pin: '2758', firstName: 'Casey' });
    const set = await inject(t, {
      method: 'PUT',
      url: `/api/users/${limited}/stores`,
      cookie: manager,
      payload: { storeIds: [library] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const limitedCookie = await signIn(t, '2758', '10.33.1.2');
    expect(await listed(cookie, 'Cookie', '', limitedCookie)).toBe(2);
  });

  it('refuses a store that does not exist or is closed (400), and changes nothing', async () => {
    const tart = await product('Tart', 5);
    const unknown = await adjust(tart, { quantity: 1, reason: 'x', storeId: randomUUID() });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().errors).toMatchObject({ storeId: expect.any(String) });
    const malformed = await adjust(tart, { quantity: 1, reason: 'x', storeId: 'library' });
    expect(malformed.statusCode, malformed.body).toBe(400);
    const patch = await inject(t, {
      method: 'PATCH',
      url: `/api/products/${tart}`,
      cookie: manager,
      payload: { stock: 1, storeId: randomUUID() },
    });
    expect(patch.statusCode, patch.body).toBe(400);
    const list = await inject(t, { method: 'GET', url: `/api/products?storeId=${randomUUID()}`, cookie: manager });
    expect(list.statusCode, list.body).toBe(400);

    const closed = await inject(t, {
      method: 'POST',
      url: '/api/stores',
      cookie: manager,
      payload: { name: 'Pop-up', code: 'POP' },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const archived = await inject(t, {
      method: 'PATCH',
      url: `/api/stores/${closed.json().id}`,
      cookie: manager,
      payload: { isArchived: true },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const atClosed = await adjust(tart, { quantity: 1, reason: 'x', storeId: closed.json().id });
    expect(atClosed.statusCode, atClosed.body).toBe(400);
    expect(await stockOf(t, tart)).toBe(5);
    // A closed store holding nothing is not in the breakdown.
    expect((await detail(tart)).stockByStore.map((s) => s.storeId)).toEqual([library, mainStore]);
  });

  it('"All stores" counts open stores only: a closed store still holding stock is left out', async () => {
    const kiosk = await inject(t, {
      method: 'POST',
      url: '/api/stores',
      cookie: manager,
      payload: { name: 'Old Kiosk', code: 'KIOSK' },
    });
    expect(kiosk.statusCode, kiosk.body).toBe(201);
    const pie = await product('Pie', 2);
    expect((await adjust(pie, { quantity: 6, reason: 'Delivered', storeId: kiosk.json().id })).statusCode).toBe(201);
    expect((await detail(pie)).stock).toBe(8);
    const closed = await inject(t, {
      method: 'PATCH',
      url: `/api/stores/${kiosk.json().id}`,
      cookie: manager,
      payload: { isArchived: true },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await detail(pie)).stock).toBe(2);
    expect(await listed(pie, 'Pie', '&storeId=all')).toBe(2);
  });
});
