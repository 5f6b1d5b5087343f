import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp } from '../build-test-app';

/**
 * Issue #13 items 1 and 3 (docs/adr/0008). The PIN throttle reserves each attempt in the database
 * before the PIN is looked at, so attempts fired at once cannot slip past the count; and a browser
 * that signed in before carries a signed device cookie with its own allowance, so wrong PINs from
 * unknown clients lock out only unknown clients (OWASP "Slow Down Online Guessing Attacks with
 * Device Cookies"). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
const RIGHT_PIN = '2915';

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'cashier', pin: RIGHT_PIN, firstName: 'Casey', lastName: 'Till' });
});
// Each test uses its own addresses; the store-wide counter of one test must not slow the next.
beforeEach(async () => {
  await t.db.execute(`delete from auth_throttle`);
});
afterAll(async () => {
  await t.close();
});

function attempt(pin: string, remoteAddress: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/pin',
    payload: { pin },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
}

/** The device cookie a sign-in set, as a Cookie header value. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('rh_device') && c.value);
  if (!cookie) throw new Error(`no device cookie (status ${response.statusCode})`);
  return `${cookie.name}=${cookie.value}`;
}

function count(responses: LightMyRequestResponse[], status: number): number {
  return responses.filter((r) => r.statusCode === status).length;
}

/** A known till: a browser that signed in once with the right PIN from `address`. */
async function knownDevice(address: string): Promise<string> {
  const response = await attempt(RIGHT_PIN, address);
  expect(response.statusCode).toBe(200);
  return deviceCookieOf(response);
}

describe('parallel wrong PINs cannot slip past the count (issue #13 item 1)', () => {
  it('300 wrong PINs fired at once from one client get at most 5 checked; the rest and the right PIN get 429', async () => {
    const responses = await Promise.all(Array.from({ length: 300 }, () => attempt('1111', '10.60.0.1')));
    const checked = count(responses, 401);
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(count(responses, 429)).toBe(300 - checked);
    const right = await attempt(RIGHT_PIN, '10.60.0.1');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the right PIN hidden among 300 parallel wrong ones does not sign in once the client is locked', async () => {
    const pins = Array.from({ length: 300 }, (_, i) => (i === 200 ? RIGHT_PIN : '1111'));
    const responses = await Promise.all(pins.map((pin) => attempt(pin, '10.60.0.2')));
    const signedIn = responses.findIndex((r) => r.statusCode === 200);
    // Only one of the first five reservations could have been the right PIN; it sits at 200.
    expect(signedIn).toBe(-1);
    expect(count(responses, 401)).toBeLessThanOrEqual(5);
  });

  it('one wrong PIN from each of 100 addresses at once: the store-wide limit checks 25, then one per 2 s slot', async () => {
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => attempt('1111', `10.61.0.${i}`)));
    // Past 25 in the window, one unknown PIN check per 2-second slot (one more slot per 2 s the burst took).
    const slots = 1 + Math.floor((Date.now() - started) / 2000);
    expect(count(responses, 401)).toBeLessThanOrEqual(25 + slots);
    expect(count(responses, 429)).toBe(100 - count(responses, 401));
  });
});

