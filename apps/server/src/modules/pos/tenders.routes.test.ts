import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { createCategory, createProduct, postSale, saleBody, startShift } from './pos-test-support';

/**
 * Issue #34 item 1 (docs/adr/0029): split tenders. A sale paid by several tenders, its card fee per
 * card tender, change only from the last cash tender, refunds per tender (never more than a tender
 * paid, under concurrency), and the shift's tender lines and expected cash.
 */
let t: TestApp;
let manager: string;
let dana: string;
let muffin: string;
let latte: string;
let sandwich: string;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Maria', lastName: 'Manager' });
  await createUser(t, { role: 'manager', pin: '5937', firstName: 'Dana', lastName: 'Drawer' });
  manager = await signIn(t, '4826', '10.34.0.1');
  dana = await signIn(t, '5937', '10.34.0.2');
  await startShift(t, manager, '50.00');
  const cafe = await createCategory(t, 'Café');
  muffin = await createProduct(t, { name: 'Blueberry Muffin', price: '4.50', stock: 100, categoryId: cafe });
  latte = await createProduct(t, { name: 'Latte', price: '5.00', stock: 100, categoryId: cafe });
  sandwich = await createProduct(t, { name: 'Club Sandwich', price: '9.90', stock: 100, categoryId: cafe });
  token = await createProduct(t, { name: 'Token', price: '1.00', stock: 100, categoryId: cafe });
});
afterAll(async () => {
  await t?.close();
});

const cafeLines = () => [
  { productId: muffin, quantity: 2, unitPrice: '4.50' },
  { productId: latte, quantity: 1, unitPrice: '5.00' },
  { productId: sandwich, quantity: 1, unitPrice: '9.90' },
];

/**
 * 23.90 of goods: 10.00 cash (20.00 handed over) and the rest, 13.90, by credit card with its
 * 2.5% fee (0.3475 → 0.35): 14.25. Total 24.25, tax (the card fee) 0.35, change 10.00.
 */
function splitBody(overrides: Record<string, unknown> = {}) {
  return {
    ...saleBody(cafeLines(), 'cash'),
    tax: '0.35',
    total: '24.25',
    paymentMethod: 'credit_card',
    amountReceived: null,
    tenders: [
      { method: 'cash', amount: '10.00', amountReceived: '20.00' },
      { method: 'credit_card', amount: '14.25', referenceCode: '778899' },
    ],
    ...overrides,
  };
}

async function counts() {
  const rows = await t.db.db.execute(
    sql`select (select count(*)::int from transactions) as sales, (select count(*)::int from transaction_payments) as payments`,
  );
  return (rows as unknown as { rows: Array<{ sales: number; payments: number }> }).rows[0];
}

