import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../build-test-app';
import { businessTables, concreteUrl, fingerprint } from './support';

/**
 * Issue #8 part 2: cross-site and non-JSON state-changing requests are refused. Checked on every
 * registered POST/PUT/PATCH/DELETE route (new routes included automatically), as a super admin
 * (who may call them all), and the database is unchanged afterwards.
 */
let t: TestApp;
let admin: string;
let tables: string[];

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'super_admin', pin: '7391' });
  admin = await signIn(t, '7391', '10.30.0.1');
  tables = await businessTables(t.db);
});
afterAll(async () => {
  await t.close();
});

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HOST = 'till.example:3000';

function stateChangingRoutes() {
  const routes = t.app.routePermissions.filter((r) => STATE_CHANGING.has(r.method));
  expect(routes.length).toBeGreaterThan(10);
  return routes;
}

function send(route: { method: string; url: string }, headers: Record<string, string>, payload = '{}') {
  return inject(t, {
    method: route.method as 'POST',
    url: concreteUrl(route.url),
    cookie: admin,
    payload,
    headers: { host: HOST, 'content-type': 'application/json', ...headers },
    remoteAddress: '10.30.0.2',
  });
}

describe('cross-site state-changing requests', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['an Origin on another port of the same host', { origin: 'http://till.example:4000' }],
    ['a look-alike Origin', { origin: 'http://till.example:3000.evil.example' }],
    ['Origin: null (sandboxed frame, file://)', { origin: 'null' }],
    ['a malformed Origin', { origin: '::::' }],
  ])('with %s are refused with 403 on every route, and nothing is written', async (_name, headers) => {
    const before = await fingerprint(t.db, tables);
    for (const route of stateChangingRoutes()) {
      const response = await send(route, headers);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().message, `${route.method} ${route.url}`).toBe('Cross-site requests are not allowed.');
    }
    expect(await fingerprint(t.db, tables)).toEqual(before);
    expect((await inject(t, { method: 'GET', url: '/auth/session', cookie: admin })).statusCode).toBe(200);
  });

  it('a sign-in from another site is refused too (login CSRF), and a cross-site sign-out does not sign out', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/pin',
      payload: { pin: '7391' },
      headers: { 'sec-fetch-site': 'cross-site' },
      remoteAddress: '10.30.0.3',
    });
    expect(login.statusCode).toBe(403);
    expect(login.cookies.filter((c) => c.value)).toEqual([]);
    await send({ method: 'POST', url: '/auth/logout' }, { origin: 'https://evil.example' });
    expect((await inject(t, { method: 'GET', url: '/auth/session', cookie: admin })).statusCode).toBe(200);
  });

  it('same-origin and same-site requests pass the guard (the control case)', async () => {
    const controls: Array<Record<string, string>> = [
      { origin: `http://${HOST}` },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of controls) {
      const response = await send({ method: 'POST', url: '/api/categories' }, headers, '{}');
      expect(response.statusCode, JSON.stringify(headers)).toBe(400);
    }
  });
});

describe('state-changing requests that are not JSON', () => {
  it.each([
    ['text/plain', '{"pin":"7391"}'],
    ['application/x-www-form-urlencoded', 'pin=7391&name=x'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="pin"\r\n\r\n7391\r\n--x--'],
    ['text/csv', 'sku,name,price,category\nA,B,1,C'],
    ['application/xml', '<pin>7391</pin>'],
    ['application/octet-stream', 'AAAA'],
  ])('with Content-Type %s are refused with 415 on every route, and nothing is written', async (type, body) => {
    const before = await fingerprint(t.db, tables);
    for (const route of stateChangingRoutes()) {
      const response = await send(route, { 'content-type': type }, body);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(415);
    }
    expect(await fingerprint(t.db, tables)).toEqual(before);
  });

  it('a body without any Content-Type is refused as well, never parsed as JSON', async () => {
    const before = await fingerprint(t.db, tables);
    for (const route of stateChangingRoutes()) {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: concreteUrl(route.url),
        headers: { cookie: admin },
        body: Buffer.from('{"name":"x"}'),
        remoteAddress: '10.30.0.2',
      });
      expect([400, 415], `${route.method} ${route.url}`).toContain(response.statusCode);
    }
    expect(await fingerprint(t.db, tables)).toEqual(before);
  });
});

describe('security headers', () => {
  it('are on every response of every route, errors and refusals included', async () => {
    for (const route of t.app.routePermissions.filter((r) => r.url !== '/api/events' && r.method !== 'HEAD')) {
      for (const cookie of [undefined, admin]) {
        const response = await inject(t, {
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          cookie,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const label = `${route.method} ${route.url} ${response.statusCode}`;
        expect(response.headers['content-security-policy'], label).toContain("frame-ancestors 'none'");
        expect(response.headers['x-content-type-options'], label).toBe('nosniff');
        expect(response.headers['referrer-policy'], label).toBe('same-origin');
      }
    }
  });
});
