import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectedStatus, PERMISSION_KEYS, ROLES, type Role } from '@retail-hub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../test/build-test-app';
import { buildApp } from '../app';

const PINS: Record<Role, string> = {
  cashier: '2915',
  manager: '4826',
  department_manager: '5174',
  procurement_admin: '6048',
  super_admin: '7391',
};

/**
 * Routes whose answer is a never-ending stream; checked separately in the events tests and (the
 * customer display's, public but guarded by the display's own cookie) customer-display.routes.test.ts.
 */
const STREAMING = new Set([
  'GET /api/events',
  'HEAD /api/events',
  'GET /api/display/stream',
  'HEAD /api/display/stream',
]);
/**
 * Public to every role but guarded by its own rule (loopback or the METRICS_TOKEN bearer), which the
 * matrix's remote address cannot meet; metrics.test.ts checks that rule both ways.
 */
const OWN_GUARD = new Set(['GET /metrics', 'HEAD /metrics']);

let t: TestApp;
const cookies = new Map<Role, string>();
/** A stand-in for the built web app, so the catch-all route answers as in production. */
const webDist = mkdtempSync(path.join(os.tmpdir(), 'rh-matrix-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Retail Hub</title>');

beforeAll(async () => {
  t = await buildTestApp({ webDistDir: webDist });
  for (const role of ROLES) {
    await createUser(t, { role, pin: PINS[role] });
    cookies.set(role, await signIn(t, PINS[role], `10.9.0.${ROLES.indexOf(role) + 1}`));
  }
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** Replaces :params with a syntactically valid value so the route matches. */
function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
}

describe('route permissions', () => {
  it('every registered route declares a permission from the shared map', () => {
    expect(t.app.routePermissions.length).toBeGreaterThan(5);
    for (const route of t.app.routePermissions) {
      expect(PERMISSION_KEYS, `${route.method} ${route.url}`).toContain(route.permission);
    }
  });

  it('a route registered without a permission stops the app from starting', async () => {
    const app = await buildApp({ config: t.config, database: t.db });
    await expect(
      app.register(async (child) => {
        child.get('/api/undeclared', async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/declares no permission/);
    await app.close().catch(() => {});
  });

  it('every route answers each role and the signed-out visitor as the permission map says', async () => {
    const routes = t.app.routePermissions.filter(
      (r) => !STREAMING.has(`${r.method} ${r.url}`) && !OWN_GUARD.has(`${r.method} ${r.url}`),
    );
    // Every permission refusal is logged (security guide); count them to compare with user_activity.
    const { rows: before } = await t.db.execute(
      `select count(*)::int as n from user_activity where activity_type = 'access_denied'`,
    );
    let refused = 0;
    for (const route of routes) {
      for (const role of [null, ...ROLES] as const) {
        const expected = expectedStatus(role, route.permission);
        // A fresh session after any call that may have ended it (sign-out); the others reuse theirs.
        const cookie = role ? cookies.get(role) : undefined;
        const response = await inject(t, {
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          cookie,
          ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
          remoteAddress: '10.9.1.1',
        });
        if (role && /logout|sign-?out/.test(route.url)) cookies.set(role, await signIn(t, PINS[role], '10.9.2.1'));
        const label = `${route.method} ${route.url} as ${role ?? 'nobody'} (${response.statusCode} ${response.body.slice(0, 200)})`;
        if (expected === 'allowed') {
          // Allowed means past the guard: neither refusal, nor a crash on an empty body or unknown id.
          expect([401, 403], label).not.toContain(response.statusCode);
          expect(response.statusCode, label).toBeLessThan(500);
        } else {
          expect(response.statusCode, label).toBe(expected);
          if (route.method !== 'HEAD') {
            expect(response.json(), label).toEqual({
              message: expect.any(String),
              code: expected === 401 ? 'auth.unauthorized' : 'auth.forbidden',
            });
          }
          if (expected === 403) refused += 1;
        }
      }
    }
    expect(refused).toBeGreaterThan(0);
    const { rows: after } = await t.db.execute(
      `select count(*)::int as n from user_activity where activity_type = 'access_denied'`,
    );
    expect(Number(after[0]?.n) - Number(before[0]?.n)).toBe(refused);
  }, 300_000);

  it('covers every kind of route: each HTTP method in use, params, and both public and signed-in routes', () => {
    const methods = new Set(t.app.routePermissions.map((r) => r.method));
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(methods).toContain(method);
    expect(t.app.routePermissions.some((r) => r.url.includes(':'))).toBe(true);
    expect(t.app.routePermissions.some((r) => r.permission === 'public')).toBe(true);
    // Every key but `public` names at least one role (a key nobody holds would leave its routes dead).
    for (const key of PERMISSION_KEYS) {
      if (key !== 'public')
        expect(
          ROLES.some((role) => expectedStatus(role, key) === 'allowed'),
          key,
        ).toBe(true);
    }
  });

  it('a route declaring a permission that is not in the shared map stops the app from starting', async () => {
    const app = await buildApp({ config: t.config, database: t.db });
    await expect(
      app.register(async (child) => {
        child.get('/api/misspelt', { config: { permission: 'catalog.mange' as 'catalog.manage' } }, async () => ({}));
      }),
    ).rejects.toThrow(/declares no permission/);
    await app.close().catch(() => {});
  });

  it('editing, archiving and restoring a POS-side department is declared departments.manage (issue #13 item 19)', () => {
    const declared = (method: string, url: string) =>
      t.app.routePermissions.find((r) => r.method === method && r.url === url)?.permission;
    expect(declared('PATCH', '/api/departments/:id')).toBe('departments.manage');
    expect(declared('POST', '/api/departments/:id/archive')).toBe('departments.manage');
    expect(declared('POST', '/api/departments/:id/restore')).toBe('departments.manage');
    expect(ROLES.filter((role) => expectedStatus(role, 'departments.manage') === 'allowed')).toEqual([
      'manager',
      'super_admin',
    ]);
  });

  it('stores routes (issue #16): department managers read, procurement admins and managers write, cashiers nothing', () => {
    const declared = (method: string, url: string) =>
      t.app.routePermissions.find((r) => r.method === method && r.url === url)?.permission;
    expect(declared('GET', '/api/procurement/items')).toBe('stores.view');
    expect(declared('POST', '/api/procurement/items')).toBe('stores.manage');
    expect(declared('POST', '/api/procurement/suppliers/:id/archive')).toBe('stores.manage');
    expect(declared('GET', '/api/procurement/categories/export.csv')).toBe('stores.view');
    expect(declared('POST', '/api/procurement/categories/import')).toBe('stores.manage');
    expect(ROLES.filter((role) => expectedStatus(role, 'stores.view') === 'allowed')).toEqual([
      'manager',
      'department_manager',
      'procurement_admin',
      'super_admin',
    ]);
    expect(ROLES.filter((role) => expectedStatus(role, 'stores.manage') === 'allowed')).toEqual([
      'manager',
      'procurement_admin',
      'super_admin',
    ]);
  });

  it('stock valuation (issue #37): managers and procurement admins', () => {
    const declared = (method: string, url: string) =>
      t.app.routePermissions.find((r) => r.method === method && r.url === url)?.permission;
    expect(declared('GET', '/api/stock-valuation')).toBe('stock.valuation');
    expect(ROLES.filter((role) => expectedStatus(role, 'stock.valuation') === 'allowed')).toEqual([
      'manager',
      'procurement_admin',
      'super_admin',
    ]);
  });

  it("a cashier's session gets 403 from a manager-only route", async () => {
    const response = await inject(t, { method: 'GET', url: '/api/users', cookie: cookies.get('cashier') });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: expect.any(String), code: 'auth.forbidden' });
  });

  it('no session gets 401 from every /api/ route, known or not', async () => {
    for (const url of ['/api/users', '/api/super-admin/health', '/api/events', '/api/products', '/api/anything']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('the user list a manager reads carries no credential', async () => {
    const response = await inject(t, { method: 'GET', url: '/api/users', cookie: cookies.get('manager') });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Array<Record<string, unknown>>;
    expect(body).toHaveLength(ROLES.length);
    for (const user of body) {
      expect(Object.keys(user).sort()).toEqual(
        ['createdAt', 'department', 'email', 'firstName', 'id', 'isActive', 'lastName', 'role'].sort(),
      );
    }
  });
});
