import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { procDepartments } from '../../db/schema/index';
import { eventually, recordEvents } from '../catalog/catalog.test-support';

let t: TestApp;
let manager: string;
let cashier: string;
let managerId: string;

beforeAll(async () => {
  t = await buildTestApp();
  managerId = await createUser(t, { role: 'manager', pin: '4826', firstName: 'Mia', lastName: 'Lopez' });
  await createUser(t, { role: 'cashier', pin: '2915' });
  manager = await signIn(t, '4826');
  cashier = await signIn(t, '2915', '10.0.0.2');
});
afterAll(async () => {
  await t.close();
});

describe('department list (spec §7 GET /api/departments)', () => {
  it('lists departments by name with description, building and the manager’s name (or none)', async () => {
    await t.db.db.insert(procDepartments).values([
      { code: 'SCI', name: 'science', description: 'Labs', building: 'B', managerId },
      { code: 'ARTS', name: 'Arts', isArchived: true },
    ]);
    const response = await inject(t, { method: 'GET', url: '/api/departments', cookie: manager });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: expect.any(String), name: 'Arts', description: null, building: null, isActive: false, manager: null },
      {
        id: expect.any(String),
        name: 'science',
        description: 'Labs',
        building: 'B',
        isActive: true,
        manager: { id: managerId, firstName: 'Mia', lastName: 'Lopez' },
      },
    ]);
  });

  it('is for managers and super admins only (spec §7)', async () => {
    const response = await inject(t, { method: 'GET', url: '/api/departments', cookie: cashier });
    expect(response.statusCode).toBe(403);
  });
});

