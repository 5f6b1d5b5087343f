import { transactionNumber } from '@retail-hub/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { shifts, transactions } from '../../db/schema/index';
import { parseCsv } from '../../lib/csv';
import { createCategory, createProduct, postSale, saleBody, startShift } from '../pos/pos-test-support';

/** issue #5: GET /api/shifts/:id/transactions.csv, the download of the shift summary. */
let t: TestApp;
let casey: string;
let chris: string;
let manager: string;
let caseyShift: number;
let chrisShift: number;
const saleIds: string[] = [];

const HEADER = 'Transaction,Date,Time,Cashier,Payment Method,Reference,Items,Subtotal,Card Fee,Total';
const csvOf = (id: number | string, cookie?: string) =>
  inject(t, { method: 'GET', url: `/api/shifts/${id}/transactions.csv`, ...(cookie ? { cookie } : {}) });

beforeAll(async () => {
  t = await buildTestApp({ storeTimeZone: 'America/New_York' });
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
  // A name a spreadsheet would run as a formula (security guide: exports escape it).
  await createUser(t, { role: 'cashier', pin: '3862', firstName: '@Chris', lastName: 'Other' });
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Lead' });
  casey = await signIn(t, '2915', '10.6.0.1');
  chris = await signIn(t, '3862', '10.6.0.2');
  manager = await signIn(t, '4826', '10.6.0.3');
  const bakery = await createCategory(t, 'Bakery');
  const sneaky = await createProduct(t, { name: '+SUM(A1:A9)', price: '2.00', stock: 100, categoryId: bakery });
  const scone = await createProduct(t, { name: 'Scone, "large"', price: '3.33', stock: 100, categoryId: bakery });
  caseyShift = (await startShift(t, casey)).id;
  chrisShift = (await startShift(t, chris)).id;
  for (const body of [
    saleBody([{ productId: sneaky, quantity: 2, unitPrice: '2.00' }], 'cash', { amountReceived: '5.00' }),
    saleBody([{ productId: scone, quantity: 3, unitPrice: '3.33' }], 'eftpos', { referenceCode: '4455' }),
    saleBody([{ productId: scone, quantity: 1, unitPrice: '3.33' }]),
  ]) {
    const response = await postSale(t, casey, body);
    if (response.statusCode !== 201) throw new Error(response.body);
    saleIds.push(response.json().id);
  }
  // The third is voided behind the API's back: the CSV lists completed sales only.
  await t.db.db
    .update(transactions)
    .set({ status: 'voided' })
    .where(eq(transactions.id, saleIds[2] as string));
  // A sale of Chris's shift must not appear in Casey's.
  await postSale(t, chris, saleBody([{ productId: scone, quantity: 5, unitPrice: '3.33' }]));
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/shifts/:id/transactions.csv', () => {
  it("gives the cashier their shift's sales, one row per sale in time order, with a header row", async () => {
    const response = await csvOf(caseyShift, casey);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="shift-${caseyShift}-sales.csv"`);
    expect(response.body.split('\n')[0]).toBe(HEADER);
    const rows = parseCsv(response.body);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      Transaction: transactionNumber(saleIds[0] as string),
      Cashier: 'Casey Till',
      'Payment Method': 'cash',
      Reference: '',
      Items: '2 x +SUM(A1:A9)',
      Subtotal: '4.00',
      'Card Fee': '0.00',
      Total: '4.00',
    });
    expect(rows[1]).toMatchObject({
      Transaction: transactionNumber(saleIds[1] as string),
      'Payment Method': 'eftpos',
      Reference: 'VTPD4455',
      Items: '3 x Scone, "large"',
      Subtotal: '9.99',
      'Card Fee': '0.25',
      Total: '10.24',
    });
  });

  it('a manager (reports.view) reads any shift', async () => {
    const response = await csvOf(caseyShift, manager);
    expect(response.statusCode).toBe(200);
    expect(parseCsv(response.body)).toHaveLength(2);
  });

  it("another cashier gets the 404 of a missing shift, and none of the shift's data", async () => {
    const response = await csvOf(caseyShift, chris);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Shift not found', code: 'pos.shift_not_found' });
    expect(await csvOf(999_999, chris)).toMatchObject({ statusCode: 404 });
    const own = await csvOf(chrisShift, chris);
    expect(own.statusCode).toBe(200);
    const ownRows = parseCsv(own.body);
    expect(ownRows).toHaveLength(1);
    // The formula-looking name gets a leading apostrophe.
    expect(ownRows[0]).toMatchObject({ Cashier: "'@Chris Other", Total: '16.65' });
  });

  it('refuses a malformed id with 400 and an anonymous caller with 401', async () => {
    expect((await csvOf('abc', casey)).statusCode).toBe(400);
    expect((await csvOf(caseyShift)).statusCode).toBe(401);
  });

  it('streams a long shift page by page, every sale once, in time order', async () => {
    const [shift] = await t.db.db
      .insert(shifts)
      .values({
        cashierId: (await t.db.db.select().from(shifts).where(eq(shifts.id, caseyShift)))[0]?.cashierId as string,
        startedAt: new Date('2025-03-01T12:00:00Z'),
        endedAt: new Date('2025-03-02T12:00:00Z'),
        isOpen: false,
      })
      .returning({ id: shifts.id });
    const shiftId = (shift as { id: number }).id;
    // 1,203 sales (pages of 500): some at the same instant (the keyset's id tie-break), some apart
    // by microseconds only (the cursor must not round them to milliseconds).
    await t.db.execute(
      `insert into transactions (user_id, shift_id, created_at, subtotal, tax, total, payment_method)
       select s.cashier_id, s.id, timestamptz '2025-03-01 13:00:00+00' + make_interval(secs => (g / 3) + (g % 7) * 0.000137), 1.00, 0, 1.00, 'cash'
       from generate_series(1, 1203) g, shifts s where s.id = $1`,
      [shiftId],
    );
    const response = await csvOf(shiftId, casey);
    expect(response.statusCode).toBe(200);
    const rows = parseCsv(response.body);
    expect(rows).toHaveLength(1203);
    const stamps = rows.map((r) => `${r.Date} ${r.Time}`);
    expect([...stamps].sort()).toEqual(stamps);
    expect(rows[0]).toMatchObject({ Date: '2025-03-01', Time: '08:00:00', Items: '', Total: '1.00' });
  });
});
