import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionIdFromToken } from '../../src/modules/auth/session.service';
import { buildTestApp, createUser, inject, sessionCookie, signIn, type TestApp } from '../build-test-app';

/**
 * Issue #8 part 2: session fixation, cookie replay after sign-out / deactivation / PIN change /
 * role change, and idle and absolute timeouts enforced by the server on its own clock.
 */
let t: TestApp;
let managerCookie: string;
let address = 0;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'super_admin', pin: '7391' });
  managerCookie = await signIn(t, '7391', '10.40.0.1');
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fresh cashier with its own PIN, signed in from its own address. */
async function cashier(): Promise<{ id: string; pin: string; cookie: string }> {
  address += 1;
  const pin = String(3000 + address * 7).padStart(4, '0');
  const id = await createUser(t, { role: 'cashier', pin });
  return { id, pin, cookie: await signIn(t, pin, `10.40.1.${address}`) };
}

/** The cookie is refused everywhere: the session probe, a read, and a write (which writes nothing). */
async function expectDead(cookie: string) {
  expect((await inject(t, { method: 'GET', url: '/auth/session', cookie })).statusCode).toBe(401);
  expect((await inject(t, { method: 'GET', url: '/api/shifts/current', cookie })).statusCode).toBe(401);
  const { rows: before } = await t.db.execute('select count(*)::int as n from shifts');
  const write = await inject(t, { method: 'POST', url: '/api/shifts/start', cookie, payload: {} });
  expect(write.statusCode).toBe(401);
  const { rows: after } = await t.db.execute('select count(*)::int as n from shifts');
  expect(after[0]?.n).toBe(before[0]?.n);
}

const sessionOk = async (cookie: string) =>
  (await inject(t, { method: 'GET', url: '/auth/session', cookie })).statusCode === 200;

describe('session fixation', () => {
  it('a session id planted before sign-in (validly signed, chosen by the attacker) is useless after it', async () => {
    const { pin } = await cashier();
    const planted = 'AttackerChosenToken_01';
    const plantedCookie = `rh_session=${encodeURIComponent(t.app.signCookie(planted))}`;
    expect(await sessionOk(plantedCookie)).toBe(false);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/pin',
      payload: { pin },
      headers: { cookie: plantedCookie },
      remoteAddress: '10.40.2.1',
    });
    expect(response.statusCode).toBe(200);
    const issued = sessionCookie(response);
    expect(issued).not.toBe(plantedCookie);
    expect(issued).not.toContain(planted);
    expect(await sessionOk(plantedCookie)).toBe(false);
    expect(await sessionOk(issued)).toBe(true);
    const { rows } = await t.db.execute('select sid from sessions where sid = $1', [sessionIdFromToken(planted)]);
    expect(rows).toEqual([]);
  });

  it("an attacker's own session planted in the victim's browser ends when the victim signs in", async () => {
    const attacker = await cashier();
    const victim = await cashier();
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/pin',
      payload: { pin: victim.pin },
      headers: { cookie: attacker.cookie },
      remoteAddress: '10.40.2.2',
    });
    expect(response.statusCode).toBe(200);
    expect(sessionCookie(response)).not.toBe(attacker.cookie);
    await expectDead(attacker.cookie);
  });

  it('every sign-in gets a new 128-bit id, never a reused one', async () => {
    const { pin } = await cashier();
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const cookie = await signIn(t, pin, '10.40.2.3');
      const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
      expect(Buffer.from(token, 'base64url')).toHaveLength(16);
      tokens.add(token);
    }
    expect(tokens.size).toBe(5);
  });
});