describe('department creation (spec §7 POST /api/departments)', () => {
  const create = (payload: unknown, cookie = manager) =>
    inject(t, { method: 'POST', url: '/api/departments', cookie, payload: payload as object });
  const count = async () => (await t.db.db.select().from(procDepartments)).length;

  it('creates a department with a manager, trimmed, and publishes department.changed', async () => {
    const recorder = recordEvents(t);
    const response = await create({
      name: '  Music  ',
      description: ' Band room ',
      managerId,
      building: ' North ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: 'Music',
      description: 'Band room',
      building: 'North',
      isActive: true,
      manager: { id: managerId, firstName: 'Mia', lastName: 'Lopez' },
    });
    await eventually(() => recorder.events.find((e) => e.type === 'department.changed'));
    recorder.stop();
    const list = (await inject(t, { method: 'GET', url: '/api/departments', cookie: manager })).json();
    expect(list.map((d: { name: string }) => d.name)).toContain('Music');
  });

  it.each([['none'], [''], [null], [undefined]])('treats managerId %j as no manager', async (value) => {
    const name = `Dept ${String(value)} ${Math.random()}`;
    const response = await create({ name, managerId: value, description: '', building: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name, manager: null, description: null, building: null });
  });

  it('refuses a missing, blank or too long name (400 with a field message) and stores nothing', async () => {
    const before = await count();
    for (const [payload, message] of [
      [{}, 'Department name is required'],
      [{ name: '   ' }, 'Department name is required'],
      [{ name: 'x'.repeat(256) }, 'Department name must be at most 255 characters'],
    ] as const) {
      const response = await create(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.name).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('refuses a duplicate name whatever its letter case (409) with a clear message', async () => {
    await create({ name: 'Drama' });
    const before = await count();
    const response = await create({ name: 'DRAMA' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'departments.name_taken',
      message: 'A department named "Drama" already exists.',
    });
    expect(await count()).toBe(before);
  });

  it('two saves of one name in different letter case at the same moment: one 201, one 409', async () => {
    const before = await count();
    const answers = await Promise.all([create({ name: 'Robotics Lab' }), create({ name: 'ROBOTICS LAB' })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await count()).toBe(before + 1);
  });

  it('refuses a manager who is a cashier, inactive, unknown or not an id (400 on managerId)', async () => {
    const cashierId = await createUser(t, { role: 'cashier' });
    const inactive = await createUser(t, { role: 'manager', isActive: false });
    const procurementAdmin = await createUser(t, { role: 'procurement_admin' });
    const before = await count();
    for (const candidate of [cashierId, inactive, procurementAdmin, '00000000-0000-4000-8000-000000000000', 'bob']) {
      const response = await create({ name: `Refused ${candidate}`, managerId: candidate });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.managerId).toBe(
        'Choose an active user with role manager, super_admin or department_manager as the manager.',
      );
    }
    expect(await count()).toBe(before);
  });

  it('accepts a department manager or super admin as manager', async () => {
    for (const role of ['department_manager', 'super_admin'] as const) {
      const id = await createUser(t, { role, firstName: role });
      const response = await create({ name: `Led by ${role}`, managerId: id });
      expect(response.statusCode).toBe(201);
      expect(response.json().manager).toMatchObject({ id, firstName: role });
    }
  });

  it('is for managers and super admins only (403 for a cashier, nothing stored)', async () => {
    const before = await count();
    const response = await create({ name: 'Cashier made' }, cashier);
    expect(response.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('editing and archiving a department (issue #13 item 19)', () => {
  const create = async (name: string) =>
    (await inject(t, { method: 'POST', url: '/api/departments', cookie: manager, payload: { name } })).json() as {
      id: string;
    };
  const edit = (id: string, payload: object, cookie = manager) =>
    inject(t, { method: 'PATCH', url: `/api/departments/${id}`, cookie, payload });
  const action = (id: string, verb: 'archive' | 'restore', cookie = manager) =>
    inject(t, { method: 'POST', url: `/api/departments/${id}/${verb}`, cookie });
  const stored = async (id: string) => (await t.db.db.select().from(procDepartments)).find((d) => d.id === id);

  it('a manager renames a department, sets its manager and building, and clears its description', async () => {
    const { id } = await create('Edit Me');
    await edit(id, { description: 'Old text' });
    const recorder = recordEvents(t);
    const response = await edit(id, { name: ' Edited ', description: '', managerId, building: ' West ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id,
      name: 'Edited',
      description: null,
      building: 'West',
      isActive: true,
      manager: { id: managerId, firstName: 'Mia', lastName: 'Lopez' },
    });
    await eventually(() => recorder.events.some((e) => e.type === 'department.changed'));
    recorder.stop();
    // 'none' removes the manager; fields not sent are kept.
    const cleared = await edit(id, { managerId: 'none' });
    expect(cleared.json()).toMatchObject({ name: 'Edited', building: 'West', manager: null });
  });

  it('refuses a blank name, a name another department has (any case) and a cashier as manager; nothing changes', async () => {
    const { id } = await create('Keep Name');
    await create('Taken Name');
    const blank = await edit(id, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ name: 'Department name is required' });
    const taken = await edit(id, { name: 'taken name' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A department named "Taken Name" already exists.');
    const badManager = await edit(id, { managerId: '00000000-0000-4000-8000-000000000000' });
    expect(badManager.statusCode).toBe(400);
    expect((await stored(id))?.name).toBe('Keep Name');
    // Its own name in another case is not a clash.
    expect((await edit(id, { name: 'KEEP NAME' })).statusCode).toBe(200);
  });

  it('archives a department (kept, shown as archived) and restores it', async () => {
    const { id } = await create('Archive Me');
    const archived = await action(id, 'archive');
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ id, name: 'Archive Me', isActive: false });
    expect((await action(id, 'archive')).statusCode).toBe(200);
    const list = (await inject(t, { method: 'GET', url: '/api/departments', cookie: manager })).json() as Array<{
      id: string;
      isActive: boolean;
    }>;
    expect(list.find((d) => d.id === id)?.isActive).toBe(false);
    const restored = await action(id, 'restore');
    expect(restored.json()).toMatchObject({ id, isActive: true });
  });

  it('answers 404 for a department that does not exist and 400 for an id that is not one', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await edit(missing, { name: 'X' })).statusCode).toBe(404);
    expect((await action(missing, 'archive')).statusCode).toBe(404);
    expect((await action('not-an-id', 'archive')).statusCode).toBe(400);
  });

  it('is for managers and super admins only: a cashier gets 403 and nothing changes', async () => {
    const { id } = await create('Cashier Cannot');
    expect((await edit(id, { name: 'Hacked' }, cashier)).statusCode).toBe(403);
    expect((await action(id, 'archive', cashier)).statusCode).toBe(403);
    expect(await stored(id)).toMatchObject({ name: 'Cashier Cannot', isArchived: false });
  });
});

describe('one department on both screens (issue #33 item 1, ADR 0027)', () => {
  type Proc = { id: string; code: string; name: string; isArchived: boolean };
  const createPos = (name: string) =>
    inject(t, { method: 'POST', url: '/api/departments', cookie: manager, payload: { name } });
  const procList = async () =>
    (await inject(t, { method: 'GET', url: '/api/procurement/departments', cookie: manager })).json() as Proc[];
  const posList = async () =>
    (await inject(t, { method: 'GET', url: '/api/departments', cookie: manager })).json() as Array<{
      id: string;
      name: string;
      isActive: boolean;
    }>;

  it('a department made on /departments is on /procurement-departments with a code made from its name', async () => {
    const made = (await createPos('Home Economics & Food')).json() as { id: string };
    expect((await procList()).find((d) => d.id === made.id)).toMatchObject({
      code: 'HOME_ECONOMICS_FOOD',
      name: 'Home Economics & Food',
      isArchived: false,
    });
  });

  it('the code made from a name takes the next free suffix when it is taken, and "DEPT" when nothing is left', async () => {
    await inject(t, {
      method: 'POST',
      url: '/api/procurement/departments',
      cookie: manager,
      payload: { code: 'GEOGRAPHY', name: 'Geography Faculty' },
    });
    const second = (await createPos('Geography')).json() as { id: string };
    const third = (await createPos('Geography!')).json() as { id: string };
    const symbols = (await createPos('—')).json() as { id: string };
    const codes = new Map((await procList()).map((d) => [d.id, d.code]));
    expect(codes.get(second.id)).toBe('GEOGRAPHY-2');
    expect(codes.get(third.id)).toBe('GEOGRAPHY-3');
    expect(codes.get(symbols.id)).toBe('DEPT');
  });

  it('two departments whose names make the same code, saved at the same moment, both get a code', async () => {
    const answers = await Promise.all([createPos('Media Lab'), createPos('Media-Lab'), createPos('MEDIA  LAB.')]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((r) => (r.json() as { id: string }).id));
    const codes = (await procList()).filter((d) => ids.has(d.id)).map((d) => d.code);
    expect(codes.sort()).toEqual(['MEDIA_LAB', 'MEDIA_LAB-2', 'MEDIA_LAB-3']);
  });

  it('a department made on /procurement-departments is on /departments; archived there is not active here', async () => {
    const made = (
      await inject(t, {
        method: 'POST',
        url: '/api/procurement/departments',
        cookie: manager,
        payload: { code: 'hist', name: 'History' },
      })
    ).json() as Proc;
    expect((await posList()).find((d) => d.id === made.id)).toMatchObject({ name: 'History', isActive: true });
    await inject(t, { method: 'POST', url: `/api/procurement/departments/${made.id}/archive`, cookie: manager });
    expect((await posList()).find((d) => d.id === made.id)?.isActive).toBe(false);
    await inject(t, { method: 'POST', url: `/api/departments/${made.id}/restore`, cookie: manager });
    expect((await procList()).find((d) => d.id === made.id)?.isArchived).toBe(false);
  });

  it('a name is one name across both screens, ignoring case (409 on either side)', async () => {
    await createPos('Philosophy');
    const proc = await inject(t, {
      method: 'POST',
      url: '/api/procurement/departments',
      cookie: manager,
      payload: { code: 'PHIL', name: 'PHILOSOPHY' },
    });
    expect(proc.statusCode).toBe(409);
    expect(proc.json().message).toBe('A department named "Philosophy" already exists.');
    await inject(t, {
      method: 'POST',
      url: '/api/procurement/departments',
      cookie: manager,
      payload: { code: 'LAT', name: 'Latin' },
    });
    const pos = await createPos('latin');
    expect(pos.statusCode).toBe(409);
    expect(pos.json().message).toBe('A department named "Latin" already exists.');
  });

  it('editing on /departments keeps the code, parent, threshold and labour rate', async () => {
    const made = (
      await inject(t, {
        method: 'POST',
        url: '/api/procurement/departments',
        cookie: manager,
        payload: { code: 'CHEM', name: 'Chemistry' },
      })
    ).json() as Proc;
    const edited = await inject(t, {
      method: 'PATCH',
      url: `/api/departments/${made.id}`,
      cookie: manager,
      payload: { name: 'Chemistry Dept', building: 'Lab block', managerId },
    });
    expect(edited.statusCode).toBe(200);
    const [row] = (await t.db.db.select().from(procDepartments)).filter((d) => d.id === made.id);
    expect(row).toMatchObject({
      code: 'CHEM',
      name: 'Chemistry Dept',
      building: 'Lab block',
      managerId,
      parentId: null,
      approvalThreshold: '5000.00',
      labourRate: '0.00',
    });
  });
});
