import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { createCategory, createProduct, createVariant, giveStock } from '../pos/pos-test-support';
import { ledgerMismatches, stockOf } from './stock-test-support';

/**
 * Issue #32 leftovers (h-stores): size options per store (the product form's size-option editor
 * and the till's size display), low stock per store, and what a reader limited to some stores may
 * see of the catalogue's figures.
 */
let t: TestApp;
let manager: string;
let mainStore: string;
let library: string;
let category: string;

async function product(name: string, stock: number, lowStockThreshold = 10): Promise<string> {
  return createProduct(t, { name, price: '3.00', stock, categoryId: category, lowStockThreshold });
}

async function get<T>(url: string, cookie = manager): Promise<T> {
  const response = await inject(t, { method: 'GET', url, cookie });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
}

async function newStore(name: string, code: string): Promise<string> {
  const created = await inject(t, { method: 'POST', url: '/api/stores', cookie: manager, payload: { name, code } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

async function archive(storeId: string): Promise<void> {
  const closed = await inject(t, {
    method: 'PATCH',
    url: `/api/stores/${storeId}`,
    cookie: manager,
    payload: { isArchived: true },
  });
  expect(closed.statusCode, closed.body).toBe(200);
}

type VariantJson = { id: string; name: string; stock: number };
type SizeJson = { variantId: string | null; name: string; stock: number };

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '5318', firstName: 'Morgan' });
  manager = await signIn(t, '5318', '10.34.0.1');
  const { rows } = await t.db.execute('select default_store_id() as id');
  mainStore = (rows[0] as { id: string }).id;
  library = await newStore('Library Café', 'LIB');
  category = await createCategory(t, 'Bakery');
});

afterEach(async () => {
  expect(await ledgerMismatches(t)).toEqual([]);
});

afterAll(async () => {
  await t?.close();
});

