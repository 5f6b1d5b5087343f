import { randomUUID } from 'node:crypto';
import { type DomainEvent, uuidV7 } from '@retail-hub/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { products, productVariants, transactionItems, transactions } from '../../db/schema/index';
import { stockOf as ledgerStockOf } from '../stock/stock-test-support';
import { createCategory, createProduct, createVariant, postSale, saleBody, startShift } from './pos-test-support';

let t: TestApp;
let cashier: string;
let cashierId: string;
let otherCashier: string;
let manager: string;
let noShift: string;
let bakery: string;
let muffin: string;
let coffee: string;
let takeawayBig: string;

async function counts() {
  const [sales] = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(transactions);
  const [lines] = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(transactionItems);
  return { sales: sales?.n ?? 0, lines: lines?.n ?? 0 };
}

async function stockOf(productId: string) {
  return ledgerStockOf(t, productId);
}

async function variantStockOf(variantId: string) {
  const [row] = await t.db.db
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return ledgerStockOf(t, row?.productId as string, variantId);
}

beforeAll(async () => {
  t = await buildTestApp();
  cashierId = await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
  await createUser(t, { role: 'cashier', pin: '3862', firstName: 'Robin', lastName: 'Drawer' });
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Lead' });
  await createUser(t, { role: 'cashier', pin: '5927', firstName: 'Sam', lastName: 'Idle' });
  cashier = await signIn(t, '2915', '10.2.0.1');
  otherCashier = await signIn(t, '3862', '10.2.0.2');
  manager = await signIn(t, '4826', '10.2.0.3');
  noShift = await signIn(t, '5927', '10.2.0.4');
  await startShift(t, cashier, '100.00');
  await startShift(t, otherCashier);
  await startShift(t, manager);
  bakery = await createCategory(t, 'Bakery');
  const coffeeCategory = await createCategory(t, 'Coffee');
  muffin = await createProduct(t, { name: 'Blueberry Muffin', price: '4.50', stock: 50, categoryId: bakery });
  coffee = await createProduct(t, {
    name: 'Flat White',
    price: '3.80',
    stock: 40,
    categoryId: coffeeCategory,
    hasVariants: true,
  });
  // A stored price that disagrees with the spec's rule price: the rule (4.50) wins.
  takeawayBig = await createVariant(t, { productId: coffee, name: 'Takeaway Big Cup', price: '9.99', stock: 12 });
});
afterAll(async () => {
  await t.close();
});

