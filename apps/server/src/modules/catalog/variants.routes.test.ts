import type { Product, Variant } from '@retail-hub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, inject, type TestApp } from '../../../test/build-test-app';
import {
  aCategory,
  aProduct,
  aSaleOf,
  eventually,
  recordEvents,
  type Sessions,
  signInEveryone,
} from './catalog.test-support';

let t: TestApp;
let s: Sessions;
let coffee: string;
let mocktails: string;
let bakery: string;

beforeAll(async () => {
  t = await buildTestApp();
  s = await signInEveryone(t);
  coffee = await aCategory(t, s.manager, 'Coffee');
  mocktails = await aCategory(t, s.manager, 'Mocktails');
  bakery = await aCategory(t, s.manager, 'Bakery');
});
afterAll(async () => {
  await t.close();
});

const addVariant = (productId: string, payload: Record<string, unknown>, cookie = s.manager) =>
  inject(t, { method: 'POST', url: `/api/products/${productId}/variants`, cookie, payload });
const variantsOf = async (productId: string) =>
  (
    await inject(t, { method: 'GET', url: `/api/products/${productId}/variants`, cookie: s.cashier })
  ).json() as Variant[];
const productOf = async (productId: string) =>
  (await inject(t, { method: 'GET', url: `/api/products/${productId}`, cookie: s.cashier })).json() as Product;
const sizeOptions = async (productId: string) => {
  const response = await inject(t, {
    method: 'GET',
    url: `/api/products/${productId}/size-options`,
    cookie: s.cashier,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Array<{ variantId: string | null; name: string; price: string; stock: number }>;
};

describe('size options managed from the product (spec §7 variants)', () => {
  it('adding a size option returns it with a spec sort order and marks the product as having variants', async () => {
    const product = await aProduct(t, s.manager, { categoryId: bakery });
    const response = await addVariant(product.id, { name: 'Large', price: '5.5', stock: 4 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      productId: product.id,
      name: 'Large',
      price: '5.50',
      stock: 4,
      isActive: true,
      sortOrder: 1,
    });
    expect((await productOf(product.id)).hasVariants).toBe(true);
  });

  it('lists a product’s size options by sort order, then name', async () => {
    const product = await aProduct(t, s.manager, { categoryId: coffee });
    await addVariant(product.id, { name: 'Takeaway Big Cup', price: '4.50' });
    await addVariant(product.id, { name: 'Dine In Small Cup', price: '3.00' });
    await addVariant(product.id, { name: 'Custom', price: '1.00', sortOrder: 2 });
    expect((await variantsOf(product.id)).map((v) => [v.name, v.sortOrder])).toEqual([
      ['Dine In Small Cup', 0],
      ['Custom', 2],
      ['Takeaway Big Cup', 3],
    ]);
  });

  it('a size option needs a name, a valid price and stock of 0 or more', async () => {
    const product = await aProduct(t, s.manager, { categoryId: bakery });
    const response = await addVariant(product.id, { name: ' ', price: '1.234', stock: -1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      name: 'Name is required',
      price: 'Invalid price format',
      stock: 'Stock must be 0 or greater',
    });
  });

  it('a second size option of the same name (any letter case) on the product is a 409', async () => {
    const product = await aProduct(t, s.manager, { categoryId: bakery });
    await addVariant(product.id, { name: 'Small', price: '3.00' });
    const response = await addVariant(product.id, { name: 'small', price: '3.00' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'catalog.variant_name_taken',
      message: 'A size option named "Small" already exists for this product.',
    });
    const other = await aProduct(t, s.manager, { categoryId: bakery });
    expect((await addVariant(other.id, { name: 'Small', price: '3.00' })).statusCode).toBe(201);
  });

  it('editing a size option changes its name, price and stock; a clash with a sibling is a 409', async () => {
    const product = await aProduct(t, s.manager, { categoryId: bakery });
    const small = (await addVariant(product.id, { name: 'Small', price: '3.00', stock: 1 })).json() as Variant;
    await addVariant(product.id, { name: 'Large', price: '5.00' });
    const response = await inject(t, {
      method: 'PATCH',
      url: `/api/variants/${small.id}`,
      cookie: s.manager,
      payload: { name: 'Regular', price: '3.2', stock: 9 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Regular', price: '3.20', stock: 9 });
    const clash = await inject(t, {
      method: 'PATCH',
      url: `/api/variants/${small.id}`,
      cookie: s.manager,
      payload: { name: 'LARGE' },
    });
    expect(clash.statusCode).toBe(409);
    const invalid = await inject(t, {
      method: 'PATCH',
      url: `/api/variants/${small.id}`,
      cookie: s.manager,
      payload: { stock: -1 },
    });
    expect(invalid.json().errors).toEqual({ stock: 'Stock must be 0 or greater' });
  });

  it('removing the last size option deletes it and clears hasVariants', async () => {
    const product = await aProduct(t, s.manager, { categoryId: bakery });
    const only = (await addVariant(product.id, { name: 'Small', price: '3.00' })).json() as Variant;
    const response = await inject(t, { method: 'DELETE', url: `/api/variants/${only.id}`, cookie: s.manager });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await variantsOf(product.id)).toEqual([]);
    expect((await productOf(product.id)).hasVariants).toBe(false);
  });

  it('a size option that was sold is deactivated, not deleted, and can be added back by name', async () => {
    const product = await aProduct(t, s.manager, { categoryId: bakery });
    const sold = (await addVariant(product.id, { name: 'Small', price: '3.00' })).json() as Variant;
    await aSaleOf(t, s.cashierId, product.id, sold.id);
    await inject(t, { method: 'DELETE', url: `/api/variants/${sold.id}`, cookie: s.manager });
    expect(await variantsOf(product.id)).toEqual([expect.objectContaining({ id: sold.id, isActive: false })]);
    expect((await productOf(product.id)).hasVariants).toBe(false);
    const again = await addVariant(product.id, { name: 'Small', price: '3.10', stock: 2 });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: sold.id, isActive: true, price: '3.10', stock: 2 });
  });

  it('unknown products and size options are 404; a cashier may read but not change them', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await addVariant(missing, { name: 'Small', price: '1' })).statusCode).toBe(404);
    expect(
      (await inject(t, { method: 'GET', url: `/api/products/${missing}/variants`, cookie: s.cashier })).statusCode,
    ).toBe(404);
    expect((await inject(t, { method: 'DELETE', url: `/api/variants/${missing}`, cookie: s.manager })).statusCode).toBe(
      404,
    );
    const product = await aProduct(t, s.manager, { categoryId: bakery });
    expect((await addVariant(product.id, { name: 'Small', price: '1' }, s.cashier)).statusCode).toBe(403);
  });

  it('size-option changes publish product.changed, and stock changes stock.changed', async () => {
    const product = await aProduct(t, s.manager, { categoryId: bakery });
    const recorder = recordEvents(t);
    try {
      const variant = (await addVariant(product.id, { name: 'Small', price: '3.00' })).json() as Variant;
      await eventually(() => recorder.events.find((e) => e.type === 'product.changed' && e.ids?.includes(product.id)));
      recorder.clear();
      await inject(t, {
        method: 'PATCH',
        url: `/api/variants/${variant.id}`,
        cookie: s.manager,
        payload: { stock: 5 },
      });
      await eventually(() => recorder.events.find((e) => e.type === 'stock.changed' && e.ids?.includes(product.id)));
    } finally {
      recorder.stop();
    }
  });
});

