import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { stores, taxRates } from '../../db/schema/index';

let t: TestApp;
let manager: string;
let admin: string;
let cashier: string;
let storeId: string;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '4826' });
  await createUser(t, { role: 'super_admin', pin: '7391' });
  await createUser(t, { role: 'cashier', pin: '2915' });
  manager = await signIn(t, '4826');
  admin = await signIn(t, '7391', '10.0.0.3');
  cashier = await signIn(t, '2915', '10.0.0.2');
  const [store] = await t.db.db.select({ id: stores.id }).from(stores).limit(1);
  storeId = (store as { id: string }).id;
});
afterAll(async () => {
  await t.close();
});

const post = (payload: unknown, cookie = manager) =>
  inject(t, { method: 'POST', url: '/api/tax-rates', cookie, payload: payload as object });

describe('tax rates (issue #34 item 2: GET/POST/PATCH /api/tax-rates)', () => {
  it('a manager adds rates with 2 decimals; zero-rated and exempt are 0.00; the list is by rate, then name', async () => {
    const gst = await post({ name: ' GST ', rate: '10' });
    expect(gst.statusCode).toBe(201);
    expect(gst.json()).toEqual({ id: expect.any(String), name: 'GST', rate: '10.00', createdAt: expect.any(String) });
    expect((await post({ name: 'Zero-rated', rate: 0 })).statusCode).toBe(201);
    expect((await post({ name: 'Exempt', rate: '0.00' }, admin)).statusCode).toBe(201);
    expect((await post({ name: 'Reduced', rate: 12.5 })).statusCode).toBe(201);
    const list = await inject(t, { method: 'GET', url: '/api/tax-rates', cookie: cashier });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { name: string; rate: string }) => [r.name, r.rate])).toEqual([
      ['Exempt', '0.00'],
      ['Zero-rated', '0.00'],
      ['GST', '10.00'],
      ['Reduced', '12.50'],
    ]);
  });

  it('refuses a bad rate or name with field messages and changes nothing', async () => {
    const before = (await t.db.db.select().from(taxRates)).length;
    const bad = await post({ name: 'Odd', rate: '10.555' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ rate: 'Rate must be a percentage from 0 to 100 with at most 2 decimals' });
    const over = await post({ name: 'Over', rate: 100.01 });
    expect(over.statusCode).toBe(400);
    const noName = await post({ name: '  ', rate: 5 });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual({ name: 'Tax rate name is required' });
    const taken = await post({ name: 'GST', rate: 5 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A tax rate named "GST" already exists.');
    expect((await t.db.db.select().from(taxRates)).length).toBe(before);
  });

  it('a manager edits a rate; an unknown id is 404; a taken name 409', async () => {
    const created = (await post({ name: 'Luxury', rate: '20' })).json();
    const edited = await inject(t, {
      method: 'PATCH',
      url: `/api/tax-rates/${created.id}`,
      cookie: manager,
      payload: { rate: '22.25' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.id, name: 'Luxury', rate: '22.25' });
    const missing = await inject(t, {
      method: 'PATCH',
      url: '/api/tax-rates/00000000-0000-4000-8000-000000000000',
      cookie: manager,
      payload: { rate: '1' },
    });
    expect(missing.statusCode).toBe(404);
    const clash = await inject(t, {
      method: 'PATCH',
      url: `/api/tax-rates/${created.id}`,
      cookie: manager,
      payload: { name: 'GST' },
    });
    expect(clash.statusCode).toBe(409);
  });

  it('a cashier may read but not add or edit rates (403, ADR 0004)', async () => {
    expect((await post({ name: 'Sneaky', rate: 1 }, cashier)).statusCode).toBe(403);
    const [rate] = await t.db.db.select({ id: taxRates.id }).from(taxRates).limit(1);
    const patch = await inject(t, {
      method: 'PATCH',
      url: `/api/tax-rates/${(rate as { id: string }).id}`,
      cookie: cashier,
      payload: { rate: '0' },
    });
    expect(patch.statusCode).toBe(403);
  });
});

describe('prices include tax (GET/PUT /api/settings/tax)', () => {
  const get = (query = '', cookie = cashier) => inject(t, { method: 'GET', url: `/api/settings/tax${query}`, cookie });
  const put = (payload: unknown, cookie = manager) =>
    inject(t, { method: 'PUT', url: '/api/settings/tax', cookie, payload: payload as object });

  it('is tax-exclusive until set; a store follows the installation until it has its own', async () => {
    expect((await get()).json()).toEqual({ storeId: null, pricesIncludeTax: false });
    expect((await get(`?storeId=${storeId}`)).json()).toEqual({ storeId, pricesIncludeTax: false });

    expect((await put({ pricesIncludeTax: true })).json()).toEqual({ storeId: null, pricesIncludeTax: true });
    expect((await get(`?storeId=${storeId}`)).json()).toEqual({ storeId, pricesIncludeTax: true });

    const own = await put({ storeId, pricesIncludeTax: false }, admin);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ storeId, pricesIncludeTax: false });
    expect((await get(`?storeId=${storeId}`)).json()).toEqual({ storeId, pricesIncludeTax: false });
    expect((await get()).json()).toEqual({ storeId: null, pricesIncludeTax: true });
  });

  it('refuses an unknown store (400), a missing flag (400) and a cashier (403), changing nothing', async () => {
    const unknown = await put({ storeId: '00000000-0000-4000-8000-000000000000', pricesIncludeTax: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ storeId: 'Unknown store' });
    const unknownRead = await get('?storeId=00000000-0000-4000-8000-000000000000');
    expect(unknownRead.statusCode).toBe(400);
    const missing = await put({ storeId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ pricesIncludeTax: 'pricesIncludeTax must be true or false' });
    expect((await put({ pricesIncludeTax: false }, cashier)).statusCode).toBe(403);
    expect((await get()).json()).toEqual({ storeId: null, pricesIncludeTax: true });
    expect((await get(`?storeId=${storeId}`)).json()).toEqual({ storeId, pricesIncludeTax: false });
  });
});

