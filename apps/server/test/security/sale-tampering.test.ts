import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSale, saleBody, startShift } from '../../src/modules/pos/pos-test-support';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../build-test-app';
import { type StoreIds, seedStore } from './fixtures';
import { businessTables, everyStoredText, fingerprint } from './support';

/**
 * Issue #8 part 2: tampered sale totals, negative prices, 1e309, fractional / zero / huge
 * quantities, and a card number as the reference are refused with a 4xx and write nothing (no
 * sale, no line, no stock movement). The server reprices every sale from its own data.
 */
let t: TestApp;
let store: StoreIds;
let cashier: string;
let manager: string;
let tables: string[];

beforeAll(async () => {
  t = await buildTestApp();
  store = await seedStore(t);
  await createUser(t, { role: 'cashier', pin: '2915' });
  await createUser(t, { role: 'manager', pin: '4826' });
  cashier = await signIn(t, '2915', '10.11.0.1');
  manager = await signIn(t, '4826', '10.11.0.2');
  await startShift(t, cashier);
  tables = await businessTables(t.db);
});
afterAll(async () => {
  await t.close();
});

const good = () => saleBody([{ productId: store.productId, quantity: 2, unitPrice: '4.50' }]);

/** Sends a raw JSON text (so 1e309 and friends reach the server as typed) and checks nothing moved. */
async function expectRefused(payload: string, allowed: number[] = [400, 409, 422]) {
  const before = await fingerprint(t.db, tables);
  const response = await postSale(t, cashier, payload, randomUUID(), {
    headers: { 'content-type': 'application/json' },
  });
  expect(allowed, `${response.statusCode} ${response.body}`).toContain(response.statusCode);
  expect(await fingerprint(t.db, tables)).toEqual(before);
  return response;
}

/** The good sale's JSON with one piece of text replaced. */
const tamper = (from: string, to: string) => {
  const text = JSON.stringify(good());
  expect(text).toContain(from);
  return text.replace(from, to);
};

describe('tampered amounts', () => {
  it.each([
    [
      'a lower unit price with matching totals',
      () => {
        const b = good();
        Object.assign(b.items[0] as object, { unitPrice: '0.01', totalPrice: '0.02' });
        return JSON.stringify({ ...b, subtotal: '0.02', total: '0.02', amountReceived: '0.02' });
      },
    ],
    [
      'a zero unit price with zero totals',
      () => {
        const b = good();
        Object.assign(b.items[0] as object, { unitPrice: '0.00', totalPrice: '0.00' });
        return JSON.stringify({ ...b, subtotal: '0.00', total: '0.00', amountReceived: '0.00' });
      },
    ],
    ['a total one cent short', () => tamper('"total":"9.00"', '"total":"8.99"')],
    ['a subtotal one cent short', () => tamper('"subtotal":"9.00"', '"subtotal":"8.99"')],
    ['a tax (card fee) invented on a cash sale', () => tamper('"tax":"0.00"', '"tax":"1.00"')],
    ['a line total that disagrees with unit × quantity', () => tamper('"totalPrice":"9.00"', '"totalPrice":"4.50"')],
  ])('%s → refused, nothing written', async (_name, body) => {
    await expectRefused(body());
  });
});

describe('impossible numbers', () => {
  it.each([
    ['a negative unit price', '"unitPrice":"4.50"', '"unitPrice":"-4.50"'],
    ['a negative total', '"total":"9.00"', '"total":"-9.00"'],
    ['a negative amount received', '"amountReceived":"9.00"', '"amountReceived":"-9.00"'],
    ['1e309 as a unit price', '"unitPrice":"4.50"', '"unitPrice":1e309'],
    ['"1e309" as a unit price', '"unitPrice":"4.50"', '"unitPrice":"1e309"'],
    ['1e309 as the total', '"total":"9.00"', '"total":1e309'],
    ['Infinity as the total', '"total":"9.00"', '"total":"Infinity"'],
    ['NaN as the total', '"total":"9.00"', '"total":"NaN"'],
    ['three decimals', '"unitPrice":"4.50"', '"unitPrice":"4.505"'],
    ['a number instead of a money string', '"total":"9.00"', '"total":9'],
    ['a hexadecimal amount', '"total":"9.00"', '"total":"0x9"'],
    ['an amount beyond numeric(10,2)', '"amountReceived":"9.00"', '"amountReceived":"123456789012.00"'],
    ['quantity 0', '"quantity":2', '"quantity":0'],
    ['a negative quantity', '"quantity":2', '"quantity":-2'],
    ['a fractional quantity', '"quantity":2', '"quantity":1.5'],
    ['quantity 1000', '"quantity":2', '"quantity":1000'],
    ['quantity 1e309', '"quantity":2', '"quantity":1e309'],
    ['quantity as text', '"quantity":2', '"quantity":"2"'],
    ['quantity 2^53 + 1', '"quantity":2', '"quantity":9007199254740993'],
  ])('%s → 400, nothing written', async (_name, from, to) => {
    await expectRefused(tamper(from, to), [400]);
  });

  it('201 lines, or no line at all, are refused', async () => {
    const line = good().items[0];
    await expectRefused(JSON.stringify({ ...good(), items: Array.from({ length: 201 }, () => line) }), [400]);
    await expectRefused(JSON.stringify({ ...good(), items: [] }), [400]);
  });

  it('a sale of 999 on each of 200 lines of one product is refused for stock, not overflowed', async () => {
    const lines = Array.from({ length: 200 }, () => ({ productId: store.productId, quantity: 999, unitPrice: '4.50' }));
    await expectRefused(JSON.stringify(saleBody(lines)), [400, 409]);
  });

  it('the good sale itself is accepted (the control case)', async () => {
    expect((await postSale(t, cashier, good())).statusCode).toBe(201);
  });
});