describe('size options at the terminal (spec §9 prices)', () => {
  it('Coffee offers the four cups at fixed prices; a stored cup supplies its id and stock', async () => {
    const latte = await aProduct(t, s.manager, { categoryId: coffee, price: '9.00', stock: 40 });
    const stored = (
      await addVariant(latte.id, { name: 'Dine In Small Cup', price: '9.99', stock: 7 })
    ).json() as Variant;
    expect(await sizeOptions(latte.id)).toEqual([
      { variantId: stored.id, name: 'Dine In Small Cup', priceCents: 300, price: '3.00', stock: 7, sortOrder: 0 },
      { variantId: null, name: 'Dine In Big Cup', priceCents: 400, price: '4.00', stock: 40, sortOrder: 1 },
      { variantId: null, name: 'Takeaway Small Cup', priceCents: 350, price: '3.50', stock: 40, sortOrder: 2 },
      { variantId: null, name: 'Takeaway Big Cup', priceCents: 450, price: '4.50', stock: 40, sortOrder: 3 },
    ]);
  });

  it('Mocktails offer small and big plastic cups and glasses at 3, 4 and 4', async () => {
    const mojito = await aProduct(t, s.manager, { categoryId: mocktails, price: '7.00', stock: 3 });
    expect((await sizeOptions(mojito.id)).map((o) => [o.name, o.price, o.stock])).toEqual([
      ['Small Plastic Cup', '3.00', 3],
      ['Big Plastic Cup', '4.00', 3],
      ['Glasses', '4.00', 3],
    ]);
  });

  it('an ordinary category offers Small at 0.8× and Large at 1.125× of the price, rounded to the cent', async () => {
    const muffin = await aProduct(t, s.manager, { categoryId: bakery, price: '4.50', stock: 12 });
    const large = (await addVariant(muffin.id, { name: 'Large', price: '1.00', stock: 2 })).json() as Variant;
    expect(await sizeOptions(muffin.id)).toEqual([
      { variantId: null, name: 'Small', priceCents: 360, price: '3.60', stock: 12, sortOrder: 0 },
      { variantId: large.id, name: 'Large', priceCents: 506, price: '5.06', stock: 2, sortOrder: 1 },
    ]);
  });

  it('an unknown product has no size options (404)', async () => {
    const response = await inject(t, {
      method: 'GET',
      url: '/api/products/00000000-0000-4000-8000-000000000000/size-options',
      cookie: s.cashier,
    });
    expect(response.statusCode).toBe(404);
  });
});
