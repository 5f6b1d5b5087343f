import type { ProcDepartment } from '@retail-hub/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { procDepartments } from '../../db/schema/index';
import { parseCsv } from '../../lib/csv';
import { eventually, recordEvents } from '../catalog/catalog.test-support';

type Dept = ProcDepartment;

let t: TestApp;
let manager: string;
let admin: string;
let cashier: string;
let departmentManager: string;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'manager', pin: '4826' });
  await createUser(t, { role: 'super_admin', pin: '7391' });
  await createUser(t, { role: 'cashier', pin: '2915' });
  await createUser(t, { role: 'department_manager', pin: '5174' });
  manager = await signIn(t, '4826');
  admin = await signIn(t, '7391', '10.0.0.2');
  cashier = await signIn(t, '2915', '10.0.0.3');
  departmentManager = await signIn(t, '5174', '10.0.0.4');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.db.delete(procDepartments);
});

const list = async (query = '', cookie = manager) => {
  const response = await inject(t, { method: 'GET', url: `/api/procurement/departments${query}`, cookie });
  expect(response.statusCode).toBe(200);
  return response.json() as Dept[];
};
const create = (payload: unknown, cookie = manager) =>
  inject(t, { method: 'POST', url: '/api/procurement/departments', cookie, payload: payload as object });
const update = (id: string, payload: unknown, cookie = manager) =>
  inject(t, { method: 'PATCH', url: `/api/procurement/departments/${id}`, cookie, payload: payload as object });
const action = (id: string, what: 'archive' | 'restore', cookie = manager) =>
  inject(t, { method: 'POST', url: `/api/procurement/departments/${id}/${what}`, cookie });
const importCsv = (csv: string, cookie = manager) =>
  inject(t, { method: 'POST', url: '/api/procurement/departments/import', cookie, payload: { csv } });
const stored = () => t.db.db.select().from(procDepartments).orderBy(procDepartments.code);

async function seed(): Promise<Record<string, string>> {
  const rows = await t.db.db
    .insert(procDepartments)
    .values([
      { code: 'ENG', name: 'Engineering' },
      { code: 'FIN', name: 'Finance', description: 'Budgets' },
      { code: 'OLD', name: 'Legacy Stores', isArchived: true },
    ])
    .returning();
  const ids = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  await t.db.db.insert(procDepartments).values({ code: 'ENG-MECH', name: 'Mechanical Workshop', parentId: ids.ENG });
  return ids;
}

