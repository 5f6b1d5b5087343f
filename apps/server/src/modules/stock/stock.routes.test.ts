import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { createCategory, createProduct, createVariant, postSale, saleBody, startShift } from '../pos/pos-test-support';
import { ledgerMismatches, movementsOf, stockOf } from './stock-test-support';

let t: TestApp;
let manager: string;
let cashier: string;
let managerId: string;
let category: string;

beforeAll(async () => {
  t = await buildTestApp();
  managerId = await createUser(t, { role: 'manager', pin: '4826', firstName: 'Maria', lastName: 'Manager' });
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Carl', lastName: 'Cashier' });
  manager = await signIn(t, '4826', '10.40.0.1');
  cashier = await signIn(t, '2915', '10.40.0.2');
  await startShift(t, cashier);
  category = await createCategory(t, 'Pantry');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await ledgerMismatches(t)).toEqual([]);
});

const adjust = (productId: string, payload: Record<string, unknown>, cookie = manager) =>
  inject(t, { method: 'POST', url: `/api/products/${productId}/stock-adjustments`, cookie, payload });
const ledger = (productId: string, query = '', cookie = manager) =>
  inject(t, { method: 'GET', url: `/api/stock-movements?productId=${productId}${query}`, cookie });

describe('stock ledger', () => {
  it('a new product starts with an opening movement, and a sale writes one signed sale movement per stock row', async () => {
    const product = await createProduct(t, { name: 'Olive Oil', price: '8.00', stock: 20, categoryId: category });
    const sale = await postSale(t, cashier, saleBody([{ productId: product, quantity: 3, unitPrice: '8.00' }]));
    expect(sale.statusCode).toBe(201);
    const response = await ledger(product);
    expect(response.statusCode).toBe(200);
    const { movements, nextBefore } = response.json();
    expect(nextBefore).toBeNull();
    expect(
      movements.map((m: { reason: string; quantity: number; stockAfter: number }) => [
        m.reason,
        m.quantity,
        m.stockAfter,
      ]),
    ).toEqual([
      ['sale', -3, 17],
      ['opening', 20, 20],
    ]);
    expect(movements[0]).toMatchObject({
      documentType: 'transaction',
      documentId: sale.json().id,
      user: { name: 'Carl Cashier' },
      variantId: null,
    });
    expect(await stockOf(t, product)).toBe(17);
  });

  it("a size option's sale moves that size option's stock, and its ledger rows name it", async () => {
    const product = await createProduct(t, {
      name: 'Coffee Beans',
      price: '10.00',
      stock: 0,
      categoryId: category,
      hasVariants: true,
    });
    const big = await createVariant(t, { productId: product, name: 'Jar', price: '12.00', stock: 5 });
    const sale = await postSale(
      t,
      cashier,
      saleBody([{ productId: product, variantId: big, variantName: 'Jar', quantity: 2, unitPrice: '12.00' }]),
    );
    expect(sale.statusCode).toBe(201);
    const { movements } = (await ledger(product, `&variantId=${big}`)).json();
    expect(movements.map((m: { reason: string; quantity: number }) => [m.reason, m.quantity])).toEqual([
      ['sale', -2],
      ['opening', 5],
    ]);
    expect(movements[0]).toMatchObject({ variantId: big, variantName: 'Jar', stockAfter: 3 });
  });

  it("'Adjust stock' adds or removes units with a reason; a count records counted − current; below zero is refused and writes nothing", async () => {
    const product = await createProduct(t, { name: 'Flour', price: '2.00', stock: 10, categoryId: category });
    const added = await adjust(product, { quantity: 5, reason: 'Found a box in the back' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      stock: 15,
      movement: { quantity: 5, reason: 'adjustment', note: 'Found a box in the back', user: { id: managerId } },
    });
    const removed = await adjust(product, { quantity: -4, reason: 'Damaged' });
    expect(removed.json()).toMatchObject({ stock: 11, movement: { quantity: -4 } });

    // A sale between the count and its entry is part of what the count replaces.
    await postSale(t, cashier, saleBody([{ productId: product, quantity: 1, unitPrice: '2.00' }]));
    const counted = await adjust(product, { counted: 7, reason: 'Weekly count' });
    expect(counted.statusCode).toBe(201);
    expect(counted.json()).toMatchObject({ stock: 7, movement: { reason: 'count', quantity: -3, stockAfter: 7 } });
    const agreeing = await adjust(product, { counted: 7, reason: 'Recount' });
    expect(agreeing.json()).toEqual({ stock: 7, movement: null });

    const tooMany = await adjust(product, { quantity: -8, reason: 'Theft' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({
      code: 'stock.below_zero',
      message: 'Stock cannot go below zero: only 7 in stock.',
    });
    expect(await stockOf(t, product)).toBe(7);

    const { rows } = await t.db.execute(
      `select activity_type, details from user_activity where activity_type in ('stock_adjusted', 'stock_counted')
        and details->>'productId' = $1 order by timestamp`,
      [product],
    );
    expect(rows.map((r) => (r as { activity_type: string }).activity_type)).toEqual([
      'stock_adjusted',
      'stock_adjusted',
      'stock_counted',
      'stock_counted',
    ]);
    expect((rows[2] as { details: unknown }).details).toMatchObject({
      counted: 7,
      quantity: -3,
      reason: 'Weekly count',
    });
  });

  it('bad adjustments are 400 with field messages; unknown products 404; cashiers 403', async () => {
    const product = await createProduct(t, { name: 'Salt', price: '1.00', stock: 2, categoryId: category });
    const both = await adjust(product, { quantity: 1, counted: 3, reason: 'x' });
    expect(both.statusCode).toBe(400);
    const neither = await adjust(product, { reason: 'x' });
    expect(neither.statusCode).toBe(400);
    const zero = await adjust(product, { quantity: 0, reason: 'x' });
    expect(zero.statusCode).toBe(400);
    const fraction = await adjust(product, { quantity: 1.5, reason: 'x' });
    expect(fraction.statusCode).toBe(400);
    const noReason = await adjust(product, { quantity: 1, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    const negativeCount = await adjust(product, { counted: -1, reason: 'x' });
    expect(negativeCount.statusCode).toBe(400);
    const unknown = await adjust('00000000-0000-4000-8000-000000000000', { quantity: 1, reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    const unknownVariant = await adjust(product, {
      quantity: 1,
      reason: 'x',
      variantId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownVariant.statusCode).toBe(404);
    expect((await adjust(product, { quantity: 1, reason: 'x' }, cashier)).statusCode).toBe(403);
    expect((await ledger(product, '', cashier)).statusCode).toBe(403);
    expect((await ledger('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await stockOf(t, product)).toBe(2);
  });

  it('the ledger pages newest first with nextBefore', async () => {
    const product = await createProduct(t, { name: 'Sugar', price: '1.50', stock: 1, categoryId: category });
    for (let i = 1; i <= 4; i++) await adjust(product, { quantity: i, reason: `delivery ${i}` });
    const first = (await ledger(product, '&limit=3')).json();
    expect(first.movements.map((m: { quantity: number }) => m.quantity)).toEqual([4, 3, 2]);
    expect(first.nextBefore).toBe(first.movements[2].id);
    const second = (await ledger(product, `&limit=3&before=${first.nextBefore}`)).json();
    expect(second.movements.map((m: { quantity: number }) => m.quantity)).toEqual([1, 1]);
    expect(second.nextBefore).toBeNull();
  });
});

describe('stock changes are deltas, never blind overwrites (issue #15 item 2)', () => {
  const patch = (productId: string, payload: Record<string, unknown>) =>
    inject(t, { method: 'PATCH', url: `/api/products/${productId}`, cookie: manager, payload });

  it('a form saved with the stock it was based on keeps a sale made while it was open', async () => {
    const product = await createProduct(t, { name: 'Rice', price: '3.00', stock: 10, categoryId: category });
    // The manager opens the form (stock 10); a cashier sells 3; the manager saves 12 (+2) and a new name.
    await postSale(t, cashier, saleBody([{ productId: product, quantity: 3, unitPrice: '3.00' }]));
    const saved = await patch(product, { name: 'Basmati Rice', stock: 12, stockBasedOn: 10 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Basmati Rice', stock: 9 });
    const last = (await movementsOf(t, product)).at(-1);
    expect(last).toMatchObject({ reason: 'edit', quantity: 2, stock_after: 9 });

    // Saving the form again without touching stock changes no stock, whatever was sold meanwhile.
    await postSale(t, cashier, saleBody([{ productId: product, quantity: 1, unitPrice: '3.00' }]));
    const renamed = await patch(product, { name: 'Rice', stock: 9, stockBasedOn: 9 });
    expect(renamed.json()).toMatchObject({ name: 'Rice', stock: 8 });
  });

  it('a form that would take stock below zero is refused and saves nothing', async () => {
    const product = await createProduct(t, { name: 'Pasta', price: '2.50', stock: 5, categoryId: category });
    await postSale(t, cashier, saleBody([{ productId: product, quantity: 4, unitPrice: '2.50' }]));
    const refused = await patch(product, { name: 'Penne', stock: 0, stockBasedOn: 5 });
    expect(refused.statusCode).toBe(409);
    const product1 = await inject(t, { method: 'GET', url: `/api/products/${product}`, cookie: manager });
    expect(product1.json()).toMatchObject({ name: 'Pasta', stock: 1 });
  });

  it('a spec §7 client sending stock without stockBasedOn sets it as a count', async () => {
    const product = await createProduct(t, { name: 'Beans', price: '1.10', stock: 4, categoryId: category });
    const saved = await patch(product, { stock: 6 });
    expect(saved.json()).toMatchObject({ stock: 6 });
    expect((await movementsOf(t, product)).at(-1)).toMatchObject({ reason: 'edit', quantity: 2 });
    const same = await patch(product, { stock: 6, name: 'Black Beans' });
    expect(same.json()).toMatchObject({ stock: 6, name: 'Black Beans' });
    expect(await movementsOf(t, product)).toHaveLength(2);
  });

  it("a size option's form is a delta too, and a re-added size option's stock is counted in", async () => {
    const product = await createProduct(t, {
      name: 'Tea',
      price: '4.00',
      stock: 0,
      categoryId: category,
      hasVariants: true,
    });
    const small = await createVariant(t, { productId: product, name: 'Pouch', price: '4.00', stock: 6 });
    await postSale(
      t,
      cashier,
      saleBody([{ productId: product, variantId: small, variantName: 'Pouch', quantity: 2, unitPrice: '4.00' }]),
    );
    const saved = await inject(t, {
      method: 'PATCH',
      url: `/api/variants/${small}`,
      cookie: manager,
      payload: { stock: 10, stockBasedOn: 6, price: '4.50' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ stock: 8, price: '4.50' });
    // Deactivated (kept for its sale) and added again with 3 units.
    await inject(t, { method: 'DELETE', url: `/api/variants/${small}`, cookie: manager });
    const again = await inject(t, {
      method: 'POST',
      url: `/api/products/${product}/variants`,
      cookie: manager,
      payload: { name: 'Pouch', price: '4.00', stock: 3 },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: small, stock: 3, isActive: true });
  });

  it('an import changes stock by (stock − stockBasedOn); an empty stock cell leaves it; without stockBasedOn it is a count', async () => {
    const keep = await createProduct(t, { name: 'Oats', price: '2.00', stock: 10, categoryId: category });
    const delta = await createProduct(t, { name: 'Honey', price: '5.00', stock: 10, categoryId: category });
    const count = await createProduct(t, { name: 'Jam', price: '3.00', stock: 10, categoryId: category });
    const skus = async (id: string) =>
      ((await inject(t, { method: 'GET', url: `/api/products/${id}`, cookie: manager })).json() as { sku: string }).sku;
    // Sales after the export.
    for (const id of [keep, delta, count]) {
      await postSale(
        t,
        cashier,
        saleBody([{ productId: id, quantity: 2, unitPrice: id === keep ? '2.00' : id === delta ? '5.00' : '3.00' }]),
      );
    }
    const csv = [
      'sku,name,price,category,stock,stockBasedOn',
      `${await skus(keep)},Rolled Oats,2.00,Pantry,,10`,
      `${await skus(delta)},Honey,5.00,Pantry,15,10`,
      `${await skus(count)},Jam,3.00,Pantry,4,`,
    ].join('\n');
    const response = await inject(t, {
      method: 'POST',
      url: '/api/products/import',
      cookie: manager,
      payload: { csv },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ updated: 3, refused: 0 });
    expect(await stockOf(t, keep)).toBe(8);
    expect(await stockOf(t, delta)).toBe(13);
    expect(await stockOf(t, count)).toBe(4);
    expect((await movementsOf(t, delta)).at(-1)).toMatchObject({ reason: 'import', quantity: 5 });
  });
});

describe('asset loans move stock through the ledger', () => {
  it('a checkout and its return are checkout and checkin movements', async () => {
    const product = await createProduct(t, { name: 'Projector', price: '0.00', stock: 2, categoryId: category });
    await t.db.execute(`update products set is_checkout_required = true, asset_type = 'equipment' where id = $1`, [
      product,
    ]);
    const out = await inject(t, {
      method: 'POST',
      url: '/api/asset-checkouts',
      cookie: manager,
      payload: { productId: product, userId: managerId, notes: null },
    });
    expect(out.statusCode).toBe(201);
    const back = await inject(t, {
      method: 'POST',
      url: `/api/asset-checkouts/${out.json().id}/return`,
      cookie: manager,
      payload: { returnCondition: 'good', notes: null },
    });
    expect(back.statusCode).toBe(200);
    expect((await movementsOf(t, product)).map((m) => [m.reason, m.quantity])).toEqual([
      ['opening', 2],
      ['checkout', -1],
      ['checkin', 1],
    ]);
  });
});
