import { isTrivialPin, USER_MESSAGES } from '@retail-hub/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, sessionCookie, signIn } from '../../../test/build-test-app';
import { userActivity } from '../../db/schema/index';
import { hashPin } from '../../lib/pin-hash';
import {
  addPerson,
  buildStore,
  call,
  expectNoCredential,
  freshAddress,
  latestActivityAbout,
  pinSignInStatus,
  recordSaleBy,
  type Store,
  sessionStatus,
  signInAs,
  signInWithPin,
  unusedPin,
  userRow,
} from '../users/users.test-support';

/** spec §5 Staff, §7 Staff administration; PINs per the security guide; docs/adr/0005. */

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

describe('the staff directory', () => {
  it('lists every user without a credential, for managers and super admins only', async () => {
    for (const cookie of [admin, manager]) {
      const response = await call(store, cookie, 'GET', '/admin/users');
      expect(response.statusCode).toBe(200);
      expectNoCredential(response.body);
      expect((response.json() as unknown[]).length).toBeGreaterThanOrEqual(6);
    }
    for (const key of ['cashier', 'deptManager'] as const) {
      expect((await call(store, await signInAs(store, key), 'GET', '/admin/users')).statusCode).toBe(403);
    }
  });

  it('every staff route answers a bare {} with 400 or 404, never a 500', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['POST', '/admin/users'],
      ['PATCH', `/admin/users/${unknown}`],
      ['POST', `/admin/users/${unknown}/pin`],
      ['DELETE', `/admin/users/${unknown}`],
      ['POST', '/admin/send-email'],
      ['PATCH', `/admin/users/${store.ids.cashier}`],
      ['POST', `/admin/users/${store.ids.cashier}/pin`],
    ] as const) {
      const response = await call(store, admin, method, url, {});
      expect([400, 404], `${method} ${url}`).toContain(response.statusCode);
      expect(response.json().message).toBeTruthy();
    }
  });
});