describe('create (POST /api/procurement/departments)', () => {
  it('stores the trimmed name and the trimmed, upper-cased code and answers 201 with the department', async () => {
    const response = await create({ code: '  eng ', name: '  Engineering  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      code: 'ENG',
      name: 'Engineering',
      description: null,
      parentId: null,
      isArchived: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(await list()).toHaveLength(1);
  });

  it('publishes department.changed', async () => {
    const recorder = recordEvents(t);
    await create({ code: 'OPS', name: 'Operations' });
    await eventually(() => recorder.events.find((e) => e.type === 'department.changed'));
    recorder.stop();
  });

  it.each([
    [{ name: 'Engineering' }, 'code', 'Code is required'],
    [{ code: '   ', name: 'Engineering' }, 'code', 'Code is required'],
    [{ code: 'ENG' }, 'name', 'Name is required'],
    [{ code: 'ENG', name: ' ' }, 'name', 'Name is required'],
    [{ code: 'X'.repeat(51), name: 'Engineering' }, 'code', 'Code must be at most 50 characters'],
    [{ code: 'ENG', name: 'N'.repeat(256) }, 'name', 'Name must be at most 255 characters'],
  ])('refuses %j with a field message (400) and stores nothing', async (payload, field, message) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(await stored()).toHaveLength(0);
  });

  it('accepts a 50-character code and a 255-character name', async () => {
    expect((await create({ code: 'C'.repeat(50), name: 'N'.repeat(255) })).statusCode).toBe(201);
  });

  it('refuses a duplicate code, whatever its letter case, naming the code (409)', async () => {
    await create({ code: 'ENG', name: 'Engineering' });
    const response = await create({ code: 'eng', name: 'Engines' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'procurement.department_code_taken',
      message: 'A department with code "ENG" already exists.',
    });
    expect(await stored()).toHaveLength(1);
  });

  it('refuses a duplicate name, whatever its letter case, naming the name (409)', async () => {
    await create({ code: 'ENG', name: 'Engineering' });
    const response = await create({ code: 'ENG2', name: 'ENGINEERING' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'procurement.department_name_taken',
      message: 'A department named "Engineering" already exists.',
    });
    expect(await stored()).toHaveLength(1);
  });

  it('names both when code and name are taken', async () => {
    await create({ code: 'ENG', name: 'Engineering' });
    await create({ code: 'FIN', name: 'Finance' });
    const response = await create({ code: 'eng', name: 'finance' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'A department with code "ENG" and a department named "Finance" already exist.',
    );
  });
});

describe('edit (PATCH /api/procurement/departments/{id})', () => {
  it('changes code and name', async () => {
    const ids = await seed();
    const response = await update(ids.FIN as string, { code: 'fin-x', name: 'Finance Office' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: ids.FIN,
      code: 'FIN-X',
      name: 'Finance Office',
      description: 'Budgets',
    });
  });

  it('may keep its own code and name, or change only their letter case', async () => {
    const ids = await seed();
    expect((await update(ids.FIN as string, { code: 'FIN', name: 'FINANCE' })).statusCode).toBe(200);
  });

  it('refuses another department’s code or name (409) and changes nothing', async () => {
    const ids = await seed();
    const byCode = await update(ids.FIN as string, { code: 'eng', name: 'Finance' });
    expect(byCode.statusCode).toBe(409);
    expect(byCode.json().message).toBe('A department with code "ENG" already exists.');
    const byName = await update(ids.FIN as string, { code: 'FIN', name: 'legacy stores' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().message).toBe('A department named "Legacy Stores" already exists.');
    const [fin] = await t.db.db
      .select()
      .from(procDepartments)
      .where(eq(procDepartments.id, ids.FIN as string));
    expect(fin).toMatchObject({ code: 'FIN', name: 'Finance' });
  });

  it('validates like create (400) and answers 404 for an unknown id', async () => {
    const ids = await seed();
    const invalid = await update(ids.FIN as string, { code: '', name: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.code).toBe('Code is required');
    const unknown = await update('00000000-0000-4000-8000-000000000000', { code: 'A', name: 'B' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Department not found');
  });
});

describe('archive and restore', () => {
  it('archives an active department and restores it; the same state twice is a 409', async () => {
    const ids = await seed();
    const fin = ids.FIN as string;
    const archived = await action(fin, 'archive');
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ id: fin, isArchived: true });
    const again = await action(fin, 'archive');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Department "Finance" is already archived.');
    expect((await action(fin, 'restore')).json()).toMatchObject({ isArchived: false });
    const restoreAgain = await action(fin, 'restore');
    expect(restoreAgain.statusCode).toBe(409);
    expect(restoreAgain.json().message).toBe('Department "Finance" is not archived.');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await action('00000000-0000-4000-8000-000000000000', 'archive')).statusCode).toBe(404);
    expect((await action('nope', 'restore')).statusCode).toBe(400);
  });
});

describe('list filters (GET /api/procurement/departments)', () => {
  it('lists every department by name with the full shape by default', async () => {
    const ids = await seed();
    const all = await list();
    expect(all.map((d) => d.code)).toEqual(['ENG', 'FIN', 'OLD', 'ENG-MECH']);
    expect(all.find((d) => d.code === 'ENG-MECH')).toEqual({
      id: expect.any(String),
      code: 'ENG-MECH',
      name: 'Mechanical Workshop',
      description: null,
      parentId: ids.ENG,
      isArchived: false,
      createdAt: expect.any(String),
    });
  });

  it('filters by status (the dashboard counts ?status=active) and hierarchy', async () => {
    await seed();
    expect((await list('?status=active')).map((d) => d.code)).toEqual(['ENG', 'FIN', 'ENG-MECH']);
    expect((await list('?status=archived')).map((d) => d.code)).toEqual(['OLD']);
    expect((await list('?status=all')).map((d) => d.code)).toHaveLength(4);
    expect((await list('?hierarchy=root')).map((d) => d.code)).toEqual(['ENG', 'FIN', 'OLD']);
    expect((await list('?hierarchy=root&status=active')).map((d) => d.code)).toEqual(['ENG', 'FIN']);
  });

  it('searches code or name ignoring case, with % and _ matched literally', async () => {
    await seed();
    expect((await list('?search=mech')).map((d) => d.code)).toEqual(['ENG-MECH']);
    expect((await list('?search=eng')).map((d) => d.code)).toEqual(['ENG', 'ENG-MECH']);
    expect((await list('?search=FINANCE')).map((d) => d.code)).toEqual(['FIN']);
    expect(await list('?search=%25')).toEqual([]);
    expect(await list('?search=_')).toEqual([]);
  });

  it('refuses an unknown status or hierarchy (400)', async () => {
    const response = await inject(t, {
      method: 'GET',
      url: '/api/procurement/departments?status=gone',
      cookie: manager,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Status must be all, active or archived');
    const hierarchy = await inject(t, {
      method: 'GET',
      url: '/api/procurement/departments?hierarchy=leaf',
      cookie: manager,
    });
    expect(hierarchy.statusCode).toBe(400);
  });
});

describe('CSV export', () => {
  it('streams every department by code as a dated attachment, formula cells escaped', async () => {
    await seed();
    await create({ code: '=CMD', name: '+SUM(A1), "quoted"' });
    const response = await inject(t, { method: 'GET', url: '/api/procurement/departments/export.csv', cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="procurement-departments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.split('\n')[0]).toBe('code,name,description,parentCode,status,createdAt');
    const rows = parseCsv(response.body);
    expect(rows.map((r) => r.code)).toEqual(["'=CMD", 'ENG', 'ENG-MECH', 'FIN', 'OLD']);
    expect(rows[0]?.name).toBe(`'+SUM(A1), "quoted"`);
    expect(rows.find((r) => r.code === 'ENG-MECH')).toMatchObject({ parentCode: 'ENG', status: 'active' });
    expect(rows.find((r) => r.code === 'OLD')).toMatchObject({ status: 'archived', parentCode: '' });
  });

  it('round-trips: importing the export changes nothing', async () => {
    await seed();
    await create({ code: '=CMD', name: '-minus' });
    const before = await stored();
    const csv = (await inject(t, { method: 'GET', url: '/api/procurement/departments/export.csv', cookie: manager }))
      .body;
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: 0, updated: 0, unchanged: 5, refused: 0 });
    expect(await stored()).toEqual(before);
  });
});

describe('CSV import (POST /api/procurement/departments/import)', () => {
  it('creates new codes, updates known ones by code and reports each row', async () => {
    const ids = await seed();
    const csv = [
      'code,name,description,parentCode,status',
      'fin,Finance and Audit,Audit too,,',
      'ops,Operations,Stores,,active',
      'ops-log,Logistics,,OPS,',
      'old,Legacy Stores,,,active',
    ].join('\n');
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      created: 2,
      updated: 2,
      unchanged: 0,
      refused: 0,
      rows: [
        { row: 2, code: 'FIN', status: 'updated' },
        { row: 3, code: 'OPS', status: 'created' },
        { row: 4, code: 'OPS-LOG', status: 'created' },
        { row: 5, code: 'OLD', status: 'updated' },
      ],
    });
    const rows = await stored();
    const byCode = Object.fromEntries(rows.map((r) => [r.code, r]));
    expect(byCode.FIN).toMatchObject({ id: ids.FIN, name: 'Finance and Audit', description: 'Audit too' });
    expect(byCode['OPS-LOG']?.parentId).toBe(byCode.OPS?.id);
    expect(byCode.OLD?.isArchived).toBe(false);
  });

  it('refuses bad rows with a reason, and a refused row changes nothing', async () => {
    await seed();
    const before = await stored();
    const csv = [
      'code,name,parentCode,status',
      ',No code,,',
      'NEW1,,,',
      'FIN,Engineering,,', // the name of ENG: refused, FIN unchanged
      'NEW2,engineering,,', // the same name in other letter case
      'NEW3,Child,NOPE,',
      'NEW4,Status,,closed',
      `${'X'.repeat(51)},Long code,,`,
      'ENG,Engineering,ENG-MECH,', // a cycle
      'NEW5,Fine,,',
      'new5,Again,,',
    ].join('\n');
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ created: 1, updated: 0, unchanged: 0, refused: 9 });
    expect(body.rows).toEqual([
      { row: 2, code: '', status: 'refused', reason: 'Code is required' },
      { row: 3, code: 'NEW1', status: 'refused', reason: 'Name is required' },
      { row: 4, code: 'FIN', status: 'refused', reason: 'A department named "Engineering" already exists.' },
      { row: 5, code: 'NEW2', status: 'refused', reason: 'A department named "Engineering" already exists.' },
      { row: 6, code: 'NEW3', status: 'refused', reason: 'Parent department "NOPE" does not exist.' },
      { row: 7, code: 'NEW4', status: 'refused', reason: 'Status must be active or archived' },
      { row: 8, code: 'X'.repeat(51), status: 'refused', reason: 'Code must be at most 50 characters' },
      {
        row: 9,
        code: 'ENG',
        status: 'refused',
        reason: 'Department "ENG-MECH" is below "ENG" and cannot be its parent.',
      },
      { row: 10, code: 'NEW5', status: 'created' },
      {
        row: 11,
        code: 'NEW5',
        status: 'refused',
        reason: 'Code "NEW5" appears more than once in the file (first at row 10).',
      },
    ]);
    const after = await stored();
    expect(after.filter((r) => r.code !== 'NEW5')).toEqual(before);
    expect(after.find((r) => r.code === 'NEW5')?.name).toBe('Fine');
  });

  it('refuses a file without the code or name column, or without rows (400), changing nothing', async () => {
    const missing = await importCsv('code,description\nA,B');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The CSV file needs the columns code and name (missing: name).');
    const empty = await importCsv('code,name\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The CSV file has no department rows.');
    const none = await importCsv('');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose a CSV file to import.');
    expect(await stored()).toHaveLength(0);
  });
});

describe('permissions (spec §6: managers and super admins)', () => {
  it.each([
    ['GET', '/api/procurement/departments'],
    ['POST', '/api/procurement/departments'],
    ['PATCH', '/api/procurement/departments/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/procurement/departments/00000000-0000-4000-8000-000000000000/archive'],
    ['POST', '/api/procurement/departments/00000000-0000-4000-8000-000000000000/restore'],
    ['GET', '/api/procurement/departments/export.csv'],
    ['POST', '/api/procurement/departments/import'],
    ['GET', '/api/procurement/departments/ai-suggestions'],
  ] as const)('%s %s is 403 for a cashier and a department manager', async (method, url) => {
    const payload = method === 'GET' ? undefined : { code: 'A', name: 'B', csv: 'code,name\nA,B' };
    for (const cookie of [cashier, departmentManager]) {
      const response = await inject(t, { method, url, cookie, ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(403);
    }
    expect(await stored()).toHaveLength(0);
  });

  it('a super admin may create', async () => {
    expect((await create({ code: 'SA', name: 'Admin Made' }, admin)).statusCode).toBe(201);
  });
});