describe('a card number as the reference', () => {
  const LUHN_CARDS = [
    '4111111111111111',
    '4111 1111 1111 1111',
    '4111-1111-1111-1111',
    'VTPD4111111111111111',
    '5555555555554444',
    '378282246310005',
    '4222222222222',
    '6011000990139424',
    '4111111111111111110',
  ];

  it.each(LUHN_CARDS)('%s is refused with 400 and stored nowhere', async (reference) => {
    const body = saleBody([{ productId: store.productId, quantity: 1, unitPrice: '4.50' }], 'credit_card', {
      referenceCode: reference,
    });
    const response = await expectRefused(JSON.stringify(body), [400]);
    expect(response.json().errors).toHaveProperty('referenceCode');
    expect(response.body).not.toContain(reference.replace(/\D/g, ''));
  });

  it('after all those attempts no column of any table holds a card number', async () => {
    const stored = await everyStoredText(t.db);
    for (const card of LUHN_CARDS) {
      const digits = card.replace(/\D/g, '');
      expect(stored.filter((line) => line.replace(/[\s-]/g, '').includes(digits))).toEqual([]);
    }
  });

  it('an approval code of a few digits, or a long number failing Luhn, is accepted (the control case)', async () => {
    for (const reference of ['123456', '4111111111111112']) {
      const body = saleBody([{ productId: store.productId, quantity: 1, unitPrice: '4.50' }], 'eftpos', {
        referenceCode: reference,
      });
      const response = await postSale(t, cashier, body);
      expect(response.statusCode, reference).toBe(201);
    }
  });
});

describe('prices in the catalogue', () => {
  it.each([['-1.00'], ['1e309'], ['0.001'], ['NaN'], ['Infinity'], ['100000000.00']])(
    'a product price of %s is refused and nothing is written',
    async (price) => {
      const before = await fingerprint(t.db, tables);
      for (const payload of [
        JSON.stringify({ name: 'Bad', sku: `BAD-${randomUUID().slice(0, 6)}`, categoryId: store.categoryId, price }),
        `{"name":"Bad","sku":"BAD-${randomUUID().slice(0, 6)}","categoryId":"${store.categoryId}","price":${Number.isNaN(Number(price)) ? '"x"' : price}}`,
      ]) {
        const create = await inject(t, {
          method: 'POST',
          url: '/api/products',
          cookie: manager,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(create.statusCode, payload).toBe(400);
      }
      const edit = await inject(t, {
        method: 'PATCH',
        url: `/api/products/${store.productId}`,
        cookie: manager,
        payload: { price },
      });
      expect(edit.statusCode).toBe(400);
      const variant = await inject(t, {
        method: 'PATCH',
        url: `/api/variants/${store.variantId}`,
        cookie: manager,
        payload: { price },
      });
      expect(variant.statusCode).toBe(400);
      expect(await fingerprint(t.db, tables)).toEqual(before);
    },
  );

  it('a negative opening float or counted cash is refused', async () => {
    const other = await createUser(t, { role: 'cashier', pin: '3862' });
    expect(other).toBeTruthy();
    const cookie = await signIn(t, '3862', '10.11.0.3');
    const before = await fingerprint(t.db, tables);
    for (const openingFloat of ['-10.00', '1e309', '0.001']) {
      const response = await inject(t, { method: 'POST', url: '/api/shifts/start', cookie, payload: { openingFloat } });
      expect(response.statusCode, openingFloat).toBe(400);
    }
    expect(await fingerprint(t.db, tables)).toEqual(before);
  });
});
