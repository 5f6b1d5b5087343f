import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import {
  heldOfflineSales,
  posTerminals,
  products,
  storeProducts,
  transactions,
  userActivity,
} from '../../db/schema/index';
import {
  createCategory,
  createProduct,
  createVariant,
  giveStock,
  type Line,
  postSale,
  saleBody,
} from '../pos/pos-test-support';
import { loadPricing } from '../pos/sale-write.repository';
import { stockOf as ledgerStockOf } from '../stock/stock-test-support';

/**
 * Issue #32 item 2 (h-storerules): a store's own price is charged and verified by the server, a
 * product a store does not sell is refused there (recorded and flagged when it was sold offline),
 * the till's product list answers its store's prices, and staff limited to stores start shifts
 * only there (managers never limited).
 */
let t: TestApp;
let manager: string;
let managerId: string;
let cashier: string;
let limited: string;
let limitedId: string;
let mainStoreId: string;
let libraryStoreId: string;
let bakery: string;

async function start(cookie: string, payload: Record<string, unknown> = {}) {
  return inject(t, { method: 'POST', url: '/api/shifts/start', cookie, payload });
}
async function end(cookie: string) {
  return inject(t, { method: 'POST', url: '/api/shifts/end', cookie, payload: { countedCash: '0' } });
}
/** A shift at the store (ending one a failed test left open, so one failure stays one). */
async function shiftAt(cookie: string, storeId: string): Promise<number> {
  await end(cookie);
  const started = await start(cookie, { storeId });
  expect(started.statusCode).toBe(201);
  expect(started.json().shift.storeId).toBe(storeId);
  return started.json().shift.id as number;
}
function setStore(productId: string, storeId: string, payload: { price?: string | null; isAvailable?: boolean }) {
  return inject(t, { method: 'PUT', url: `/api/products/${productId}/stores/${storeId}`, cookie: manager, payload });
}
/** A product's stock at a store (the library's unless named): each store its own (ADR 0025). */
async function stockOf(productId: string, storeId = libraryStoreId): Promise<number> {
  return ledgerStockOf(t, productId, null, storeId);
}
async function salesCount(): Promise<number> {
  const [row] = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(transactions);
  return Number((row as { n: number }).n);
}
function postOffline(cookie: string, lines: Line[], shiftId: number, key: string = randomUUID()) {
  return inject(t, {
    method: 'POST',
    url: '/api/transactions/offline',
    cookie,
    headers: { 'idempotency-key': key },
    payload: { ...saleBody(lines), soldAt: new Date().toISOString(), shiftId, terminalId: null },
  });
}
async function activityOf(type: string, transactionId: string) {
  return t.db.db
    .select({ details: userActivity.details })
    .from(userActivity)
    .where(
      and(eq(userActivity.activityType, type), sql`${userActivity.details} ->> 'transactionId' = ${transactionId}`),
    );
}
/** A product with 100 in stock at the main store and 100 at the library. */
async function product(name: string, price: string): Promise<string> {
  const id = await createProduct(t, {
    name: `${name} ${randomUUID().slice(0, 6)}`,
    price,
    stock: 100,
    categoryId: bakery,
  });
  await giveStock(t, { productId: id, storeId: libraryStoreId }, 100);
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  managerId = await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Lead' });
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
  limitedId = await createUser(t, { role: 'cashier', pin: '3862', firstName: 'Chris', lastName: 'Library' });
  manager = await signIn(t, '4826', '10.8.0.1');
  cashier = await signIn(t, '2915', '10.8.0.2');
  limited = await signIn(t, '3862', '10.8.0.3');
  bakery = await createCategory(t, 'Bakery');
  const list = await inject(t, { method: 'GET', url: '/api/stores', cookie: manager });
  mainStoreId = list.json()[0].id;
  const library = await inject(t, {
    method: 'POST',
    url: '/api/stores',
    cookie: manager,
    payload: { name: 'Library Café', code: 'LIBP' },
  });
  expect(library.statusCode).toBe(201);
  libraryStoreId = library.json().id;
});
afterAll(async () => {
  // One open store again for any test that shares this database.
  await inject(t, {
    method: 'PATCH',
    url: `/api/stores/${libraryStoreId}`,
    cookie: manager,
    payload: { isArchived: true },
  });
  await t.close();
});

