import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, inject, signIn, type TestApp } from '../../test/build-test-app';
import { createTestDb, type TestDatabase } from '../../test/test-db';
import { buildApp } from '../app';
import { testConfig } from '../config/config';
import { createCategory, createProduct, postSale, saleBody, startShift } from '../modules/pos/pos-test-support';
import { postOpeningStock } from '../modules/stock/stock.service';
import type { Db } from './client';
import { type LagProbe, probeReplicaLag, ReadRouter } from './read-replica';
import { categories, products, shifts, transactionItems, transactions, users } from './schema/index';

/**
 * DATABASE_READ_URL (issue #20 item 4, ADR 0016). The "replica" here is a second database holding a
 * copy of the primary taken at one moment: what a streaming replica holds while it is behind. A
 * sale recorded after the copy is on the primary only, so every answer says which database it read.
 */

const config = testConfig();
const DAY = 86_400_000;
let primary: TestDatabase;
let replica: TestDatabase;
let t: TestApp;
let manager: string;
let cashier: string;
let lag: number | 'down' = 0;
const probe: LagProbe = async () => {
  if (lag === 'down') throw new Error('connection refused');
  return lag;
};

const storeDate = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: config.storeTimeZone }).format(instant);
/** Three days ago at noon: a closed store day, final long ago. */
const past = new Date(Date.now() - 3 * DAY);
const pastDate = storeDate(past);

async function copyTables(from: Db, to: Db) {
  for (const table of [users, categories, products, shifts, transactions, transactionItems]) {
    const rows = await from.select().from(table);
    if (rows.length > 0)
      await to
        .insert(table)
        .overridingSystemValue()
        .values(rows as never);
  }
}

async function appWith(readDatabase: TestDatabase | null): Promise<FastifyInstance> {
  const app = await buildApp({ config, database: primary, readDatabase, replicaLagProbe: probe });
  await app.ready();
  return app;
}

/** Records a sale through the API; a past one is moved to `at` and given a VTPD reference. */
async function record(app: FastifyInstance, quantity: number, past?: { at: Date; vtpd: string }): Promise<string> {
  const body = saleBody([{ productId: muffin, quantity, unitPrice: '4.50' }], 'cash');
  const response = await postSale({ ...t, app }, cashier, body);
  if (response.statusCode !== 201) throw new Error(response.body);
  const id = response.json().id as string;
  if (past) {
    await primary.db
      .update(transactions)
      .set({ createdAt: past.at, referenceCode: past.vtpd })
      .where(eq(transactions.id, id));
  }
  return id;
}

async function summary(app: FastifyInstance, date: string) {
  const response = await inject(
    { ...t, app },
    { method: 'GET', url: `/api/analytics/summary?startDate=${date}&endDate=${date}`, cookie: manager },
  );
  expect(response.statusCode).toBe(200);
  return response.json() as { totalTransactions: number; totalRevenue: string };
}

let muffin: string;

beforeAll(async () => {
  primary = await createTestDb();
  replica = await createTestDb();
  const app = await appWith(null);
  t = { app, db: primary, config, close: async () => {} };
  await createUser(t, { role: 'cashier', pin: '2915' });
  await createUser(t, { role: 'manager', pin: '4826' });
  cashier = await signIn(t, '2915', '10.9.0.1');
  manager = await signIn(t, '4826', '10.9.0.2');
  await startShift(t, cashier);
  const bakery = await createCategory(t, 'Bakery');
  muffin = await createProduct(t, { name: 'Muffin', price: '4.50', stock: 100, categoryId: bakery });
  // Replicated: one past VTPD sale of 2 muffins.
  await record(app, 2, { at: past, vtpd: 'VTPD1001' });
  await copyTables(primary.db, replica.db);
  // Not replicated yet: one more past VTPD sale and a sale made just now.
  await record(app, 5, { at: new Date(past.getTime() + 60_000), vtpd: 'VTPD1002' });
  await record(app, 1);
  await app.close();
});

afterAll(async () => {
  await replica.cleanup();
  await primary.cleanup();
});