describe('adding staff', () => {
  it('a super admin adds a staff member with a PIN, who then signs in with it', async () => {
    const pin = unusedPin();
    const response = await call(store, admin, 'POST', '/admin/users', {
      name: 'Robin Shelf',
      firstName: ' Robin ',
      lastName: 'Shelf',
      email: 'Robin.Shelf@Store.TEST',
      role: 'cashier',
      pin,
    });
    expect(response.statusCode).toBe(201);
    expectNoCredential(response.body);
    const created = response.json();
    expect(created).toMatchObject({
      firstName: 'Robin',
      lastName: 'Shelf',
      email: 'robin.shelf@store.test',
      role: 'cashier',
      isActive: true,
      department: null,
    });
    const signedIn = await store.t.app.inject({
      method: 'POST',
      url: '/auth/pin',
      payload: { pin },
      remoteAddress: freshAddress(),
    });
    expect(signedIn.json().user).toMatchObject({ id: created.id, firstName: 'Robin' });
    // Only the keyed hash is stored; the activity row says a PIN was given, never which.
    expect((await userRow(store, created.id))?.pinHash).toBe(hashPin(store.t.config.pinPepper, pin));
    const row = await latestActivityAbout(store, 'user_created', created.id);
    expect(row?.details).toEqual({ targetUserId: created.id, targetName: 'Robin Shelf', to: 'cashier', withPin: true });
    expect(JSON.stringify(row)).not.toContain(pin);
  });

  it('last name, e-mail and PIN are optional', async () => {
    const response = await call(store, manager, 'POST', '/admin/users', {
      firstName: 'Sky',
      lastName: '',
      email: '',
      role: 'cashier',
      pin: '',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ firstName: 'Sky', lastName: null, email: null });
    expect((await userRow(store, response.json().id))?.pinHash).toBeNull();
  });

  it.each([
    [{ role: 'cashier' }, USER_MESSAGES.firstNameRequired],
    [{ firstName: '   ', role: 'cashier' }, USER_MESSAGES.firstNameRequired],
    [{ firstName: 'Al', role: 'cashier', pin: '12a4' }, USER_MESSAGES.pinExactly],
    [{ firstName: 'Al', role: 'cashier', pin: '123' }, USER_MESSAGES.pinExactly],
    [{ firstName: 'Al', role: 'cashier', email: 'not-an-email' }, USER_MESSAGES.emailInvalid],
    [{ firstName: 'Al', role: 'owner' }, USER_MESSAGES.roleInvalid],
    [{ firstName: 'Al' }, USER_MESSAGES.roleInvalid],
  ])('%j is refused with "%s"', async (body, message) => {
    const response = await call(store, admin, 'POST', '/admin/users', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('fields a new user may not be created with (isActive, pinHash, department) are refused', async () => {
    for (const extra of [{ isActive: false }, { pinHash: 'ab' }, { department: 'Front' }]) {
      const response = await call(store, admin, 'POST', '/admin/users', {
        firstName: 'Mass',
        role: 'cashier',
        ...extra,
      });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
    }
  });

  it('a manager cannot add someone above their own level', async () => {
    for (const role of ['department_manager', 'super_admin']) {
      const response = await call(store, manager, 'POST', '/admin/users', { firstName: 'Up', role });
      expect(response.statusCode, role).toBe(403);
      expect(response.json().message).toBe(USER_MESSAGES.roleAboveOwn);
    }
  });

  it('an e-mail already used by someone else is a 409 with a clear message', async () => {
    const response = await call(store, admin, 'POST', '/admin/users', {
      firstName: 'Twin',
      email: 'CASEY@store.test',
      role: 'cashier',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(USER_MESSAGES.emailInUse);
  });
});

describe('PIN rules', () => {
  it('trivial PINs are refused when adding staff and when setting a PIN', async () => {
    const person = await addPerson(store, 'cashier');
    for (const pin of ['1111', '1234', '4321', '0000', '9876']) {
      expect(isTrivialPin(pin)).toBe(true);
      const set = await call(store, admin, 'POST', `/admin/users/${person.id}/pin`, { pin });
      expect(set.statusCode, pin).toBe(400);
      expect(set.json().message).toBe(USER_MESSAGES.pinTrivial);
      const add = await call(store, admin, 'POST', '/admin/users', { firstName: 'Triv', role: 'cashier', pin });
      expect(add.statusCode, pin).toBe(400);
    }
    expect(await pinSignInStatus(store, person.pin as string)).toBe(200);
  });

  it('a PIN another active user holds is refused with 409, without saying whose', async () => {
    const person = await addPerson(store, 'cashier');
    const response = await call(store, admin, 'POST', `/admin/users/${person.id}/pin`, { pin: '7391' }, freshAddress());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: USER_MESSAGES.pinInUse, code: 'users.pin_in_use' });
    const add = await call(
      store,
      admin,
      'POST',
      '/admin/users',
      { firstName: 'Dup', role: 'cashier', pin: '2915' },
      freshAddress(),
    );
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toBe(USER_MESSAGES.pinInUse);
    const refused = await latestActivityAbout(store, 'pin_refused', person.id);
    expect(refused?.userId).toBe(store.ids.admin);
  });

  it('refused PINs count like failed sign-ins: after five, the client must wait (429)', async () => {
    const person = await addPerson(store, 'cashier');
    const address = freshAddress();
    const pins = ['7391', '4826', '5174', '2915', '3862'];
    for (const pin of pins) {
      const response = await call(store, admin, 'POST', `/admin/users/${person.id}/pin`, { pin }, address);
      expect(response.statusCode, pin).toBe(409);
    }
    const blocked = await call(store, admin, 'POST', `/admin/users/${person.id}/pin`, { pin: unusedPin() }, address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("setting a PIN ends the user's sessions; the new PIN signs in and the old one does not", async () => {
    const person = await addPerson(store, 'cashier');
    const oldSession = await signInWithPin(store, person.pin as string);
    const pin = unusedPin();
    const response = await call(store, manager, 'POST', `/admin/users/${person.id}/pin`, { pin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'PIN updated' });
    expect(await sessionStatus(store, oldSession)).toBe(401);
    expect(await pinSignInStatus(store, person.pin as string)).toBe(401);
    expect(await pinSignInStatus(store, pin)).toBe(200);
    const row = await latestActivityAbout(store, 'pin_changed', person.id);
    expect(row?.details).toEqual({ targetUserId: person.id, targetName: person.name, generated: false });
    expect(JSON.stringify(row)).not.toContain(pin);
  });

  it('a generated PIN is returned once, is not trivial, and signs the user in', async () => {
    const person = await addPerson(store, 'cashier', { withPin: false });
    const response = await call(store, admin, 'POST', `/admin/users/${person.id}/pin`, { generate: true });
    expect(response.statusCode).toBe(200);
    const { message, pin } = response.json() as { message: string; pin: string };
    expect(message).toBe('PIN updated');
    expect(pin).toMatch(/^[0-9]{4}$/);
    expect(isTrivialPin(pin)).toBe(false);
    expect(await pinSignInStatus(store, pin)).toBe(200);
    // Nowhere else: not in the directory, not in the activity.
    const list = await call(store, admin, 'GET', '/admin/users');
    expect(list.body).not.toContain(`"${pin}"`);
    const rows = await store.t.db.db.select().from(userActivity).where(eq(userActivity.userId, store.ids.admin));
    expect(JSON.stringify(rows)).not.toContain(`"${pin}"`);
    expect((await latestActivityAbout(store, 'pin_changed', person.id))?.details).toMatchObject({ generated: true });
  });

  it('a manager cannot set the PIN of someone above them', async () => {
    const response = await call(store, manager, 'POST', `/admin/users/${store.ids.admin}/pin`, { generate: true });
    expect(response.statusCode).toBe(403);
    expect(await pinSignInStatus(store, '7391')).toBe(200);
  });

  it('a PIN body carries a 4-digit pin or generate: true and nothing else', async () => {
    const person = await addPerson(store, 'cashier');
    for (const body of [{ pin: '12345' }, { pin: 1234 }, { generate: false }, { pin: '5830', pinHash: 'x' }]) {
      const response = await call(store, admin, 'POST', `/admin/users/${person.id}/pin`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('editing staff', () => {
  it('first name, last name, e-mail and role are edited; a role change ends their sessions', async () => {
    const person = await addPerson(store, 'cashier');
    const session = await signInWithPin(store, person.pin as string);
    const response = await call(store, manager, 'PATCH', `/admin/users/${person.id}`, {
      firstName: 'Renamed',
      lastName: 'Person',
      email: 'renamed@store.test',
      role: 'manager',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Renamed',
      lastName: 'Person',
      email: 'renamed@store.test',
      role: 'manager',
    });
    expect(await sessionStatus(store, session)).toBe(401);
  });

  it('a name-only edit keeps the user signed in', async () => {
    const person = await addPerson(store, 'cashier');
    const session = await signInWithPin(store, person.pin as string);
    const response = await call(store, manager, 'PATCH', `/admin/users/${person.id}`, {
      firstName: 'Only',
      role: 'cashier',
    });
    expect(response.statusCode).toBe(200);
    expect(await sessionStatus(store, session)).toBe(200);
  });

  it('an edit needs a first name, and refuses isActive mixed in or any credential field', async () => {
    const person = await addPerson(store, 'cashier');
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ firstName: '' }, USER_MESSAGES.firstNameRequired],
      [{ firstName: 'A', isActive: false }, USER_MESSAGES.statusAlone],
      [{ firstName: 'A', pinHash: 'x' }, /^Field not allowed here: pinHash/],
      [{ firstName: 'A', pin: '5830' }, /^Field not allowed here: pin/],
      [{}, USER_MESSAGES.nothingToUpdate],
    ];
    for (const [body, message] of cases) {
      const response = await call(store, admin, 'PATCH', `/admin/users/${person.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(await userRow(store, person.id)).toMatchObject({ isActive: true, firstName: person.name.split(' ')[0] });
  });

  it('isActive alone disables and enables (spec §4), ending the sessions of a disabled user', async () => {
    const person = await addPerson(store, 'cashier');
    const session = await signInWithPin(store, person.pin as string);
    const off = await call(store, manager, 'PATCH', `/admin/users/${person.id}`, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false });
    expect(await sessionStatus(store, session)).toBe(401);
    expect(await pinSignInStatus(store, person.pin as string)).toBe(401);
    const on = await call(store, manager, 'PATCH', `/admin/users/${person.id}`, { isActive: true });
    expect(on.json()).toMatchObject({ isActive: true });
    expect(await pinSignInStatus(store, person.pin as string)).toBe(200);
  });

  it('one may edit their own name, but not their own role or status', async () => {
    const self = await call(store, manager, 'PATCH', `/admin/users/${store.ids.manager}`, {
      firstName: 'Morgan',
      lastName: 'Manager',
      email: 'morgan@store.test',
      role: 'manager',
    });
    expect(self.statusCode).toBe(200);
    const role = await call(store, manager, 'PATCH', `/admin/users/${store.ids.manager}`, {
      firstName: 'Morgan',
      role: 'cashier',
    });
    expect(role.statusCode).toBe(403);
    expect(role.json().message).toBe(USER_MESSAGES.ownRole);
    const status = await call(store, manager, 'PATCH', `/admin/users/${store.ids.manager}`, { isActive: false });
    expect(status.statusCode).toBe(403);
    expect(status.json().message).toBe(USER_MESSAGES.ownStatus);
  });

  it('a manager cannot edit a super admin', async () => {
    const response = await call(store, manager, 'PATCH', `/admin/users/${store.ids.admin}`, { firstName: 'Hacked' });
    expect(response.statusCode).toBe(403);
    expect((await userRow(store, store.ids.admin))?.firstName).toBe('Sam');
  });
});

describe('delete on the staff screen means deactivate', () => {
  it('deactivates with the spec message, keeps their sales, and blocks sign-in', async () => {
    const person = await addPerson(store, 'cashier');
    await recordSaleBy(store, person.id);
    const response = await call(store, admin, 'DELETE', `/admin/users/${person.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'User deactivated successfully - transaction history preserved' });
    expect(await userRow(store, person.id)).toMatchObject({ isActive: false });
    expect(await pinSignInStatus(store, person.pin as string)).toBe(401);
  });

  it('applies to any role below or equal to the actor, never to oneself', async () => {
    const other = await addPerson(store, 'manager');
    expect((await call(store, manager, 'DELETE', `/admin/users/${other.id}`)).statusCode).toBe(200);
    expect((await call(store, manager, 'DELETE', `/admin/users/${store.ids.admin}`)).statusCode).toBe(403);
    expect((await call(store, manager, 'DELETE', `/admin/users/${store.ids.manager}`)).statusCode).toBe(403);
  });
});

describe('changing one’s own PIN', () => {
  it('ends every other session of theirs but keeps this device signed in under a new session id', async () => {
    const t = await buildTestApp();
    try {
      const pin = '6048';
      const id = await createUser(t, { role: 'super_admin', pin });
      const here = await signIn(t, pin, '10.1.0.1');
      const elsewhere = await signIn(t, pin, '10.1.0.2');
      const newPin = '5830';
      const response = await inject(t, {
        method: 'POST',
        url: `/admin/users/${id}/pin`,
        cookie: here,
        payload: { pin: newPin },
      });
      expect(response.statusCode).toBe(200);
      const fresh = sessionCookie(response);
      expect(fresh).not.toBe(here);
      for (const [cookie, status] of [
        [here, 401],
        [elsewhere, 401],
        [fresh, 200],
      ] as const) {
        expect((await inject(t, { method: 'GET', url: '/auth/session', cookie })).statusCode).toBe(status);
      }
    } finally {
      await t.close();
    }
  });
});