describe('device cookies: a flood from unknown clients does not lock out known tills (issue #13 item 3)', () => {
  it('a successful sign-in sets a signed, HttpOnly, SameSite=Strict, long-lived device cookie', async () => {
    const response = await attempt(RIGHT_PIN, '10.62.0.1');
    const cookie = response.cookies.find((c) => c.name === 'rh_device');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.path).toBe('/');
    expect(Number(cookie?.maxAge)).toBeGreaterThanOrEqual(180 * 24 * 3600);
    // Signed: the value carries a signature after the id and the minting person (issue #30 item 4).
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}\.[0-9a-f-]{36}\.[A-Za-z0-9_%+/=-]+$/);
  });

  it('with COOKIE_SECURE the device cookie is Secure and __Host- prefixed, like the session cookie', async () => {
    const secure = await buildTestApp({ cookieSecure: true });
    try {
      await createUser(secure, { role: 'cashier', pin: RIGHT_PIN });
      const response = await secure.app.inject({
        method: 'POST',
        url: '/auth/pin',
        payload: { pin: RIGHT_PIN },
        remoteAddress: '10.62.0.2',
      });
      const cookie = response.cookies.find((c) => c.name === '__Host-rh_device');
      expect(cookie?.secure).toBe(true);
      expect(cookie?.path).toBe('/');
    } finally {
      await secure.close();
    }
  });

  it('wrong PINs from 8 addresses do not stop a known till from signing in, even at an attacking address', async () => {
    const till = await knownDevice('10.63.0.1');
    const attackers = Array.from({ length: 8 }, (_, i) => `10.63.0.${i + 1}`);
    const flood = await Promise.all(
      attackers.flatMap((address) => Array.from({ length: 10 }, () => attempt('1111', address))),
    );
    expect(count(flood, 429)).toBeGreaterThan(0);
    const signIns = [];
    for (let i = 0; i < 5; i++) signIns.push((await attempt(RIGHT_PIN, '10.63.0.1', till)).statusCode);
    expect(signIns).toEqual([200, 200, 200, 200, 200]);
  });

  it('during the flood unknown clients stay throttled per address and store-wide', async () => {
    const attackers = Array.from({ length: 8 }, (_, i) => `10.64.0.${i + 1}`);
    await Promise.all(attackers.flatMap((address) => Array.from({ length: 10 }, () => attempt('1111', address))));
    // The attacking addresses are locked, whatever PIN they send.
    expect((await attempt(RIGHT_PIN, '10.64.0.1')).statusCode).toBe(429);
    // New unknown clients share the store-wide allowance: one check per slot, the next waits.
    const first = await attempt(RIGHT_PIN, '10.64.1.1');
    const second = await attempt(RIGHT_PIN, '10.64.1.2');
    expect([first.statusCode, second.statusCode]).toContain(429);
    const refused = first.statusCode === 429 ? first : second;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a known device that fails 5 times is locked itself (429, even for the right PIN), not its address', async () => {
    const till = await knownDevice('10.65.0.1');
    for (let i = 0; i < 5; i++) expect((await attempt('1111', '10.65.0.1', till)).statusCode).toBe(401);
    const locked = await attempt(RIGHT_PIN, '10.65.0.1', till);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/Try again in \d+ seconds/);
    // Its failures were its own: another browser at the same address still signs in.
    expect((await attempt(RIGHT_PIN, '10.65.0.1')).statusCode).toBe(200);
  });

  it('a known device keeps its allowance across parallel guesses too (at most 5 checked)', async () => {
    const till = await knownDevice('10.65.1.1');
    const responses = await Promise.all(Array.from({ length: 100 }, () => attempt('1111', '10.65.1.1', till)));
    expect(count(responses, 401)).toBeLessThanOrEqual(5);
    expect((await attempt(RIGHT_PIN, '10.65.1.1', till)).statusCode).toBe(429);
  });

  it('a sign-in on a known device gives back only its own attempt: guesses on either side of it still add up to the lock', async () => {
    const till = await knownDevice('10.65.2.1');
    for (let i = 0; i < 4; i++) expect((await attempt('1111', '10.65.2.1', till)).statusCode).toBe(401);
    expect((await attempt(RIGHT_PIN, '10.65.2.1', till)).statusCode).toBe(200);
    expect((await attempt('1111', '10.65.2.1', till)).statusCode).toBe(401);
    expect((await attempt('1112', '10.65.2.1', till)).statusCode).toBe(429);
    expect((await attempt(RIGHT_PIN, '10.65.2.1', till)).statusCode).toBe(429);
  });

  it('someone who knows one PIN cannot guess on by signing in between guesses (no endless 4 wrong, 1 right)', async () => {
    const till = await knownDevice('10.65.3.1');
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 4; i++) statuses.push((await attempt('1111', '10.65.3.1', till)).statusCode);
      statuses.push((await attempt(RIGHT_PIN, '10.65.3.1', till)).statusCode);
    }
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
  });

  it('a forged or tampered device cookie counts as an unknown client, not as a bypass', async () => {
    const till = await knownDevice('10.66.0.9');
    for (let i = 0; i < 5; i++) await attempt('1111', '10.66.0.1');
    const [name, value] = till.split('=') as [string, string];
    const forged = [
      `${name}=AAAAAAAAAAAAAAAAAAAAAA.forged`,
      `${name}=${value.slice(0, -3)}abc`,
      `${name}=AAAAAAAAAAAAAAAAAAAAAA`,
    ];
    for (const cookie of forged) {
      expect((await attempt(RIGHT_PIN, '10.66.0.1', cookie)).statusCode, cookie).toBe(429);
    }
    // The genuine cookie still gets through at that address.
    expect((await attempt(RIGHT_PIN, '10.66.0.1', till)).statusCode).toBe(200);
  });
});
