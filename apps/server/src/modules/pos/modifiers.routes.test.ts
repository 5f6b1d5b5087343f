import { randomUUID } from 'node:crypto';
import { centsToDecimal, parseCents, saleTotals, totalsToStrings } from '@retail-hub/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { transactionItems, transactions } from '../../db/schema/index';
import { stockOf } from '../stock/stock-test-support';
import { createCategory, createProduct, createVariant, postSale, startShift } from './pos-test-support';

/** Issue #35 item 1 (docs/adr/0035): modifier groups, and sale lines priced with their modifiers. */

let t: TestApp;
let manager: string;
let cashier: string;
let shiftId: number;
let coffeeCategory: string;
let latte: string;
let largeLatte: string;
let muffin: string;
let milk: { id: string; options: Array<{ id: string; name: string; price: string }> };
let extras: { id: string; options: Array<{ id: string; name: string; price: string }> };
let syrupTwice: string;

const option = (group: typeof milk, name: string) => group.options.find((o) => o.name === name)?.id as string;

type Line = {
  productId: string;
  variantId?: string | null;
  quantity: number;
  unitPrice: string;
  modifiers?: Array<{ optionId: string }>;
};

function body(lines: Line[]) {
  const priced = lines.map((l) => ({ unitCents: parseCents(l.unitPrice) as number, quantity: l.quantity }));
  const totals = totalsToStrings(saleTotals(priced, 'cash'));
  return {
    ...totals,
    paymentMethod: 'cash',
    referenceCode: null,
    notes: null,
    amountReceived: totals.total,
    items: lines.map((l, i) => ({
      productId: l.productId,
      variantId: l.variantId ?? null,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      totalPrice: centsToDecimal((priced[i]?.unitCents ?? 0) * l.quantity),
      ...(l.modifiers ? { modifiers: l.modifiers } : {}),
    })),
  };
}

async function counts() {
  const [sales] = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(transactions);
  const [lines] = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(transactionItems);
  return { sales: sales?.n ?? 0, lines: lines?.n ?? 0 };
}

async function createGroup(payload: Record<string, unknown>) {
  const response = await inject(t, { method: 'POST', url: '/api/modifier-groups', cookie: manager, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as typeof milk;
}

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Maria', lastName: 'Manager' });
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Carl', lastName: 'Cashier' });
  manager = await signIn(t, '4826', '10.35.0.1');
  cashier = await signIn(t, '2915', '10.35.0.2');
  shiftId = (await startShift(t, cashier)).id;
  await startShift(t, manager);
  coffeeCategory = await createCategory(t, 'Coffee');
  const bakery = await createCategory(t, 'Bakery');
  latte = await createProduct(t, {
    name: 'Latte',
    price: '3.00',
    stock: 0,
    categoryId: coffeeCategory,
    hasVariants: true,
  });
  largeLatte = await createVariant(t, { productId: latte, name: 'Takeaway Big Cup', price: '4.50', stock: 50 });
  muffin = await createProduct(t, { name: 'Blueberry Muffin', price: '4.50', stock: 20, categoryId: bakery });
  milk = await createGroup({
    name: 'Milk',
    minChoices: 0,
    maxChoices: 1,
    options: [
      { name: 'Whole', price: '0.00' },
      { name: 'Skim', price: '0' },
      { name: 'Oat', price: '0.6' },
      { name: 'Soy', price: '0.60' },
    ],
  });
  extras = await createGroup({
    name: 'Extras',
    minChoices: 0,
    maxChoices: 3,
    options: [
      { name: 'Extra shot', price: '0.80' },
      { name: 'Syrup', price: '0.50' },
      { name: 'Decaf', price: '0.00' },
    ],
  });
  const attached = await inject(t, {
    method: 'PUT',
    url: `/api/categories/${coffeeCategory}/modifier-groups`,
    cookie: manager,
    payload: { groupIds: [milk.id, extras.id] },
  });
  expect(attached.statusCode, attached.body).toBe(200);
  syrupTwice = option(extras, 'Syrup');
});
afterAll(async () => {
  await t?.close();
});

