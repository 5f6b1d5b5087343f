import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { categories, products } from '../../db/schema/index';
import { createCategory, createProduct, postSale, saleBody, startShift } from './pos-test-support';

/**
 * Issue #34 item 2 (docs/adr/0030): configurable sales tax charged by the sale path. Rates on a
 * category and a product's own, inclusive or exclusive, the card fee on the taxed amount, the
 * client's figures only compared, refunds at the rate the sale was charged, offline sales taxed,
 * and a sale answering exactly as spec §7 while every rate is 0.
 */
let t: TestApp;
let manager: string;
let muffin: string;
let juice: string;
let water: string;
let cafe: string;
let gst: string;
let reduced: string;
let shiftId: number;
/** The untaxed card sale of the first test and the taxed card sale of the second (the lists' test reads them). */
let untaxedSaleId: string;
let taxedSaleId: string;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Maria', lastName: 'Manager' });
  manager = await signIn(t, '4826', '10.34.2.1');
  shiftId = (await startShift(t, manager, '50.00')).id;
  cafe = await createCategory(t, 'Café');
  const plain = await createCategory(t, 'Plain');
  muffin = await createProduct(t, { name: 'Blueberry Muffin', price: '4.50', stock: 100, categoryId: cafe });
  juice = await createProduct(t, { name: 'Orange Juice', price: '3.35', stock: 100, categoryId: cafe });
  water = await createProduct(t, { name: 'Water', price: '2.00', stock: 100, categoryId: plain });
});
afterAll(async () => {
  await t?.close();
});

async function api(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return inject(t, { method, url, cookie: manager, ...(payload ? { payload } : {}) });
}

