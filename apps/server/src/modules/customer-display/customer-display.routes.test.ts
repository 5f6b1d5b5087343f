import { randomUUID } from 'node:crypto';
import { type CustomerDisplayState, idleDisplayState } from '@retail-hub/shared';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { buildApp } from '../../app';

/**
 * Issue #36 item 4 (docs/adr/0033): a customer display on another device, paired by a code. The
 * till mints a code, the tablet sends it and gets a cookie that reads that till's stream only.
 */
let t: TestApp | null = null;
let others: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of others) await app.close();
  others = [];
  await t?.close();
  t = null;
});

const SALE: CustomerDisplayState = {
  ...idleDisplayState('Main Café'),
  phase: 'sale',
  lines: [{ name: 'Latte', size: 'Large', quantity: 2, amount: '9.00', discount: null }],
  total: '9.00',
};

/** A till: a cashier signed in, its terminal reported, a shift open there. */
async function till(app: TestApp, pin = '2915', role: 'cashier' | 'manager' = 'cashier', shift = true) {
  await createUser(app, { role, pin });
  const cookie = await signIn(app, pin, `10.20.0.${pin.slice(0, 2)}`);
  const terminalId = randomUUID();
  const beat = await inject(app, {
    method: 'POST',
    url: '/api/terminals/heartbeat',
    cookie,
    payload: { terminalId, unsyncedCount: 0 },
  });
  expect(beat.statusCode).toBeLessThan(300);
  if (shift) {
    const started = await inject(app, {
      method: 'POST',
      url: '/api/shifts/start',
      cookie,
      payload: { openingFloat: '50.00', terminalId },
    });
    expect(started.statusCode, started.body).toBe(201);
  }
  return { cookie, terminalId };
}

async function mint(app: TestApp, cookie: string, terminalId: string) {
  return inject(app, { method: 'POST', url: `/api/terminals/${terminalId}/display-code`, cookie });
}

async function pair(app: TestApp, code: string, extra: { cookie?: string; remoteAddress?: string } = {}) {
  return inject(app, { method: 'POST', url: '/api/display/pair', payload: { code }, ...extra });
}

function displayCookie(response: Awaited<ReturnType<typeof pair>>): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('rh_display'));
  if (!cookie) throw new Error(`no display cookie (${response.statusCode} ${response.body})`);
  return `${cookie.name}=${cookie.value}`;
}

async function paired(app: TestApp) {
  const tillSide = await till(app);
  const code = (await mint(app, tillSide.cookie, tillSide.terminalId)).json().code as string;
  const response = await pair(app, code);
  expect(response.statusCode, response.body).toBe(200);
  return { ...tillSide, display: displayCookie(response), code };
}

const putState = (app: TestApp, cookie: string, terminalId: string, state: CustomerDisplayState) =>
  inject(app, { method: 'PUT', url: `/api/terminals/${terminalId}/display/state`, cookie, payload: state });

/** Reads SSE `state` events from a stream until `count` have arrived. */
function stateReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: Array<{ event: string; data: unknown; at: number }> = [];
  let done = false;
  const pump = (async () => {
    while (!done) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      buffer += decoder.decode(value);
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data), at: Date.now() });
        end = buffer.indexOf('\n\n');
      }
    }
  })().catch(() => {});
  return {
    events,
    async waitFor(count: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 5));
      }
      return events[count - 1]!;
    },
    async stop() {
      done = true;
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}

