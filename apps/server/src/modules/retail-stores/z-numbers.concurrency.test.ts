import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { zReports } from '../../db/schema/index';

const CASHIERS = 24;

// PGlite is one connection that runs statements one after another, so only a server shows races.
describe.skipIf(!process.env.TEST_DATABASE_URL)('Z numbers per store under concurrency (issue #32 item 4)', () => {
  let t: TestApp;
  const cookies: string[] = [];
  const storeOf: string[] = [];
  let mainStoreId: string;
  let libraryStoreId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await createUser(t, { role: 'manager', pin: '4826' });
    const manager = await signIn(t, '4826', '10.8.0.1');
    mainStoreId = (await inject(t, { method: 'GET', url: '/api/stores', cookie: manager })).json()[0].id;
    const library = await inject(t, {
      method: 'POST',
      url: '/api/stores',
      cookie: manager,
      payload: { name: 'Library Café', code: 'LIB' },
    });
    libraryStoreId = library.json().id;
    for (let i = 0; i < CASHIERS; i++) {
      const pin = String(1003 + 37 * i);
      await createUser(t, { role: 'cashier', pin, firstName: `Cashier ${i}` });
      const cookie = await signIn(t, pin, `10.8.${i}.2`);
      const storeId = i % 2 === 0 ? mainStoreId : libraryStoreId;
      const started = await inject(t, { method: 'POST', url: '/api/shifts/start', cookie, payload: { storeId } });
      expect(started.statusCode).toBe(201);
      cookies.push(cookie);
      storeOf.push(storeId);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`${CASHIERS} shifts closing at once at two stores: each store's Z numbers are 1…n with no gap and no repeat`, async () => {
    const closes = await Promise.all(
      cookies.map((cookie) =>
        inject(t, { method: 'POST', url: '/api/shifts/end', cookie, payload: { countedCash: '0' } }),
      ),
    );
    expect(closes.map((r) => r.statusCode)).toEqual(cookies.map(() => 200));
    const byStore = new Map<string, number[]>();
    closes.forEach((r, i) => {
      const store = storeOf[i] as string;
      byStore.set(store, [...(byStore.get(store) ?? []), r.json().zReport.number]);
    });
    const half = CASHIERS / 2;
    const oneToHalf = Array.from({ length: half }, (_, i) => i + 1);
    expect([...(byStore.get(mainStoreId) ?? [])].sort((a, b) => a - b)).toEqual(oneToHalf);
    expect([...(byStore.get(libraryStoreId) ?? [])].sort((a, b) => a - b)).toEqual(oneToHalf);
    const stored = await t.db.db.select({ storeId: zReports.storeId, number: zReports.number }).from(zReports);
    expect(stored).toHaveLength(CASHIERS);
  });
});