describe('reports on a read replica (DATABASE_READ_URL)', () => {
  it('closed days of the sales figures come from the replica while it is close behind', async () => {
    lag = 0.4;
    const app = await appWith(replica);
    try {
      expect(await summary(app, pastDate)).toMatchObject({ totalTransactions: 1, totalRevenue: '9.00' });
    } finally {
      await app.close();
    }
  });

  it("today's figures and a sale just made are read from the primary (the user's own write)", async () => {
    lag = 0.4;
    const app = await appWith(replica);
    try {
      const stats = await inject({ ...t, app }, { method: 'GET', url: '/api/analytics/daily-stats', cookie: cashier });
      expect(stats.json()).toEqual({
        totalSales: '4.50',
        totalTransactions: 1,
        totalItemsSold: 1,
        totalDiscounts: '0.00',
      });
    } finally {
      await app.close();
    }
  });

  it('a replica further behind than DATABASE_READ_MAX_LAG_SECONDS, or down, leaves reports on the primary', async () => {
    for (const state of [45, 'down'] as const) {
      lag = state;
      const app = await appWith(replica);
      try {
        expect(await summary(app, pastDate)).toMatchObject({ totalTransactions: 2, totalRevenue: '31.50' });
      } finally {
        await app.close();
      }
    }
  });

  it('a VTPD export of past days reads the replica; a range with today reads the primary', async () => {
    lag = 0;
    const app = await appWith(replica);
    try {
      const pastExport = await inject(
        { ...t, app },
        { method: 'GET', url: `/api/reports/vtpd.csv?startDate=${pastDate}&endDate=${pastDate}`, cookie: manager },
      );
      expect(pastExport.statusCode).toBe(200);
      expect(pastExport.body).toContain('VTPD1001');
      expect(pastExport.body).not.toContain('VTPD1002');
      const today = storeDate(new Date());
      const withToday = await inject(
        { ...t, app },
        { method: 'GET', url: `/api/reports/vtpd.csv?startDate=${pastDate}&endDate=${today}`, cookie: manager },
      );
      expect(withToday.body).toContain('VTPD1001');
      expect(withToday.body).toContain('VTPD1002');
    } finally {
      await app.close();
    }
  });

  it('institution analytics read the replica while it is close behind', async () => {
    const [drill] = await primary.db
      .insert(products)
      .values({
        name: 'Drill',
        sku: 'TOOL-1',
        price: '99.00',
        categoryId: (await primary.db.select({ id: categories.id }).from(categories))[0]?.id as string,
        assetType: 'tool',
      })
      .returning({ id: products.id });
    await postOpeningStock(primary.db, [{ productId: drill?.id as string, quantity: 2 }]);
    const cards = async () => {
      const app = await appWith(replica);
      try {
        const response = await inject(
          { ...t, app },
          { method: 'GET', url: '/api/analytics/institution?days=30', cookie: manager },
        );
        expect(response.statusCode).toBe(200);
        return response.json().cards.totalAssets as number;
      } finally {
        await app.close();
      }
    };
    lag = 0;
    expect(await cards()).toBe(0);
    lag = 'down';
    expect(await cards()).toBe(1);
  });

  it('System Health shows the replica, its lag and whether reports use it; nothing without one', async () => {
    await createUser(t, { role: 'super_admin', pin: '5173' });
    const plain = await appWith(null);
    const admin = await signIn({ ...t, app: plain }, '5173', '10.9.0.3');
    const health = async (app: FastifyInstance) =>
      (await inject({ ...t, app }, { method: 'GET', url: '/api/super-admin/health', cookie: admin })).json();

    expect((await health(plain)).replica).toBeUndefined();
    await plain.close();

    const app = await appWith(replica);
    try {
      lag = 1.25;
      expect((await health(app)).replica).toMatchObject({
        inUse: true,
        state: 'ok',
        lagSeconds: 1.25,
        maxLagSeconds: 30,
      });
      await new Promise((resolve) => setTimeout(resolve, ReadRouter.PROBE_INTERVAL_MS + 50));
      lag = 90;
      expect((await health(app)).replica).toMatchObject({ inUse: false, state: 'lagging', lagSeconds: 90 });
      await new Promise((resolve) => setTimeout(resolve, ReadRouter.PROBE_INTERVAL_MS + 50));
      lag = 'down';
      expect((await health(app)).replica).toMatchObject({ inUse: false, state: 'unreachable', lagSeconds: null });
    } finally {
      await app.close();
    }
  });

  it('the lag probe reads a server that is not a standby as no replica lag (null)', async () => {
    expect(await probeReplicaLag(primary)).toBeNull();
  });
});
