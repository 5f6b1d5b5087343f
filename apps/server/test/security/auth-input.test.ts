import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type authThrottle, sessions, type userActivity } from '../../src/db/schema/index';
import { buildTestApp, createUser, type TestApp } from '../build-test-app';

/**
 * Issue #8 part 2: malformed PIN bodies. Whatever arrives at POST /auth/pin, a body that is not
 * `{ pin: "dddd" }` with ASCII digits gets the same kind of answer (400, code validation, a PIN
 * message, a field error), never a 500, never a session, and it is not counted as a PIN guess.
 */
let t: TestApp;
let address = 0;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'cashier', pin: '2915' });
  await createUser(t, { role: 'manager', pin: '4826' });
});
afterAll(async () => {
  await t.close();
});

/** Each call from its own address, so no test depends on the throttle state of another. */
function post(payload: string, contentType = 'application/json') {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url: '/auth/pin',
    payload,
    headers: { 'content-type': contentType },
    remoteAddress: `10.60.${Math.floor(address / 250)}.${address % 250}`,
  });
}

async function rowCount(table: typeof sessions | typeof authThrottle | typeof userActivity) {
  const [row] = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

const MALFORMED: Array<[string, string]> = [
  ['no body member at all', '{}'],
  ['an empty string', '{"pin":""}'],
  ['three digits', '{"pin":"291"}'],
  ['five digits', '{"pin":"29150"}'],
  ['a long string', JSON.stringify({ pin: '2915'.repeat(64) })],
  ['a 10 KB string', JSON.stringify({ pin: '2'.repeat(10 * 1024) })],
  ['Arabic-Indic digits of a real PIN', JSON.stringify({ pin: '٢٩١٥' })],
  ['Arabic-Indic digits', JSON.stringify({ pin: '١٢٣٤' })],
  ['full-width digits of a real PIN', JSON.stringify({ pin: '２９１５' })],
  ['Devanagari digits', JSON.stringify({ pin: '२९१५' })],
  ['superscript digits', JSON.stringify({ pin: '²⁹¹⁵' })],
  ['a trailing newline', JSON.stringify({ pin: '2915\n' })],
  ['a leading space', JSON.stringify({ pin: ' 291' })],
  ['a sign', '{"pin":"+291"}'],
  ['a decimal point', '{"pin":"29.1"}'],
  ['a NUL byte', JSON.stringify({ pin: '29\u00001' })],
  ['an emoji', JSON.stringify({ pin: '29😀' })],
  ['a number', '{"pin":2915}'],
  ['a huge number', '{"pin":1e309}'],
  ['a boolean', '{"pin":true}'],
  ['null', '{"pin":null}'],
  ['an array pin', '{"pin":["2915"]}'],
  ['an object pin', '{"pin":{"toString":"2915"}}'],
  ['a body that is an array', '["2915"]'],
  ['a body that is a string', '"2915"'],
  ['a body that is a number', '2915'],
  ['a body that is null', 'null'],
  ['a deeply nested object', `${'{"pin":'.repeat(200)}"2915"${'}'.repeat(200)}`],
  [
    'a 10 KB body of junk members',
    JSON.stringify(Object.fromEntries(Array.from({ length: 800 }, (_, i) => [`k${i}`, i]))),
  ],
];

describe('malformed PIN bodies', () => {
  it.each(MALFORMED)('%s gets the PIN 400, never a 500 and never a session', async (_name, payload) => {
    const sessionsBefore = await rowCount(sessions);
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation');
    expect(body.message).toMatch(/^PIN must be (exactly )?4 (digits|characters)$/);
    expect(Object.keys(body).sort()).toEqual(['code', 'errors', 'message']);
    expect(response.cookies.filter((c) => c.value)).toEqual([]);
    expect(await rowCount(sessions)).toBe(sessionsBefore);
  });

  it('every malformed body answers with one and the same shape, whatever it was', async () => {
    const shapes = new Set<string>();
    for (const [, payload] of MALFORMED) {
      const response = await post(payload);
      shapes.add(`${response.statusCode} ${response.json().code} ${Object.keys(response.json()).sort().join(',')}`);
    }
    expect([...shapes]).toEqual(['400 validation code,errors,message']);
  });

  it('a malformed body is not counted as a guess: five of them do not lock the client out', async () => {
    for (const [, payload] of MALFORMED.slice(0, 8)) {
      await t.app.inject({
        method: 'POST',
        url: '/auth/pin',
        payload,
        headers: { 'content-type': 'application/json' },
        remoteAddress: '10.61.0.1',
      });
    }
    const right = await t.app.inject({
      method: 'POST',
      url: '/auth/pin',
      payload: { pin: '2915' },
      remoteAddress: '10.61.0.1',
    });
    expect(right.statusCode).toBe(200);
  });

  it('a body too large for the server is refused with 413, not read and not a 500', async () => {
    const response = await post(JSON.stringify({ pin: 'x'.repeat(2 * 1024 * 1024) }));
    expect(response.statusCode).toBe(413);
  });

  it('broken JSON is a 400 and a prototype-polluting body is refused without effect', async () => {
    expect((await post('{"pin":')).statusCode).toBe(400);
    const polluted = await post('{"__proto__":{"pin":"2915"}}');
    expect(polluted.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).pin).toBeUndefined();
    const viaConstructor = await post('{"constructor":{"prototype":{"pin":"2915"}}}');
    expect(viaConstructor.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).pin).toBeUndefined();
  });

  it('extra members next to a right PIN change nothing about who signs in', async () => {
    const response = await post(JSON.stringify({ pin: '2915', role: 'super_admin', userId: 'x', isActive: false }));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('cashier');
  });
});
