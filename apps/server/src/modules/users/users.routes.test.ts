import { USER_MESSAGES } from '@retail-hub/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions, userActivity } from '../../db/schema/index';
import {
  addPerson,
  buildStore,
  call,
  expectNoCredential,
  latestActivityAbout,
  pinSignInStatus,
  recordSaleBy,
  type Store,
  sessionStatus,
  signInAs,
  signInWithPin,
  userRow,
} from './users.test-support';

/**
 * spec §5 Users and roles, §6, §7 Users; the rules of docs/adr/0005. One store for the file:
 * the acting staff never change, and each test acts on people of its own (addPerson).
 */

let store: Store;
let admin: string;
let manager: string;
beforeAll(async () => {
  store = await buildStore();
  admin = await signInAs(store, 'admin');
  manager = await signInAs(store, 'manager');
});
afterAll(async () => {
  await store.t.close();
});

describe('reading users', () => {
  it('a manager reads every user with the spec fields and no credential', async () => {
    const response = await call(store, manager, 'GET', '/api/users');
    expect(response.statusCode).toBe(200);
    expectNoCredential(response.body);
    const body = response.json() as Array<Record<string, unknown>>;
    expect(body.length).toBeGreaterThanOrEqual(6);
    for (const user of body) {
      expect(Object.keys(user).sort()).toEqual(
        ['createdAt', 'department', 'email', 'firstName', 'id', 'isActive', 'lastName', 'role'].sort(),
      );
      expect(new Date(user.createdAt as string).toString()).not.toBe('Invalid Date');
    }
  });

  it('a cashier and a department manager are refused the list and every change', async () => {
    const target = await addPerson(store, 'cashier');
    for (const key of ['cashier', 'deptManager'] as const) {
      const cookie = await signInAs(store, key);
      expect((await call(store, cookie, 'GET', '/api/users')).statusCode, key).toBe(403);
      const change = await call(store, cookie, 'PUT', `/api/users/${target.id}/status`, { isActive: false });
      expect(change.statusCode, key).toBe(403);
    }
    expect((await userRow(store, target.id))?.isActive).toBe(true);
  });

  it('a malformed id is a 400 and an unknown one a 404, never a 500', async () => {
    expect((await call(store, manager, 'PUT', '/api/users/not-a-uuid/role', { role: 'cashier' })).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, body] of [
      ['PUT', `/api/users/${unknown}/role`, { role: 'cashier' }],
      ['PATCH', `/api/users/${unknown}/role`, { role: 'cashier' }],
      ['PUT', `/api/users/${unknown}/status`, { isActive: false }],
      ['DELETE', `/api/users/${unknown}`, undefined],
    ] as const) {
      const response = await call(store, manager, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe('changing a role', () => {
  it("a manager promotes a cashier to manager with PUT; the cashier's open session ends", async () => {
    const cashier = await addPerson(store, 'cashier');
    const cashierSession = await signInWithPin(store, cashier.pin as string);
    const response = await call(store, manager, 'PUT', `/api/users/${cashier.id}/role`, { role: 'manager' });
    expect(response.statusCode).toBe(200);
    expectNoCredential(response.body);
    expect(response.json()).toMatchObject({ id: cashier.id, role: 'manager', isActive: true });
    expect(await sessionStatus(store, cashierSession)).toBe(401);
    // The new role applies from the next sign-in.
    const again = await signInWithPin(store, cashier.pin as string);
    expect((await call(store, again, 'GET', '/api/users')).statusCode).toBe(200);
  });

  it('the change is recorded with who, what and to whom, and nothing secret', async () => {
    const cashier = await addPerson(store, 'cashier');
    await call(store, admin, 'PATCH', `/api/users/${cashier.id}/role`, { role: 'department_manager' });
    const row = await latestActivityAbout(store, 'role_changed', cashier.id);
    expect(row?.userId).toBe(store.ids.admin);
    expect(row?.ipAddress).toBe('10.200.0.1');
    expect(row?.userAgent).toBe('lightMyRequest');
    expect(row?.details).toEqual({
      targetUserId: cashier.id,
      targetName: cashier.name,
      from: 'cashier',
      to: 'department_manager',
    });
  });

  it('nobody changes their own role, not even a super admin', async () => {
    for (const [key, cookie] of [
      ['manager', manager],
      ['admin', admin],
    ] as const) {
      const response = await call(store, cookie, 'PATCH', `/api/users/${store.ids[key]}/role`, { role: 'cashier' });
      expect(response.statusCode, key).toBe(403);
      expect(response.json()).toEqual({ message: USER_MESSAGES.ownRole, code: 'users.own_role' });
    }
    expect((await userRow(store, store.ids.manager))?.role).toBe('manager');
    expect((await userRow(store, store.ids.admin))?.role).toBe('super_admin');
  });

  it('a manager cannot grant a role above their own (department manager, procurement admin, super admin)', async () => {
    const cashier = await addPerson(store, 'cashier');
    for (const role of ['department_manager', 'procurement_admin', 'super_admin']) {
      const response = await call(store, manager, 'PUT', `/api/users/${cashier.id}/role`, { role });
      expect(response.statusCode, role).toBe(403);
      expect(response.json().message).toBe(USER_MESSAGES.roleAboveOwn);
    }
    expect((await userRow(store, cashier.id))?.role).toBe('cashier');
  });

  it('a manager cannot change the role of someone above them, even downwards', async () => {
    for (const key of ['deptManager', 'admin'] as const) {
      const response = await call(store, manager, 'PUT', `/api/users/${store.ids[key]}/role`, { role: 'cashier' });
      expect(response.statusCode, key).toBe(403);
      expect(response.json().message).toBe(USER_MESSAGES.userAboveOwn);
    }
  });

  it('a manager may change another manager (the same level) to cashier', async () => {
    const other = await addPerson(store, 'manager');
    const response = await call(store, manager, 'PUT', `/api/users/${other.id}/role`, { role: 'cashier' });
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('cashier');
  });

  it('a super admin may set any of the five roles, super admin included', async () => {
    const person = await addPerson(store, 'manager');
    for (const role of ['procurement_admin', 'super_admin', 'department_manager', 'cashier']) {
      const response = await call(store, admin, 'PATCH', `/api/users/${person.id}/role`, { role });
      expect(response.statusCode, role).toBe(200);
      expect(response.json().role).toBe(role);
    }
  });

  it('a body carrying more than the role is refused and nothing is written (mass assignment)', async () => {
    const cashier = await addPerson(store, 'cashier');
    for (const body of [
      { role: 'manager', isActive: false },
      { role: 'manager', pinHash: 'deadbeef' },
      { role: 'manager', email: 'x@y.z' },
    ]) {
      const response = await call(store, admin, 'PUT', `/api/users/${cashier.id}/role`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/^Field not allowed here/);
    }
    const row = await userRow(store, cashier.id);
    expect(row).toMatchObject({ role: 'cashier', isActive: true, email: cashier.email });
    expect(await pinSignInStatus(store, cashier.pin as string)).toBe(200);
  });

  it('an unknown role gets "Valid role is required"', async () => {
    const cashier = await addPerson(store, 'cashier');
    for (const role of ['boss', '', null, 3]) {
      const response = await call(store, admin, 'PUT', `/api/users/${cashier.id}/role`, { role });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(USER_MESSAGES.roleInvalid);
    }
  });

  it('setting the role a user already has changes nothing and keeps their session', async () => {
    const cashier = await addPerson(store, 'cashier');
    const cashierSession = await signInWithPin(store, cashier.pin as string);
    const response = await call(store, manager, 'PUT', `/api/users/${cashier.id}/role`, { role: 'cashier' });
    expect(response.statusCode).toBe(200);
    expect(await sessionStatus(store, cashierSession)).toBe(200);
  });
});

describe('changing a status', () => {
  it('a deactivated user loses their open session at once and can no longer sign in; enabling reverses it', async () => {
    const cashier = await addPerson(store, 'cashier');
    const cashierSession = await signInWithPin(store, cashier.pin as string);
    const off = await call(store, manager, 'PUT', `/api/users/${cashier.id}/status`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: cashier.id, isActive: false });
    expect(await sessionStatus(store, cashierSession)).toBe(401);
    expect(await pinSignInStatus(store, cashier.pin as string)).toBe(401);

    const on = await call(store, manager, 'PUT', `/api/users/${cashier.id}/status`, { isActive: true });
    expect(on.statusCode).toBe(200);
    expect(await pinSignInStatus(store, cashier.pin as string)).toBe(200);
    const row = await latestActivityAbout(store, 'status_changed', cashier.id);
    expect(row?.details).toMatchObject({ targetUserId: cashier.id, from: false, to: true });
  });

  it('nobody changes their own status', async () => {
    const response = await call(store, admin, 'PUT', `/api/users/${store.ids.admin}/status`, { isActive: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(USER_MESSAGES.ownStatus);
    expect(await sessionStatus(store, admin)).toBe(200);
  });

  it('a manager cannot disable a super admin or a department manager', async () => {
    for (const key of ['admin', 'deptManager'] as const) {
      const response = await call(store, manager, 'PUT', `/api/users/${store.ids[key]}/status`, { isActive: false });
      expect(response.statusCode, key).toBe(403);
      expect((await userRow(store, store.ids[key]))?.isActive).toBe(true);
    }
  });

  it('a status body must be exactly { isActive: boolean }', async () => {
    const cashier = await addPerson(store, 'cashier');
    for (const body of [{}, { isActive: 'no' }, { isActive: false, role: 'super_admin' }]) {
      const response = await call(store, manager, 'PUT', `/api/users/${cashier.id}/status`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await userRow(store, cashier.id)).toMatchObject({ role: 'cashier', isActive: true });
  });

  it('enabling a user whose PIN an active colleague took meanwhile is refused until they get a new PIN', async () => {
    const away = await addPerson(store, 'cashier');
    const colleague = await addPerson(store, 'cashier');
    await call(store, admin, 'PUT', `/api/users/${away.id}/status`, { isActive: false });
    // The PIN of the deactivated cashier is free among active users now; a colleague takes it.
    const taken = await call(store, admin, 'POST', `/admin/users/${colleague.id}/pin`, { pin: away.pin });
    expect(taken.statusCode).toBe(200);
    const enable = await call(store, admin, 'PUT', `/api/users/${away.id}/status`, { isActive: true });
    expect(enable.statusCode).toBe(409);
    expect(enable.json().message).toBe(USER_MESSAGES.pinClashOnEnable);
    await call(store, admin, 'POST', `/admin/users/${away.id}/pin`, { generate: true });
    expect((await call(store, admin, 'PUT', `/api/users/${away.id}/status`, { isActive: true })).statusCode).toBe(200);
  });
});

describe('removing a user', () => {
  it('a cashier with no history at all is deleted', async () => {
    const cashier = await addPerson(store, 'cashier');
    const response = await call(store, manager, 'DELETE', `/api/users/${cashier.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'deleted', message: `${cashier.name} was removed.` });
    expect(await userRow(store, cashier.id)).toBeUndefined();
    const row = await latestActivityAbout(store, 'user_removed', cashier.id);
    expect(row?.details).toMatchObject({ targetUserId: cashier.id, outcome: 'deleted' });
  });

  it('a cashier with sales is deactivated instead, and every sale is kept', async () => {
    const cashier = await addPerson(store, 'cashier');
    const saleId = await recordSaleBy(store, cashier.id);
    const response = await call(store, manager, 'DELETE', `/api/users/${cashier.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().outcome).toBe('deactivated');
    expect((await userRow(store, cashier.id))?.isActive).toBe(false);
    const sales = await store.t.db.db.select().from(transactions).where(eq(transactions.id, saleId));
    expect(sales).toHaveLength(1);
    expect(await pinSignInStatus(store, cashier.pin as string)).toBe(401);
  });

  it('a cashier who has signed in (recorded activity) is deactivated, and their session ends', async () => {
    const cashier = await addPerson(store, 'cashier');
    const cashierSession = await signInWithPin(store, cashier.pin as string);
    const response = await call(store, admin, 'DELETE', `/api/users/${cashier.id}`);
    expect(response.json().outcome).toBe('deactivated');
    expect(await sessionStatus(store, cashierSession)).toBe(401);
    const history = await store.t.db.db.select().from(userActivity).where(eq(userActivity.userId, cashier.id));
    expect(history.length).toBeGreaterThan(0);
  });

  it('only cashiers can be removed, and nobody removes themselves', async () => {
    for (const key of ['manager', 'deptManager'] as const) {
      const response = await call(store, admin, 'DELETE', `/api/users/${store.ids[key]}`);
      expect(response.statusCode, key).toBe(403);
      expect(response.json().message).toBe(USER_MESSAGES.removeCashiersOnly);
    }
    const self = await call(store, manager, 'DELETE', `/api/users/${store.ids.manager}`);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(USER_MESSAGES.ownRemoval);
    expect(await userRow(store, store.ids.manager)).toBeDefined();
  });
});