describe('a category names a rate, a product may override it (taxRateId)', () => {
  it('sets, overrides and clears rates; an unknown rate is 400 on taxRateId and changes nothing', async () => {
    const food = (await post({ name: 'Food', rate: '5' })).json();
    const drinks = (await post({ name: 'Drinks', rate: '15' })).json();
    const category = await inject(t, {
      method: 'POST',
      url: '/api/categories',
      cookie: manager,
      payload: { name: 'Deli', taxRateId: food.id },
    });
    expect(category.statusCode).toBe(201);
    expect(category.json()).toMatchObject({ name: 'Deli', taxRateId: food.id });
    const categoryId = category.json().id;

    const product = await inject(t, {
      method: 'POST',
      url: '/api/products',
      cookie: manager,
      payload: { name: 'Juice', price: '3.30', sku: 'JUICE-T', categoryId, taxRateId: drinks.id },
    });
    expect(product.statusCode).toBe(201);
    expect(product.json()).toMatchObject({ name: 'Juice', taxRateId: drinks.id });
    const productId = product.json().id;

    const cleared = await inject(t, {
      method: 'PATCH',
      url: `/api/products/${productId}`,
      cookie: manager,
      payload: { taxRateId: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().taxRateId).toBeNull();

    const unknownRate = '00000000-0000-4000-8000-000000000000';
    const badProduct = await inject(t, {
      method: 'PATCH',
      url: `/api/products/${productId}`,
      cookie: manager,
      payload: { taxRateId: unknownRate, name: 'Renamed' },
    });
    expect(badProduct.statusCode).toBe(400);
    expect(badProduct.json().errors).toEqual({ taxRateId: 'Unknown tax rate' });
    const after = await inject(t, { method: 'GET', url: `/api/products/${productId}`, cookie: manager });
    expect(after.json()).toMatchObject({ name: 'Juice', taxRateId: null });

    const patchCategory = (payload: object, cookie = manager) =>
      inject(t, { method: 'PATCH', url: `/api/categories/${categoryId}`, cookie, payload });
    const moved = await patchCategory({ taxRateId: drinks.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: categoryId, taxRateId: drinks.id, productCount: 1 });
    expect((await patchCategory({ taxRateId: unknownRate })).statusCode).toBe(400);
    expect((await patchCategory({ taxRateId: null }, cashier)).statusCode).toBe(403);
    const list = await inject(t, { method: 'GET', url: '/api/categories', cookie: cashier });
    expect(list.json().find((c: { id: string }) => c.id === categoryId).taxRateId).toBe(drinks.id);
    expect((await patchCategory({ taxRateId: null })).json().taxRateId).toBeNull();
    const missing = await inject(t, {
      method: 'PATCH',
      url: `/api/categories/${unknownRate}`,
      cookie: manager,
      payload: { taxRateId: null },
    });
    expect(missing.statusCode).toBe(404);
  });
});