describe('recording a sale', () => {
  it('without an open shift the sale is refused with a message about the shift, and nothing is written', async () => {
    const before = await counts();
    const response = await postSale(t, noShift, saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }]));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'pos.shift_required',
      message: 'No open shift. Please start your shift before making sales.',
    });
    expect(response.json().message).toContain('shift');
    expect(await counts()).toEqual(before);
  });

  it('a cash sale is repriced, recorded with its lines, decrements stock and answers with the receipt', async () => {
    const stockBefore = await stockOf(muffin);
    const response = await postSale(
      t,
      cashier,
      saleBody([{ productId: muffin, quantity: 2, unitPrice: '4.50' }], 'cash', {
        amountReceived: '20.00',
        notes: '  Regular customer ',
      }),
    );
    expect(response.statusCode).toBe(201);
    const sale = response.json();
    expect(sale).toEqual({
      id: expect.any(String),
      number: sale.id.slice(-6).toUpperCase(),
      createdAt: expect.any(String),
      subtotal: '9.00',
      tax: '0.00',
      total: '9.00',
      paymentMethod: 'cash',
      referenceCode: null,
      notes: 'Regular customer',
      amountReceived: '20.00',
      changeDue: '11.00',
      status: 'completed',
      items: [
        {
          productId: muffin,
          variantId: null,
          name: 'Blueberry Muffin',
          variantName: null,
          quantity: 2,
          unitPrice: '4.50',
          totalPrice: '9.00',
        },
      ],
      receipt: {
        items: [{ name: 'Blueberry Muffin', quantity: 2, total: '9.00' }],
        subtotal: '9.00',
        tax: '0.00',
        total: '9.00',
        paymentMethod: 'cash',
        amountReceived: '20.00',
        changeDue: '11.00',
        referenceCode: null,
        notes: 'Regular customer',
        cashierName: 'Casey Till',
        timestamp: sale.createdAt,
      },
    });
    expect(await stockOf(muffin)).toBe((stockBefore as number) - 2);
    const [stored] = await t.db.db.select().from(transactions).where(eq(transactions.id, sale.id));
    expect(stored).toMatchObject({ userId: cashierId, total: '9.00', amountReceived: '20.00' });
  });

  it('the card fee is exact to the cent on awkward subtotals (3 × 3.33 by eftpos: fee 0.25, total 10.24)', async () => {
    const oddPrice = await createProduct(t, { name: 'Odd Biscuit', price: '3.33', stock: 10, categoryId: bakery });
    const response = await postSale(
      t,
      cashier,
      saleBody([{ productId: oddPrice, quantity: 3, unitPrice: '3.33' }], 'eftpos'),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ subtotal: '9.99', tax: '0.25', total: '10.24', amountReceived: null });
    expect(response.json().receipt).toMatchObject({ amountReceived: '10.24', changeDue: '0.00' });
    // 0.20 × 1: fee 0.005 rounds half up to 0.01.
    const cheap = await createProduct(t, { name: 'Mint', price: '0.20', stock: 10, categoryId: bakery });
    const mint = await postSale(
      t,
      cashier,
      saleBody([{ productId: cheap, quantity: 1, unitPrice: '0.20' }], 'debit_card'),
    );
    expect(mint.json()).toMatchObject({ subtotal: '0.20', tax: '0.01', total: '0.21' });
    // No fee for bank transfer or mobile payment.
    const transfer = await postSale(
      t,
      cashier,
      saleBody([{ productId: cheap, quantity: 1, unitPrice: '0.20' }], 'bank_transfer'),
    );
    expect(transfer.json()).toMatchObject({ subtotal: '0.20', tax: '0.00', total: '0.20' });
  });

  it.each([
    [
      'a tampered unit price',
      (b: ReturnType<typeof saleBody>) => {
        const item = b.items[0] as (typeof b.items)[number];
        Object.assign(item, { unitPrice: '1.00', totalPrice: '2.00' });
        Object.assign(b, { subtotal: '2.00', total: '2.00', amountReceived: '2.00' });
      },
    ],
    [
      'a tampered line total',
      (b: ReturnType<typeof saleBody>) => {
        Object.assign(b.items[0] as object, { totalPrice: '1.00' });
      },
    ],
    [
      'a tampered total',
      (b: ReturnType<typeof saleBody>) => {
        Object.assign(b, { total: '8.00' });
      },
    ],
    [
      'a card sale without the fee',
      (b: ReturnType<typeof saleBody>) => {
        Object.assign(b, { paymentMethod: 'credit_card', amountReceived: null });
      },
    ],
  ])('%s is refused with 409 and nothing is written', async (_name, tamper) => {
    const before = await counts();
    const stockBefore = await stockOf(muffin);
    const body = saleBody([{ productId: muffin, quantity: 2, unitPrice: '4.50' }]);
    tamper(body);
    const response = await postSale(t, cashier, body);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'pos.totals_mismatch',
      message: 'Prices have changed since this sale was started. Please refresh and try again.',
    });
    expect(await counts()).toEqual(before);
    expect(await stockOf(muffin)).toBe(stockBefore);
  });

  it.each([
    ['negative', '-1'],
    ['zero', '0'],
    ['fractional', '1.5'],
    ['1000', '1000'],
    ['1e309', '1e309'],
    ['a string', '"2"'],
  ])('a %s quantity is refused with 400', async (_name, quantity) => {
    const before = await counts();
    const body = JSON.stringify(saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }])).replace(
      '"quantity":1',
      `"quantity":${quantity}`,
    );
    const response = await postSale(t, cashier, body, randomUUID(), {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(['items.0.quantity']);
    expect(await counts()).toEqual(before);
  });

  it('the Idempotency-Key header is required and must be a UUID', async () => {
    const body = saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }]);
    const missing = await inject(t, { method: 'POST', url: '/api/transactions', cookie: cashier, payload: body });
    expect(missing.statusCode).toBe(400);
    const notUuid = await postSale(t, cashier, body, 'sale-1');
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().message).toMatch(/Idempotency-Key/);
  });

  it('an unknown or inactive product is refused with 400', async () => {
    const before = await counts();
    const unknown = await postSale(t, cashier, saleBody([{ productId: randomUUID(), quantity: 1, unitPrice: '4.50' }]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Unknown product' });
    const retired = await createProduct(t, {
      name: 'Retired',
      price: '1.00',
      stock: 5,
      categoryId: bakery,
      isActive: false,
    });
    const inactive = await postSale(t, cashier, saleBody([{ productId: retired, quantity: 1, unitPrice: '1.00' }]));
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toMatchObject({ message: 'Unknown product' });
    expect(await counts()).toEqual(before);
  });

  it('a size option of another product is refused with 400', async () => {
    const response = await postSale(
      t,
      cashier,
      saleBody([
        { productId: muffin, variantId: takeawayBig, variantName: 'Takeaway Big Cup', quantity: 1, unitPrice: '4.50' },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unknown size option');
  });

  it("more than the stock is refused with 'Only N units available for {product}.' and nothing moves", async () => {
    const scarce = await createProduct(t, { name: 'Sourdough Loaf', price: '7.00', stock: 3, categoryId: bakery });
    const before = await counts();
    const muffinsBefore = await stockOf(muffin);
    const response = await postSale(
      t,
      cashier,
      saleBody([
        { productId: muffin, quantity: 1, unitPrice: '4.50' },
        { productId: scarce, quantity: 4, unitPrice: '7.00' },
      ]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'pos.insufficient_stock',
      message: 'Only 3 units available for Sourdough Loaf.',
    });
    expect(await counts()).toEqual(before);
    expect(await stockOf(scarce)).toBe(3);
    expect(await stockOf(muffin)).toBe(muffinsBefore);

    // The same product on two lines is summed first: 2 + 2 > 3.
    const split = await postSale(
      t,
      cashier,
      saleBody([
        { productId: scarce, quantity: 2, unitPrice: '7.00' },
        { productId: scarce, quantity: 2, unitPrice: '7.00' },
      ]),
    );
    expect(split.statusCode).toBe(409);
    expect(split.json().message).toBe('Only 3 units available for Sourdough Loaf.');

    // Exactly the stock sells, and stock never goes below zero.
    const all = await postSale(t, cashier, saleBody([{ productId: scarce, quantity: 3, unitPrice: '7.00' }]));
    expect(all.statusCode).toBe(201);
    expect(await stockOf(scarce)).toBe(0);
    const none = await postSale(t, cashier, saleBody([{ productId: scarce, quantity: 1, unitPrice: '7.00' }]));
    expect(none.json().message).toBe('Only 0 units available for Sourdough Loaf.');
  });

  it("a Coffee in 'Takeaway Big Cup' is priced 4.50 whatever the stored variant price, and the variant's stock moves", async () => {
    const productStock = await stockOf(coffee);
    const variantStock = await variantStockOf(takeawayBig);
    const atStoredPrice = await postSale(
      t,
      cashier,
      saleBody([
        { productId: coffee, variantId: takeawayBig, variantName: 'Takeaway Big Cup', quantity: 1, unitPrice: '9.99' },
      ]),
    );
    expect(atStoredPrice.statusCode).toBe(409);
    expect(atStoredPrice.json().code).toBe('pos.totals_mismatch');

    const response = await postSale(
      t,
      cashier,
      saleBody([
        { productId: coffee, variantId: takeawayBig, variantName: 'Takeaway Big Cup', quantity: 2, unitPrice: '4.50' },
      ]),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      subtotal: '9.00',
      items: [{ variantId: takeawayBig, variantName: 'Takeaway Big Cup', unitPrice: '4.50', totalPrice: '9.00' }],
    });
    expect(response.json().receipt.items).toEqual([
      { name: 'Flat White (Takeaway Big Cup)', quantity: 2, total: '9.00' },
    ]);
    expect(await variantStockOf(takeawayBig)).toBe((variantStock as number) - 2);
    expect(await stockOf(coffee)).toBe(productStock);
  });

  it('a size named without a variant id is priced by name, and a stored variant of that name still moves its stock', async () => {
    const variantStock = await variantStockOf(takeawayBig);
    const productStock = await stockOf(coffee);
    const byName = await postSale(
      t,
      cashier,
      saleBody([
        { productId: coffee, variantId: null, variantName: 'takeaway big cup', quantity: 1, unitPrice: '4.50' },
        // No stored 'Dine In Small Cup': the rule price (3.00), from the product's own stock.
        { productId: coffee, variantId: null, variantName: 'Dine In Small Cup', quantity: 1, unitPrice: '3.00' },
      ]),
    );
    expect(byName.statusCode).toBe(201);
    expect(byName.json().items).toMatchObject([
      { variantId: takeawayBig, variantName: 'Takeaway Big Cup', unitPrice: '4.50' },
      { variantId: null, variantName: 'Dine In Small Cup', unitPrice: '3.00' },
    ]);
    expect(await variantStockOf(takeawayBig)).toBe((variantStock as number) - 1);
    expect(await stockOf(coffee)).toBe((productStock as number) - 1);
  });

  it("a size is sold only when the product offers it; otherwise 400 'Unknown size option' and nothing moves", async () => {
    const coffeeCategory = await createCategory(t, 'coffee');
    const beans = await createProduct(t, { name: 'Beans 1kg', price: '25.00', stock: 10, categoryId: coffeeCategory });
    const before = await counts();
    const muffinStock = await stockOf(muffin);
    const refused = [
      // Issue #13 item 4: these sold a muffin at 0.8x and a 25.00 bag of beans at 3.00.
      { productId: muffin, variantName: 'Small', quantity: 1, unitPrice: '3.60' },
      { productId: beans, variantName: 'Dine In Small Cup', quantity: 1, unitPrice: '3.00' },
      // A name the product does not offer was kept as free text at the product price.
      { productId: muffin, variantName: 'Gluten Free', quantity: 1, unitPrice: '4.50' },
      { productId: coffee, variantName: 'Small', quantity: 1, unitPrice: '3.04' },
      { productId: coffee, variantName: 'Venti', quantity: 1, unitPrice: '3.80' },
    ];
    for (const line of refused) {
      const response = await postSale(t, cashier, saleBody([line]));
      expect(response.statusCode, line.variantName).toBe(400);
      expect(response.json()).toEqual({ code: 'pos.unknown_size_option', message: 'Unknown size option' });
    }
    expect(await counts()).toEqual(before);
    expect(await stockOf(muffin)).toBe(muffinStock);

    // Once the manager gives the product size options, its category's fixed sizes are offered.
    await t.db.db.update(products).set({ hasVariants: true }).where(eq(products.id, beans));
    const cup = await postSale(
      t,
      cashier,
      saleBody([{ productId: beans, variantName: 'Dine In Small Cup', quantity: 1, unitPrice: '3.00' }]),
    );
    expect(cup.statusCode).toBe(201);
    expect(cup.json().items).toMatchObject([{ variantName: 'Dine In Small Cup', unitPrice: '3.00' }]);
  });

  it('references are stored with the VTPD prefix; a card number is refused and never stored', async () => {
    const before = await counts();
    const card = await postSale(
      t,
      cashier,
      saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }], 'credit_card', {
        referenceCode: '4111111111111111',
      }),
    );
    expect(card.statusCode).toBe(400);
    expect(card.json().errors).toHaveProperty('referenceCode');
    expect(await counts()).toEqual(before);

    const ok = await postSale(
      t,
      cashier,
      saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }], 'credit_card', { referenceCode: '123456' }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ referenceCode: 'VTPD123456', tax: '0.11', total: '4.61' });
    expect(ok.json().receipt.referenceCode).toBe('VTPD123456');
  });

  it('a card number in the payment notes is refused with the reference code message and stored nowhere', async () => {
    const before = await counts();
    for (const notes of ['card 4111 1111 1111 1111 exp 12/27', 'PAN 5555-5555-5555-4444']) {
      const response = await postSale(
        t,
        cashier,
        saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }], 'eftpos', { notes }),
      );
      expect(response.statusCode, notes).toBe(400);
      expect(response.json().errors).toEqual({
        notes: 'That looks like a card number. Enter the approval code, never the card number.',
      });
    }
    expect(await counts()).toEqual(before);
    const phone = await postSale(
      t,
      cashier,
      saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }], 'eftpos', { notes: 'Call 0412 345 678' }),
    );
    expect(phone.statusCode).toBe(201);
  });

  it("a cash sale's amount received, when sent, must cover the total ('Insufficient payment')", async () => {
    const before = await counts();
    const response = await postSale(
      t,
      cashier,
      saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }], 'cash', { amountReceived: '4.49' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'pos.insufficient_payment', message: 'Insufficient payment' });
    expect(await counts()).toEqual(before);
    const exact = await postSale(
      t,
      cashier,
      saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }], 'cash', { amountReceived: '4.50' }),
    );
    expect(exact.json()).toMatchObject({ amountReceived: '4.50', changeDue: '0.00' });
  });

  it('a cash sale sent exactly as spec §7 lists it (no amountReceived) is paid exactly, change 0', async () => {
    // spec §3/§7 sale payload: {subtotal, tax, total, paymentMethod, referenceCode, notes, items}.
    const { amountReceived: _left, ...specBody } = saleBody([{ productId: muffin, quantity: 2, unitPrice: '4.50' }]);
    const key = randomUUID();
    const response = await postSale(t, cashier, specBody, key);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ total: '9.00', amountReceived: '9.00', changeDue: '0.00' });
    expect(response.json().receipt).toMatchObject({ amountReceived: '9.00', changeDue: '0.00' });
    const [stored] = await t.db.db.select().from(transactions).where(eq(transactions.id, response.json().id));
    expect(stored?.amountReceived).toBe('9.00');
    // null means the same as absent; a retry of the same body answers the first sale.
    const withNull = await postSale(t, cashier, { ...specBody, amountReceived: null }, key);
    expect(withNull.statusCode).toBe(200);
    expect(withNull.json().id).toBe(response.json().id);
  });

  it('without an open shift the answer is the shift message even when the payment or a size is wrong (spec §8)', async () => {
    const before = await counts();
    const short = await postSale(
      t,
      noShift,
      saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }], 'cash', { amountReceived: '1.00' }),
    );
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toContain('shift');
    const badSize = await postSale(
      t,
      noShift,
      saleBody([{ productId: muffin, variantName: 'Small', quantity: 1, unitPrice: '3.60' }]),
    );
    expect(badSize.json()).toMatchObject({ code: 'pos.shift_required' });
    expect(await counts()).toEqual(before);
  });

  it('notes and size names are stored exactly, quotes, backslashes and all', async () => {
    const notes = `O'Brien said "hi" \\ ; drop table transactions; -- ✓ café`;
    const box = await createProduct(t, { name: 'Muffin Box', price: '4.50', stock: 5, categoryId: bakery });
    await createVariant(t, { productId: box, name: "Baker's \\ dozen", price: '4.50', stock: 5 });
    const response = await postSale(
      t,
      cashier,
      saleBody(
        [
          { productId: muffin, quantity: 1, unitPrice: '4.50' },
          { productId: box, variantName: "baker's \\ dozen", quantity: 1, unitPrice: '4.50' },
        ],
        'cash',
        { notes, amountReceived: '10.00' },
      ),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().notes).toBe(notes);
    const [stored] = await t.db.db.select().from(transactions).where(eq(transactions.id, response.json().id));
    expect(stored?.notes).toBe(notes);
    const lines = await t.db.db
      .select({ variantName: transactionItems.variantName })
      .from(transactionItems)
      .where(eq(transactionItems.transactionId, response.json().id));
    expect(lines.map((l) => l.variantName).sort()).toEqual([null, "Baker's \\ dozen"].sort());
  });
  it('a price change or a deactivation in the catalogue applies to the very next sale', async () => {
    const scone = await createProduct(t, { name: 'Cheese Scone', price: '3.00', stock: 20, categoryId: bakery });
    const first = await postSale(t, cashier, saleBody([{ productId: scone, quantity: 1, unitPrice: '3.00' }]));
    expect(first.statusCode).toBe(201);

    // The catalogue changes behind the sale path's back (no event): the write still notices.
    await t.db.db.update(products).set({ price: '3.40' }).where(eq(products.id, scone));
    const before = await counts();
    const atOldPrice = await postSale(t, cashier, saleBody([{ productId: scone, quantity: 1, unitPrice: '3.00' }]));
    expect(atOldPrice.statusCode).toBe(409);
    expect(atOldPrice.json().code).toBe('pos.totals_mismatch');
    expect(await counts()).toEqual(before);
    const atNewPrice = await postSale(t, cashier, saleBody([{ productId: scone, quantity: 1, unitPrice: '3.40' }]));
    expect(atNewPrice.statusCode).toBe(201);

    await t.db.db.update(products).set({ isActive: false }).where(eq(products.id, scone));
    const retired = await postSale(t, cashier, saleBody([{ productId: scone, quantity: 1, unitPrice: '3.40' }]));
    expect(retired.statusCode).toBe(400);
    expect(retired.json().message).toBe('Unknown product');
  });
  it('a size option changed after a sale was priced from it is noticed by the next sale', async () => {
    const tea = await createProduct(t, {
      name: 'Chai',
      price: '4.00',
      stock: 20,
      categoryId: bakery,
      hasVariants: true,
    });
    const jug = await createVariant(t, { productId: tea, name: 'Jug', price: '7.00', stock: 5 });
    const sized = (unitPrice: string) => saleBody([{ productId: tea, variantId: jug, quantity: 1, unitPrice }]);
    expect((await postSale(t, cashier, sized('7.00'))).statusCode).toBe(201);

    await t.db.db.update(productVariants).set({ price: '7.50' }).where(eq(productVariants.id, jug));
    const stale = await postSale(t, cashier, sized('7.00'));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('pos.totals_mismatch');
    expect((await postSale(t, cashier, sized('7.50'))).statusCode).toBe(201);

    await t.db.db.update(productVariants).set({ isActive: false }).where(eq(productVariants.id, jug));
    const gone = await postSale(t, cashier, sized('7.50'));
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe('Unknown size option');
  });
});