async function paymentRows(saleId: string) {
  const rows = await t.db.db.execute(
    sql`select seq, method, amount::text, card_fee::text, reference_code, amount_received::text, refunded::text
          from transaction_payments where transaction_id = ${saleId}::uuid order by seq`,
  );
  return (rows as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

function refund(saleId: string, body: Record<string, unknown>, cookie = manager, key = randomUUID()) {
  return inject(t, {
    method: 'POST',
    url: `/api/transactions/${saleId}/refunds`,
    cookie,
    headers: { 'idempotency-key': key },
    payload: body,
  });
}

async function lineIds(saleId: string, cookie = manager): Promise<string[]> {
  const detail = await inject(t, { method: 'GET', url: `/api/transactions/${saleId}`, cookie });
  return (detail.json().lines as Array<{ id: string }>).map((l) => l.id);
}

describe('a sale paid by several tenders', () => {
  it('10.00 cash + the rest by card: fee on the card part to the cent, change from the cash, one row per tender', async () => {
    const key = randomUUID();
    const response = await postSale(t, manager, splitBody(), key);
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json();
    expect(sale).toMatchObject({
      subtotal: '23.90',
      tax: '0.35',
      total: '24.25',
      // The summary method: the tender paying the most.
      paymentMethod: 'credit_card',
      referenceCode: 'VTPD778899',
      amountReceived: '34.25',
      changeDue: '10.00',
    });
    const payments = [
      {
        method: 'cash',
        amount: '10.00',
        cardFee: '0.00',
        referenceCode: null,
        amountReceived: '20.00',
        changeDue: '10.00',
        refunded: '0.00',
      },
      {
        method: 'credit_card',
        amount: '14.25',
        cardFee: '0.35',
        referenceCode: 'VTPD778899',
        amountReceived: '14.25',
        changeDue: '0.00',
        refunded: '0.00',
      },
    ];
    expect(sale.payments).toEqual(payments);
    expect(sale.receipt).toMatchObject({ total: '24.25', tax: '0.35', changeDue: '10.00', amountReceived: '34.25' });
    expect(sale.receipt.payments).toHaveLength(2);
    expect(await paymentRows(sale.id)).toEqual([
      {
        seq: 1,
        method: 'cash',
        amount: '10.00',
        card_fee: '0.00',
        reference_code: null,
        amount_received: '20.00',
        refunded: '0.00',
      },
      {
        seq: 2,
        method: 'credit_card',
        amount: '14.25',
        card_fee: '0.35',
        reference_code: 'VTPD778899',
        amount_received: null,
        refunded: '0.00',
      },
    ]);
    const detail = await inject(t, { method: 'GET', url: `/api/transactions/${sale.id}`, cookie: manager });
    expect(detail.json().payments).toEqual(payments);

    // A retry with the same key answers the same sale and writes nothing.
    const before = await counts();
    const again = await postSale(t, manager, splitBody(), key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(sale);
    expect(await counts()).toEqual(before);
    // The same key with other tenders is another sale's contents: 409.
    const other = await postSale(
      t,
      manager,
      splitBody({
        tenders: [
          { method: 'cash', amount: '10.00', amountReceived: '10.00' },
          { method: 'credit_card', amount: '14.25', referenceCode: '778899' },
        ],
      }),
      key,
    );
    expect(other.statusCode).toBe(409);
  });

  it('the sales history finds a split sale by each of its tenders’ methods (review, 29 Nov)', async () => {
    const sale = (await postSale(t, manager, splitBody())).json();
    for (const method of ['cash', 'credit_card']) {
      const page = await inject(t, {
        method: 'GET',
        url: `/api/sales-history?paymentMethod=${method}`,
        cookie: manager,
      });
      expect(page.statusCode, page.body).toBe(200);
      expect(JSON.stringify(page.json())).toContain(sale.id);
    }
    const none = await inject(t, { method: 'GET', url: '/api/sales-history?paymentMethod=eftpos', cookie: manager });
    expect(JSON.stringify(none.json())).not.toContain(sale.id);
  });

  it('a §7 one-method body is one tender and answers without payments, as before', async () => {
    const response = await postSale(t, manager, saleBody(cafeLines(), 'eftpos', { referenceCode: '4455' }));
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json();
    expect(sale).not.toHaveProperty('payments');
    expect(sale.receipt).not.toHaveProperty('payments');
    expect(sale).toMatchObject({ paymentMethod: 'eftpos', tax: '0.60', total: '24.50', changeDue: '0.00' });
    expect(await paymentRows(sale.id)).toEqual([
      {
        seq: 1,
        method: 'eftpos',
        amount: '24.50',
        card_fee: '0.60',
        reference_code: 'VTPD4455',
        amount_received: null,
        refunded: '0.00',
      },
    ]);
  });

  it('refuses tenders that do not pay the sale exactly, change from a card, or a method not tendered; nothing written', async () => {
    const before = await counts();
    const short = await postSale(
      t,
      manager,
      splitBody({
        tenders: [
          { method: 'cash', amount: '10.00' },
          { method: 'credit_card', amount: '10.25' },
        ],
      }),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.tenders).toBe('Payments do not cover the total: $3.90 more needed');

    const cardChange = await postSale(
      t,
      manager,
      splitBody({
        tenders: [
          { method: 'cash', amount: '10.00' },
          { method: 'credit_card', amount: '14.25', amountReceived: '20.00' },
        ],
      }),
    );
    expect(cardChange.statusCode).toBe(400);
    expect(cardChange.json().errors['tenders.1.amountReceived']).toBe('Change is given only from cash');

    const earlyChange = await postSale(
      t,
      manager,
      splitBody({
        tenders: [
          { method: 'cash', amount: '5.00', amountReceived: '10.00' },
          { method: 'cash', amount: '5.00' },
          { method: 'credit_card', amount: '14.25' },
        ],
      }),
    );
    expect(earlyChange.statusCode).toBe(400);
    expect(earlyChange.json().errors['tenders.0.amountReceived']).toBe(
      'Change is given only from the last cash payment',
    );

    const notTendered = await postSale(t, manager, splitBody({ paymentMethod: 'mobile_payment' }));
    expect(notTendered.statusCode).toBe(400);
    expect(notTendered.json().errors.paymentMethod).toBe('paymentMethod must be one of the payments');

    // The client's fee disagrees with the server's (0.35): refused like any totals mismatch.
    const wrongFee = await postSale(t, manager, splitBody({ tax: '0.36', total: '24.26' }));
    expect(wrongFee.statusCode).toBe(409);

    // A tender's reference is checked like the sale's: a card number is never stored (review, 29 Nov).
    const cardNumber = await postSale(
      t,
      manager,
      splitBody({
        tenders: [
          { method: 'cash', amount: '10.00' },
          { method: 'credit_card', amount: '14.25', referenceCode: '4111111111111111' },
        ],
      }),
    );
    expect(cardNumber.statusCode).toBe(400);
    expect(cardNumber.json().errors['tenders.1.referenceCode']).toBe(
      'That looks like a card number. Enter the approval code, never the card number.',
    );

    // Everything handed over (total + change) must fit the sale's amount received: a 400, not a 500.
    const tooMuchCash = await postSale(
      t,
      manager,
      splitBody({
        tenders: [
          { method: 'credit_card', amount: '14.25' },
          { method: 'cash', amount: '10.00', amountReceived: '99999999.99' },
        ],
      }),
    );
    expect(tooMuchCash.statusCode, tooMuchCash.body).toBe(400);
    expect(tooMuchCash.json().errors['tenders.1.amountReceived']).toBe('Cash received is more than a sale can record');
    expect(await counts()).toEqual(before);
  });
});

describe('refunds per tender', () => {
  it('a refund split across tenders; default back to the card first; never more to a tender than it paid', async () => {
    const sold = await postSale(t, manager, splitBody());
    expect(sold.statusCode, sold.body).toBe(201);
    const saleId = sold.json().id as string;
    const [muffinLine, latteLine, sandwichLine] = await lineIds(saleId);

    // The latte, 5.00 + its share of the fee (0.35 × 5.00 / 23.90 → 0.07): back to the card (default).
    const first = await refund(saleId, { lines: [{ itemId: latteLine, quantity: 1 }], reason: 'Other' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ total: '5.07', cardFee: '0.07', paymentMethod: 'credit_card' });
    expect(first.json().payments).toEqual([{ tenderSeq: 2, method: 'credit_card', amount: '5.07' }]);

    // Two muffins, 9.00 + 0.14: asked as 5.00 to cash and 4.14 to the card.
    const sum = await refund(saleId, {
      lines: [{ itemId: muffinLine, quantity: 2 }],
      reason: 'Other',
      tenders: [
        { method: 'cash', amount: '5.00' },
        { method: 'credit_card', amount: '4.00' },
      ],
    });
    expect(sum.statusCode).toBe(400);
    expect(sum.json().errors.tenders).toBe('Refund payments must add up to the refund, 9.14');
    const second = await refund(saleId, {
      lines: [{ itemId: muffinLine, quantity: 2 }],
      reason: 'Other',
      tenders: [
        { method: 'cash', amount: '5.00' },
        { method: 'credit_card', amount: '4.14' },
      ],
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().payments).toEqual([
      { tenderSeq: 1, method: 'cash', amount: '5.00' },
      { tenderSeq: 2, method: 'credit_card', amount: '4.14' },
    ]);

    // The sandwich, 9.90 + the last 0.14 of the fee = 10.04: cash has only 5.00 left to give back.
    const tooMuch = await refund(saleId, {
      lines: [{ itemId: sandwichLine, quantity: 1 }],
      reason: 'Other',
      tenders: [{ method: 'cash', amount: '10.04' }],
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({
      code: 'pos.refund_exceeds_tender',
      message: 'Only 5.00 can still be refunded to Cash.',
    });
    // Nothing of it stayed: the line can still be refunded, by the default rule, card then cash.
    const last = await refund(saleId, { lines: [{ itemId: sandwichLine, quantity: 1 }], reason: 'Other' });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json().payments).toEqual([
      { tenderSeq: 2, method: 'credit_card', amount: '5.04' },
      { tenderSeq: 1, method: 'cash', amount: '5.00' },
    ]);
    // Everything went back: each tender exactly what it paid.
    expect((await paymentRows(saleId)).map((r) => [r.amount, r.refunded])).toEqual([
      ['10.00', '10.00'],
      ['14.25', '14.25'],
    ]);
  });

  it('20 concurrent refunds to cash never give the cash tender more than it paid', async () => {
    // 20 tokens at 1.00: 5.00 cash and 15.00 + 0.38 by debit card (20.38).
    const body = {
      ...saleBody([{ productId: token, quantity: 20, unitPrice: '1.00' }], 'cash'),
      tax: '0.38',
      total: '20.38',
      paymentMethod: 'debit_card',
      amountReceived: null,
      tenders: [
        { method: 'cash', amount: '5.00' },
        { method: 'debit_card', amount: '15.38' },
      ],
    };
    const sold = await postSale(t, manager, body);
    expect(sold.statusCode, sold.body).toBe(201);
    const saleId = sold.json().id as string;
    const [line] = await lineIds(saleId);
    // Each refund of one token is 1.00 plus its share of the fee (0.01 or 0.02), all asked to cash.
    const responses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const fee = Math.round((38 * (i + 1)) / 20) - Math.round((38 * i) / 20);
        return refund(saleId, {
          lines: [{ itemId: line, quantity: 1 }],
          reason: 'Other',
          tenders: [{ method: 'cash', amount: `1.0${fee}` }],
        });
      }),
    );
    const ok = responses.filter((r) => r.statusCode === 201);
    for (const r of responses) expect([201, 400, 409], r.body).toContain(r.statusCode);
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.length).toBeLessThan(20);
    const [cash, card] = await paymentRows(saleId);
    const refundedToCash = ok.reduce((sum, r) => sum + Math.round(Number(r.json().total) * 100), 0);
    expect(Math.round(Number(cash?.refunded) * 100)).toBe(refundedToCash);
    expect(Number(cash?.refunded)).toBeLessThanOrEqual(5);
    expect(card?.refunded).toBe('0.00');
    const units = await t.db.db.execute(
      sql`select refunded_quantity from transaction_items where transaction_id = ${saleId}::uuid`,
    );
    expect((units as unknown as { rows: Array<{ refunded_quantity: number }> }).rows[0]?.refunded_quantity).toBe(
      ok.length,
    );
  });
});

describe('the shift and the reports', () => {
  it('the X and Z reports list tender lines; expected cash counts cash tenders and cash refunds', async () => {
    await startShift(t, dana, '50.00');
    const sold = await postSale(t, dana, splitBody());
    expect(sold.statusCode, sold.body).toBe(201);
    const saleId = sold.json().id as string;
    const x = await inject(t, { method: 'GET', url: '/api/shifts/current/x-report', cookie: dana });
    expect(x.statusCode, x.body).toBe(200);
    expect(x.json()).toMatchObject({
      salesCount: 1,
      subtotal: '23.90',
      cardFees: '0.35',
      total: '24.25',
      totalsByMethod: [
        { paymentMethod: 'cash', count: 1, total: '10.00' },
        { paymentMethod: 'credit_card', count: 1, total: '14.25' },
      ],
      cashSales: '10.00',
      expectedCash: '60.00',
    });
    const [muffinLine, latteLine] = await lineIds(saleId, dana);
    // Back to the card: no cash leaves the drawer.
    expect(
      (await refund(saleId, { lines: [{ itemId: latteLine, quantity: 1 }], reason: 'Other' }, dana)).statusCode,
    ).toBe(201);
    // Paid out in cash from the drawer (method 'cash'), counted against the card tender.
    const cashOut = await refund(
      saleId,
      { lines: [{ itemId: muffinLine, quantity: 2 }], reason: 'Other', method: 'cash' },
      dana,
    );
    expect(cashOut.statusCode, cashOut.body).toBe(201);
    expect(cashOut.json().payments).toEqual([{ tenderSeq: 2, method: 'cash', amount: '9.14' }]);

    const daily = await inject(t, { method: 'GET', url: '/api/reports/daily.csv', cookie: dana });
    expect(daily.statusCode).toBe(200);
    expect(daily.body).toContain('cash 10.00; credit card 14.25');

    const ended = await inject(t, {
      method: 'POST',
      url: '/api/shifts/end',
      cookie: dana,
      payload: { countedCash: '50.86' },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const z = await inject(t, {
      method: 'GET',
      url: `/api/shifts/${ended.json().summary.shiftId}/z-report`,
      cookie: dana,
    });
    expect(z.statusCode, z.body).toBe(200);
    expect(z.json()).toMatchObject({
      totalsByMethod: [
        { paymentMethod: 'cash', count: 1, total: '10.00' },
        { paymentMethod: 'credit_card', count: 1, total: '14.25' },
      ],
      cashSales: '10.00',
      cashRefunds: '9.14',
      refunds: { count: 2, total: '14.21', cash: '9.14' },
      expectedCash: '50.86',
      overShort: '0.00',
    });
  });
});