describe('a store price is charged (issue #32 item 2)', () => {
  it('the library charges its own price and the main store the product price; the other price is refused', async () => {
    const muffin = await product('Muffin', '4.50');
    expect((await setStore(muffin, libraryStoreId, { price: '5.25' })).statusCode).toBe(200);

    await shiftAt(cashier, libraryStoreId);
    const atBase = await postSale(t, cashier, saleBody([{ productId: muffin, quantity: 2, unitPrice: '4.50' }]));
    expect(atBase.statusCode).toBe(409);
    expect(atBase.json().code).toBe('pos.totals_mismatch');
    const atLibrary = await postSale(t, cashier, saleBody([{ productId: muffin, quantity: 2, unitPrice: '5.25' }]));
    expect(atLibrary.statusCode).toBe(201);
    expect(atLibrary.json()).toMatchObject({ subtotal: '10.50', total: '10.50' });
    expect(atLibrary.json().items[0]).toMatchObject({ unitPrice: '5.25', totalPrice: '10.50' });

    await shiftAt(cashier, mainStoreId);
    const wrong = await postSale(t, cashier, saleBody([{ productId: muffin, quantity: 1, unitPrice: '5.25' }]));
    expect(wrong.statusCode).toBe(409);
    const atMain = await postSale(t, cashier, saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }]));
    expect(atMain.statusCode).toBe(201);
    expect(atMain.json().items[0].unitPrice).toBe('4.50');
    // Each store's sale took its own store's stock (a sale at the library never moves the main store's).
    expect(await stockOf(muffin, libraryStoreId)).toBe(98);
    expect(await stockOf(muffin, mainStoreId)).toBe(99);
    expect((await end(cashier)).statusCode).toBe(200);
  });

  it("the category's rule sizes follow the store's price; stored size options keep theirs", async () => {
    const scone = await createProduct(t, {
      name: `Scone ${randomUUID().slice(0, 6)}`,
      price: '4.00',
      stock: 100,
      categoryId: bakery,
      hasVariants: true,
    });
    const medium = await createVariant(t, { productId: scone, name: 'Medium', price: '6.00', stock: 20 });
    await giveStock(t, { productId: scone, storeId: libraryStoreId }, 100);
    await giveStock(t, { productId: scone, variantId: medium, storeId: libraryStoreId }, 20);
    expect((await setStore(scone, libraryStoreId, { price: '5.00' })).statusCode).toBe(200);
    await shiftAt(cashier, libraryStoreId);
    // Bakery's Small is 0.8× the price charged: 4.00 at the library (3.20 at the main store).
    const options = await inject(t, { method: 'GET', url: `/api/products/${scone}/size-options`, cookie: cashier });
    const priceOf = (name: string) => options.json().find((o: { name: string }) => o.name === name)?.price;
    expect(priceOf('Small')).toBe('4.00');
    expect(priceOf('Medium')).toBe('6.00');
    const sized = await postSale(
      t,
      cashier,
      saleBody([
        { productId: scone, variantName: 'Small', quantity: 1, unitPrice: '4.00' },
        { productId: scone, variantId: medium, variantName: 'Medium', quantity: 1, unitPrice: '6.00' },
      ]),
    );
    expect(sized.statusCode).toBe(201);
    expect((await end(cashier)).statusCode).toBe(200);
  });

  it('an override changed between pricing and writing answers repriced: the old price is refused, nothing written', async () => {
    const bun = await product('Bun', '3.00');
    expect((await setStore(bun, libraryStoreId, { price: '3.50' })).statusCode).toBe(200);
    await shiftAt(cashier, libraryStoreId);
    // Priced (and cached) at 3.50.
    const first = await postSale(t, cashier, saleBody([{ productId: bun, quantity: 1, unitPrice: '3.50' }]));
    expect(first.statusCode).toBe(201);

    // The fingerprint covers the store's price and availability, and differs between stores.
    const [atLibrary] = await loadPricing(t.db, libraryStoreId, [bun]);
    const [atMain] = await loadPricing(t.db, mainStoreId, [bun]);
    expect(atLibrary?.product.price).toBe('3.50');
    expect(atMain?.product.price).toBe('3.00');
    expect(atLibrary?.fingerprints.plain).not.toBe(atMain?.fingerprints.plain);

    // Changed behind the pricing cache's back (no event): the write's fingerprint catches it.
    await t.db.db
      .update(storeProducts)
      .set({ price: '3.80' })
      .where(and(eq(storeProducts.productId, bun), eq(storeProducts.storeId, libraryStoreId)));
    const [changed] = await loadPricing(t.db, libraryStoreId, [bun]);
    expect(changed?.fingerprints.plain).not.toBe(atLibrary?.fingerprints.plain);
    const before = await salesCount();
    const stale = await postSale(t, cashier, saleBody([{ productId: bun, quantity: 1, unitPrice: '3.50' }]));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('pos.totals_mismatch');
    expect(await salesCount()).toBe(before);
    expect(await stockOf(bun)).toBe(99);
    const current = await postSale(t, cashier, saleBody([{ productId: bun, quantity: 1, unitPrice: '3.80' }]));
    expect(current.statusCode).toBe(201);
    expect((await end(cashier)).statusCode).toBe(200);
  });
});

