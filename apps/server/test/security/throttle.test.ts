import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config/config';
import { type Database, openDatabase } from '../../src/db/client';
import { buildTestApp, createUser, type TestApp } from '../build-test-app';

/**
 * Issue #8 part 2: PIN throttling and lockout live in the database, so neither a restart nor a
 * second app instance on the same database forgets them, and a spoofed X-Forwarded-For resets
 * nothing. (Basic lockout, growing wait and the store-wide breaker: modules/auth/auth.routes.test.ts.)
 */
let t: TestApp;
const extraApps: FastifyInstance[] = [];
const extraDatabases: Database[] = [];

// One database for the file (each test uses its own client addresses); the store-wide breaker
// is reset between tests so one test's failures do not slow the next one's sign-ins.
beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'cashier', pin: '2915' });
});
beforeEach(async () => {
  await t.db.execute(`delete from auth_throttle where key = 'store'`);
});
afterEach(async () => {
  for (const app of extraApps.splice(0)) await app.close().catch(() => {});
  for (const database of extraDatabases.splice(0)) await database.close().catch(() => {});
});
afterAll(async () => {
  await t.close();
});

/** The app restarted: the old instance closed, a new one built on the same database. */
async function restart(): Promise<void> {
  await t.app.close();
  t.app = await buildApp({ config: t.config, database: t.db });
  await t.app.ready();
}

/** An instance of the app with other settings, on the same database. */
async function withConfig(overrides: Partial<Config>): Promise<FastifyInstance> {
  const app = await buildApp({ config: { ...t.config, ...overrides }, database: t.db });
  await app.ready();
  extraApps.push(app);
  return app;
}

function attempt(app: FastifyInstance, pin: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/auth/pin', payload: { pin }, remoteAddress, headers });
}

/** A second instance of the app on the same database (same handle: PGlite allows one). */
async function secondInstance(): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.config, database: t.db });
  await app.ready();
  extraApps.push(app);
  return app;
}

describe('throttling survives a restart', () => {
  it('a lockout made before a restart still holds after it, even for the right PIN', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(t.app, '1111', '10.50.0.1')).statusCode).toBe(401);
    await restart();
    const after = await attempt(t.app, '2915', '10.50.0.1');
    expect(after.statusCode).toBe(429);
    expect(Number(after.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('failures counted before a restart are still counted after it (3 + 2 = locked)', async () => {
    for (let i = 0; i < 3; i++) await attempt(t.app, '1111', '10.50.0.2');
    await restart();
    for (let i = 0; i < 2; i++) expect((await attempt(t.app, '1111', '10.50.0.2')).statusCode).toBe(401);
    expect((await attempt(t.app, '2915', '10.50.0.2')).statusCode).toBe(429);
  });
});

describe('throttling is shared between app instances', () => {
  it('failures alternating between two live instances add up to one lockout seen by both', async () => {
    const other = await secondInstance();
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? t.app : other;
      expect((await attempt(app, '1111', '10.50.1.1')).statusCode).toBe(401);
    }
    expect((await attempt(t.app, '2915', '10.50.1.1')).statusCode).toBe(429);
    expect((await attempt(other, '2915', '10.50.1.1')).statusCode).toBe(429);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, two instances with their own connection pools count concurrent failures together',
    async () => {
      const url = t.db.url as string;
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
      extraDatabases.push(database);
      const other = await buildApp({ config: t.config, database });
      await other.ready();
      extraApps.push(other);
      // Ten guesses fired at once, five through each instance: none may slip past the count.
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => attempt(i % 2 === 0 ? t.app : other, '1111', '10.50.2.1')),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      const { rows } = await t.db.execute(`select failures from auth_throttle where key = 'client:10.50.2.1'`);
      expect(Number(rows[0]?.failures)).toBe(statuses.filter((s) => s === 401).length);
      expect(Number(rows[0]?.failures)).toBeGreaterThanOrEqual(5);
      expect((await attempt(t.app, '2915', '10.50.2.1')).statusCode).toBe(429);
      expect((await attempt(other, '2915', '10.50.2.1')).statusCode).toBe(429);
      // And a restart of both changes nothing.
      await other.close();
      const third = await buildApp({ config: t.config, database });
      extraApps.push(third);
      expect((await attempt(third, '2915', '10.50.2.1')).statusCode).toBe(429);
    },
  );
});

describe('a spoofed X-Forwarded-For resets nothing', () => {
  it('with no proxy trusted, a new X-Forwarded-For on every guess is still one client', async () => {
    for (let i = 0; i < 5; i++) {
      await attempt(t.app, '1111', '10.50.3.1', { 'x-forwarded-for': `203.0.113.${i}` });
    }
    const next = await attempt(t.app, '2915', '10.50.3.1', { 'x-forwarded-for': '198.51.100.7' });
    expect(next.statusCode).toBe(429);
  });

  it("a successful sign-in claiming the locked client's address does not lift its lockout", async () => {
    for (let i = 0; i < 5; i++) await attempt(t.app, '1111', '10.50.3.2');
    const elsewhere = await attempt(t.app, '2915', '10.50.3.3', { 'x-forwarded-for': '10.50.3.2' });
    expect(elsewhere.statusCode).toBe(200);
    expect((await attempt(t.app, '2915', '10.50.3.2')).statusCode).toBe(429);
  });

  it('with a proxy configured, X-Forwarded-For from any other address is ignored', async () => {
    const proxied = await withConfig({ trustProxy: ['10.50.9.9'] });
    for (let i = 0; i < 5; i++) {
      await attempt(proxied, '1111', '10.50.4.1', { 'x-forwarded-for': `203.0.113.${i}` });
    }
    expect((await attempt(proxied, '2915', '10.50.4.1', { 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(429);
    const { rows } = await t.db.execute(
      `select key from auth_throttle where key like 'client:203.%' or key like 'client:198.%' or key = 'client:10.50.4.1'`,
    );
    expect(rows.map((r) => r.key)).toEqual(['client:10.50.4.1']);
  });

  it('behind the configured proxy, clients are told apart by X-Forwarded-For (the control case)', async () => {
    const proxied = await withConfig({ trustProxy: ['10.50.9.9'] });
    for (let i = 0; i < 5; i++) {
      await attempt(proxied, '1111', '10.50.9.9', { 'x-forwarded-for': '203.0.113.50' });
    }
    expect((await attempt(proxied, '2915', '10.50.9.9', { 'x-forwarded-for': '203.0.113.50' })).statusCode).toBe(429);
    expect((await attempt(proxied, '2915', '10.50.9.9', { 'x-forwarded-for': '203.0.113.51' })).statusCode).toBe(200);
  });
});
