import type { AddressInfo } from 'node:net';
import { transactionNumber } from '@retail-hub/shared';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { transactions, userActivity } from '../../db/schema/index';
import { createCategory, createProduct, postSale, saleBody, startShift } from './pos-test-support';

/**
 * Issue #15 items 3 and 4: GET /api/transactions/:id, ?number=, the paged sales history (a
 * cashier sees their own shift, a manager everything), the receipt COPY and the e-mailed receipt.
 */
let t: TestApp;
let casey: string;
let robin: string;
let manager: string;
let caseyId: string;
let muffin: string;
let latte: string;
/** Casey's first shift (ended), Casey's current shift, Robin's shift. */
let oldSale: string;
const caseySales: string[] = [];
let robinSale: string;

async function sell(
  cookie: string,
  lines: Array<{ productId: string; quantity: number; unitPrice: string }>,
  method: 'cash' | 'eftpos' = 'cash',
) {
  const response = await postSale(
    t,
    cookie,
    saleBody(lines, method, method === 'eftpos' ? { referenceCode: '4455' } : {}),
  );
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

beforeAll(async () => {
  t = await buildTestApp();
  caseyId = await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
  await createUser(t, { role: 'cashier', pin: '3862', firstName: 'Robin', lastName: 'Drawer' });
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Lead' });
  casey = await signIn(t, '2915', '10.7.0.1');
  robin = await signIn(t, '3862', '10.7.0.2');
  manager = await signIn(t, '4826', '10.7.0.3');
  const bakery = await createCategory(t, 'Bakery');
  muffin = await createProduct(t, { name: 'Blueberry Muffin', price: '4.50', stock: 500, categoryId: bakery });
  latte = await createProduct(t, { name: 'Latte', price: '5.00', stock: 500, categoryId: bakery });
  await startShift(t, casey);
  oldSale = await sell(casey, [{ productId: muffin, quantity: 1, unitPrice: '4.50' }]);
  expect((await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: casey, payload: {} })).statusCode).toBe(
    200,
  );
  await startShift(t, casey);
  await startShift(t, robin);
  for (let i = 0; i < 7; i++) {
    caseySales.push(
      await sell(
        casey,
        [
          { productId: muffin, quantity: 1 + (i % 3), unitPrice: '4.50' },
          { productId: latte, quantity: 1, unitPrice: '5.00' },
        ],
        i % 2 === 0 ? 'cash' : 'eftpos',
      ),
    );
  }
  robinSale = await sell(robin, [{ productId: latte, quantity: 2, unitPrice: '5.00' }]);
});
afterAll(async () => {
  await t.close();
});

const get = (cookie: string, url: string) => inject(t, { method: 'GET', url, cookie });

