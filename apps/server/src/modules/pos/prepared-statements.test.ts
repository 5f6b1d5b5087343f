import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestApp } from '../../../test/build-test-app';
import { createTestDb, type TestDatabase } from '../../../test/test-db';
import { buildApp } from '../../app';
import { testConfig } from '../../config/config';
import { type Database, openDatabase } from '../../db/client';
import { createCategory, createProduct, postSale, saleBody, startShift } from './pos-test-support';

/**
 * DATABASE_PREPARED_STATEMENTS (issue #20 item 3, ADR 0016). Behind PgBouncer 1.18 in transaction
 * mode a named prepared statement lives on whichever server connection parsed it, and the next
 * transaction may get another one ("prepared statement does not exist"). With the setting off the
 * sale path sends the unnamed statement, which lives only as long as its own round trip. Here a
 * pool of one connection shows what each mode leaves on the server connection; bench/multi runs
 * the sale through a real PgBouncer. PostgreSQL only (PGlite has no wire protocol pool).
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the sale statement with and without named prepared statements', () => {
  let base: TestDatabase;
  let muffin: string;
  const config = testConfig();

  beforeAll(async () => {
    base = await createTestDb();
  });
  afterAll(async () => {
    await base?.cleanup();
  });

  async function sellWith(preparedStatements: boolean, pin: string): Promise<number> {
    const database: Database = await openDatabase({
      kind: 'postgres',
      url: base.url as string,
      poolSize: 1,
      preparedStatements,
    });
    const app = await buildApp({ config, database });
    await app.ready();
    const t: TestApp = { app, db: base, config, close: async () => {} };
    try {
      await createUser(t, { role: 'cashier', pin });
      const cookie = await signIn(t, pin, `10.8.0.${pin.slice(-1)}`);
      await startShift(t, cookie);
      if (!muffin) {
        const bakery = await createCategory(t, 'Bakery');
        muffin = await createProduct(t, { name: 'Muffin', price: '4.50', stock: 100, categoryId: bakery });
      }
      for (let i = 0; i < 3; i++) {
        const response = await postSale(t, cookie, saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }]));
        expect(response.statusCode).toBe(201);
      }
      // The pool's one connection: the statements it keeps prepared after three sales.
      const { rows } = await database.execute('select count(*)::int as n from pg_prepared_statements');
      return Number(rows[0]?.n);
    } finally {
      await app.close();
      await database.close();
    }
  }

  it('named (the default): the sale statement is prepared once on the connection and reused', async () => {
    expect(await sellWith(true, '2718')).toBeGreaterThan(0);
  });

  it('off (behind a transaction pooler): every sale is recorded and nothing stays prepared', async () => {
    expect(await sellWith(false, '3141')).toBe(0);
  });
});