describe('time-ordered keys (issue #38, docs/adr/0023)', () => {
  const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const millis = (id: string) => Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);

  it("a sale and its lines get UUIDv7 ids in the order they were written; the receipt number is still the id's last 6", async () => {
    const started = Date.now();
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) {
      const response = await postSale(
        t,
        cashier,
        saleBody([
          { productId: muffin, quantity: 1, unitPrice: '4.50' },
          {
            productId: coffee,
            variantId: takeawayBig,
            variantName: 'Takeaway Big Cup',
            quantity: 1,
            unitPrice: '4.50',
          },
        ]),
        uuidV7(),
      );
      expect(response.statusCode).toBe(201);
      ids.push(response.json().id);
    }
    for (const id of ids) {
      expect(id).toMatch(V7);
      // Milliseconds of the database's clock, which is this machine's (a second of slack).
      expect(millis(id)).toBeGreaterThanOrEqual(started - 1_000);
      expect(millis(id)).toBeLessThanOrEqual(Date.now() + 1_000);
    }
    expect([...ids].sort()).toEqual(ids);
    const lines = await t.db.db
      .select({ id: transactionItems.id, transactionId: transactionItems.transactionId })
      .from(transactionItems)
      .where(inArray(transactionItems.transactionId, ids));
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line.id).toMatch(V7);
    const [found] = await t.db.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(sql`right(${transactions.id}::text, 6) = ${(ids[2] as string).slice(-6)}`);
    expect(found?.id).toBe(ids[2]);
  });

  it('any UUID is still accepted as the Idempotency-Key (v4 from an older terminal, v7 from a current one)', async () => {
    for (const key of [randomUUID(), uuidV7()]) {
      const body = saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }]);
      const first = await postSale(t, cashier, body, key);
      expect(first.statusCode).toBe(201);
      const retry = await postSale(t, cashier, body, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
    }
  });
});