describe('GET /api/transactions/:id', () => {
  it('gives the sale with each line’s id, its payment, status, no refunds yet and who sold it', async () => {
    const id = caseySales[1] as string;
    const response = await get(casey, `/api/transactions/${id}`);
    expect(response.statusCode).toBe(200);
    const sale = response.json();
    expect(sale).toMatchObject({
      id,
      number: transactionNumber(id),
      status: 'completed',
      paymentMethod: 'eftpos',
      subtotal: '14.00',
      tax: '0.35',
      total: '14.35',
      referenceCode: 'VTPD4455',
      cashier: { id: caseyId, firstName: 'Casey', lastName: 'Till' },
      refunds: [],
      discount: null,
    });
    expect(sale.lines).toHaveLength(2);
    expect(sale.lines[0]).toMatchObject({
      name: 'Blueberry Muffin',
      quantity: 2,
      unitPrice: '4.50',
      totalPrice: '9.00',
    });
    expect(sale.lines[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sale.lines[1]).toMatchObject({ name: 'Latte', quantity: 1, totalPrice: '5.00' });
    expect(sale.payments).toEqual([
      {
        method: 'eftpos',
        amount: '14.35',
        cardFee: '0.35',
        referenceCode: 'VTPD4455',
        amountReceived: '14.35',
        changeDue: '0.00',
      },
    ]);
    expect(sale.events[0]).toMatchObject({ type: 'sale', by: { id: caseyId, name: 'Casey Till' } });
    expect(sale.receipt.total).toBe('14.35');
  });

  it('another cashier’s sale is not found for a cashier; a manager opens any sale', async () => {
    expect((await get(robin, `/api/transactions/${caseySales[0]}`)).statusCode).toBe(404);
    expect((await get(manager, `/api/transactions/${caseySales[0]}`)).statusCode).toBe(200);
    expect((await get(manager, `/api/transactions/${robinSale}`)).json().cashier.firstName).toBe('Robin');
  });

  it('an unknown id is 404 and a malformed one 400', async () => {
    expect((await get(manager, '/api/transactions/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await get(manager, '/api/transactions/not-a-uuid');
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/transactions?number=', () => {
  it('finds a sale by the number on its receipt, typed in any case or with #', async () => {
    const id = caseySales[3] as string;
    const number = transactionNumber(id);
    for (const typed of [number, number.toLowerCase(), `#${number}`]) {
      const response = await get(manager, `/api/transactions?number=${encodeURIComponent(typed)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().map((s: { id: string }) => s.id)).toEqual([id]);
    }
  });

  it('a manager finds a sale of an earlier day by number; a cashier reads today’s only', async () => {
    await t.db.db
      .update(transactions)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(eq(transactions.id, oldSale));
    const number = transactionNumber(oldSale);
    expect((await get(manager, `/api/transactions?number=${number}`)).json()).toHaveLength(1);
    expect((await get(casey, `/api/transactions?number=${number}`)).json()).toHaveLength(0);
    // Issue #38: the number's index is keyed by day; a lookup covers every day from the first sale
    // to the last, so a sale years old, or stamped ahead by a till's clock, is still found.
    for (const at of [sql`now() - interval '800 days'`, sql`now() + interval '2 days'`]) {
      await t.db.db.update(transactions).set({ createdAt: at }).where(eq(transactions.id, oldSale));
      expect((await get(manager, `/api/transactions?number=${number}`)).json()).toHaveLength(1);
      const page = (await get(manager, `/api/sales-history?number=${number}`)).json() as { items: unknown[] };
      expect(page.items).toHaveLength(1);
    }
    await t.db.db
      .update(transactions)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(eq(transactions.id, oldSale));
  });

  it('refuses a number that cannot be one (400 with the field message)', async () => {
    const response = await get(manager, '/api/transactions?number=XYZ');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('A sale number is 6 letters or digits, like 7B2DC4');
  });
});

type Page = {
  items: Array<{ id: string; number: string; total: string; itemCount: number }>;
  nextCursor: string | null;
  scope: string;
};

describe('GET /api/sales-history', () => {
  it('a cashier sees their own current shift’s sales only, newest first', async () => {
    const response = await get(casey, '/api/sales-history');
    expect(response.statusCode).toBe(200);
    const page = response.json() as Page;
    expect(page.scope).toBe('shift');
    expect(page.items.map((s) => s.id)).toEqual([...caseySales].reverse());
    expect(page.items[0]?.itemCount).toBe(2);
  });

  it('a manager sees every sale of every cashier and shift, and can filter by cashier', async () => {
    const all = (await get(manager, '/api/sales-history?limit=100')).json() as Page;
    expect(all.scope).toBe('all');
    expect(new Set(all.items.map((s) => s.id))).toEqual(new Set([oldSale, ...caseySales, robinSale]));
    const robins = (
      await get(
        manager,
        `/api/sales-history?cashierId=${(await get(robin, `/api/transactions/${robinSale}`)).json().cashier.id}`,
      )
    ).json() as Page;
    expect(robins.items.map((s) => s.id)).toEqual([robinSale]);
  });

  it('pages on the server with a cursor: every sale exactly once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/sales-history?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await get(manager, url)).json() as Page;
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((s) => s.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(9);
    expect(new Set(seen).size).toBe(9);
  });

  it('filters by number, payment method, amount and date', async () => {
    const id = caseySales[4] as string;
    const byNumber = (await get(manager, `/api/sales-history?number=${transactionNumber(id)}`)).json() as Page;
    expect(byNumber.items.map((s) => s.id)).toEqual([id]);
    const eftpos = (await get(manager, '/api/sales-history?paymentMethod=eftpos')).json() as Page;
    expect(eftpos.items).toHaveLength(3);
    const big = (await get(manager, '/api/sales-history?minTotal=18.50&maxTotal=30')).json() as Page;
    // 3 muffins + a latte = 18.50 cash (i = 2), or 18.96 with the card fee (i = 5).
    expect(big.items.map((s) => s.total).sort()).toEqual(['18.50', '18.96']);
    const longAgo = (await get(manager, '/api/sales-history?startDate=2000-01-01&endDate=2000-01-02')).json() as Page;
    expect(longAgo.items).toHaveLength(0);
    const earlier = (await get(manager, '/api/sales-history?endDate=2099-12-31&startDate=2020-01-01')).json() as Page;
    expect(earlier.items).toHaveLength(9);
  });

  it('refuses bad filters with 400 and field messages', async () => {
    for (const query of [
      'minTotal=9&maxTotal=1',
      'cursor=nonsense',
      'limit=1000',
      'paymentMethod=cheque',
      'startDate=2024-05-09&endDate=2024-05-01',
    ]) {
      const response = await get(manager, `/api/sales-history?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('receipt COPY', () => {
  it('gives the same receipt, number and totals, and records who printed the copy', async () => {
    const id = caseySales[2] as string;
    const original = (await get(casey, `/api/transactions/${id}/receipt`)).json();
    const response = await inject(t, { method: 'POST', url: `/api/transactions/${id}/receipt/copy`, cookie: manager });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ number: transactionNumber(id), copy: true, receipt: original });
    const rows = await t.db.db
      .select()
      .from(userActivity)
      .where(
        and(
          eq(userActivity.activityType, 'receipt_reprinted'),
          sql`${userActivity.details} ->> 'transactionId' = ${id}`,
        ),
      );
    expect(rows).toHaveLength(1);
    const detail = (await get(manager, `/api/transactions/${id}`)).json();
    expect(detail.events.map((e: { type: string }) => e.type)).toEqual(['sale', 'receipt_reprinted']);
    expect(detail.events[1].by.name).toBe('Morgan Lead');
  });

  it('a cashier cannot copy another cashier’s receipt (404)', async () => {
    const response = await inject(t, {
      method: 'POST',
      url: `/api/transactions/${robinSale}/receipt/copy`,
      cookie: casey,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('e-mailed receipt without mail set up', () => {
  it('says e-mail is unavailable and refuses to send (409), recording nothing', async () => {
    expect((await get(casey, '/api/receipts/email-status')).json()).toEqual({ available: false });
    const response = await inject(t, {
      method: 'POST',
      url: `/api/transactions/${caseySales[0]}/receipt/email`,
      cookie: casey,
      payload: { email: 'customer@example.com' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('E-mail is not set up for this store.');
  });
});

describe('e-mailed receipt through the mail module', () => {
  let mailApp: TestApp;
  let server: SMTPServer;
  const received: Array<{ to: string[]; raw: string }> = [];
  let cookie: string;
  let sale: string;

  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    mailApp = await buildTestApp({ smtp: { url: `smtp://127.0.0.1:${port}` }, mailFrom: 'Shop <shop@store.test>' });
    await createUser(mailApp, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
    cookie = await signIn(mailApp, '2915');
    await startShift(mailApp, cookie);
    const cat = await createCategory(mailApp, 'Bakery');
    const product = await createProduct(mailApp, {
      name: 'Blueberry Muffin',
      price: '4.50',
      stock: 5,
      categoryId: cat,
    });
    sale = (await postSale(mailApp, cookie, saleBody([{ productId: product, quantity: 2, unitPrice: '4.50' }]))).json()
      .id;
  });
  afterAll(async () => {
    await mailApp.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the receipt to the address typed at the counter and records it', async () => {
    expect((await inject(mailApp, { method: 'GET', url: '/api/receipts/email-status', cookie })).json()).toEqual({
      available: true,
    });
    const response = await inject(mailApp, {
      method: 'POST',
      url: `/api/transactions/${sale}/receipt/email`,
      cookie,
      payload: { email: ' customer@example.com ' },
    });
    expect(response.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['customer@example.com']);
    const raw = received[0]?.raw ?? '';
    expect(raw).toContain(`Subject: Your receipt #${transactionNumber(sale)}`);
    expect(raw).toContain('2 x Blueberry Muffin');
    expect(raw).toContain('$9.00');
    expect(raw).toContain('Served by Casey Till');
    const detail = (await inject(mailApp, { method: 'GET', url: `/api/transactions/${sale}`, cookie })).json();
    expect(detail.events.at(-1)).toMatchObject({ type: 'receipt_emailed', details: { to: 'c…@example.com' } });
  });

  it('refuses an address that is not one (400), sending nothing', async () => {
    const before = received.length;
    const response = await inject(mailApp, {
      method: 'POST',
      url: `/api/transactions/${sale}/receipt/email`,
      cookie,
      payload: { email: 'not an address' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Valid email is required');
    expect(received.length).toBe(before);
  });
});
