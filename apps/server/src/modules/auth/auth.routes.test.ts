import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createUser,
  inject,
  type SharedTestDatabase,
  sessionCookie,
  sharedTestDatabase,
  signIn,
  type TestApp,
} from '../../../test/build-test-app';
import { buildApp } from '../../app';
import { sessions, userActivity, users } from '../../db/schema/index';

let t: TestApp;
let cashierId: string;
// One database for the file, emptied before each test, with a new app on it (issue #31).
let shared: SharedTestDatabase;

beforeAll(async () => {
  shared = await sharedTestDatabase();
});
afterAll(async () => {
  await shared.close();
});
beforeEach(async () => {
  t = await shared.fresh();
  cashierId = await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
  await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Lead' });
});
afterEach(async () => {
  await t.close();
});

const pinLogin = (payload: unknown, remoteAddress = '10.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/auth/pin', payload: payload as string, remoteAddress, headers });

describe('PIN sign-in', () => {
  it('a cashier signs in with their PIN, gets an HttpOnly strict cookie, and the session reads them back', async () => {
    const response = await pinLogin({ pin: '2915' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { id: cashierId, firstName: 'Casey', lastName: 'Till', email: null, role: 'cashier' },
      storeTimeZone: t.app.config.storeTimeZone,
    });
    const cookie = response.cookies.find((c) => c.name === 'rh_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    const session = await inject(t, { method: 'GET', url: '/auth/session', cookie: sessionCookie(response) });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.role).toBe('cashier');
  });

  it('without a session, /auth/session answers 401 with a JSON message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/session' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBeTruthy();
  });

  it.each([
    ['an empty object', {}],
    ['letters among digits', { pin: '12a4' }],
    ['three digits', { pin: '123' }],
    ['five digits', { pin: '12345' }],
    ['an empty string', { pin: '' }],
    ['a 10 KB string', { pin: '1'.repeat(10_240) }],
    ['non-ASCII digits', { pin: '١٢٣٤' }],
    ['a number', { pin: 2915 }],
    ['null', { pin: null }],
    ['an array', ['2915']],
    ['an array pin', { pin: ['2915'] }],
    ['an object pin', { pin: { value: '2915' } }],
  ])('a malformed body (%s) gets 400 with a clear PIN message and never a 500', async (_name, body) => {
    const response = await pinLogin(body);
    expect(response.statusCode).toBe(400);
    const json = response.json();
    expect(json.message).toMatch(/^PIN must be (exactly )?4 (digits|characters)$/);
    expect(json.code).toBe('validation');
  });

  it('a body that is not JSON is refused with 415, and broken JSON with 400', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/auth/pin',
      payload: 'pin=2915',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.statusCode).toBe(415);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/auth/pin',
      payload: '{"pin":"2915"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/auth/pin',
      payload: '{"pin":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
  });

  it('a wrong PIN and a deactivated user answer the same 401 "Invalid PIN"', async () => {
    await createUser(t, { role: 'cashier', pin: '3862', isActive: false });
    const wrong = await pinLogin({ pin: '9999' }, '10.0.0.2');
    const inactive = await pinLogin({ pin: '3862' }, '10.0.0.3');
    expect(wrong.statusCode).toBe(401);
    expect(inactive.statusCode).toBe(401);
    expect(wrong.json()).toEqual(inactive.json());
    expect(wrong.json().message).toBe('Invalid PIN');
  });

  it('every attempt, login and logout is recorded in user_activity with IP and user agent', async () => {
    await pinLogin({ pin: '0000' }, '10.0.0.9', { 'user-agent': 'Till-7' });
    const ok = await pinLogin({ pin: '2915' }, '10.0.0.9', { 'user-agent': 'Till-7' });
    await inject(t, {
      method: 'POST',
      url: '/auth/logout',
      cookie: sessionCookie(ok),
      remoteAddress: '10.0.0.9',
      headers: { 'user-agent': 'Till-7' },
    });
    const rows = await t.db.db
      .select()
      .from(userActivity)
      .orderBy(sql`${userActivity.timestamp} asc, ${userActivity.activityType} asc`);
    expect(rows.map((r) => r.activityType).sort()).toEqual(['login', 'login_failed', 'logout']);
    for (const row of rows) {
      expect(row.ipAddress).toBe('10.0.0.9');
      expect(row.userAgent).toBe('Till-7');
    }
    expect(rows.find((r) => r.activityType === 'login')?.userId).toBe(cashierId);
  });
});