describe('a product a store does not sell (issue #32 item 2)', () => {
  it('is refused at that store naming it, nothing written; sold as usual at the other', async () => {
    const tart = await product('Tart', '6.00');
    const name = (await t.db.db.select({ name: products.name }).from(products).where(eq(products.id, tart)))[0]
      ?.name as string;
    expect((await setStore(tart, libraryStoreId, { isAvailable: false })).statusCode).toBe(200);
    await shiftAt(cashier, libraryStoreId);
    const before = await salesCount();
    const refused = await postSale(t, cashier, saleBody([{ productId: tart, quantity: 1, unitPrice: '6.00' }]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'pos.unavailable_at_store',
      message: `${name} is not sold at this store.`,
    });
    expect(await salesCount()).toBe(before);
    expect(await stockOf(tart)).toBe(100);

    await shiftAt(cashier, mainStoreId);
    expect(
      (await postSale(t, cashier, saleBody([{ productId: tart, quantity: 1, unitPrice: '6.00' }]))).statusCode,
    ).toBe(201);
    expect((await end(cashier)).statusCode).toBe(200);
  });
});

describe('offline sales at a store (issue #32 item 2 × ADR 0014)', () => {
  it("an offline sale at the store's price is recorded as it was charged, with no flag", async () => {
    const roll = await product('Roll', '2.00');
    expect((await setStore(roll, libraryStoreId, { price: '2.40' })).statusCode).toBe(200);
    const shiftId = await shiftAt(cashier, libraryStoreId);
    const sent = await postOffline(cashier, [{ productId: roll, quantity: 2, unitPrice: '2.40' }], shiftId);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ total: '4.80', stockShortfalls: 0 });
    expect(await activityOf('offline_sale_price_differs', sent.json().id)).toHaveLength(0);
    expect(await stockOf(roll)).toBe(98);
    expect((await end(cashier)).statusCode).toBe(200);
  });

  it('a store price changed while the till was offline is recorded and noted, as a changed product price is', async () => {
    const pie = await product('Pie', '7.00');
    expect((await setStore(pie, libraryStoreId, { price: '7.50' })).statusCode).toBe(200);
    const shiftId = await shiftAt(cashier, libraryStoreId);
    expect((await setStore(pie, libraryStoreId, { price: '8.00' })).statusCode).toBe(200);
    const sent = await postOffline(cashier, [{ productId: pie, quantity: 1, unitPrice: '7.50' }], shiftId);
    expect(sent.statusCode).toBe(201);
    const [noted] = await activityOf('offline_sale_price_differs', sent.json().id);
    expect(noted?.details).toMatchObject({ chargedSubtotal: '7.50', currentSubtotal: '8.00' });
    expect((await end(cashier)).statusCode).toBe(200);
  });

  it('a price only another store charges is held for a manager like any price the product never had', async () => {
    const cake = await product('Cake', '9.00');
    expect((await setStore(cake, libraryStoreId, { price: '9.90' })).statusCode).toBe(200);
    const shiftId = await shiftAt(cashier, mainStoreId);
    const key = randomUUID();
    const sent = await postOffline(cashier, [{ productId: cake, quantity: 1, unitPrice: '9.90' }], shiftId, key);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().code).toBe('pos.offline_price_unknown');
    const held = await t.db.db.select().from(heldOfflineSales).where(eq(heldOfflineSales.id, key));
    expect(held).toHaveLength(1);
    expect((await end(cashier)).statusCode).toBe(200);
  });

  it('a product the store does not sell, sold offline, is recorded (the customer has it) and flagged', async () => {
    const jam = await product('Jam', '3.00');
    const shiftId = await shiftAt(cashier, libraryStoreId);
    // Taken off the library's list while the till was offline.
    expect((await setStore(jam, libraryStoreId, { isAvailable: false })).statusCode).toBe(200);
    const sent = await postOffline(cashier, [{ productId: jam, quantity: 1, unitPrice: '3.00' }], shiftId);
    expect(sent.statusCode).toBe(201);
    expect(await stockOf(jam)).toBe(99);
    const [flag] = await activityOf('offline_sale_unavailable_at_store', sent.json().id);
    expect(flag?.details).toMatchObject({
      storeId: libraryStoreId,
      products: [{ productId: jam, productName: expect.stringContaining('Jam') }],
    });
    expect((await end(cashier)).statusCode).toBe(200);
  });
});

