import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn, type TestApp } from '../../../test/build-test-app';
import { transactionItems, transactions } from '../../db/schema/index';
import { stockOf as ledgerStockOf } from '../stock/stock-test-support';
import { createCategory, createProduct, postSale, saleBody, startShift } from './pos-test-support';

const CASHIERS = 50;
const STOCK = 10;

// PGlite is one connection that runs statements one after another, so only a server shows races.
describe.skipIf(!process.env.TEST_DATABASE_URL)('simultaneous sales on PostgreSQL', () => {
  let t: TestApp;
  const cookies: string[] = [];
  let product: string;
  let jam: string;

  beforeAll(async () => {
    t = await buildTestApp();
    for (let i = 0; i < CASHIERS; i++) {
      // Distinct, non-trivial PINs 1000 + 37·i.
      const pin = String(1003 + 37 * i);
      await createUser(t, { role: 'cashier', pin, firstName: `Cashier ${i}` });
      const cookie = await signIn(t, pin, `10.3.${i}.1`);
      await startShift(t, cookie);
      cookies.push(cookie);
    }
    const category = await createCategory(t, 'Bakery');
    product = await createProduct(t, { name: 'Last Batch Scone', price: '3.50', stock: STOCK, categoryId: category });
    jam = await createProduct(t, { name: 'Jam Pot', price: '1.20', stock: 1000, categoryId: category });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('50 cashiers selling the last 10 scones at once: exactly 10 sales succeed, stock ends at 0 and refused sales wrote nothing', async () => {
    // Each sale also takes a jam pot, which is plentiful: a refused sale must not take one either.
    const body = saleBody([
      { productId: jam, quantity: 1, unitPrice: '1.20' },
      { productId: product, quantity: 1, unitPrice: '3.50' },
    ]);
    const responses = await Promise.all(cookies.map((cookie) => postSale(t, cookie, body)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(STOCK);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CASHIERS - STOCK);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual({
        code: 'pos.insufficient_stock',
        message: 'Only 0 units available for Last Batch Scone.',
      });
    }
    expect(await ledgerStockOf(t, product)).toBe(0);
    expect(await ledgerStockOf(t, jam)).toBe(1000 - STOCK);
    const [sales] = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(transactions);
    const [lines] = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(transactionItems);
    expect(sales?.n).toBe(STOCK);
    expect(lines?.n).toBe(2 * STOCK);
  });
});