describe('PIN throttling', () => {
  it('after five wrong PINs the sixth attempt from that client gets 429 with Retry-After, even with a right PIN', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await pinLogin({ pin: '1111' }, '10.1.1.1')).statusCode).toBe(401);
    }
    const sixth = await pinLogin({ pin: '1111' }, '10.1.1.1');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(sixth.json().message).toMatch(/Try again in \d+ seconds/);
    const right = await pinLogin({ pin: '2915' }, '10.1.1.1');
    expect(right.statusCode).toBe(429);
    // Another counter in the store is not locked out by this client.
    expect((await pinLogin({ pin: '2915' }, '10.1.1.2')).statusCode).toBe(200);
  });

  it('the wait grows with each further failure after the lock ends', async () => {
    for (let i = 0; i < 5; i++) await pinLogin({ pin: '1111' }, '10.1.1.3');
    const first = Number((await pinLogin({ pin: '1111' }, '10.1.1.3')).headers['retry-after']);
    // Let the lock lapse, then fail once more: the next wait doubles.
    await t.db.execute(
      `update auth_throttle set locked_until = now() - interval '1 second' where key = 'client:10.1.1.3'`,
    );
    expect((await pinLogin({ pin: '1111' }, '10.1.1.3')).statusCode).toBe(401);
    const second = Number((await pinLogin({ pin: '1111' }, '10.1.1.3')).headers['retry-after']);
    expect(second).toBeGreaterThan(first);
  });

  it('a spoofed X-Forwarded-For does not reset the count when no proxy is trusted', async () => {
    for (let i = 0; i < 5; i++) {
      await pinLogin({ pin: '1111' }, '10.1.1.4', { 'x-forwarded-for': `192.168.9.${i}` });
    }
    const next = await pinLogin({ pin: '2915' }, '10.1.1.4', { 'x-forwarded-for': '192.168.9.200' });
    expect(next.statusCode).toBe(429);
  });

  it('the lockout survives a restart of the app (it lives in the database)', async () => {
    for (let i = 0; i < 5; i++) await pinLogin({ pin: '1111' }, '10.1.1.5');
    await t.app.close();
    const restarted = await buildApp({ config: t.config, database: t.db });
    t.app = restarted;
    const after = await pinLogin({ pin: '2915' }, '10.1.1.5');
    expect(after.statusCode).toBe(429);
  });

  it('a successful sign-in does not wipe the failures before it: one more wrong PIN locks that client', async () => {
    for (let i = 0; i < 4; i++) await pinLogin({ pin: '1111' }, '10.1.1.6');
    expect((await pinLogin({ pin: '2915' }, '10.1.1.6')).statusCode).toBe(200);
    expect((await pinLogin({ pin: '1111' }, '10.1.1.6')).statusCode).toBe(401);
    expect((await pinLogin({ pin: '2915' }, '10.1.1.6')).statusCode).toBe(429);
  });

  it('a lock longer than the 15-minute memory does not hand back a fresh allowance when it ends', async () => {
    // The 10th failure locked this client for 960 s, longer than the memory: that lock just ended.
    await t.db.execute(
      `insert into auth_throttle (key, failures, last_failure_at, locked_until, updated_at, last_allowed)
       values ('client:10.1.1.7', 10, now() - interval '961 seconds', now() - interval '1 second', now(), false)`,
    );
    expect((await pinLogin({ pin: '1111' }, '10.1.1.7')).statusCode).toBe(401);
    const next = await pinLogin({ pin: '2915' }, '10.1.1.7');
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(900);
  });

  it('when failures spike store-wide, PIN checks are spaced out for every client', async () => {
    for (let i = 0; i < 25; i++) await pinLogin({ pin: '1111' }, `10.2.0.${i}`);
    const first = await pinLogin({ pin: '2915' }, '10.2.1.1');
    const second = await pinLogin({ pin: '4826' }, '10.2.1.2');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
  });
});