describe('size options per store (issue #32)', () => {
  it('the stored sizes read the store asked for, every store together with none named', async () => {
    const bun = await product('Bun', 0);
    const small = await createVariant(t, { productId: bun, name: 'Small', price: '2.00', stock: 4 });
    await giveStock(t, { productId: bun, variantId: small, storeId: library }, 6);

    const at = async (query: string) =>
      (await get<VariantJson[]>(`/api/products/${bun}/variants${query}`)).find((v) => v.id === small)?.stock;
    expect(await at(`?storeId=${library}`)).toBe(6);
    expect(await at(`?storeId=${mainStore}`)).toBe(4);
    expect(await at('?storeId=all')).toBe(10);
    expect(await at('')).toBe(10);
    const unknown = await inject(t, {
      method: 'GET',
      url: `/api/products/${bun}/variants?storeId=${randomUUID()}`,
      cookie: manager,
    });
    expect(unknown.statusCode, unknown.body).toBe(400);
  });

  it("a new size option's stock and a size's stock change go to the named store only", async () => {
    const roll = await product('Roll', 0);
    const created = await inject(t, {
      method: 'POST',
      url: `/api/products/${roll}/variants`,
      cookie: manager,
      payload: { name: 'Large', price: '4.00', stock: 7, storeId: library },
    });
    expect(created.statusCode, created.body).toBe(201);
    const large = created.json().id as string;
    expect(created.json().stock).toBe(7);
    expect(await stockOf(t, roll, large, library)).toBe(7);
    expect(await stockOf(t, roll, large)).toBe(0);

    // The editor's change: a delta from the stock the row showed, at the store it showed.
    const patched = await inject(t, {
      method: 'PATCH',
      url: `/api/variants/${large}`,
      cookie: manager,
      payload: { stock: 5, stockBasedOn: 7, storeId: library },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().stock).toBe(5);
    expect(await stockOf(t, roll, large, library)).toBe(5);
    expect(await stockOf(t, roll, large)).toBe(0);

    // Below zero at the named store is refused whatever the other store holds; nothing changes.
    await giveStock(t, { productId: roll, variantId: large }, 20);
    const short = await inject(t, {
      method: 'PATCH',
      url: `/api/variants/${large}`,
      cookie: manager,
      payload: { stock: 0, stockBasedOn: 9, storeId: library },
    });
    expect(short.statusCode, short.body).toBe(409);
    expect(await stockOf(t, roll, large, library)).toBe(5);

    // A spec §7 client (no store, stock as a count) still sets the default store's.
    const plain = await inject(t, {
      method: 'PATCH',
      url: `/api/variants/${large}`,
      cookie: manager,
      payload: { stock: 3 },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().stock).toBe(3);
    expect(await stockOf(t, roll, large)).toBe(3);
    expect(await stockOf(t, roll, large, library)).toBe(5);

    // A size brought back (deleted, then added again) is counted at the named store.
    const removed = await inject(t, { method: 'DELETE', url: `/api/variants/${large}`, cookie: manager });
    expect(removed.statusCode, removed.body).toBe(200);
    const again = await inject(t, {
      method: 'POST',
      url: `/api/products/${roll}/variants`,
      cookie: manager,
      payload: { name: 'Large', price: '4.00', stock: 2, storeId: library },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await stockOf(t, roll, again.json().id, library)).toBe(2);
  });

  it('refuses an unknown or closed store (400) and writes nothing', async () => {
    const pie = await product('Pie', 0);
    const small = await createVariant(t, { productId: pie, name: 'Small', price: '2.00', stock: 4 });
    const popUp = await newStore('Pop-up', 'POP');
    await archive(popUp);
    for (const storeId of [randomUUID(), popUp]) {
      const patched = await inject(t, {
        method: 'PATCH',
        url: `/api/variants/${small}`,
        cookie: manager,
        payload: { stock: 9, stockBasedOn: 4, storeId },
      });
      expect(patched.statusCode, patched.body).toBe(400);
      expect(patched.json().errors).toMatchObject({ storeId: expect.any(String) });
      const created = await inject(t, {
        method: 'POST',
        url: `/api/products/${pie}/variants`,
        cookie: manager,
        payload: { name: `Medium ${storeId.slice(0, 4)}`, price: '3.00', stock: 2, storeId },
      });
      expect(created.statusCode, created.body).toBe(400);
    }
    const malformed = await inject(t, {
      method: 'PATCH',
      url: `/api/variants/${small}`,
      cookie: manager,
      payload: { stock: 9, storeId: 'library' },
    });
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(await stockOf(t, pie, small)).toBe(4);
    const sizes = await get<VariantJson[]>(`/api/products/${pie}/variants?storeId=all`);
    expect(sizes.map((v) => v.name)).toEqual(['Small']);
  });

  it("the till's sizes show its shift's store's stock", async () => {
    const latte = await product('Latte', 3);
    const small = await createVariant(t, { productId: latte, name: 'Small', price: '2.00', stock: 5 });
    await giveStock(t, { productId: latte, variantId: small, storeId: library }, 0);
    await giveStock(t, { productId: latte, storeId: library }, 8);
    await createUser(t, { role: 'cashier', pin: '2741', firstName: 'Chris' });
    const cashier = await signIn(t, '2741', '10.34.1.1');
    const started = await inject(t, {
      method: 'POST',
      url: '/api/shifts/start',
      cookie: cashier,
      payload: { storeId: library },
    });
    expect(started.statusCode, started.body).toBe(201);
    const sizes = await get<SizeJson[]>(`/api/products/${latte}/size-options`, cashier);
    expect(sizes.find((s) => s.variantId === small)?.stock).toBe(0);
    // The back office with no store named: every store together; a store named: that store's.
    const all = await get<SizeJson[]>(`/api/products/${latte}/size-options`);
    expect(all.find((s) => s.variantId === small)?.stock).toBe(5);
    const main = await get<SizeJson[]>(`/api/products/${latte}/size-options?storeId=${mainStore}`);
    expect(main.find((s) => s.variantId === small)?.stock).toBe(5);
  });
});
