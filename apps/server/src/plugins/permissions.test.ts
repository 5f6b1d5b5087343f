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

/** Routes whose answer is a never-ending stream; checked separately in events tests. */
const STREAMING = new Set(['GET /api/events']);

let t: TestApp;
const cookies = new Map<Role, string>();

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ROLES) {
    await createUser(t, { role, pin: PINS[role] });
    cookies.set(role, await signIn(t, PINS[role], `10.9.0.${ROLES.indexOf(role) + 1}`));
  }
});
afterAll(async () => {
  await t.close();
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
    const routes = t.app.routePermissions.filter((r) => r.method !== 'HEAD' && !STREAMING.has(`${r.method} ${r.url}`));
    for (const route of routes) {
      for (const role of [null, ...ROLES] as const) {
        const expected = expectedStatus(role, route.permission);
        // A fresh session per call: some routes (sign-in, sign-out) end the session they are given.
        const cookie = role ? await signIn(t, PINS[role], '10.9.2.1') : undefined;
        const response = await inject(t, {
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          cookie,
          ...(route.method === 'GET' ? {} : { payload: {} }),
          remoteAddress: '10.9.1.1',
        });
        const label = `${route.method} ${route.url} as ${role ?? 'nobody'}`;
        if (expected === 'allowed') {
          expect([401, 403], label).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, label).toBe(expected);
          expect(response.json().message, label).toBeTruthy();
        }
      }
    }
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