describe("the till's product list at its store (issue #32 item 2)", () => {
  it("answers the open shift's store's prices and leaves out what it does not sell; else the base prices", async () => {
    const tea = await product('Tea', '2.00');
    const coffee = await product('Coffee', '3.00');
    expect((await setStore(tea, libraryStoreId, { price: '2.20' })).statusCode).toBe(200);
    expect((await setStore(coffee, libraryStoreId, { isAvailable: false })).statusCode).toBe(200);
    const list = async (cookie: string, query = '') => {
      const response = await inject(t, { method: 'GET', url: `/api/products?limit=500${query}`, cookie });
      expect(response.statusCode).toBe(200);
      return new Map((response.json() as Array<{ id: string; price: string }>).map((p) => [p.id, p.price]));
    };
    // No shift, no till, no store asked: the products' own prices, every product (spec §7).
    await end(cashier);
    let seen = await list(cashier);
    expect(seen.get(tea)).toBe('2.00');
    expect(seen.get(coffee)).toBe('3.00');

    await shiftAt(cashier, libraryStoreId);
    seen = await list(cashier);
    expect(seen.get(tea)).toBe('2.20');
    expect(seen.has(coffee)).toBe(false);
    // X-Total-Count counts what the till sees.
    const counted = await inject(t, {
      method: 'GET',
      url: `/api/products?search=${encodeURIComponent('Coffee')}`,
      cookie: cashier,
    });
    expect(counted.json().some((p: { id: string }) => p.id === coffee)).toBe(false);

    // A store asked for wins; an unknown one is 400 on the field.
    seen = await list(cashier, `&storeId=${mainStoreId}`);
    expect(seen.get(tea)).toBe('2.00');
    expect(seen.get(coffee)).toBe('3.00');
    // The back office asks for the catalogue's own prices and every product, whatever its shift.
    seen = await list(cashier, '&storeId=all');
    expect(seen.get(tea)).toBe('2.00');
    expect(seen.get(coffee)).toBe('3.00');
    // One product by id (the till's repricing after a refused sale) at the shift's store too.
    const one = await inject(t, { method: 'GET', url: `/api/products/${tea}`, cookie: cashier });
    expect(one.json().price).toBe('2.20');
    const oneAll = await inject(t, { method: 'GET', url: `/api/products/${tea}?storeId=all`, cookie: cashier });
    expect(oneAll.json().price).toBe('2.00');
    const nope = await inject(t, { method: 'GET', url: '/api/products?storeId=nope', cookie: cashier });
    expect(nope.statusCode).toBe(400);
    expect(nope.json().errors).toEqual({ storeId: 'Store not found' });
    const unknown = await inject(t, { method: 'GET', url: `/api/products?storeId=${randomUUID()}`, cookie: cashier });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ storeId: expect.any(String) });
    expect((await end(cashier)).statusCode).toBe(200);

    // A till bound to the library, before its cashier's shift starts.
    const terminalId = randomUUID();
    await t.db.db.insert(posTerminals).values({ id: terminalId, storeId: libraryStoreId });
    seen = await list(cashier, `&terminalId=${terminalId}`);
    expect(seen.get(tea)).toBe('2.20');
    expect(seen.has(coffee)).toBe(false);
  });
});