describe('sessions', () => {
  it('sign-out ends the session: the same cookie replayed gets 401', async () => {
    const cookie = await signIn(t, '2915');
    expect((await inject(t, { method: 'POST', url: '/auth/logout', cookie })).statusCode).toBe(200);
    expect((await inject(t, { method: 'GET', url: '/auth/session', cookie })).statusCode).toBe(401);
  });

  it('signing in issues a new session id and destroys the one the browser carried (no fixation)', async () => {
    const first = await signIn(t, '2915');
    const second = await t.app.inject({
      method: 'POST',
      url: '/auth/pin',
      payload: { pin: '4826' },
      headers: { cookie: first },
    });
    const secondCookie = sessionCookie(second);
    expect(secondCookie).not.toBe(first);
    expect((await inject(t, { method: 'GET', url: '/auth/session', cookie: first })).statusCode).toBe(401);
    expect((await inject(t, { method: 'GET', url: '/auth/session', cookie: secondCookie })).json().user.role).toBe(
      'manager',
    );
  });

  it('a planted or tampered cookie is useless', async () => {
    const planted = await inject(t, {
      method: 'GET',
      url: '/auth/session',
      cookie: 'rh_session=AAAAAAAAAAAAAAAAAAAAAA.forged',
    });
    expect(planted.statusCode).toBe(401);
    const cookie = await signIn(t, '2915');
    const tampered = `${cookie.slice(0, -3)}abc`;
    expect((await inject(t, { method: 'GET', url: '/auth/session', cookie: tampered })).statusCode).toBe(401);
  });

  it('the idle timeout is enforced by the server', async () => {
    const cookie = await signIn(t, '2915');
    await t.db.db.update(sessions).set({ expire: new Date(Date.now() - 1000) });
    expect((await inject(t, { method: 'GET', url: '/auth/session', cookie })).statusCode).toBe(401);
  });

  it('the absolute timeout is enforced even for a session in constant use', async () => {
    const cookie = await signIn(t, '2915');
    await t.db.execute(
      `update sessions set sess = jsonb_set(sess, '{absoluteExpire}', to_jsonb((now() - interval '1 minute')::text))`,
    );
    expect((await inject(t, { method: 'GET', url: '/auth/session', cookie })).statusCode).toBe(401);
  });

  it('a deactivated user is signed out at their next request', async () => {
    const cookie = await signIn(t, '2915');
    await t.db.db.update(users).set({ isActive: false }).where(eq(users.id, cashierId));
    expect((await inject(t, { method: 'GET', url: '/auth/session', cookie })).statusCode).toBe(401);
  });

  it('the database never holds the session token itself, only its hash', async () => {
    const cookie = await signIn(t, '2915');
    const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    const rows = await t.db.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('request protections', () => {
  it('a cross-site state-changing request is refused with 403', async () => {
    const response = await pinLogin({ pin: '2915' }, '10.0.0.1', { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    const foreignOrigin = await pinLogin({ pin: '2915' }, '10.0.0.1', { origin: 'https://evil.example' });
    expect(foreignOrigin.statusCode).toBe(403);
    const sameOrigin = await pinLogin({ pin: '2915' }, '10.0.0.1', {
      origin: 'http://localhost:3000',
      host: 'localhost:3000',
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('security headers are on every response, errors included', async () => {
    for (const response of [
      await t.app.inject({ method: 'GET', url: '/auth/session' }),
      await pinLogin({ pin: 'x' }),
      await t.app.inject({ method: 'GET', url: '/api/health' }),
    ]) {
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('no PIN appears in any response or database column', async () => {
    const login = await pinLogin({ pin: '2915' });
    expect(login.body).not.toContain('2915');
    const rows = await t.db.execute(`select row_to_json(u)::text as j from users u`);
    for (const row of rows.rows) {
      expect(String(row.j)).not.toMatch(/"2915"|"4826"/);
    }
    const activity = await t.db.execute(`select row_to_json(a)::text as j from user_activity a`);
    for (const row of activity.rows) expect(String(row.j)).not.toContain('2915');
  });
});