describe('a cookie replayed after the session ended', () => {
  it('after sign-out → 401 everywhere', async () => {
    const { cookie } = await cashier();
    expect((await inject(t, { method: 'POST', url: '/auth/logout', cookie, payload: {} })).statusCode).toBe(200);
    await expectDead(cookie);
  });

  it('after deactivation through the user screen (PUT /api/users/:id/status) → 401', async () => {
    const { id, cookie } = await cashier();
    const response = await inject(t, {
      method: 'PUT',
      url: `/api/users/${id}/status`,
      cookie: managerCookie,
      payload: { isActive: false },
    });
    expect(response.statusCode).toBe(200);
    await expectDead(cookie);
  });

  it('after deactivation through the staff screen (PATCH /admin/users/:id) → 401', async () => {
    const { id, cookie } = await cashier();
    const response = await inject(t, {
      method: 'PATCH',
      url: `/admin/users/${id}`,
      cookie: managerCookie,
      payload: { isActive: false },
    });
    expect(response.statusCode).toBe(200);
    await expectDead(cookie);
  });

  it('after an administrator sets a new PIN → 401, and the old PIN no longer signs in', async () => {
    const { id, pin, cookie } = await cashier();
    const response = await inject(t, {
      method: 'POST',
      url: `/admin/users/${id}/pin`,
      cookie: managerCookie,
      payload: { generate: true },
    });
    expect(response.statusCode).toBe(200);
    await expectDead(cookie);
    const old = await t.app.inject({ method: 'POST', url: '/auth/pin', payload: { pin }, remoteAddress: '10.40.3.1' });
    expect(old.statusCode).toBe(401);
  });

  it('after a role change → 401 (the old role cannot linger in an open session)', async () => {
    const { id, cookie } = await cashier();
    const response = await inject(t, {
      method: 'PUT',
      url: `/api/users/${id}/role`,
      cookie: managerCookie,
      payload: { role: 'manager' },
    });
    expect(response.statusCode).toBe(200);
    await expectDead(cookie);
  });

  it('after the user was removed (DELETE /api/users/:id) → 401', async () => {
    const { id, cookie } = await cashier();
    const response = await inject(t, { method: 'DELETE', url: `/api/users/${id}`, cookie: managerCookie });
    expect(response.statusCode).toBe(200);
    await expectDead(cookie);
  });
});

describe('timeouts enforced by the server clock', () => {
  const MINUTE = 60_000;

  it('idle: a session unused for longer than the idle timeout is refused; activity keeps it alive', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const { cookie } = await cashier();
    const idle = t.config.sessionIdleMs;
    vi.setSystemTime(start + idle - MINUTE);
    expect(await sessionOk(cookie)).toBe(true);
    // The request above counted as activity: the session now lives until (that moment + idle).
    vi.setSystemTime(start + 2 * idle - 2 * MINUTE);
    expect(await sessionOk(cookie)).toBe(true);
    vi.setSystemTime(start + 3 * idle);
    await expectDead(cookie);
    // Dead stays dead, even back in time.
    vi.setSystemTime(start + 2 * idle - MINUTE);
    expect(await sessionOk(cookie)).toBe(false);
  });

  it('absolute: a session in constant use still ends at the absolute timeout', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const { cookie } = await cashier();
    const step = t.config.sessionIdleMs - 5 * MINUTE;
    let now = start;
    while (now + step < start + t.config.sessionAbsoluteMs) {
      now += step;
      vi.setSystemTime(now);
      expect(await sessionOk(cookie), `at +${Math.round((now - start) / MINUTE)} min`).toBe(true);
    }
    vi.setSystemTime(start + t.config.sessionAbsoluteMs + MINUTE);
    await expectDead(cookie);
  });

  it('with a short idle setting, real waiting is enough (no clock tricks)', async () => {
    const short = await buildTestApp({ sessionIdleMs: 1_000, sessionAbsoluteMs: 3_000 });
    try {
      await createUser(short, { role: 'cashier', pin: '2915' });
      const cookie = await signIn(short, '2915');
      expect((await inject(short, { method: 'GET', url: '/auth/session', cookie })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect((await inject(short, { method: 'GET', url: '/auth/session', cookie })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('the cookie itself', () => {
  it('is HttpOnly and SameSite=Strict, and Secure with the __Host- prefix when configured', async () => {
    const secure = await buildTestApp({ cookieSecure: true });
    try {
      await createUser(secure, { role: 'cashier', pin: '2915' });
      const response = await secure.app.inject({ method: 'POST', url: '/auth/pin', payload: { pin: '2915' } });
      const cookie = response.cookies.find((c) => c.name === '__Host-rh_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true, path: '/' });
      expect(cookie?.domain).toBeUndefined();
      // The unprefixed name is not accepted in its place.
      const wrongName = `rh_session=${cookie?.value}`;
      expect((await inject(secure, { method: 'GET', url: '/auth/session', cookie: wrongName })).statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });

  it('a random or unsigned token is refused without a database error', async () => {
    for (const value of [randomUUID(), 'x'.repeat(5000), '%00', 's:abc.def', '']) {
      const response = await inject(t, { method: 'GET', url: '/auth/session', cookie: `rh_session=${value}` });
      expect(response.statusCode, value.slice(0, 20)).toBe(401);
    }
  });
});
