import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../build-test-app';

/**
 * Issue #13 item 6: answers about who is signed in, staff, sales and sign-in itself must not be
 * kept by a browser or a proxy cache (a shared till's back button, a caching proxy). Every API
 * answer, errors included, carries `Cache-Control: no-store`; the web app's own files keep theirs.
 */
const dist = mkdtempSync(path.join(os.tmpdir(), 'rh-cache-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Retail Hub</title>');
writeFileSync(path.join(dist, 'assets/app-abc123.js'), 'export {};\n');

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp({ webDistDir: dist });
  await createUser(t, { role: 'manager', pin: '4826' });
  await createUser(t, { role: 'cashier', pin: '2915' });
  manager = await signIn(t, '4826', '10.70.0.1');
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('Cache-Control on authenticated and sign-in answers', () => {
  it.each([
    ['GET', '/auth/session'],
    ['GET', '/api/users'],
    ['GET', '/api/transactions'],
    ['GET', '/admin/users'],
    ['GET', '/api/products'],
    ['GET', '/api/shifts/current'],
  ] as const)('%s %s answers with no-store', async (method, url) => {
    const response = await inject(t, { method, url, cookie: manager, remoteAddress: '10.70.0.1' });
    expect(response.statusCode, url).toBeLessThan(500);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('a sign-in, a wrong PIN, a throttled sign-in and a sign-out answer with no-store', async () => {
    const pin = (value: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/auth/pin', payload: { pin: value }, remoteAddress });
    const ok = await pin('2915', '10.70.1.1');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    for (let i = 0; i < 5; i++) expect((await pin('1111', '10.70.1.2')).headers['cache-control']).toBe('no-store');
    const throttled = await pin('2915', '10.70.1.2');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['cache-control']).toBe('no-store');
    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', remoteAddress: '10.70.1.1' });
    expect(out.headers['cache-control']).toBe('no-store');
  });

  it('refusals of authenticated routes (401 signed out, 403 wrong role, 404) answer with no-store', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('no-store');
    const cashier = await signIn(t, '2915', '10.70.2.1');
    const forbidden = await inject(t, { method: 'GET', url: '/api/users', cookie: cashier });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['cache-control']).toBe('no-store');
    const unknown = await inject(t, { method: 'GET', url: '/api/no-such-thing', cookie: manager });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('the web app keeps its own caching: hashed assets for a year, the page revalidated', async () => {
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ url: '/pos' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