describe('idempotency', () => {
  it('a retried request returns the first sale and writes nothing more', async () => {
    const key = randomUUID();
    const body = saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }], 'cash', { amountReceived: '5.00' });
    const first = await postSale(t, cashier, body, key);
    expect(first.statusCode).toBe(201);
    const afterFirst = await counts();
    const stockAfterFirst = await stockOf(muffin);

    const retry = await postSale(t, cashier, body, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await counts()).toEqual(afterFirst);
    expect(await stockOf(muffin)).toBe(stockAfterFirst);
  });

  it('the retry returns the first result even when the shift has ended or the stock ran out since', async () => {
    const scarce = await createProduct(t, { name: 'Last Croissant', price: '3.20', stock: 1, categoryId: bakery });
    const key = randomUUID();
    const body = saleBody([{ productId: scarce, quantity: 1, unitPrice: '3.20' }], 'eftpos');
    const first = await postSale(t, otherCashier, body, key);
    expect(first.statusCode).toBe(201);
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: otherCashier, payload: {} });
    const retry = await postSale(t, otherCashier, body, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(first.json().id);
    await startShift(t, otherCashier);
  });

  it('the same key with a different body, or from another cashier, is refused', async () => {
    const key = randomUUID();
    const body = saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }]);
    expect((await postSale(t, cashier, body, key)).statusCode).toBe(201);
    const before = await counts();
    const different = await postSale(
      t,
      cashier,
      saleBody([{ productId: muffin, quantity: 2, unitPrice: '4.50' }]),
      key,
    );
    expect(different.statusCode).toBe(409);
    expect(different.json()).toEqual({
      code: 'pos.idempotency_mismatch',
      message: 'This sale was already recorded with different contents.',
    });
    const someoneElse = await postSale(t, otherCashier, body, key);
    expect(someoneElse.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('simultaneous duplicates record the sale once and all answer with it', async () => {
    const key = randomUUID();
    const body = saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }]);
    const before = await counts();
    const stockBefore = await stockOf(muffin);
    const responses = await Promise.all(Array.from({ length: 6 }, () => postSale(t, cashier, body, key)));
    expect(responses.map((r) => r.statusCode).filter((s) => s === 201)).toHaveLength(1);
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    expect(await counts()).toEqual({ sales: before.sales + 1, lines: before.lines + 1 });
    expect(await stockOf(muffin)).toBe((stockBefore as number) - 1);
  });
});

