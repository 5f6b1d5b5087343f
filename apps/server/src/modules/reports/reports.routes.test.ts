import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { transactions } from '../../db/schema/index';
import { parseCsv } from '../../lib/csv';
import { createCategory, createProduct, postSale, saleBody, startShift } from '../pos/pos-test-support';

let t: TestApp;
let cashier: string;

const sydneyDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' });

beforeAll(async () => {
  t = await buildTestApp();
  // A name that a spreadsheet would run as a formula (security guide: CSV exports escape it).
  await createUser(t, { role: 'cashier', pin: '2915', firstName: '=HYPERLINK("x")', lastName: 'Till' });
  cashier = await signIn(t, '2915', '10.5.0.1');
  await startShift(t, cashier);
});
afterAll(async () => {
  await t.close();
});

describe('daily sales CSV', () => {
  it("exports today's sales, one row per sale in time order, with the card fee and a dated file name", async () => {
    const bakery = await createCategory(t, 'Bakery');
    const muffin = await createProduct(t, { name: 'Blueberry Muffin', price: '4.50', stock: 100, categoryId: bakery });
    const scone = await createProduct(t, { name: 'Scone', price: '3.33', stock: 100, categoryId: bakery });
    const first = await postSale(
      t,
      cashier,
      saleBody(
        [
          { productId: muffin, quantity: 2, unitPrice: '4.50' },
          { productId: scone, quantity: 1, unitPrice: '3.33' },
        ],
        'cash',
        { amountReceived: '20.00' },
      ),
    );
    const second = await postSale(
      t,
      cashier,
      saleBody([{ productId: scone, quantity: 3, unitPrice: '3.33' }], 'credit_card', { referenceCode: '991' }),
    );
    // A sale of yesterday stays out.
    const old = await postSale(t, cashier, saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }]));
    await t.db.db
      .update(transactions)
      .set({ createdAt: new Date(Date.now() - 36 * 3_600_000) })
      .where(eq(transactions.id, old.json().id));

    const response = await inject(t, { method: 'GET', url: '/api/reports/daily.csv', cookie: cashier });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const today = sydneyDay.format(new Date());
    expect(response.headers['content-disposition']).toBe(`attachment; filename="sales-${today}.csv"`);
    expect(response.body.split('\n')[0]).toBe(
      'Transaction,Date,Time,Cashier,Payment Method,Reference,Items,Subtotal,Card Fee,Total',
    );
    const rows = parseCsv(response.body);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      Transaction: first.json().number,
      Date: today,
      Time: expect.stringMatching(/^\d{2}:\d{2}:\d{2}$/),
      Cashier: `'=HYPERLINK("x") Till`,
      'Payment Method': 'cash',
      Reference: '',
      Items: '2 x Blueberry Muffin; 1 x Scone',
      Subtotal: '12.33',
      'Card Fee': '0.00',
      Total: '12.33',
    });
    expect(rows[1]).toMatchObject({
      Transaction: second.json().number,
      'Payment Method': 'credit card',
      Reference: 'VTPD991',
      Items: '3 x Scone',
      Subtotal: '9.99',
      'Card Fee': '0.25',
      Total: '10.24',
    });
  });
});
