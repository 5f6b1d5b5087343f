import { VTPD_CSV_COLUMNS } from '@retail-hub/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { createCategory, createProduct, postSale, saleBody, startShift } from '../pos/pos-test-support';

/**
 * spec §2 Sales Reports, Export VTPD; spec §9 Export CSV (VTPD): GET /api/reports/vtpd.csv streams
 * every VTPD sale of the range, however many (the old export stopped at 5,000 list rows).
 */

let t: TestApp;
let manager: string;
let cashier: string;
let cashierId: string;
let shiftId: number;
let latte: string;

const storeDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(date);
const today = () => storeDay(new Date());
const daysAgo = (n: number) => storeDay(new Date(Date.now() - n * 86_400_000));

/** The CSV as rows of cells, exactly as a spreadsheet would read it (nothing trimmed). */
const cells = (body: string) => parse(body, { relax_column_count: false }) as string[][];

const exportCsv = (query: string, cookie = manager) =>
  inject(t, { method: 'GET', url: `/api/reports/vtpd.csv${query}`, cookie });

/**
 * `count` sales written in one statement, newest a few seconds ago and older by a second for every
 * three (so page boundaries fall between sales of the same instant). One in ten has no reference
 * code and one in ten a non-VTPD code: those stay out of the export. Each has one line.
 */
async function bulkSales(count: number): Promise<Array<{ id: string; referenceCode: string | null }>> {
  const { rows } = await t.db.execute(
    `insert into transactions (user_id, shift_id, created_at, subtotal, tax, total, payment_method, reference_code)
     select $1::uuid, $2::int, now() - interval '5 seconds' - (g / 3) * interval '1 second', 10.00, 0.25, 10.25,
            'credit_card',
            case when g % 10 = 0 then null when g % 10 = 1 then 'CARD' || g else 'VTPD' || g end
       from generate_series(1, ${count}) g
     returning id, reference_code`,
    [cashierId, shiftId],
  );
  const sales = (rows as Array<{ id: string; reference_code: string | null }>).map((r) => ({
    id: r.id,
    referenceCode: r.reference_code,
  }));
  await t.db.execute(
    `insert into transaction_items (transaction_id, product_id, quantity, unit_price, total_price)
     select id, $1::uuid, 1, 10.00, 10.00 from unnest($2::uuid[]) as id`,
    [latte, sales.map((s) => s.id)],
  );
  return sales;
}

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Manager' });
  cashierId = await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Cashier' });
  manager = await signIn(t, '4826', '10.61.0.1');
  cashier = await signIn(t, '2915', '10.61.0.2');
  shiftId = (await startShift(t, cashier)).id;
  const drinks = await createCategory(t, 'Drinks');
  latte = await createProduct(t, { name: 'Latte', price: '4.00', stock: 100_000, categoryId: drinks });
});
afterAll(async () => {
  await t.close();
});

describe('VTPD export (GET /api/reports/vtpd.csv)', () => {
  it('a VTPD sale becomes one row with the spec columns, its notes kept whole and formulas defused', async () => {
    const sale = await postSale(
      t,
      cashier,
      saleBody([{ productId: latte, quantity: 2, unitPrice: '4.00' }], 'eftpos', {
        referenceCode: '445566',
        notes: '=paid, "thanks"\nsecond line',
      }),
    );
    expect(sale.statusCode).toBe(201);
    const cash = await postSale(t, cashier, saleBody([{ productId: latte, quantity: 1, unitPrice: '4.00' }]));
    expect(cash.statusCode).toBe(201);

    const response = await exportCsv(`?startDate=${today()}&endDate=${today()}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="VTPD_Transactions_${today()}_to_${today()}.csv"`,
    );
    // Lines end CR LF; the header is spec §9's column list.
    expect(response.body.startsWith(`${VTPD_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    expect(response.body.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = cells(response.body);
    expect(header).toEqual([...VTPD_CSV_COLUMNS]);
    expect(rows).toEqual([
      [
        sale.json().id,
        expect.stringMatching(new RegExp(`^${today()} \\d{2}:\\d{2}:\\d{2}$`)),
        'VTPD445566',
        'eftpos',
        '8.00',
        '0.20',
        '8.20',
        '2x Latte',
        `'=paid, "thanks"\nsecond line`,
        'Casey Cashier',
      ],
    ]);
  });

  it('holds every VTPD sale of a range of more than 5,000, newest first, and no other sale', async () => {
    const inserted = await bulkSales(6500);
    // A VTPD sale before the range stays out.
    const { rows: old } = await t.db.execute(
      `insert into transactions (user_id, shift_id, created_at, subtotal, tax, total, payment_method, reference_code)
       values ($1, $2, now() - interval '5 days', 1.00, 0.00, 1.00, 'eftpos', 'VTPD1') returning id`,
      [cashierId, shiftId],
    );
    const oldId = (old[0] as { id: string }).id;
    const { rows: recorded } = await t.db.execute(
      `select id from transactions where reference_code like 'VTPD%' and created_at > now() - interval '1 day'
        and id <> all($1::uuid[])`,
      [inserted.map((s) => s.id)],
    );
    const vtpd = [
      ...inserted.filter((s) => s.referenceCode?.startsWith('VTPD')).map((s) => s.id),
      ...(recorded as Array<{ id: string }>).map((r) => r.id),
    ];
    expect(vtpd.length).toBeGreaterThan(5000);

    const response = await exportCsv(`?startDate=${daysAgo(2)}&endDate=${today()}`);
    expect(response.statusCode).toBe(200);
    const [, ...rows] = cells(response.body);
    const ids = rows.map((row) => row[0]);
    expect(ids).toHaveLength(vtpd.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(vtpd));
    expect(ids).not.toContain(oldId);
    expect(rows.every((row) => row[2]?.startsWith('VTPD'))).toBe(true);
    // Newest first: the Date/Time column never goes up.
    const times = rows.map((row) => row[1] as string);
    expect(times.every((time, i) => i === 0 || time <= (times[i - 1] as string))).toBe(true);
    const bulkRow = rows.find((row) => row[2] === 'VTPD7');
    expect(bulkRow?.slice(3)).toEqual(['credit card', '10.00', '0.25', '10.25', '1x Latte', '', 'Casey Cashier']);
  }, 60_000);

  it('gives a cashier today only, as the reports do, and refuses earlier days', async () => {
    const todays = await exportCsv(`?startDate=${today()}&endDate=${today()}`, cashier);
    expect(todays.statusCode).toBe(200);
    expect(cells(todays.body).length).toBeGreaterThan(1);
    const earlier = await exportCsv(`?startDate=${daysAgo(2)}&endDate=${today()}`, cashier);
    expect(earlier.statusCode).toBe(403);
    expect(earlier.json()).toEqual({ message: 'Sales reports are available to managers.', code: 'auth.forbidden' });
  });

  it('answers an empty range with the header alone, and bad dates with 400', async () => {
    const empty = await exportCsv('?startDate=2001-01-01&endDate=2001-01-31');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe(`${VTPD_CSV_COLUMNS.join(',')}\r\n`);

    const reversed = await exportCsv(`?startDate=${today()}&endDate=${daysAgo(3)}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ message: 'Start date must be before end date.' });

    const malformed = await exportCsv('?startDate=yesterday');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'validation', errors: { startDate: expect.any(String) } });
  });

  it('refuses a visitor who is not signed in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/reports/vtpd.csv' });
    expect(response.statusCode).toBe(401);
  });
});
