import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userActivity } from '../../src/db/schema/index';
import {
  addPerson,
  buildStore,
  call,
  freshAddress,
  pinSignInStatus,
  type Store,
  signInAs,
  signInWithPin,
  unusedPin,
} from '../../src/modules/users/users.test-support';
import { createUser, signIn } from '../build-test-app';

/**
 * Issue #13 item 2 (docs/adr/0005): every PIN an administrator sets or generates tells them
 * something about the PINs in use, so PIN changes are throttled per acting user (10) and
 * store-wide (30) like sign-in attempts, bursts are in the activity log, and a PIN is set only for
 * oneself or a lower role (a peer's PIN would let one sign in as them).
 */
let store: Store;
beforeAll(async () => {
  store = await buildStore();
});
// Each test acts through its own people; the store-wide PIN-change count starts again per test.
beforeEach(async () => {
  await store.t.db.execute(`delete from auth_throttle where key = 'pin-admin:store'`);
});
afterAll(async () => {
  await store.t.close();
});

/** A manager of their own for one test, signed in. */
async function newManager(): Promise<{ id: string; cookie: string }> {
  const pin = unusedPin();
  const id = await createUser(store.t, { role: 'manager', pin, firstName: 'Burst', lastName: 'Manager' });
  return { id, cookie: await signIn(store.t, pin, freshAddress()) };
}

const generate = (cookie: string, targetId: string) =>
  call(store, cookie, 'POST', `/admin/users/${targetId}/pin`, { generate: true }, freshAddress());

describe('PIN changes are throttled like sign-in attempts', () => {
  it('a manager generating PINs one after another gets 429 after 10, and the burst is in the activity log', async () => {
    const manager = await newManager();
    const cashier = await addPerson(store, 'cashier');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await generate(manager.cookie, cashier.id)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // A chosen PIN is a PIN change too: refused as well while the wait lasts.
    const chosen = await call(store, manager.cookie, 'POST', `/admin/users/${cashier.id}/pin`, { pin: unusedPin() });
    expect(chosen.statusCode).toBe(429);
    expect(Number(chosen.headers['retry-after'])).toBeGreaterThan(0);
    expect(chosen.json().message).toMatch(/^Too many PIN changes\. Try again in \d+ seconds\.$/);
    const logged = await store.t.db.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.userId, manager.id), eq(userActivity.activityType, 'pin_change_throttled')));
    expect(logged).toHaveLength(3);
    expect(logged[0]?.details).toMatchObject({ targetUserId: cashier.id, scope: 'actor' });
  });

  it('50 generations fired at once by one manager: at most 10 succeed', async () => {
    const manager = await newManager();
    const cashier = await addPerson(store, 'cashier');
    const responses = await Promise.all(Array.from({ length: 50 }, () => generate(manager.cookie, cashier.id)));
    const ok = responses.filter((r) => r.statusCode === 200).length;
    expect(ok).toBeLessThanOrEqual(10);
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(50 - ok);
  });

  it('several managers together reach the store-wide limit of 30, then one PIN change passes every 30 s', async () => {
    const cashier = await addPerson(store, 'cashier');
    const statuses: number[] = [];
    for (let m = 0; m < 4; m++) {
      const manager = await newManager();
      for (let i = 0; i < 8; i++) statuses.push((await generate(manager.cookie, cashier.id)).statusCode);
    }
    // The 31st takes the spaced slot; the 32nd waits for the next one.
    expect(statuses.slice(0, 31).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(31)).toEqual([429]);
  });

  it('PINs refused as in use still count as failed PIN attempts of that browser (five, then 429)', async () => {
    const manager = await newManager();
    const cashier = await addPerson(store, 'cashier');
    const address = freshAddress();
    for (const pin of ['7391', '4826', '5174', '2915', '3862']) {
      const refused = await call(store, manager.cookie, 'POST', `/admin/users/${cashier.id}/pin`, { pin }, address);
      expect(refused.statusCode, pin).toBe(409);
    }
    const next = await call(
      store,
      manager.cookie,
      'POST',
      `/admin/users/${cashier.id}/pin`,
      { pin: unusedPin() },
      address,
    );
    expect(next.statusCode).toBe(429);
  });
});

describe('a PIN is set only for oneself or a lower role', () => {
  it('a manager cannot set or generate the PIN of another manager or of a super admin (403)', async () => {
    const manager = await signInAs(store, 'manager');
    for (const target of [store.ids.otherManager, store.ids.admin]) {
      const generated = await call(store, manager, 'POST', `/admin/users/${target}/pin`, { generate: true });
      expect(generated.statusCode).toBe(403);
      const chosen = await call(store, manager, 'POST', `/admin/users/${target}/pin`, { pin: unusedPin() });
      expect(chosen.statusCode).toBe(403);
    }
    // Their PINs are unchanged: each still signs in with their own.
    expect(await pinSignInStatus(store, '4862')).toBe(200);
    expect(await pinSignInStatus(store, '7391')).toBe(200);
  });

  it('a manager sets and generates a cashier’s PIN, and sets their own', async () => {
    const manager = await newManager();
    const cashier = await addPerson(store, 'cashier');
    const pin = unusedPin();
    expect((await call(store, manager.cookie, 'POST', `/admin/users/${cashier.id}/pin`, { pin })).statusCode).toBe(200);
    expect(await pinSignInStatus(store, pin)).toBe(200);
    expect((await generate(manager.cookie, cashier.id)).statusCode).toBe(200);
    const own = unusedPin();
    expect((await call(store, manager.cookie, 'POST', `/admin/users/${manager.id}/pin`, { pin: own })).statusCode).toBe(
      200,
    );
    expect(await pinSignInStatus(store, own)).toBe(200);
  });

  it('a super admin sets a manager’s PIN', async () => {
    const admin = await signInAs(store, 'admin');
    const manager = await addPerson(store, 'manager');
    const response = await generate(admin, manager.id);
    expect(response.statusCode).toBe(200);
    expect(await signInWithPin(store, response.json().pin)).toBeTruthy();
  });

  it('a manager adds a manager without a PIN, but not with one they chose (403); a cashier with one is fine', async () => {
    const manager = await newManager();
    const withPin = await call(store, manager.cookie, 'POST', '/admin/users', {
      firstName: 'Peer',
      role: 'manager',
      pin: unusedPin(),
    });
    expect(withPin.statusCode).toBe(403);
    const without = await call(store, manager.cookie, 'POST', '/admin/users', { firstName: 'Peer', role: 'manager' });
    expect(without.statusCode).toBe(201);
    const cashier = await call(store, manager.cookie, 'POST', '/admin/users', {
      firstName: 'Till',
      role: 'cashier',
      pin: unusedPin(),
    });
    expect(cashier.statusCode).toBe(201);
  });
});