async function createRate(name: string, rate: string): Promise<string> {
  const response = await api('POST', '/api/tax-rates', { name, rate });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function setInclusive(pricesIncludeTax: boolean) {
  const response = await api('PUT', '/api/settings/tax', { pricesIncludeTax });
  expect(response.statusCode, response.body).toBe(200);
}

const mixedLines = () => [
  { productId: muffin, quantity: 2, unitPrice: '4.50' },
  { productId: juice, quantity: 1, unitPrice: '3.35' },
  { productId: water, quantity: 1, unitPrice: '2.00' },
];

async function lineIds(saleId: string): Promise<string[]> {
  const detail = await api('GET', `/api/transactions/${saleId}`);
  expect(detail.statusCode, detail.body).toBe(200);
  return (detail.json().lines as Array<{ id: string }>).map((l) => l.id);
}

async function refund(saleId: string, lines: Array<{ itemId: string; quantity: number }>) {
  return inject(t, {
    method: 'POST',
    url: `/api/transactions/${saleId}/refunds`,
    cookie: manager,
    headers: { 'idempotency-key': randomUUID() },
    payload: { lines, reason: 'Other' },
  });
}

describe('sales tax on the sale path', () => {
  it('while every rate is 0 (even a zero-rated rate set), a §7 one-method sale answers exactly as before', async () => {
    const zero = await createRate('Zero-rated', '0');
    await t.db.db.update(categories).set({ taxRateId: zero }).where(eq(categories.id, cafe));
    const response = await postSale(t, manager, saleBody(mixedLines(), 'credit_card', { referenceCode: 'VTPD1' }));
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json();
    untaxedSaleId = sale.id;
    // 14.35 of goods by card: the 2.5% fee 0.36 travels in `tax`, as spec §3.
    expect(sale).toMatchObject({ subtotal: '14.35', tax: '0.36', total: '14.71' });
    expect(sale).not.toHaveProperty('cardFee');
    expect(sale.items[0]).not.toHaveProperty('taxRate');
    expect(sale.items[0]).not.toHaveProperty('tax');
    expect(sale.receipt).not.toHaveProperty('taxLines');
    expect(Object.keys(sale).sort()).toEqual(
      [
        'id',
        'number',
        'createdAt',
        'subtotal',
        'tax',
        'total',
        'paymentMethod',
        'referenceCode',
        'notes',
        'amountReceived',
        'changeDue',
        'status',
        'items',
        'receipt',
      ].sort(),
    );
    // Its refund answers as before too: no salesTax, pricesIncludeTax, nor a line's rate or tax (the
    // manager, a reader of reports, also gets each line's unitCost, issue #37; a cashier does not).
    const [first] = await lineIds(sale.id);
    const untaxed = await refund(sale.id, [{ itemId: first as string, quantity: 1 }]);
    expect(untaxed.statusCode, untaxed.body).toBe(201);
    expect(untaxed.json()).not.toHaveProperty('salesTax');
    expect(untaxed.json()).not.toHaveProperty('pricesIncludeTax');
    expect(Object.keys(untaxed.json().lines[0]).sort()).toEqual(
      [
        'id',
        'itemId',
        'productId',
        'variantId',
        'name',
        'variantName',
        'quantity',
        'unitPrice',
        'totalPrice',
        'unitCost',
      ].sort(),
    );
  });

  it('exclusive, mixed rates: each line taxed to the cent, the card fee on the taxed amount, lines add up', async () => {
    gst = await createRate('GST', '10');
    reduced = await createRate('Reduced', '5.00');
    await t.db.db.update(categories).set({ taxRateId: gst }).where(eq(categories.id, cafe));
    await t.db.db.update(products).set({ taxRateId: reduced }).where(eq(products.id, juice));
    await setInclusive(false);
    // Muffins 9.00 at 10% → 0.90; juice 3.35 at 5% (its own rate) → 0.1675 → 0.17; water 0%.
    // Sales tax 1.07; taxed 15.42; credit card fee 2.5% of 15.42 = 0.3855 → 0.39; total 15.81.
    const body = {
      ...saleBody(mixedLines(), 'credit_card', { referenceCode: 'VTPD2' }),
      tax: '1.07',
      total: '15.81',
      cardFee: '0.39',
    };
    const response = await postSale(t, manager, body);
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json();
    taxedSaleId = sale.id;
    expect(sale).toMatchObject({ subtotal: '14.35', tax: '1.07', cardFee: '0.39', total: '15.81' });
    expect(sale.items.map((i: { taxRate: string; tax: string }) => [i.taxRate, i.tax])).toEqual([
      ['10.00', '0.90'],
      ['5.00', '0.17'],
      ['0.00', '0.00'],
    ]);
    expect(sale.receipt).toMatchObject({ subtotal: '14.35', tax: '1.07', cardFee: '0.39', total: '15.81' });
    expect(sale.receipt.taxLines).toEqual([
      { rate: '0.00', label: 'Tax (0%)', amount: '0.00' },
      { rate: '5.00', label: 'Tax (5%)', amount: '0.17' },
      { rate: '10.00', label: 'Tax (10%)', amount: '0.90' },
    ]);
    // Stored: the card fee stays in transactions.tax (the exports' 'Card Fee'); the tax is its own.
    const stored = await t.db.execute(
      'select subtotal::text, tax::text, sales_tax::text, total::text, prices_include_tax from transactions where id = $1',
      [sale.id],
    );
    expect(stored.rows[0]).toEqual({
      subtotal: '14.35',
      tax: '0.39',
      sales_tax: '1.07',
      total: '15.81',
      prices_include_tax: false,
    });
    // A reread (GET) answers the same figures.
    const again = await api('GET', `/api/transactions/${sale.id}`);
    expect(again.json()).toMatchObject({ tax: '1.07', total: '15.81' });

    // Cash: no fee; the total is the taxed amount.
    const cash = await postSale(t, manager, {
      ...saleBody(mixedLines(), 'cash'),
      tax: '1.07',
      total: '15.42',
      amountReceived: null,
    });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json()).toMatchObject({ subtotal: '14.35', tax: '1.07', cardFee: '0.00', total: '15.42' });
  });

  it('the lists (GET /api/transactions, /api/sales-history) answer tax as the sale and its detail do', async () => {
    const detail = (await api('GET', `/api/transactions/${taxedSaleId}`)).json();
    const figures = (row: Record<string, unknown>) => ({
      subtotal: row.subtotal,
      tax: row.tax,
      cardFee: row.cardFee,
      pricesIncludeTax: row.pricesIncludeTax,
      total: row.total,
    });
    expect(figures(detail)).toEqual({
      subtotal: '14.35',
      tax: '1.07',
      cardFee: '0.39',
      pricesIncludeTax: false,
      total: '15.81',
    });

    const list = await api('GET', '/api/transactions');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json() as Array<Record<string, unknown>>;
    const taxedRow = rows.find((r) => r.id === taxedSaleId) as Record<string, unknown>;
    expect(figures(taxedRow)).toEqual(figures(detail));
    // The untaxed sale's row is exactly spec §3's: the card fee in `tax`, no other tax field.
    const untaxedRow = rows.find((r) => r.id === untaxedSaleId) as Record<string, unknown>;
    expect(untaxedRow).toMatchObject({ subtotal: '14.35', tax: '0.36', total: '14.71' });
    expect(Object.keys(untaxedRow)).toEqual([
      'id',
      'userId',
      'shiftId',
      'createdAt',
      'subtotal',
      'tax',
      'total',
      'paymentMethod',
      'referenceCode',
      'notes',
      'status',
      'items',
      'user',
    ]);

    const history = await api('GET', '/api/sales-history?limit=100');
    expect(history.statusCode, history.body).toBe(200);
    const items = history.json().items as Array<Record<string, unknown>>;
    expect(figures(items.find((r) => r.id === taxedSaleId) as Record<string, unknown>)).toEqual(figures(detail));
    const untaxedItem = items.find((r) => r.id === untaxedSaleId) as Record<string, unknown>;
    expect(untaxedItem).toMatchObject({ subtotal: '14.35', tax: '0.36', total: '14.71' });
    expect(Object.keys(untaxedItem)).toEqual([
      'id',
      'number',
      'createdAt',
      'shiftId',
      'status',
      'cashier',
      'paymentMethod',
      'subtotal',
      'tax',
      'total',
      'itemCount',
      'refundCount',
      'refundedTotal',
    ]);
  });

  it("a client's tax or total that does not match is refused with 409, like a stale price", async () => {
    const untaxed = await postSale(t, manager, saleBody(mixedLines(), 'cash'));
    expect(untaxed.statusCode, untaxed.body).toBe(409);
    expect(untaxed.json().code).toBe('pos.totals_mismatch');
    const wrongFee = await postSale(t, manager, {
      ...saleBody(mixedLines(), 'cash'),
      tax: '1.07',
      total: '15.42',
      amountReceived: null,
      cardFee: '0.39',
    });
    expect(wrongFee.statusCode, wrongFee.body).toBe(409);
  });

  it('a split of cash and card pays the taxed amount, the fee only on the card part', async () => {
    // Taxed 15.42: 10.00 cash, 5.42 by card + 0.1355 → 0.14 fee = 5.56; total 15.56.
    const response = await postSale(t, manager, {
      ...saleBody(mixedLines(), 'cash'),
      tax: '1.07',
      total: '15.56',
      amountReceived: null,
      tenders: [
        { method: 'cash', amount: '10.00', amountReceived: '20.00' },
        { method: 'eftpos', amount: '5.56', referenceCode: '1234' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ tax: '1.07', cardFee: '0.14', total: '15.56', changeDue: '10.00' });
  });

  it('inclusive, mixed rates: the tax is inside the prices and the total is the subtotal', async () => {
    await setInclusive(true);
    // Muffins 9.00 incl. 10% → 9.00 × 10/110 = 0.818 → 0.82; juice 3.35 × 5/105 = 0.1595 → 0.16.
    const response = await postSale(t, manager, { ...saleBody(mixedLines(), 'cash'), tax: '0.98', total: '14.35' });
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json();
    expect(sale).toMatchObject({ subtotal: '14.35', tax: '0.98', cardFee: '0.00', total: '14.35' });
    expect(sale.pricesIncludeTax).toBe(true);
    expect(sale.items.map((i: { tax: string }) => i.tax)).toEqual(['0.82', '0.16', '0.00']);
    // By card: the fee on 14.35 (0.36), the tax unchanged inside.
    const card = await postSale(t, manager, {
      ...saleBody(mixedLines(), 'debit_card', { referenceCode: '4321' }),
      tax: '0.98',
      total: '14.71',
    });
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json()).toMatchObject({ tax: '0.98', cardFee: '0.36', total: '14.71' });
    // The receipt says the tax is inside the prices, so the sum reads right (review of issue #34 item 2).
    expect(sale.receipt.taxLines.map((l: { label: string }) => l.label)).toEqual([
      'Tax (0%)',
      'Tax (5%) incl.',
      'Tax (10%) incl.',
    ]);
    // Its refund gives back the tax inside the prices: the total is the lines' share, the answer says so.
    const [muffinLine] = await lineIds(sale.id);
    const back = await refund(sale.id, [{ itemId: muffinLine as string, quantity: 1 }]);
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({ subtotal: '4.50', salesTax: '0.41', pricesIncludeTax: true, total: '4.50' });
    expect(back.json().lines).toEqual([expect.objectContaining({ totalPrice: '4.50', taxRate: '10.00', tax: '0.41' })]);
    await setInclusive(false);
  });

  it('a refund gives back the tax at the rate of the sale after the rate changed; a full refund returns what was charged', async () => {
    const sold = await postSale(t, manager, {
      ...saleBody([{ productId: muffin, quantity: 3, unitPrice: '4.50' }], 'credit_card', { referenceCode: '5555' }),
      // 13.50 at 10% → 1.35; taxed 14.85; fee 0.37125 → 0.37; total 15.22.
      tax: '1.35',
      total: '15.22',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const saleId = sold.json().id as string;
    const changed = await api('PATCH', `/api/tax-rates/${gst}`, { rate: '20' });
    expect(changed.statusCode, changed.body).toBe(200);
    const [line] = await lineIds(saleId);
    const first = await refund(saleId, [{ itemId: line as string, quantity: 1 }]);
    expect(first.statusCode, first.body).toBe(201);
    // 4.50 + its 10% tax 0.45 = 4.95, and its share of the fee (0.37 × 4.95 / 14.85 = 0.1233 → 0.12).
    expect(first.json()).toMatchObject({
      subtotal: '4.50',
      salesTax: '0.45',
      pricesIncludeTax: false,
      cardFee: '0.12',
      total: '5.07',
    });
    // Each line says the rate it was charged (10%, not today's 20%) and the tax it gives back.
    expect(first.json().lines).toEqual([expect.objectContaining({ quantity: 1, taxRate: '10.00', tax: '0.45' })]);
    // The sale's detail lists it the same way.
    const listed = (await api('GET', `/api/transactions/${saleId}`)).json().refunds[0];
    expect(listed).toMatchObject({ salesTax: '0.45', pricesIncludeTax: false });
    const rest = await refund(saleId, [{ itemId: line as string, quantity: 2 }]);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ subtotal: '9.00', salesTax: '0.90', cardFee: '0.25', total: '10.15' });
    // Together exactly what was charged.
    expect(5.07 + 10.15).toBeCloseTo(15.22, 10);
    // A new sale is charged today's rate: 4.50 at 20% → 0.90.
    const today = await postSale(t, manager, {
      ...saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }], 'cash'),
      tax: '0.90',
      total: '5.40',
      amountReceived: null,
    });
    expect(today.statusCode, today.body).toBe(201);
    await api('PATCH', `/api/tax-rates/${gst}`, { rate: '10' });
  });

  it("the X report lists the shift's sales tax by rate, adding up to its total", async () => {
    const response = await api('GET', '/api/shifts/current/x-report');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    const byRate = report.salesTax.byRate as Array<{ rate: string; label: string; tax: string }>;
    // The 20% sale of the refund test above was sold while GST was 20%.
    // The inclusive sales' tax on rows of their own, 'incl.' (0% is one row).
    expect(byRate.map((r) => r.label)).toEqual([
      'Tax (0%)',
      'Tax (5%)',
      'Tax (5%) incl.',
      'Tax (10%)',
      'Tax (10%) incl.',
      'Tax (20%)',
    ]);
    const cents = (v: string) => Math.round(Number(v) * 100);
    expect(byRate.reduce((sum, r) => sum + cents(r.tax), 0)).toBe(cents(report.salesTax.total));
    // Stored per line: the report's tax is the sum of the standing sales' sales_tax.
    const stored = await t.db.execute(
      "select coalesce(sum(sales_tax), 0)::text as tax from transactions where shift_id = $1 and status <> 'voided'",
      [shiftId],
    );
    expect(report.salesTax.total).toBe((stored.rows[0] as { tax: string }).tax);
    // The refunds paid out in the shift gave back 0.45 + 0.90 at the 10% they were charged (not the
    // 20% in force when they were made), the inclusive sale's refund 0.41 on its 'incl.' row, and the
    // untaxed refund's 0% row reads 0.00.
    expect(report.refundedTax).toEqual({
      byRate: [
        { rate: '0.00', label: 'Tax (0%)', tax: '0.00' },
        { rate: '10.00', label: 'Tax (10%)', tax: '1.35' },
        { rate: '10.00', label: 'Tax (10%) incl.', tax: '0.41' },
      ],
      total: '1.76',
    });
    const given = await t.db.execute(
      'select coalesce(sum(sales_tax), 0)::text as tax from refunds where shift_id = $1',
      [shiftId],
    );
    expect(report.refundedTax.total).toBe((given.rows[0] as { tax: string }).tax);
  });

  it('an offline sale is checked and stored at the rates in force when it arrives', async () => {
    const body = {
      ...saleBody(mixedLines(), 'cash'),
      tax: '1.07',
      total: '15.42',
      amountReceived: null,
      soldAt: new Date().toISOString(),
      shiftId,
      terminalId: null,
    };
    const response = await inject(t, {
      method: 'POST',
      url: '/api/transactions/offline',
      cookie: manager,
      headers: { 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ subtotal: '14.35', tax: '1.07', cardFee: '0.00', total: '15.42' });
    const stored = await t.db.execute(
      'select tax_rate::text, tax::text from transaction_items where transaction_id = $1 order by line_no',
      [response.json().id],
    );
    expect(stored.rows).toEqual([
      { tax_rate: '10.00', tax: '0.90' },
      { tax_rate: '5.00', tax: '0.17' },
      { tax_rate: '0.00', tax: '0.00' },
    ]);
    // Amounts that do not add up under today's rates are the terminal's bug: 400, as before.
    const wrong = await inject(t, {
      method: 'POST',
      url: '/api/transactions/offline',
      cookie: manager,
      headers: { 'idempotency-key': randomUUID() },
      payload: { ...body, tax: '0.00', total: '14.35' },
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
  });

  it('an offline sale says the rates it charged: at the rates in force it is recorded; rung up before a rate changed it is held for a manager, never refused for good', async () => {
    const offline = (payload: Record<string, unknown>) =>
      inject(t, {
        method: 'POST',
        url: '/api/transactions/offline',
        cookie: manager,
        headers: { 'idempotency-key': randomUUID() },
        payload,
      });
    const base = {
      ...saleBody(mixedLines(), 'cash'),
      amountReceived: null,
      soldAt: new Date().toISOString(),
      shiftId,
      terminalId: null,
    };
    const stated = (rates: string[]) => base.items.map((item, i) => ({ ...item, taxRate: rates[i] }));
    const inForce = await offline({
      ...base,
      items: stated(['10.00', '5.00', '0.00']),
      pricesIncludeTax: false,
      tax: '1.07',
      total: '15.42',
    });
    expect(inForce.statusCode, inForce.body).toBe(201);
    // Rung up while the café's rate was 8%: 9.00 × 8% = 0.72, 3.35 × 5% = 0.17 → 0.89.
    const before = await offline({ ...base, items: stated(['8.00', '5.00', '0.00']), tax: '0.89', total: '15.24' });
    expect(before.statusCode, before.body).toBe(409);
    expect(before.json().message).toContain('tax rate no longer in force');
    const held = await api('GET', '/api/stock-discrepancies/held-sales?status=open');
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toContainEqual(
      expect.objectContaining({
        reason: 'tax_rate_changed',
        message: 'Charged at a tax rate no longer in force: Blueberry Muffin at 8.00% (now 10.00%).',
      }),
    );
    // The manager records it at today's rates (what the terminal stated is left out).
    const heldId = (held.json() as Array<{ id: string; reason: string }>).find(
      (h) => h.reason === 'tax_rate_changed',
    )?.id;
    const recorded = await api('POST', `/api/stock-discrepancies/held-sales/${heldId}/resolve`, {
      action: 'record',
      note: 'Rate changed while the till was offline',
    });
    expect(recorded.statusCode, recorded.body).toBeLessThan(300);
    const saleRows = await t.db.execute(
      'select t.sales_tax::text as tax from transactions t join held_offline_sales h on h.transaction_id = t.id where h.id = $1',
      [heldId],
    );
    expect(saleRows.rows).toEqual([{ tax: '1.07' }]);
    // What it states must still add up: 400, the terminal's bug, as before.
    const wrong = await offline({ ...base, items: stated(['8.00', '5.00', '0.00']), tax: '1.07', total: '15.42' });
    expect(wrong.statusCode, wrong.body).toBe(400);
  });
});