describe('receipts and events', () => {
  it('a receipt can be reprinted by its cashier and by a manager, not by another cashier', async () => {
    const sale = (
      await postSale(
        t,
        cashier,
        saleBody([{ productId: coffee, variantId: takeawayBig, quantity: 1, unitPrice: '4.50' }], 'mobile_payment', {
          referenceCode: '778899',
          notes: 'Paid by phone',
        }),
      )
    ).json();
    const own = await inject(t, { method: 'GET', url: `/api/transactions/${sale.id}/receipt`, cookie: cashier });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(sale.receipt);
    expect(own.json()).toMatchObject({
      referenceCode: 'VTPD778899',
      notes: 'Paid by phone',
      cashierName: 'Casey Till',
    });
    const asManager = await inject(t, { method: 'GET', url: `/api/transactions/${sale.id}/receipt`, cookie: manager });
    expect(asManager.json()).toEqual(sale.receipt);
    const other = await inject(t, { method: 'GET', url: `/api/transactions/${sale.id}/receipt`, cookie: otherCashier });
    expect(other.statusCode).toBe(404);
    const missing = await inject(t, {
      method: 'GET',
      url: `/api/transactions/${randomUUID()}/receipt`,
      cookie: manager,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a recorded sale publishes sale.recorded and stock.changed with the product ids', async () => {
    const seen: DomainEvent[] = [];
    const unsubscribe = t.app.events.subscribe((e) => seen.push(e));
    const sale = await postSale(t, cashier, saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }]));
    expect(sale.statusCode).toBe(201);
    // Events of one kind within a moment are coalesced, so look for the ids among all received.
    const idsOf = (type: string) => seen.filter((e) => e.type === type).flatMap((e) => e.ids ?? []);
    await expect.poll(() => idsOf('sale.recorded'), { timeout: 3000 }).toContain(sale.json().id);
    await expect.poll(() => idsOf('stock.changed'), { timeout: 3000 }).toContain(muffin);
    unsubscribe();
  });
});
