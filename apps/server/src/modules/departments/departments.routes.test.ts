import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { departments } from '../../db/schema/index';

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
    await t.db.db.insert(departments).values([
      { name: 'science', description: 'Labs', building: 'B', managerId },
      { name: 'Arts', isActive: false },
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
