import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { createCategory, createProduct, createVariant, giveStock, postSale, saleBody } from '../pos/pos-test-support';
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
  const id = await createProduct(t, { name, price: '3.00', stock, categoryId: category });
  await t.db.execute('update products set low_stock_threshold = $2 where id = $1', [id, lowStockThreshold]);
  return id;
}

/** A cashier limited (user_stores) to `storeIds`, signed in. */
async function limitedCashier(pin: string, storeIds: string[]): Promise<string> {
  const id = await createUser(t, { role: 'cashier', pin, firstName: `Limited ${pin}` });
  const set = await inject(t, {
    method: 'PUT',
    url: `/api/users/${id}/stores`,
    cookie: manager,
    payload: { storeIds },
  });
  expect(set.statusCode, set.body).toBe(200);
  return signIn(t, pin, `10.34.2.${pin.slice(-2)}`);
}

function adjust(productId: string, payload: Record<string, unknown>) {
  return inject(t, { method: 'POST', url: `/api/products/${productId}/stock-adjustments`, cookie: manager, payload });
}

type LowJson = { id: string; name: string; stock: number; storeId?: string; storeName?: string };

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

describe('low stock per store (issue #32)', () => {
  it('one store asked for: its list in spec §7 shape; none: a row per store, so an empty café shows', async () => {
    // Plenty at the Main store, none at the Library: a sum (50) would hide the empty café.
    const milk = await product('Oat Milk', 50, 10);
    const low = (rows: LowJson[]) => rows.filter((r) => r.id === milk);

    const atLibrary = low(await get<LowJson[]>(`/api/products/low-stock?storeId=${library}&limit=500`));
    expect(atLibrary).toHaveLength(1);
    expect(atLibrary[0]).toMatchObject({ stock: 0 });
    expect(atLibrary[0]).not.toHaveProperty('storeId');
    expect(low(await get<LowJson[]>(`/api/products/low-stock?storeId=${mainStore}&limit=500`))).toEqual([]);

    const everywhere = low(await get<LowJson[]>('/api/products/low-stock?limit=500'));
    expect(everywhere).toEqual([expect.objectContaining({ stock: 0, storeId: library, storeName: 'Library Café' })]);
    expect(low(await get<LowJson[]>('/api/products/low-stock?storeId=all&limit=500'))).toEqual(everywhere);

    // Low at both: one row each, emptiest first; X-Total-Count counts rows.
    expect((await adjust(milk, { counted: 4, reason: 'Count' })).statusCode).toBe(201);
    const both = low(await get<LowJson[]>('/api/products/low-stock?limit=500'));
    expect(both.map((r) => [r.storeName, r.stock])).toEqual([
      ['Library Café', 0],
      [expect.any(String), 4],
    ]);
    expect(both[1]?.storeId).toBe(mainStore);
    const counted = await inject(t, { method: 'GET', url: '/api/products/low-stock?limit=1', cookie: manager });
    expect(Number(counted.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(counted.json()).toHaveLength(1);

    const unknown = await inject(t, {
      method: 'GET',
      url: `/api/products/low-stock?storeId=${randomUUID()}`,
      cookie: manager,
    });
    expect(unknown.statusCode, unknown.body).toBe(400);
  });

  it('a product a store does not sell is never low stock there (review, 29 Nov)', async () => {
    const scones = await product('Cheese Scone', 0, 10);
    const off = await inject(t, {
      method: 'PUT',
      url: `/api/products/${scones}/stores/${library}`,
      cookie: manager,
      payload: { isAvailable: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const low = (rows: LowJson[]) => rows.filter((r) => r.id === scones).map((r) => r.storeId ?? 'one');
    expect(low(await get<LowJson[]>(`/api/products/low-stock?storeId=${library}&limit=500`))).toEqual([]);
    expect(low(await get<LowJson[]>(`/api/products/low-stock?storeId=${mainStore}&limit=500`))).toEqual(['one']);
    expect(low(await get<LowJson[]>('/api/products/low-stock?limit=500'))).toEqual([mainStore]);
  });

  it("a reader limited to a store sees that store's low stock only; another store is 403", async () => {
    const cream = await product('Cream', 0, 10);
    await giveStock(t, { productId: cream, storeId: library }, 30);
    const cashier = await limitedCashier('3651', [library]);
    const mine = await get<LowJson[]>('/api/products/low-stock?limit=500', cashier);
    expect(mine.filter((r) => r.id === cream)).toEqual([]);
    expect(mine.every((r) => r.storeId === undefined)).toBe(true);
    const other = await inject(t, {
      method: 'GET',
      url: `/api/products/low-stock?storeId=${mainStore}`,
      cookie: cashier,
    });
    expect(other.statusCode, other.body).toBe(403);
    expect(other.json().message).toBe("You can't see this store's figures.");
  });

  it("the reorder list of a café's selling location works from the one quantity its sales take", async () => {
    const beans = await product('House Beans', 0, 0);
    await giveStock(t, { productId: beans, storeId: library }, 8);
    await giveStock(t, { productId: beans }, 40);
    await t.db.execute('update proc_items set reorder_point = 5, min_reorder_qty = 1 where pos_product_id = $1', [
      beans,
    ]);
    const { rows } = await t.db.execute(
      'select s.selling_location_id as id, i.id as item from stores s, proc_items i where s.id = $1 and i.pos_product_id = $2',
      [library, beans],
    );
    const { id: libraryLocation, item } = rows[0] as { id: string; item: string };
    const reorderAt = async (locationId: string) =>
      (
        await get<Array<{ itemId: string; onHandQty: string; suggestedQty: string }>>(
          `/api/procurement/reorder?locationId=${locationId}`,
        )
      ).filter((r) => r.itemId === item);
    expect(await reorderAt(libraryLocation)).toEqual([]);

    await createUser(t, { role: 'cashier', pin: '3662', firstName: 'Casey' });
    const cashier = await signIn(t, '3662', '10.34.3.1');
    const started = await inject(t, {
      method: 'POST',
      url: '/api/shifts/start',
      cookie: cashier,
      payload: { storeId: library },
    });
    expect(started.statusCode, started.body).toBe(201);
    const sale = await postSale(t, cashier, saleBody([{ productId: beans, quantity: 5, unitPrice: '3.00' }]));
    expect(sale.statusCode, sale.body).toBe(201);

    const suggested = await reorderAt(libraryLocation);
    expect(suggested).toHaveLength(1);
    expect(Number(suggested[0]?.onHandQty)).toBe(3);
    expect(Number(suggested[0]?.suggestedQty)).toBe(7);
    expect(await stockOf(t, beans, null, library)).toBe(3);
    expect(await stockOf(t, beans)).toBe(40);
  });
});

describe('catalogue figures for a reader limited to stores (issue #32 item 3)', () => {
  it("answers 403 for another store's storeId or stockStoreId, on every catalogue read", async () => {
    const scone = await product('Cheese Scone', 6);
    const small = await createVariant(t, { productId: scone, name: 'Small', price: '2.00', stock: 1 });
    const cashier = await limitedCashier('3673', [library]);
    for (const url of [
      `/api/products?storeId=${mainStore}`,
      `/api/products?storeId=all&stockStoreId=${mainStore}`,
      `/api/products/${scone}?storeId=${mainStore}`,
      `/api/products/${scone}/size-options?storeId=${mainStore}`,
      `/api/products/${scone}/variants?storeId=${mainStore}`,
    ]) {
      const refused = await inject(t, { method: 'GET', url, cookie: cashier });
      expect(refused.statusCode, `${url}: ${refused.body}`).toBe(403);
      expect(refused.json()).toMatchObject({ message: "You can't see this store's figures." });
    }
    expect(
      (await inject(t, { method: 'GET', url: `/api/products?storeId=${library}`, cookie: cashier })).statusCode,
    ).toBe(200);
    // Their one store is their figure; no breakdown of the stores they may not see.
    const one = await get<{ stock: number; stockByStore?: unknown }>(`/api/products/${scone}`, cashier);
    expect(one.stock).toBe(0);
    expect(one.stockByStore).toBeUndefined();
    const all = await get<{ stock: number }>(`/api/products/${scone}?storeId=all`, cashier);
    expect(all.stock).toBe(0);
    const sizes = await get<VariantJson[]>(`/api/products/${scone}/variants?storeId=all`, cashier);
    expect(sizes.find((v) => v.id === small)?.stock).toBe(0);
  });

  it('a reader limited to two stores sees those two, together and in the breakdown', async () => {
    const kiosk = await newStore('Kiosk', 'KSK');
    const tart = await product('Lemon Tart', 9);
    await giveStock(t, { productId: tart, storeId: library }, 2);
    await giveStock(t, { productId: tart, storeId: kiosk }, 3);
    const cashier = await limitedCashier('3684', [library, kiosk]);
    const detail = await get<{ stock: number; stockByStore: Array<{ storeId: string; stock: number }> }>(
      `/api/products/${tart}`,
      cashier,
    );
    expect(detail.stock).toBe(5);
    expect(detail.stockByStore.map((s) => [s.storeId, s.stock]).sort()).toEqual(
      [
        [library, 2],
        [kiosk, 3],
      ].sort(),
    );
    const listed = (await get<Array<{ id: string; stock: number }>>('/api/products?search=Lemon%20Tart', cashier)).find(
      (p) => p.id === tart,
    );
    expect(listed?.stock).toBe(5);
    const stockOnly = (
      await get<Array<{ id: string; stock: number }>>('/api/products?search=Lemon%20Tart&stockStoreId=all', cashier)
    ).find((p) => p.id === tart);
    expect(stockOnly?.stock).toBe(5);

    // Unlimited staff and managers (even with user_stores rows) see every store.
    const full = await get<{ stock: number; stockByStore: unknown[] }>(`/api/products/${tart}`);
    expect(full.stock).toBe(14);
    expect(full.stockByStore).toHaveLength(3);
    await createUser(t, { role: 'cashier', pin: '3695', firstName: 'Free' });
    const free = await signIn(t, '3695', '10.34.4.1');
    expect((await get<{ stock: number }>(`/api/products/${tart}?storeId=${mainStore}`, free)).stock).toBe(9);
    const boss = await createUser(t, { role: 'manager', pin: '3706', firstName: 'Boss' });
    const set = await inject(t, {
      method: 'PUT',
      url: `/api/users/${boss}/stores`,
      cookie: manager,
      payload: { storeIds: [library] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const bossCookie = await signIn(t, '3706', '10.34.4.2');
    expect((await get<{ stock: number }>(`/api/products/${tart}?storeId=${mainStore}`, bossCookie)).stock).toBe(9);
    await archive(kiosk);
  });

  it("a till bound to another store does not show a limited cashier that store's figures", async () => {
    const bread = await product('Rye Bread', 4);
    await giveStock(t, { productId: bread, storeId: library }, 1);
    const terminalId = randomUUID();
    const bound = await inject(t, {
      method: 'PUT',
      url: `/api/terminals/${terminalId}/store`,
      cookie: manager,
      payload: { storeId: mainStore },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const cashier = await limitedCashier('3717', [library]);
    const one = await get<{ stock: number }>(`/api/products/${bread}?terminalId=${terminalId}`, cashier);
    expect(one.stock).toBe(1);
  });
});

describe('the catalogue CSV per store (issue #32)', () => {
  it("exports the named store's stock, and an import of that file at the same store changes nothing", async () => {
    const flan = await product('Custard Flan', 11);
    await giveStock(t, { productId: flan, storeId: library }, 4);
    const { rows } = await t.db.execute('select sku from products where id = $1', [flan]);
    const sku = (rows[0] as { sku: string }).sku;
    const exported = async (query: string) => {
      const response = await inject(t, { method: 'GET', url: `/api/products/export.csv${query}`, cookie: manager });
      expect(response.statusCode, response.body).toBe(200);
      const [header, ...lines] = response.body.trim().split('\n');
      const columns = (header as string).split(',');
      const line = lines.find((l) => l.startsWith(`${sku},`)) as string;
      const cells = line.split(',');
      return {
        stock: cells[columns.indexOf('stock')],
        basedOn: cells[columns.indexOf('stockBasedOn')],
        file: String(response.headers['content-disposition']),
        body: response.body,
      };
    };
    const atLibrary = await exported(`?storeId=${library}`);
    expect(atLibrary).toMatchObject({ stock: '4', basedOn: '4' });
    expect(atLibrary.file).toMatch(/products-\d{4}-\d{2}-\d{2}-LIB\.csv/);
    const plain = await exported('');
    expect(plain).toMatchObject({ stock: '11', basedOn: '11' });
    expect(plain.file).toMatch(/products-\d{4}-\d{2}-\d{2}\.csv/);

    const imported = await inject(t, {
      method: 'POST',
      url: '/api/products/import',
      cookie: manager,
      payload: { csv: atLibrary.body, storeId: library },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().refused).toBe(0);
    expect(await stockOf(t, flan, null, library)).toBe(4);
    expect(await stockOf(t, flan)).toBe(11);

    for (const [query, status] of [
      [`?storeId=${randomUUID()}`, 400],
      ['?storeId=library', 400],
    ] as const) {
      const refused = await inject(t, { method: 'GET', url: `/api/products/export.csv${query}`, cookie: manager });
      expect(refused.statusCode, refused.body).toBe(status);
    }
  });
});