describe('modifier groups API', () => {
  it('creates a group with its options (prices as 2 decimals) and lists it', async () => {
    expect(milk).toMatchObject({
      name: 'Milk',
      minChoices: 0,
      maxChoices: 1,
      options: [
        { name: 'Whole', price: '0.00' },
        { name: 'Skim', price: '0.00' },
        { name: 'Oat', price: '0.60' },
        { name: 'Soy', price: '0.60' },
      ],
    });
    const list = await inject(t, { method: 'GET', url: '/api/modifier-groups', cookie: cashier });
    expect(list.statusCode).toBe(200);
    expect((list.json() as Array<{ name: string }>).map((g) => g.name)).toEqual(['Extras', 'Milk']);
  });

  it('refuses a bad group with field messages, a taken name with 409, and writes nothing', async () => {
    for (const [payload, field, message] of [
      [
        { name: 'Size', minChoices: 2, maxChoices: 1, options: [{ name: 'A', price: '0' }] },
        'minChoices',
        'The minimum cannot be above the maximum',
      ],
      [
        { name: 'Size', minChoices: 0, maxChoices: 0, options: [{ name: 'A', price: '0' }] },
        'maxChoices',
        'Maximum must be at least 1',
      ],
      [
        { name: 'Size', minChoices: 0, maxChoices: 1, options: [{ name: 'A', price: '-1' }] },
        'options.0.price',
        'Must be an amount like 12.50',
      ],
      [
        { name: 'Size', minChoices: 0, maxChoices: 1, options: [{ name: 'A', price: '0.555' }] },
        'options.0.price',
        'Must be an amount like 12.50',
      ],
      [{ name: 'Size', minChoices: 0, maxChoices: 1, options: [] }, 'options', 'Add at least one option'],
    ] as const) {
      const response = await inject(t, { method: 'POST', url: '/api/modifier-groups', cookie: manager, payload });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors[field], field).toBe(message);
    }
    const taken = await inject(t, {
      method: 'POST',
      url: '/api/modifier-groups',
      cookie: manager,
      payload: { name: 'milk', minChoices: 0, maxChoices: 1, options: [{ name: 'A', price: '0' }] },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A modifier group with this name already exists');
    const list = await inject(t, { method: 'GET', url: '/api/modifier-groups', cookie: manager });
    expect(list.json()).toHaveLength(2);
  });

  it('a cashier may read but not edit groups (ADR 0004 catalog.manage)', async () => {
    const refused = await inject(t, {
      method: 'POST',
      url: '/api/modifier-groups',
      cookie: cashier,
      payload: { name: 'Sauce', minChoices: 0, maxChoices: 1, options: [{ name: 'Ketchup', price: '0' }] },
    });
    expect(refused.statusCode).toBe(403);
    const put = await inject(t, {
      method: 'PUT',
      url: `/api/products/${latte}/modifier-groups`,
      cookie: cashier,
      payload: { groupIds: [] },
    });
    expect(put.statusCode).toBe(403);
  });

  it("a product's groups are its own, else its category's, in the order given; the product list carries them", async () => {
    const inherited = await inject(t, {
      method: 'GET',
      url: `/api/products/${latte}/modifier-groups`,
      cookie: cashier,
    });
    expect((inherited.json() as Array<{ name: string }>).map((g) => g.name)).toEqual(['Milk', 'Extras']);
    const list = await inject(t, { method: 'GET', url: '/api/products?limit=100', cookie: cashier });
    const products = list.json() as Array<{ id: string; modifierGroups?: Array<{ name: string }> }>;
    expect(products.find((p) => p.id === latte)?.modifierGroups?.map((g) => g.name)).toEqual(['Milk', 'Extras']);
    // A product without groups answers exactly as before: no modifierGroups key.
    expect(Object.keys(products.find((p) => p.id === muffin) ?? {})).not.toContain('modifierGroups');

    const own = await inject(t, {
      method: 'PUT',
      url: `/api/products/${muffin}/modifier-groups`,
      cookie: manager,
      payload: { groupIds: [extras.id] },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as Array<{ name: string }>).map((g) => g.name)).toEqual(['Extras']);
    const unknown = await inject(t, {
      method: 'PUT',
      url: `/api/products/${muffin}/modifier-groups`,
      cookie: manager,
      payload: { groupIds: [randomUUID()] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.groupIds).toBe('Unknown modifier group');
    const cleared = await inject(t, {
      method: 'PUT',
      url: `/api/products/${muffin}/modifier-groups`,
      cookie: manager,
      payload: { groupIds: [] },
    });
    expect(cleared.json()).toEqual([]);
  });

  it('PATCH edits a group: renames and re-prices options by id, adds new ones, refuses min above max', async () => {
    const group = await createGroup({
      name: 'Sauce',
      minChoices: 0,
      maxChoices: 1,
      options: [
        { name: 'Ketchup', price: '0' },
        { name: 'Mayo', price: '0.20' },
      ],
    });
    const ketchup = option(group, 'Ketchup');
    const patched = await inject(t, {
      method: 'PATCH',
      url: `/api/modifier-groups/${group.id}`,
      cookie: manager,
      payload: {
        name: 'Sauces',
        maxChoices: 2,
        options: [
          { id: ketchup, name: 'Tomato ketchup', price: '0.10' },
          { name: 'Mustard', price: '0.15' },
        ],
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Sauces',
      maxChoices: 2,
      options: [
        { id: ketchup, name: 'Tomato ketchup', price: '0.10' },
        { name: 'Mustard', price: '0.15' },
      ],
    });
    const bad = await inject(t, {
      method: 'PATCH',
      url: `/api/modifier-groups/${group.id}`,
      cookie: manager,
      payload: { minChoices: 3 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.minChoices).toBe('The minimum cannot be above the maximum');
    const missing = await inject(t, {
      method: 'PATCH',
      url: `/api/modifier-groups/${randomUUID()}`,
      cookie: manager,
      payload: { name: 'X' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a sale line with modifiers', () => {
  it('is priced size + options (4.50 + 0.60 + 0.80 = 5.90), stored with name and price snapshots, and on the receipt', async () => {
    const before = await stockOf(t, latte, largeLatte);
    const lines: Line[] = [
      {
        productId: latte,
        variantId: largeLatte,
        quantity: 2,
        unitPrice: '5.90',
        modifiers: [{ optionId: option(extras, 'Extra shot') }, { optionId: option(milk, 'Oat') }],
      },
      { productId: muffin, quantity: 1, unitPrice: '4.50' },
    ];
    const response = await postSale(t, cashier, body(lines));
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json();
    expect(sale.subtotal).toBe('16.30');
    expect(sale.items[0]).toMatchObject({
      unitPrice: '5.90',
      totalPrice: '11.80',
      modifiers: [
        { optionId: option(milk, 'Oat'), groupName: 'Milk', name: 'Oat', price: '0.60' },
        { optionId: option(extras, 'Extra shot'), groupName: 'Extras', name: 'Extra shot', price: '0.80' },
      ],
    });
    expect(sale.items[1]).not.toHaveProperty('modifiers');
    expect(sale.receipt.items[0].modifiers.map((m: { name: string }) => m.name)).toEqual(['Oat', 'Extra shot']);
    expect(await stockOf(t, latte, largeLatte)).toBe(before - 2);
    const stored = await t.db.execute(
      `select modifiers from transaction_items where transaction_id = '${sale.id}' order by line_no`,
    );
    const rows = (stored as unknown as { rows: Array<{ modifiers: unknown }> }).rows;
    expect(rows[1]?.modifiers).toBeNull();
    const detail = await inject(t, { method: 'GET', url: `/api/transactions/${sale.id}`, cookie: manager });
    expect(detail.json().lines[0].modifiers.map((m: { name: string }) => m.name)).toEqual(['Oat', 'Extra shot']);
  });

  it('accepts two lines of one product with different modifiers (the till never merges them)', async () => {
    const response = await postSale(
      t,
      cashier,
      body([
        {
          productId: latte,
          variantId: largeLatte,
          quantity: 1,
          unitPrice: '5.10',
          modifiers: [{ optionId: option(milk, 'Oat') }],
        },
        {
          productId: latte,
          variantId: largeLatte,
          quantity: 1,
          unitPrice: '4.50',
          modifiers: [{ optionId: option(milk, 'Whole') }],
        },
        { productId: latte, variantId: largeLatte, quantity: 1, unitPrice: '4.50' },
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().items.map((i: { unitPrice: string }) => i.unitPrice)).toEqual(['5.10', '4.50', '4.50']);
  });

  it('refuses unknown, foreign, duplicate and out-of-range choices with 400 on items.N.modifiers; nothing is written', async () => {
    const before = await counts();
    const other = await createGroup({
      name: 'Toppings',
      minChoices: 0,
      maxChoices: 1,
      options: [{ name: 'Jam', price: '0.30' }],
    });
    const cases: Array<[Array<{ optionId: string }>, string, string]> = [
      [[{ optionId: randomUUID() }], '4.50', 'Unknown modifier option'],
      [[{ optionId: option(other, 'Jam') }], '4.80', 'Unknown modifier option'],
      [[{ optionId: syrupTwice }, { optionId: syrupTwice }], '5.50', 'A modifier option can be chosen only once'],
      [[{ optionId: option(milk, 'Oat') }, { optionId: option(milk, 'Soy') }], '5.70', 'Choose at most 1 from Milk'],
    ];
    for (const [modifiers, unitPrice, message] of cases) {
      const response = await postSale(
        t,
        cashier,
        body([
          { productId: muffin, quantity: 1, unitPrice: '4.50' },
          { productId: latte, variantId: largeLatte, quantity: 1, unitPrice, modifiers },
        ]),
      );
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'pos.invalid_modifiers',
        message,
        errors: { 'items.1.modifiers': message },
      });
    }
    // A product without modifier groups takes none.
    const plain = await postSale(
      t,
      cashier,
      body([{ productId: muffin, quantity: 1, unitPrice: '4.50', modifiers: [{ optionId: option(milk, 'Oat') }] }]),
    );
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errors['items.0.modifiers']).toBe('Unknown modifier option');
    expect(await counts()).toEqual(before);
  });

  it('a group minimum is enforced on a line that chooses nothing from it', async () => {
    const required = await createGroup({
      name: 'Cup',
      minChoices: 1,
      maxChoices: 1,
      options: [{ name: 'Own cup', price: '0' }],
    });
    await inject(t, {
      method: 'PUT',
      url: `/api/products/${muffin}/modifier-groups`,
      cookie: manager,
      payload: { groupIds: [required.id] },
    });
    const response = await postSale(t, cashier, body([{ productId: muffin, quantity: 1, unitPrice: '4.50' }]));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors['items.0.modifiers']).toBe('Choose at least 1 from Cup');
    const ok = await postSale(
      t,
      cashier,
      body([
        { productId: muffin, quantity: 1, unitPrice: '4.50', modifiers: [{ optionId: option(required, 'Own cup') }] },
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    await inject(t, {
      method: 'PUT',
      url: `/api/products/${muffin}/modifier-groups`,
      cookie: manager,
      payload: { groupIds: [] },
    });
  });

  it('a unit price without the modifiers is a totals mismatch (409), like a size', async () => {
    const response = await postSale(
      t,
      cashier,
      body([
        {
          productId: latte,
          variantId: largeLatte,
          quantity: 1,
          unitPrice: '4.50',
          modifiers: [{ optionId: option(milk, 'Oat') }],
        },
      ]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('pos.totals_mismatch');
  });

  it('a retry with the same key replays; with other modifiers it is a different sale (409)', async () => {
    const key = randomUUID();
    const first = body([
      {
        productId: latte,
        variantId: largeLatte,
        quantity: 1,
        unitPrice: '5.30',
        modifiers: [{ optionId: option(extras, 'Extra shot') }],
      },
    ]);
    expect((await postSale(t, cashier, first, key)).statusCode).toBe(201);
    const again = await postSale(t, cashier, first, key);
    expect(again.statusCode).toBe(200);
    const other = body([
      {
        productId: latte,
        variantId: largeLatte,
        quantity: 1,
        unitPrice: '5.30',
        modifiers: [{ optionId: option(extras, 'Extra shot') }, { optionId: option(extras, 'Decaf') }],
      },
    ]);
    expect((await postSale(t, cashier, other, key)).statusCode).toBe(409);
  });

  it("a refund of a modifier line pays back the line's charged price", async () => {
    const sale = await postSale(
      t,
      cashier,
      body([
        {
          productId: latte,
          variantId: largeLatte,
          quantity: 2,
          unitPrice: '5.10',
          modifiers: [{ optionId: option(milk, 'Soy') }],
        },
      ]),
    );
    expect(sale.statusCode, sale.body).toBe(201);
    const detail = await inject(t, { method: 'GET', url: `/api/transactions/${sale.json().id}`, cookie: manager });
    const lineId = detail.json().lines[0].id as string;
    const refunded = await inject(t, {
      method: 'POST',
      url: `/api/transactions/${sale.json().id}/refunds`,
      cookie: manager,
      headers: { 'idempotency-key': randomUUID() },
      payload: { lines: [{ itemId: lineId, quantity: 1 }], reason: 'Customer changed mind', restock: false },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json()).toMatchObject({ subtotal: '5.10', total: '5.10' });
  });
});

describe('an offline sale with modifiers (ADR 0014)', () => {
  function offline(lines: Line[]) {
    return { ...body(lines), soldAt: new Date().toISOString(), shiftId, terminalId: null };
  }
  const postOffline = (payload: unknown, key = randomUUID()) =>
    inject(t, {
      method: 'POST',
      url: '/api/transactions/offline',
      cookie: cashier,
      headers: { 'idempotency-key': key },
      payload: payload as Record<string, unknown>,
    });

  it('is checked and recorded with its modifiers on sync', async () => {
    const response = await postOffline(
      offline([
        {
          productId: latte,
          variantId: largeLatte,
          quantity: 1,
          unitPrice: '5.30',
          modifiers: [
            { optionId: option(extras, 'Extra shot') },
            { optionId: option(extras, 'Decaf') },
            { optionId: option(milk, 'Skim') },
          ],
        },
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().items[0].modifiers.map((m: { name: string }) => m.name)).toEqual([
      'Skim',
      'Extra shot',
      'Decaf',
    ]);
  });

  it('is held for a manager when an option was re-priced or removed since', async () => {
    const group = await createGroup({
      name: 'Foam',
      minChoices: 0,
      maxChoices: 1,
      options: [{ name: 'Extra foam', price: '0.20' }],
    });
    const foam = option(group, 'Extra foam');
    await inject(t, {
      method: 'PUT',
      url: `/api/categories/${coffeeCategory}/modifier-groups`,
      cookie: manager,
      payload: { groupIds: [milk.id, extras.id, group.id] },
    });
    // Rung up at 0.20; re-priced to 0.40 before it syncs.
    const sale = offline([
      { productId: latte, variantId: largeLatte, quantity: 1, unitPrice: '4.70', modifiers: [{ optionId: foam }] },
    ]);
    await inject(t, {
      method: 'PATCH',
      url: `/api/modifier-groups/${group.id}`,
      cookie: manager,
      payload: { options: [{ id: foam, name: 'Extra foam', price: '0.40' }] },
    });
    const before = await counts();
    const held = await postOffline(sale);
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json().code).toBe('pos.offline_price_unknown');
    // Removed: the option is gone from the group.
    await inject(t, {
      method: 'PATCH',
      url: `/api/modifier-groups/${group.id}`,
      cookie: manager,
      payload: { options: [{ name: 'Cinnamon', price: '0.00' }] },
    });
    const gone = await postOffline(
      offline([
        { productId: latte, variantId: largeLatte, quantity: 1, unitPrice: '4.90', modifiers: [{ optionId: foam }] },
      ]),
    );
    expect(gone.statusCode, gone.body).toBe(409);
    expect(await counts()).toEqual(before);
  });
});