describe('staff limited to stores (issue #32 item 2)', () => {
  it('a limited cashier starts shifts only at their store (403 elsewhere) and is offered only it', async () => {
    const limit = await inject(t, {
      method: 'PUT',
      url: `/api/users/${limitedId}/stores`,
      cookie: manager,
      payload: { storeIds: [libraryStoreId] },
    });
    expect(limit.statusCode).toBe(200);
    const mine = await inject(t, { method: 'GET', url: '/api/stores/mine', cookie: limited });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((s: { id: string }) => s.id)).toEqual([libraryStoreId]);
    const refused = await start(limited, { storeId: mainStoreId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not allowed to sell at this store.');
    // On a till bound to the main store they are refused at Start Shift, whatever they ask for.
    const mainTill = randomUUID();
    await t.db.db.insert(posTerminals).values({ id: mainTill, storeId: mainStoreId });
    const onMainTill = await start(limited, { terminalId: mainTill });
    expect(onMainTill.statusCode).toBe(403);
    expect(onMainTill.json().message).toBe('You are not allowed to sell at this store.');
    // No store named: their only store.
    const started = await start(limited);
    expect(started.statusCode).toBe(201);
    expect(started.json().shift.storeId).toBe(libraryStoreId);
    expect((await end(limited)).statusCode).toBe(200);
    // An unlimited cashier is offered every open store.
    const all = await inject(t, { method: 'GET', url: '/api/stores/mine', cookie: cashier });
    expect(
      all
        .json()
        .map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([mainStoreId, libraryStoreId].sort());
  });

  it('a manager is never limited, whatever their store rows say', async () => {
    const limit = await inject(t, {
      method: 'PUT',
      url: `/api/users/${managerId}/stores`,
      cookie: manager,
      payload: { storeIds: [libraryStoreId] },
    });
    expect(limit.statusCode).toBe(200);
    const started = await start(manager, { storeId: mainStoreId });
    expect(started.statusCode).toBe(201);
    expect((await end(manager)).statusCode).toBe(200);
    const mine = await inject(t, { method: 'GET', url: '/api/stores/mine', cookie: manager });
    expect(mine.json()).toHaveLength(2);
  });
});