describe('pairing a customer display', () => {
  it('the till mints a 6-digit code valid 5 minutes; the code pairs once and sets an HttpOnly cookie scoped to /api/display', async () => {
    t = await buildTestApp();
    const { cookie, terminalId } = await till(t);
    const minted = await mint(t, cookie, terminalId);
    expect(minted.statusCode, minted.body).toBe(201);
    const { code, expiresAt } = minted.json();
    expect(code).toMatch(/^\d{6}$/);
    const ttl = new Date(expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(4.5 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000 + 1000);
    // Not kept in clear.
    const { rows } = await t.db.execute(`select code_hash from customer_display_pairings`);
    expect(JSON.stringify(rows)).not.toContain(code);

    const first = await pair(t, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(first.statusCode, first.body).toBe(200);
    const set = first.cookies.find((c) => c.name.endsWith('rh_display'));
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/display' });
    const again = await pair(t, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'display.wrong_code' });
    const status = await inject(t, { method: 'GET', url: `/api/terminals/${terminalId}/display`, cookie });
    expect(status.json()).toMatchObject({ paired: true });
  });

  it('two displays entering the same code at once: one pairs, the other is refused', async () => {
    t = await buildTestApp();
    const { cookie, terminalId } = await till(t);
    const { code } = (await mint(t, cookie, terminalId)).json();
    const answers = await Promise.all([pair(t, code), pair(t, code), pair(t, code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('an expired code is refused; a new code replaces the old one', async () => {
    t = await buildTestApp();
    const { cookie, terminalId } = await till(t);
    const { code } = (await mint(t, cookie, terminalId)).json();
    await t.db.execute(`update customer_display_pairings set code_expires_at = now() - interval '1 second'`);
    expect((await pair(t, code)).statusCode).toBe(400);
    const older = (await mint(t, cookie, terminalId)).json().code as string;
    const newer = (await mint(t, cookie, terminalId)).json().code as string;
    if (older !== newer) expect((await pair(t, older)).statusCode).toBe(400);
    expect((await pair(t, newer)).statusCode).toBe(200);
  });

  it('wrong codes are counted for the whole store: fresh cookies and addresses buy no fresh guesses (429), and a right code waits too', async () => {
    t = await buildTestApp();
    const { cookie, terminalId } = await till(t);
    const { code } = (await mint(t, cookie, terminalId)).json();
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      const response = await pair(t, wrong, {
        remoteAddress: `10.30.${i}.1`,
        cookie: `rh_display=${randomUUID()}; rh_device=${randomUUID()}`,
      });
      expect(response.statusCode, `attempt ${i + 1}`).toBe(400);
    }
    const sixth = await pair(t, wrong, { remoteAddress: '10.31.0.1', cookie: `rh_display=${randomUUID()}` });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    const right = await pair(t, code, { remoteAddress: '10.32.0.1' });
    expect(right.statusCode).toBe(429);
  });

  it('while no till has a code, wrong codes are not counted: a stranger cannot lock pairing out in advance', async () => {
    t = await buildTestApp();
    for (let i = 0; i < 8; i++) {
      expect((await pair(t, '123456', { remoteAddress: `10.40.${i}.1` })).statusCode, `attempt ${i + 1}`).toBe(400);
    }
    const { cookie, terminalId } = await till(t);
    const { code } = (await mint(t, cookie, terminalId)).json();
    expect((await pair(t, code)).statusCode).toBe(200);
  });

  it('a malformed code is a 400 with a field message, not a guess', async () => {
    t = await buildTestApp();
    for (const code of ['12345', 'abcdef', '1234567', '']) {
      const response = await pair(t, code);
      expect(response.statusCode, code).toBe(400);
    }
    const response = await inject(t, { method: 'POST', url: '/api/display/pair', payload: { code: 123456 } });
    expect(response.statusCode).toBe(400);
  });
});

describe('who may pair and publish', () => {
  it('a cashier without an open shift at this till may not pair; a manager at their till may', async () => {
    t = await buildTestApp();
    const noShift = await till(t, '2915', 'cashier', false);
    const refused = await mint(t, noShift.cookie, noShift.terminalId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'display.no_shift' });
    const manager = await till(t, '4826', 'manager', false);
    expect((await mint(t, manager.cookie, manager.terminalId)).statusCode).toBe(201);
    // The cashier at their own till may still publish its state and unpair it.
    expect((await putState(t, noShift.cookie, noShift.terminalId, SALE)).statusCode).toBe(204);
  });

  it("nobody pairs, publishes to, reads or unpairs another device's till (403), an unknown till is 404", async () => {
    t = await buildTestApp();
    const a = await till(t, '2915');
    const manager = await till(t, '4826', 'manager', false);
    for (const [method, url, payload] of [
      ['POST', `/api/terminals/${a.terminalId}/display-code`, undefined],
      ['GET', `/api/terminals/${a.terminalId}/display`, undefined],
      ['DELETE', `/api/terminals/${a.terminalId}/display`, undefined],
      ['PUT', `/api/terminals/${a.terminalId}/display/state`, SALE],
    ] as const) {
      const response = await inject(t, { method, url, cookie: manager.cookie, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await mint(t, a.cookie, randomUUID())).statusCode).toBe(404);
  });

  it("the display's cookie is no session: 401 on staff routes and on the till's display routes", async () => {
    t = await buildTestApp();
    const { terminalId, display } = await paired(t);
    for (const [method, url] of [
      ['GET', '/api/transactions'],
      ['GET', '/api/users'],
      ['GET', '/api/shifts/current'],
      ['GET', '/api/events'],
      ['GET', `/api/terminals/${terminalId}/display`],
      ['POST', `/api/terminals/${terminalId}/display-code`],
      ['DELETE', `/api/terminals/${terminalId}/display`],
    ] as const) {
      const response = await inject(t, { method, url, cookie: display });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const put = await putState(t, display, terminalId, SALE);
    expect(put.statusCode).toBe(401);
  });

  it('a state that carries more than the display may show is refused (400)', async () => {
    t = await buildTestApp();
    const { cookie, terminalId } = await till(t);
    const response = await inject(t, {
      method: 'PUT',
      url: `/api/terminals/${terminalId}/display/state`,
      cookie,
      payload: { ...SALE, cashier: 'Ann' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the display stream', () => {
  it("streams the till's state within 200 ms; a reconnecting display gets the latest state", async () => {
    t = await buildTestApp();
    const { cookie, terminalId, display } = await paired(t);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/display/stream`, { headers: { cookie: display } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = stateReader(response.body!);
    expect((await reader.waitFor(1)).data).toMatchObject({ phase: 'idle' });
    const before = Date.now();
    expect((await putState(t, cookie, terminalId, SALE)).statusCode).toBe(204);
    const got = await reader.waitFor(2);
    expect(got).toMatchObject({ event: 'state', data: SALE });
    expect(got.at - before).toBeLessThan(200);
    const paid = { ...SALE, phase: 'paid' as const, paidBy: 'Cash', tendered: '10.00', changeDue: '1.00' };
    await putState(t, cookie, terminalId, paid);
    expect((await reader.waitFor(3)).data).toEqual(paid);
    await reader.stop();

    const again = await fetch(`${address}/api/display/stream`, { headers: { cookie: display } });
    const second = stateReader(again.body!);
    expect((await second.waitFor(1)).data).toEqual(paid);
    await second.stop();
  });

  it('a display follows only its own till; a staff session and a visitor get 401', async () => {
    t = await buildTestApp();
    const a = await paired(t);
    const b = await till(t, '3862');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/display/stream`, { headers: { cookie: a.display } });
    const reader = stateReader(response.body!);
    await reader.waitFor(1);
    await putState(t, b.cookie, b.terminalId, { ...SALE, lines: [{ ...SALE.lines[0]!, name: 'Other till' }] });
    await putState(t, a.cookie, a.terminalId, SALE);
    expect((await reader.waitFor(2)).data).toEqual(SALE);
    await new Promise((r) => setTimeout(r, 100));
    expect(reader.events).toHaveLength(2);
    await reader.stop();
    for (const cookie of [a.cookie, undefined, 'rh_display=not-a-token']) {
      const refused = await fetch(`${address}/api/display/stream`, { headers: cookie ? { cookie } : {} });
      expect(refused.status).toBe(401);
      await refused.body?.cancel();
    }
  });

  it('unpairing from the till, or pairing another display, revokes the display: its stream ends and it gets 401', async () => {
    t = await buildTestApp();
    const { cookie, terminalId, display } = await paired(t);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const open = () => fetch(`${address}/api/display/stream`, { headers: { cookie: display } });
    const reader = stateReader((await open()).body!);
    await reader.waitFor(1);
    // Another display paired with a new code: the first one is revoked.
    const { code } = (await mint(t, cookie, terminalId)).json();
    const second = displayCookie(await pair(t, code));
    expect((await reader.waitFor(2)).event).toBe('unpaired');
    await reader.stop();
    expect((await open()).status).toBe(401);

    const secondReader = stateReader(
      (await fetch(`${address}/api/display/stream`, { headers: { cookie: second } })).body!,
    );
    await secondReader.waitFor(1);
    const unpaired = await inject(t, { method: 'DELETE', url: `/api/terminals/${terminalId}/display`, cookie });
    expect(unpaired.json()).toEqual({ paired: false, pairedAt: null });
    expect((await secondReader.waitFor(2)).event).toBe('unpaired');
    await secondReader.stop();
    const after = await fetch(`${address}/api/display/stream`, { headers: { cookie: second } });
    expect(after.status).toBe(401);
    await after.body?.cancel();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL the stream on one app instance gets the state the till published on another (LISTEN/NOTIFY)',
    async () => {
      t = await buildTestApp();
      const { cookie, terminalId, display } = await paired(t);
      // Two instances on one database, each with its own LISTEN connection (as in production).
      const config = { ...t.config, databaseUrl: t.db.url as string };
      const [tillSide, displaySide] = [
        await buildApp({ config, database: t.db }),
        await buildApp({ config, database: t.db }),
      ];
      others = [tillSide, displaySide];
      for (const app of others) await app.ready();
      const address = await displaySide.listen({ port: 0, host: '127.0.0.1' });
      const reader = stateReader(
        (await fetch(`${address}/api/display/stream`, { headers: { cookie: display } })).body!,
      );
      await reader.waitFor(1);
      // Give the second instance's LISTEN connection a moment.
      await new Promise((r) => setTimeout(r, 300));
      const put = (state: CustomerDisplayState) =>
        tillSide.inject({
          method: 'PUT',
          url: `/api/terminals/${terminalId}/display/state`,
          headers: { cookie },
          payload: state,
        });
      // A first state warms both instances up (the first query of a new pool); the second is timed.
      expect((await put({ ...SALE, total: '1.00' })).statusCode).toBe(204);
      await reader.waitFor(2);
      const before = Date.now();
      expect((await put(SALE)).statusCode).toBe(204);
      const got = await reader.waitFor(3);
      expect(got.data).toEqual(SALE);
      expect(got.at - before).toBeLessThan(200);
      await reader.stop();
    },
  );
});
