import type { Requisition } from '@retail-hub/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn, type TestApp } from '../../../test/build-test-app';
import { eventually, recordEvents } from '../catalog/catalog.test-support';
import { api, clearPurchasing, type PurchasingFixture, purchasingFixture } from './purchasing.test-support';

let t: TestApp;
let f: PurchasingFixture;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  t = await buildTestApp();
  f = await purchasingFixture(t);
  http = api(t);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await clearPurchasing(t);
});

const URL = '/api/procurement/requisitions';

function body(overrides: Record<string, unknown> = {}) {
  return {
    departmentId: f.departments.eng,
    neededByDate: '2026-12-01',
    note: 'For the new lab',
    lines: [
      { itemId: f.items.paper, qtyRequested: '10', estUnitPrice: '25.50' },
      { itemId: f.items.toner, qtyRequested: 2.5, estUnitPrice: 40 },
    ],
    ...overrides,
  };
}

async function create(cookie = f.cookies.departmentManager, overrides: Record<string, unknown> = {}) {
  const response = await http.post(URL, cookie, body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Requisition;
}

async function submitted(cookie = f.cookies.departmentManager, overrides: Record<string, unknown> = {}) {
  const requisition = await create(cookie, overrides);
  const response = await http.post(`${URL}/${requisition.id}/submit`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Requisition;
}

const activityOf = async (type: string) =>
  (await t.db.execute(`select user_id, details from user_activity where activity_type = '${type}'`)).rows;

describe('creating a requisition', () => {
  it('stores a draft with a REQ number, the lines and the estimated value, for the requester', async () => {
    const requisition = await create();
    expect(requisition).toMatchObject({
      reqNumber: expect.stringMatching(/^REQ-\d{4}-00001$/),
      status: 'draft',
      requesterId: f.userIds.departmentManager,
      departmentId: f.departments.eng,
      neededByDate: '2026-12-01',
      note: 'For the new lab',
      // 10 × 25.50 + 2.5 × 40.00
      estimatedTotal: '355.00',
      approvalThreshold: '1000.00',
      needsManagerApproval: false,
      partiallyOrdered: false,
    });
    expect(requisition.lines).toEqual([
      expect.objectContaining({
        itemId: f.items.paper,
        qtyRequested: '10.000',
        qtyOrdered: '0.000',
        estTotal: '255.00',
      }),
      expect.objectContaining({
        itemId: f.items.toner,
        qtyRequested: '2.500',
        estUnitPrice: '40.00',
        estTotal: '100.00',
      }),
    ]);
    const again = await create();
    expect(again.reqNumber).toMatch(/-00002$/);
  });

  it.each([
    [{ departmentId: undefined }, 'departmentId', 'Department is required'],
    [{ lines: [] }, 'lines', 'Add at least one line'],
    [{ lines: [{ itemId: 'nope', qtyRequested: 1 }] }, 'lines.0.itemId', 'Item is required'],
    [
      { lines: [{ itemId: '00000000-0000-4000-8000-000000000000', qtyRequested: 0 }] },
      'lines.0.qtyRequested',
      'Quantity must be a number greater than 0 with at most 3 decimals',
    ],
    [
      { lines: [{ itemId: '00000000-0000-4000-8000-000000000000', qtyRequested: '1.2345' }] },
      'lines.0.qtyRequested',
      'Quantity must be a number greater than 0 with at most 3 decimals',
    ],
    [
      { lines: [{ itemId: '00000000-0000-4000-8000-000000000000', qtyRequested: -2 }] },
      'lines.0.qtyRequested',
      'Quantity must be a number greater than 0 with at most 3 decimals',
    ],
    [
      { lines: [{ itemId: '00000000-0000-4000-8000-000000000000', qtyRequested: 1, estUnitPrice: '1.234' }] },
      'lines.0.estUnitPrice',
      'Price must be an amount with at most 2 decimals',
    ],
    [{ neededByDate: '01/12/2026' }, 'neededByDate', 'Date must be YYYY-MM-DD'],
  ])('refuses %j with a field message (400) and stores nothing', async (overrides, field, message) => {
    const response = await http.post(URL, f.cookies.departmentManager, body(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect((await t.db.execute('select id from proc_requisitions')).rows).toHaveLength(0);
  });

  it('refuses an unknown item or department with a field message (400)', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const item = await http.post(
      URL,
      f.cookies.departmentManager,
      body({ lines: [{ itemId: unknown, qtyRequested: 1 }] }),
    );
    expect(item.statusCode).toBe(400);
    expect(item.json().errors['lines.0.itemId']).toBe('Item not found');
    const department = await http.post(URL, f.cookies.departmentManager, body({ departmentId: unknown }));
    expect(department.statusCode).toBe(400);
    expect(department.json().errors.departmentId).toBe('Department not found');
    expect((await t.db.execute('select id from proc_requisitions')).rows).toHaveLength(0);
  });

  it('is closed to cashiers (403) and to visitors (401)', async () => {
    expect((await http.post(URL, f.cookies.cashier, body())).statusCode).toBe(403);
    expect((await http.get(URL, f.cookies.cashier)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('publishes requisition.changed', async () => {
    const recorder = recordEvents(t);
    const requisition = await create();
    await eventually(() =>
      recorder.events.find((e) => e.type === 'requisition.changed' && e.ids?.includes(requisition.id)),
    );
    recorder.stop();
  });
});

describe('the requisition states', () => {
  it('a draft is edited and deleted only by its requester', async () => {
    const requisition = await create();
    const other = await http.patch(`${URL}/${requisition.id}`, f.cookies.procurementAdmin, body());
    expect(other.statusCode).toBe(403);
    const edited = await http.patch(
      `${URL}/${requisition.id}`,
      f.cookies.departmentManager,
      body({ lines: [{ itemId: f.items.gloves, qtyRequested: '3', estUnitPrice: '9.99' }] }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      estimatedTotal: '29.97',
      lines: [expect.objectContaining({ itemId: f.items.gloves })],
    });
    expect((await http.del(`${URL}/${requisition.id}`, f.cookies.procurementAdmin)).statusCode).toBe(403);
    expect((await http.del(`${URL}/${requisition.id}`, f.cookies.departmentManager)).statusCode).toBe(204);
    expect((await http.get(`${URL}/${requisition.id}`, f.cookies.departmentManager)).statusCode).toBe(404);
  });

  it('a submitted requisition cannot be edited, submitted again or deleted, only withdrawn to draft', async () => {
    const requisition = await submitted();
    expect(requisition.status).toBe('submitted');
    expect(requisition.submittedAt).not.toBeNull();
    const edit = await http.patch(`${URL}/${requisition.id}`, f.cookies.departmentManager, body());
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('A submitted requisition cannot be edited.');
    expect((await http.post(`${URL}/${requisition.id}/submit`, f.cookies.departmentManager)).statusCode).toBe(409);
    expect((await http.del(`${URL}/${requisition.id}`, f.cookies.departmentManager)).statusCode).toBe(409);
    const withdrawn = await http.post(`${URL}/${requisition.id}/withdraw`, f.cookies.departmentManager);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().status).toBe('draft');
    expect((await http.patch(`${URL}/${requisition.id}`, f.cookies.departmentManager, body())).statusCode).toBe(200);
  });

  it('only the requester submits or withdraws', async () => {
    const requisition = await create();
    expect((await http.post(`${URL}/${requisition.id}/submit`, f.cookies.procurementAdmin)).statusCode).toBe(403);
    await http.post(`${URL}/${requisition.id}/submit`, f.cookies.departmentManager);
    expect((await http.post(`${URL}/${requisition.id}/withdraw`, f.cookies.manager)).statusCode).toBe(403);
  });

  it('a draft or rejected requisition cannot be approved (409)', async () => {
    const draft = await create();
    const response = await http.post(`${URL}/${draft.id}/approve`, f.cookies.procurementAdmin);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A draft requisition cannot be approved.');
    const requisition = await submitted();
    expect(
      (await http.post(`${URL}/${requisition.id}/reject`, f.cookies.procurementAdmin, { note: 'Use stock' }))
        .statusCode,
    ).toBe(200);
    expect((await http.post(`${URL}/${requisition.id}/approve`, f.cookies.manager)).statusCode).toBe(409);
    expect((await http.post(`${URL}/${requisition.id}/withdraw`, f.cookies.departmentManager)).statusCode).toBe(409);
  });
});

describe('approval rules', () => {
  it('the requester can never approve or reject their own requisition, whatever their role', async () => {
    const requisition = await submitted(f.cookies.manager);
    for (const action of ['approve', 'reject']) {
      const response = await http.post(`${URL}/${requisition.id}/${action}`, f.cookies.manager);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You cannot approve or reject your own requisition.');
    }
    const stored = await http.get(`${URL}/${requisition.id}`, f.cookies.manager);
    expect(stored.json().status).toBe('submitted');
  });

  it('a procurement admin approves at or below the department threshold, and records who and when', async () => {
    // 1000.00 exactly: at the threshold.
    const requisition = await submitted(f.cookies.departmentManager, {
      lines: [{ itemId: f.items.paper, qtyRequested: '40', estUnitPrice: '25.00' }],
    });
    expect(requisition).toMatchObject({ estimatedTotal: '1000.00', needsManagerApproval: false });
    const response = await http.post(`${URL}/${requisition.id}/approve`, f.cookies.procurementAdmin, { note: 'OK' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'approved',
      decidedBy: f.userIds.procurementAdmin,
      decidedByName: 'procurementAdmin Tester',
      decisionNote: 'OK',
    });
    const rows = await activityOf('requisition_approved');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: f.userIds.procurementAdmin });
  });

  it('above the threshold only a manager or super_admin approves', async () => {
    const requisition = await submitted(f.cookies.departmentManager, {
      lines: [{ itemId: f.items.toner, qtyRequested: '40.001', estUnitPrice: '25.00' }],
    });
    expect(requisition).toMatchObject({ estimatedTotal: '1000.03', needsManagerApproval: true });
    const refused = await http.post(`${URL}/${requisition.id}/approve`, f.cookies.procurementAdmin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('purchasing.above_threshold');
    // A procurement admin may still reject it.
    const other = await submitted(f.cookies.departmentManager, {
      lines: [{ itemId: f.items.paper, qtyRequested: '400', estUnitPrice: '25.00' }],
    });
    expect((await http.post(`${URL}/${other.id}/reject`, f.cookies.procurementAdmin)).statusCode).toBe(200);
    expect((await activityOf('requisition_rejected')).length).toBe(1);
    const approved = await http.post(`${URL}/${requisition.id}/approve`, f.cookies.superAdmin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
  });

  it('a department manager cannot approve (403)', async () => {
    const requisition = await submitted(f.cookies.manager);
    expect((await http.post(`${URL}/${requisition.id}/approve`, f.cookies.departmentManager)).statusCode).toBe(403);
  });

  it('two approvers at once: one decides, the other gets 409', async () => {
    const requisition = await submitted();
    const answers = await Promise.all([
      http.post(`${URL}/${requisition.id}/approve`, f.cookies.procurementAdmin),
      http.post(`${URL}/${requisition.id}/reject`, f.cookies.procurementAdmin2),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await activityOf('requisition_approved')).length + (await activityOf('requisition_rejected')).length).toBe(
      1,
    );
  });
});

describe('who sees which requisitions', () => {
  it("a department manager raises for their own department only, and sees only that department's", async () => {
    const other = await http.post(URL, f.cookies.departmentManager, body({ departmentId: f.departments.fin }));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({
      code: 'purchasing.not_your_department',
      errors: { departmentId: 'You can raise requisitions only for your own department' },
    });
    // Raised by a manager for Engineering: the Engineering department manager sees it; Finance's not.
    const forEng = await submitted(f.cookies.manager);
    const forFin = await submitted(f.cookies.manager, { departmentId: f.departments.fin });
    const seen = (await http.get(URL, f.cookies.departmentManager)).json() as Requisition[];
    expect(seen.map((r) => r.id)).toEqual([forEng.id]);
    expect((await http.get(`${URL}/${forFin.id}`, f.cookies.departmentManager)).statusCode).toBe(404);
    // Editing someone else's or deciding is not theirs either.
    expect((await http.post(`${URL}/${forEng.id}/approve`, f.cookies.departmentManager)).statusCode).toBe(403);
    expect((await http.get(URL, f.cookies.procurementAdmin)).json()).toHaveLength(2);
    // The form's lookups tell whose department is fixed: the department manager's own, locked.
    const lookups = '/api/procurement/purchasing-lookups';
    expect((await http.get(lookups, f.cookies.departmentManager)).json()).toMatchObject({
      ownDepartmentId: f.departments.eng,
      departmentLocked: true,
    });
    expect((await http.get(lookups, f.cookies.procurementAdmin)).json()).toMatchObject({
      ownDepartmentId: null,
      departmentLocked: false,
    });
  });

  it('a department manager with no department set raises nothing and sees only their own', async () => {
    await createUser(t, { role: 'department_manager', pin: '5285', firstName: 'No', lastName: 'Department' });
    const cookie = await signIn(t, '5285', '10.7.0.99');
    const refused = await http.post(URL, cookie, body());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('purchasing.no_department');
    expect((await http.get('/api/procurement/purchasing-lookups', cookie)).json()).toMatchObject({
      ownDepartmentId: null,
      departmentLocked: true,
    });
    await submitted(f.cookies.manager);
    expect((await http.get(URL, cookie)).json()).toEqual([]);
    expect(await t.db.execute('select count(*)::int as n from proc_requisitions')).toMatchObject({ rows: [{ n: 1 }] });
  });

  it('a department manager sees their own; procurement sees all; filters by status', async () => {
    const mine = await create(f.cookies.departmentManager);
    const managers = await submitted(f.cookies.manager, { departmentId: f.departments.fin });
    const seenByDm = (await http.get(URL, f.cookies.departmentManager)).json() as Requisition[];
    expect(seenByDm.map((r) => r.id)).toEqual([mine.id]);
    expect((await http.get(`${URL}/${managers.id}`, f.cookies.departmentManager)).statusCode).toBe(404);
    const all = (await http.get(URL, f.cookies.procurementAdmin)).json() as Requisition[];
    expect(all.map((r) => r.id).sort()).toEqual([mine.id, managers.id].sort());
    const submittedOnly = (
      await http.get(`${URL}?status=submitted`, f.cookies.procurementAdmin)
    ).json() as Requisition[];
    expect(submittedOnly.map((r) => r.id)).toEqual([managers.id]);
    expect((await http.get(`${URL}?status=bogus`, f.cookies.procurementAdmin)).statusCode).toBe(400);
  });
});

describe('purchasing settings: approval thresholds and department managers', () => {
  it('a manager sets a department threshold (procurement admins may not); approvals follow it', async () => {
    const url = `/api/procurement/departments/${f.departments.eng}/approval-threshold`;
    expect((await http.put(url, f.cookies.procurementAdmin, { approvalThreshold: '1' })).statusCode).toBe(403);
    expect((await http.put(url, f.cookies.manager, { approvalThreshold: '-5' })).statusCode).toBe(400);
    expect(
      (
        await http.put(
          '/api/procurement/departments/00000000-0000-4000-8000-000000000000/approval-threshold',
          f.cookies.manager,
          { approvalThreshold: '5' },
        )
      ).statusCode,
    ).toBe(404);
    const set = await http.put(url, f.cookies.manager, { approvalThreshold: '100' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: f.departments.eng, approvalThreshold: '100.00' });
    const requisition = await submitted(f.cookies.departmentManager, {
      lines: [{ itemId: f.items.paper, qtyRequested: '6', estUnitPrice: '20.00' }],
    });
    expect(requisition).toMatchObject({ approvalThreshold: '100.00', needsManagerApproval: true });
    expect((await http.post(`${URL}/${requisition.id}/approve`, f.cookies.procurementAdmin)).statusCode).toBe(403);
    expect((await activityOf('approval_threshold_changed')).length).toBe(1);
    await http.put(url, f.cookies.manager, { approvalThreshold: '1000' });
    expect((await http.post(`${URL}/${requisition.id}/approve`, f.cookies.procurementAdmin)).statusCode).toBe(200);
  });

  it('a manager sets which department a department manager runs; that scopes their requisitions', async () => {
    const list = await http.get('/api/procurement/department-managers', f.cookies.procurementAdmin);
    expect(list.statusCode).toBe(200);
    const dm = (list.json() as Array<{ userId: string; departmentId: string | null }>).find(
      (m) => m.userId === f.userIds.departmentManager,
    );
    expect(dm?.departmentId).toBe(f.departments.eng);
    const url = `/api/procurement/department-managers/${f.userIds.departmentManager}`;
    expect((await http.put(url, f.cookies.procurementAdmin, { departmentId: f.departments.fin })).statusCode).toBe(403);
    expect(
      (
        await http.put(`/api/procurement/department-managers/${f.userIds.manager}`, f.cookies.manager, {
          departmentId: null,
        })
      ).statusCode,
    ).toBe(404);
    try {
      const moved = await http.put(url, f.cookies.manager, { departmentId: f.departments.fin });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ departmentId: f.departments.fin });
      expect((await http.post(URL, f.cookies.departmentManager, body())).statusCode).toBe(403);
      expect(
        (await http.post(URL, f.cookies.departmentManager, body({ departmentId: f.departments.fin }))).statusCode,
      ).toBe(201);
      expect((await activityOf('department_manager_assigned')).length).toBe(1);
    } finally {
      await http.put(url, f.cookies.manager, { departmentId: f.departments.eng });
    }
  });
});
