import {
  type Client,
  JOB_STATES,
  type JobDetail,
  type JobState,
  type JobSummary,
  MANUAL_JOB_TRANSITIONS,
} from '@retail-hub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, inject, type TestApp } from '../../../test/build-test-app';
import { buildApp } from '../../app';
import { procDepartments, procItems, procLocations } from '../../db/schema/index';
import { upsertBatch } from '../stores/inventory.repository';
import { postInventoryMovement } from '../stores/inventory.service';
import { expectLedgerBalanced, type StoresSessions, storesSessions, unique } from '../stores/stores.test-support';
import { currentWeek } from './jobs.service';

let t: TestApp;
let s: StoresSessions;
let otherDepartment: string;
let wood: string;
let glue: string;
let store: string;

const JOBS = '/api/procurement/jobs';
/** A 1×1 transparent PNG. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

beforeAll(async () => {
  t = await buildTestApp();
  s = await storesSessions(t);
  const [other] = await t.db.db
    .insert(procDepartments)
    .values({ code: 'JOBS-B', name: 'Metalwork' })
    .returning({ id: procDepartments.id });
  otherDepartment = (other as { id: string }).id;
  const rate = await call('PUT', `/api/procurement/departments/${s.departmentId}/labour-rate`, s.manager, {
    labourRate: '40.00',
  });
  expect(rate.statusCode, rate.body).toBe(200);
  const [w, g] = await t.db.db
    .insert(procItems)
    .values([
      { sku: unique('OAK'), name: 'Oak board', uom: 'm' },
      { sku: unique('GLUE'), name: 'Wood glue', uom: 'l' },
    ])
    .returning({ id: procItems.id });
  wood = (w as { id: string }).id;
  glue = (g as { id: string }).id;
  const [loc] = await t.db.db
    .insert(procLocations)
    .values({ code: unique('WS-1'), name: 'Workshop store', departmentId: s.departmentId })
    .returning({ id: procLocations.id });
  store = (loc as { id: string }).id;
  // 100 m of oak at 12.34 a metre, 40 glue at 3.99.
  for (const [item, qtyMilli, cost] of [
    [wood, 100_000, '12.34'],
    [glue, 40_000, '3.99'],
  ] as const) {
    const batch = await upsertBatch(t.db.db, { itemId: item, batchNo: unique('B'), expiryDate: null, unitCost: cost });
    await postInventoryMovement(t.db.db, {
      itemId: item,
      toLocationId: store,
      qtyMilli,
      reason: 'receipt',
      batchId: batch.id,
    });
  }
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t.close();
});

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) {
  return inject(t, { method, url, cookie, ...(payload ? { payload } : {}) });
}
async function ok<T = JobDetail>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
): Promise<T> {
  const response = await call(method, url, cookie, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json() as T;
}

async function aClient(name = unique('Drama department')): Promise<Client> {
  return ok<Client>('POST', '/api/procurement/clients', s.procurement_admin, { name, isInternal: true });
}
async function aJob(cookie = s.procurement_admin, fields: Record<string, unknown> = {}): Promise<JobDetail> {
  const client = await aClient();
  return ok('POST', JOBS, cookie, {
    title: 'Stage props',
    clientId: client.id,
    departmentId: s.departmentId,
    neededByDate: '2030-01-31',
    ...fields,
  });
}
const move = (job: { id: string }, to: string, cookie = s.procurement_admin, extra: object = {}) =>
  call('POST', `${JOBS}/${job.id}/transition`, cookie, { to, ...extra });

/** A job with 2.5 m of oak and one glue on its BOM and two steps of 1.5 h and 2 h. */
async function plannedJob(): Promise<JobDetail> {
  const job = await aJob();
  await ok('POST', `${JOBS}/${job.id}/bom`, s.procurement_admin, { itemId: wood, qtyRequired: '2.5' });
  await ok('POST', `${JOBS}/${job.id}/bom`, s.procurement_admin, { itemId: glue, qtyRequired: 1 });
  await ok('POST', `${JOBS}/${job.id}/steps`, s.procurement_admin, { name: 'Cut', plannedHours: '1.5' });
  return ok('POST', `${JOBS}/${job.id}/steps`, s.procurement_admin, {
    name: 'Assemble',
    plannedHours: 2,
    assignedTo: s.ids.procurement_admin,
  });
}

async function approvedJob(): Promise<JobDetail> {
  let job = await plannedJob();
  job = await ok('POST', `${JOBS}/${job.id}/quotes`, s.procurement_admin, { validUntil: '2099-12-31' });
  const quote = job.quotes[0] as { id: string };
  await ok('POST', `${JOBS}/${job.id}/quotes/${quote.id}/send`, s.procurement_admin);
  return ok('POST', `${JOBS}/${job.id}/quotes/${quote.id}/accept`, s.procurement_admin);
}

async function onHand(itemId: string): Promise<string> {
  const { rows } = await t.db.execute(
    'select on_hand_qty::text as q from proc_stock_levels where item_id = $1 and location_id = $2',
    [itemId, store],
  );
  return (rows[0]?.q as string | undefined) ?? '0.000';
}

describe('clients', () => {
  it('creates, edits, archives and restores a client, with its jobs', async () => {
    const name = unique('Print room');
    const client = await aClient(name);
    expect(client).toMatchObject({ name, isInternal: true, isArchived: false, openJobs: 0 });
    expect((await call('POST', '/api/procurement/clients', s.manager, { name: name.toUpperCase() })).statusCode).toBe(
      409,
    );
    const bad = await call('POST', '/api/procurement/clients', s.manager, { name: ' ', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: 'Name is required', email: 'Valid email is required' });
    const edited = await ok<Client>('PATCH', `/api/procurement/clients/${client.id}`, s.manager, {
      name,
      contactName: 'Ada',
      email: 'ada@college.example',
    });
    expect(edited).toMatchObject({ contactName: 'Ada', email: 'ada@college.example', isInternal: false });
    const job = await ok<JobDetail>('POST', JOBS, s.manager, {
      title: 'Posters',
      clientId: client.id,
      departmentId: s.departmentId,
    });
    expect(await ok<JobSummary[]>('GET', `${JOBS}?clientId=${client.id}`, s.manager)).toEqual([
      expect.objectContaining({ id: job.id, clientName: name }),
    ]);
    await ok('POST', `/api/procurement/clients/${client.id}/archive`, s.manager);
    const active = await ok<Client[]>('GET', '/api/procurement/clients', s.manager);
    expect(active.some((c) => c.id === client.id)).toBe(false);
    const refused = await call('POST', JOBS, s.manager, {
      title: 'More',
      clientId: client.id,
      departmentId: s.departmentId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ clientId: 'This client is archived' });
    await ok('POST', `/api/procurement/clients/${client.id}/restore`, s.manager);
    expect((await ok<Client>('GET', `/api/procurement/clients/${client.id}`, s.manager)).openJobs).toBe(1);
  });

  it('is closed to cashiers', async () => {
    expect((await call('GET', '/api/procurement/clients', s.cashier)).statusCode).toBe(403);
    expect((await call('GET', JOBS, s.cashier)).statusCode).toBe(403);
    expect((await call('POST', '/api/procurement/clients', s.cashier, { name: 'X' })).statusCode).toBe(403);
  });
});

describe('jobs and their moves', () => {
  it('numbers jobs JOB-YYYY-NNNNN, starts them in draft and records who did what', async () => {
    const job = await aJob();
    expect(job.jobNumber).toMatch(/^JOB-\d{4}-\d{5}$/);
    expect(job).toMatchObject({ status: 'draft', priority: 'normal', departmentId: s.departmentId });
    expect(job.history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'draft' })]);
    expect(job.allowedMoves).toEqual(['cancelled']);
  });

  it('refuses every move §4 does not allow, and the moves that belong to an action', async () => {
    const job = await aJob();
    for (const to of ['approved', 'in_progress', 'qa', 'ready', 'delivered']) {
      const refused = await move(job, to);
      expect(refused.statusCode, to).toBe(409);
      expect(refused.json().code).toBe('jobs.transition_not_allowed');
    }
    const quoted = await move(job, 'quoted');
    expect(quoted.statusCode).toBe(409);
    expect(quoted.json()).toMatchObject({
      code: 'jobs.transition_by_action',
      message: 'Send a quote to move the job to Quoted.',
    });
    expect((await move(job, 'nowhere')).statusCode).toBe(400);
    const cancelled = await move(job, 'cancelled', s.manager, { note: 'Client withdrew' });
    expect(cancelled.statusCode).toBe(200);
    const detail = cancelled.json() as JobDetail;
    expect(detail.status).toBe('cancelled');
    expect(detail.history.at(-1)).toMatchObject({
      fromStatus: 'draft',
      toStatus: 'cancelled',
      note: 'Client withdrew',
    });
    expect(detail.history.at(-1)?.changedByName).toBeTruthy();
    for (const to of ['draft', 'quoted', 'in_progress']) {
      expect((await move(job, to)).statusCode).toBe(409);
    }
    // A closed job changes no more.
    expect((await call('POST', `${JOBS}/${job.id}/bom`, s.manager, { itemId: wood, qtyRequired: 1 })).statusCode).toBe(
      409,
    );
  });

  it('walks approved → in_progress → qa → in_progress → qa → ready, and ready → delivered only by delivery', async () => {
    const job = await approvedJob();
    expect(job.status).toBe('approved');
    expect((await move(job, 'qa')).statusCode).toBe(409);
    expect((await move(job, 'in_progress')).statusCode).toBe(200);
    for (const step of job.steps) {
      await ok('PATCH', `${JOBS}/${job.id}/steps/${step.id}`, s.procurement_admin, {
        status: 'completed',
        actualHours: 1,
      });
    }
    await ok('POST', `${JOBS}/${job.id}/materials/issue`, s.procurement_admin, {
      itemId: wood,
      locationId: store,
      qty: '2.5',
    });
    await ok('POST', `${JOBS}/${job.id}/materials/issue`, s.procurement_admin, {
      itemId: glue,
      locationId: store,
      qty: 1,
    });
    expect((await move(job, 'qa')).statusCode).toBe(200);
    expect((await move(job, 'in_progress', s.procurement_admin, { note: 'Edges rough' })).statusCode).toBe(200);
    expect((await move(job, 'qa')).statusCode).toBe(200);
    expect((await move(job, 'ready')).statusCode).toBe(200);
    const delivered = await move(job, 'delivered');
    expect(delivered.json()).toMatchObject({ code: 'jobs.transition_by_action' });
    const after = await ok('GET', `${JOBS}/${job.id}`, s.procurement_admin);
    expect(after.history.map((h) => h.toStatus)).toEqual([
      'draft',
      'quoted',
      'approved',
      'in_progress',
      'qa',
      'in_progress',
      'qa',
      'ready',
    ]);
  });

  it('keeps qa shut while steps are open', async () => {
    const job = await approvedJob();
    await move(job, 'in_progress');
    const refused = await move(job, 'qa', s.manager, { waiveMaterials: true, note: 'x' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('jobs.steps_open');
  });

  it('keeps qa shut while the BOM is not fully issued, unless a manager waives it with a note', async () => {
    const job = await approvedJob();
    await move(job, 'in_progress');
    for (const step of job.steps) {
      await ok('PATCH', `${JOBS}/${job.id}/steps/${step.id}`, s.procurement_admin, { status: 'skipped' });
    }
    await ok('POST', `${JOBS}/${job.id}/materials/issue`, s.procurement_admin, {
      itemId: wood,
      locationId: store,
      qty: 2,
    });
    const refused = await move(job, 'qa');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('jobs.bom_not_issued');
    const byAdmin = await move(job, 'qa', s.procurement_admin, { waiveMaterials: true, note: 'Offcuts used' });
    expect(byAdmin.statusCode).toBe(403);
    const noNote = await move(job, 'qa', s.manager, { waiveMaterials: true });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual({ note: 'A note is required to waive the materials' });
    const waived = await move(job, 'qa', s.manager, { waiveMaterials: true, note: 'Offcuts used' });
    expect(waived.statusCode).toBe(200);
    expect(waived.json()).toMatchObject({ status: 'qa', materialsWaived: true, materialsWaiverNote: 'Offcuts used' });
  });

  it('lets a department manager run only their department’s jobs', async () => {
    const own = await aJob(s.department_manager);
    expect(own.departmentId).toBe(s.departmentId);
    const client = await aClient();
    const other = await call('POST', JOBS, s.department_manager, {
      title: 'Gate',
      clientId: client.id,
      departmentId: otherDepartment,
    });
    expect(other.statusCode).toBe(403);
    const foreign = await ok<JobDetail>('POST', JOBS, s.manager, {
      title: 'Gate',
      clientId: client.id,
      departmentId: otherDepartment,
    });
    expect((await call('GET', `${JOBS}/${foreign.id}`, s.department_manager)).statusCode).toBe(404);
    expect((await move(foreign, 'cancelled', s.department_manager)).statusCode).toBe(404);
    const list = await ok<JobSummary[]>('GET', JOBS, s.department_manager);
    expect(list.every((j) => j.departmentId === s.departmentId)).toBe(true);
    expect(list.some((j) => j.id === own.id)).toBe(true);
  });

  it('gives gap-free job numbers to concurrent creators on two app instances', async () => {
    const second = await buildApp({ config: t.config, database: t.db });
    await second.ready();
    try {
      const client = await aClient();
      const payload = { title: 'Chairs', clientId: client.id, departmentId: s.departmentId };
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 === 0 ? t.app : second).inject({
            method: 'POST',
            url: JOBS,
            headers: { cookie: s.procurement_admin },
            payload,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
      const all = await ok<JobSummary[]>('GET', JOBS, s.manager);
      const numbers = all.map((j) => Number(j.jobNumber.slice(-5))).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    } finally {
      await second.close();
    }
  });

  it('lists the jobs due this week', async () => {
    const week = currentWeek(t.config.storeTimeZone);
    const job = await aJob(s.procurement_admin, { neededByDate: week.to });
    const due = await ok<JobSummary[]>('GET', `${JOBS}?due=this_week`, s.procurement_admin);
    expect(due.some((j) => j.id === job.id)).toBe(true);
    expect(due.every((j) => j.neededByDate !== '2030-01-31')).toBe(true);
  });
});

/** A fresh job walked through the API to `state` (materials issued and steps done on the way). */
async function jobIn(state: JobState): Promise<JobDetail> {
  const job = await walkTo(state);
  return ok('GET', `${JOBS}/${job.id}`, s.procurement_admin);
}

async function walkTo(state: JobState): Promise<JobDetail> {
  if (state === 'draft') return aJob();
  if (state === 'cancelled') {
    const job = await aJob();
    await move(job, 'cancelled');
    return job;
  }
  if (state === 'quoted') {
    let job = await plannedJob();
    job = await ok('POST', `${JOBS}/${job.id}/quotes`, s.procurement_admin, { validUntil: '2099-12-31' });
    return ok('POST', `${JOBS}/${job.id}/quotes/${(job.quotes[0] as { id: string }).id}/send`, s.procurement_admin);
  }
  const job = await approvedJob();
  if (state === 'approved') return job;
  for (const step of job.steps) {
    await ok('PATCH', `${JOBS}/${job.id}/steps/${step.id}`, s.procurement_admin, {
      status: 'completed',
      actualHours: 1,
    });
  }
  await ok('POST', `${JOBS}/${job.id}/materials/issue`, s.procurement_admin, {
    itemId: wood,
    locationId: store,
    qty: '2.5',
  });
  await ok('POST', `${JOBS}/${job.id}/materials/issue`, s.procurement_admin, {
    itemId: glue,
    locationId: store,
    qty: 1,
  });
  // Steps done and materials issued while approved, so in_progress → qa is open.
  await move(job, 'in_progress');
  if (state === 'in_progress') return job;
  await move(job, 'qa');
  if (state === 'qa') return job;
  await move(job, 'ready');
  if (state === 'ready') return job;
  return ok('POST', `${JOBS}/${job.id}/delivery`, s.procurement_admin, {
    deliveredTo: 'Drama department',
    acceptanceName: 'Ada',
    signature: PNG,
  });
}

describe('the whole move matrix (spec §4)', () => {
  it('allows exactly the moves of the state map from every state and refuses every other one', async () => {
    for (const from of JOB_STATES) {
      const refusedOn = await jobIn(from);
      expect(refusedOn.status).toBe(from);
      for (const to of JOB_STATES) {
        if (MANUAL_JOB_TRANSITIONS[from].includes(to)) {
          const job = await jobIn(from);
          const moved = await move(job, to);
          expect(moved.statusCode, `${from} → ${to}: ${moved.body}`).toBe(200);
          expect((moved.json() as JobDetail).status).toBe(to);
          expect((moved.json() as JobDetail).history.at(-1)).toMatchObject({ fromStatus: from, toStatus: to });
        } else {
          const refused = await move(refusedOn, to);
          expect(refused.statusCode, `${from} → ${to}`).toBe(409);
        }
      }
      const after = await ok('GET', `${JOBS}/${refusedOn.id}`, s.procurement_admin);
      expect(after.status, `refused moves left ${from} as it was`).toBe(from);
    }
    // Hundreds of requests: over 30 s under a load of 20 on 2 cores (issue #31, both engines).
  }, 120_000);
});

describe('quotes', () => {
  it('builds lines from the BOM at unit cost and labour at the department rate, in cents', async () => {
    const job = await plannedJob();
    const quoted = await ok('POST', `${JOBS}/${job.id}/quotes`, s.procurement_admin, {
      validUntil: '2099-12-31',
      taxRate: '10',
    });
    const quote = quoted.quotes[0];
    // 2.5 × 12.34 = 30.85; 1 × 3.99; 3.5 h × 40.00 = 140.00; subtotal 174.84; tax 17.484 → 17.48
    expect(quote).toMatchObject({
      versionNo: 1,
      status: 'draft',
      subtotal: '174.84',
      taxTotal: '17.48',
      grandTotal: '192.32',
    });
    expect(quote?.lines.map((l) => [l.kind, l.qty, l.unitPrice, l.lineTotal])).toEqual(
      expect.arrayContaining([
        ['material', '2.500', '12.34', '30.85'],
        ['material', '1.000', '3.99', '3.99'],
        ['labour', '3.500', '40.00', '140.00'],
      ]),
    );
    expect(quoted.status).toBe('draft');
  });

  it('increments versions, supersedes an open older one, and accepting approves the job with the estimate', async () => {
    let job = await plannedJob();
    job = await ok('POST', `${JOBS}/${job.id}/quotes`, s.procurement_admin, { validUntil: '2099-12-31' });
    const v1 = job.quotes[0] as { id: string };
    job = await ok('POST', `${JOBS}/${job.id}/quotes/${v1.id}/send`, s.procurement_admin);
    expect(job.status).toBe('quoted');
    job = await ok('POST', `${JOBS}/${job.id}/quotes`, s.procurement_admin, { validUntil: '2099-12-31', taxRate: 5 });
    expect(job.quotes.map((q) => [q.versionNo, q.status, q.supersededAt !== null])).toEqual([
      [2, 'draft', false],
      [1, 'rejected', true],
    ]);
    const old = await call('POST', `${JOBS}/${job.id}/quotes/${v1.id}/accept`, s.procurement_admin);
    expect(old.statusCode).toBe(409);
    const v2 = job.quotes[0] as { id: string; grandTotal: string };
    // A draft is not accepted: it is sent first.
    expect((await call('POST', `${JOBS}/${job.id}/quotes/${v2.id}/accept`, s.procurement_admin)).statusCode).toBe(409);
    await ok('POST', `${JOBS}/${job.id}/quotes/${v2.id}/send`, s.procurement_admin);
    job = await ok('POST', `${JOBS}/${job.id}/quotes/${v2.id}/accept`, s.procurement_admin);
    expect(job).toMatchObject({ status: 'approved', priceTotalEstimate: v2.grandTotal });
    expect(job.approvedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(job.quotes[0]?.status).toBe('accepted');
    // No new version once approved.
    expect(
      (await call('POST', `${JOBS}/${job.id}/quotes`, s.procurement_admin, { validUntil: '2099-12-31' })).statusCode,
    ).toBe(409);
  });

  it('refuses to accept an expired quote, and a rejected quote leaves the job quoted', async () => {
    let job = await plannedJob();
    job = await ok('POST', `${JOBS}/${job.id}/quotes`, s.procurement_admin, { validUntil: '2020-01-01' });
    const quote = job.quotes[0] as { id: string };
    await ok('POST', `${JOBS}/${job.id}/quotes/${quote.id}/send`, s.procurement_admin);
    const expired = await call('POST', `${JOBS}/${job.id}/quotes/${quote.id}/accept`, s.procurement_admin);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe('jobs.quote_expired');
    job = await ok('POST', `${JOBS}/${job.id}/quotes/${quote.id}/reject`, s.procurement_admin, { note: 'Too dear' });
    expect(job.status).toBe('quoted');
    expect(job.quotes[0]?.status).toBe('rejected');
  });

  it('refuses a quote for a job with nothing to quote', async () => {
    const job = await aJob();
    const refused = await call('POST', `${JOBS}/${job.id}/quotes`, s.procurement_admin, { validUntil: '2099-12-31' });
    expect(refused.statusCode).toBe(409);
  });
});

describe('materials, cost and delivery', () => {
  it('refuses an issue beyond stock and changes nothing', async () => {
    const job = await approvedJob();
    const before = await onHand(wood);
    const refused = await call('POST', `${JOBS}/${job.id}/materials/issue`, s.procurement_admin, {
      itemId: wood,
      locationId: store,
      qty: '999',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('stores.insufficient_stock');
    expect(await onHand(wood)).toBe(before);
    expect((await ok('GET', `${JOBS}/${job.id}`, s.procurement_admin)).materials).toEqual([]);
    // Not before the job is approved.
    const draft = await aJob();
    expect(
      (
        await call('POST', `${JOBS}/${draft.id}/materials/issue`, s.procurement_admin, {
          itemId: wood,
          locationId: store,
          qty: 1,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('posts wip_issue and wip_return to the ledger, refuses returning more than is out, and closes with the exact actual cost', async () => {
    const job = await approvedJob();
    await move(job, 'in_progress');
    const before = await onHand(wood);
    let detail = await ok('POST', `${JOBS}/${job.id}/materials/issue`, s.procurement_admin, {
      itemId: wood,
      locationId: store,
      qty: '3',
    });
    await ok('POST', `${JOBS}/${job.id}/materials/issue`, s.procurement_admin, {
      itemId: glue,
      locationId: store,
      qty: 1,
    });
    expect(Number(await onHand(wood))).toBeCloseTo(Number(before) - 3, 3);
    const over = await call('POST', `${JOBS}/${job.id}/materials/return`, s.procurement_admin, {
      itemId: wood,
      locationId: store,
      qty: '3.5',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors).toEqual({ qty: 'Only 3.000 of this item is out on this job and can be returned' });
    detail = await ok('POST', `${JOBS}/${job.id}/materials/return`, s.procurement_admin, {
      itemId: wood,
      locationId: store,
      qty: '0.5',
    });
    expect(Number(await onHand(wood))).toBeCloseTo(Number(before) - 2.5, 3);
    const { rows } = await t.db.execute(
      `select reason, ref_table, qty::text as qty, from_location_id, to_location_id from proc_inventory_transactions
       where item_id = $1 and reason in ('wip_issue', 'wip_return') and note like $2 order by created_at`,
      [wood, `%${job.jobNumber}`],
    );
    expect(rows).toEqual([
      {
        reason: 'wip_issue',
        ref_table: 'proc_wip_issues',
        qty: '3.000',
        from_location_id: store,
        to_location_id: null,
      },
      {
        reason: 'wip_return',
        ref_table: 'proc_wip_returns',
        qty: '0.500',
        from_location_id: null,
        to_location_id: store,
      },
    ]);
    expect(detail.bom.find((b) => b.itemId === wood)).toMatchObject({
      qtyIssued: '3.000',
      qtyReturned: '0.500',
      fullyIssued: true,
    });
    // Actual hours 1.25 + 2.5 = 3.75 h × 40.00 = 150.00.
    const [cut, assemble] = detail.steps as unknown as [{ id: string }, { id: string }];
    await ok('PATCH', `${JOBS}/${job.id}/steps/${cut.id}`, s.procurement_admin, {
      status: 'completed',
      actualHours: '1.25',
    });
    detail = await ok('PATCH', `${JOBS}/${job.id}/steps/${assemble.id}`, s.procurement_admin, {
      status: 'completed',
      actualHours: '2.5',
    });
    expect(detail.steps.map((st) => [st.status, st.actualHours, st.completedAt !== null])).toEqual([
      ['completed', '1.25', true],
      ['completed', '2.50', true],
    ]);
    expect((await move(job, 'qa')).statusCode).toBe(200);
    expect((await move(job, 'ready')).statusCode).toBe(200);
    const badSignature = await call('POST', `${JOBS}/${job.id}/delivery`, s.procurement_admin, {
      deliveredTo: 'Drama department',
      acceptanceName: 'Ada Lovelace',
      signature: 'data:image/jpeg;base64,/9j/4AAQ',
    });
    expect(badSignature.statusCode).toBe(400);
    expect(badSignature.json().errors).toEqual({ signature: 'The signature must be a PNG image' });
    const huge = await call('POST', `${JOBS}/${job.id}/delivery`, s.procurement_admin, {
      deliveredTo: 'Drama department',
      acceptanceName: 'Ada Lovelace',
      signature: `data:image/png;base64,iVBORw0KGgo${'A'.repeat(300_000)}`,
    });
    expect(huge.statusCode).toBe(400);
    detail = await ok('POST', `${JOBS}/${job.id}/delivery`, s.procurement_admin, {
      deliveredTo: 'Drama department',
      acceptanceName: 'Ada Lovelace',
      deliveryDate: '2026-11-20',
      signature: PNG,
    });
    // 3 × 12.34 = 37.02 + 3.99 − 0.5 × 12.34 = 6.17 + 150.00 = 184.84
    expect(detail.actualCost).toEqual({
      materialsIssued: '41.01',
      materialsReturned: '6.17',
      labourHours: '3.75',
      labour: '150.00',
      total: '184.84',
    });
    expect(detail).toMatchObject({ status: 'delivered', priceTotalActual: '184.84', deliveredDate: '2026-11-20' });
    expect(detail.priceTotalEstimate).not.toBeNull();
    expect(detail.delivery).toMatchObject({
      deliveredTo: 'Drama department',
      acceptanceName: 'Ada Lovelace',
      deliveryDate: '2026-11-20',
      signature: PNG,
    });
    expect(detail.delivery?.deliveryNo).toMatch(/^DN-\d{4}-\d{5}$/);
    const again = await call('POST', `${JOBS}/${job.id}/delivery`, s.procurement_admin, {
      deliveredTo: 'x',
      acceptanceName: 'y',
      signature: PNG,
    });
    expect(again.statusCode).toBe(409);
    expect(
      (
        await call('POST', `${JOBS}/${job.id}/materials/return`, s.procurement_admin, {
          itemId: wood,
          locationId: store,
          qty: 1,
        })
      ).statusCode,
    ).toBe(409);
    // Delivered is final: the header, the BOM and the steps are read-only.
    const header = await call('PATCH', `${JOBS}/${job.id}`, s.procurement_admin, {
      title: 'Renamed',
      clientId: job.clientId,
      departmentId: s.departmentId,
    });
    expect(header.statusCode).toBe(409);
    expect(header.json().message).toBe('This job is Delivered: it can no longer be changed.');
    const line = detail.bom[0] as { id: string };
    expect(
      (await call('PATCH', `${JOBS}/${job.id}/bom/${line.id}`, s.procurement_admin, { qtyRequired: 9 })).statusCode,
    ).toBe(409);
    expect(
      (await call('PATCH', `${JOBS}/${job.id}/steps/${cut.id}`, s.procurement_admin, { name: 'Saw' })).statusCode,
    ).toBe(409);
  });
});

describe('editing a job (header, BOM lines, steps)', () => {
  const header = (job: JobDetail, changes: Record<string, unknown> = {}) => ({
    title: job.title,
    description: job.description,
    clientId: job.clientId,
    departmentId: job.departmentId,
    priority: job.priority,
    requestedDate: job.requestedDate,
    neededByDate: job.neededByDate,
    ...changes,
  });

  it('edits the header of an open job and refuses a cancelled one', async () => {
    const job = await aJob();
    const other = await aClient();
    const edited = await ok('PATCH', `${JOBS}/${job.id}`, s.procurement_admin, {
      ...header(job),
      title: 'Stage props, act 2',
      description: 'Two chairs',
      priority: 'high',
      clientId: other.id,
      requestedDate: '2029-12-01',
      neededByDate: '2030-02-15',
    });
    expect(edited).toMatchObject({
      title: 'Stage props, act 2',
      description: 'Two chairs',
      priority: 'high',
      clientId: other.id,
      requestedDate: '2029-12-01',
      neededByDate: '2030-02-15',
    });
    const blank = await call('PATCH', `${JOBS}/${job.id}`, s.procurement_admin, header(edited, { title: ' ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ title: 'Title is required' });
    expect((await move(job, 'cancelled')).statusCode).toBe(200);
    const closed = await call('PATCH', `${JOBS}/${job.id}`, s.procurement_admin, header(edited, { title: 'Late' }));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This job is Cancelled: it can no longer be changed.');
  });

  it('keeps the client and department of an approved job, and keeps an archived client on edit', async () => {
    const job = await approvedJob();
    const other = await aClient();
    const client = await call('PATCH', `${JOBS}/${job.id}`, s.procurement_admin, header(job, { clientId: other.id }));
    expect(client.statusCode).toBe(409);
    expect(client.json().errors).toEqual({ clientId: 'The client cannot change once the job is Approved' });
    const department = await call(
      'PATCH',
      `${JOBS}/${job.id}`,
      s.manager,
      header(job, { departmentId: otherDepartment }),
    );
    expect(department.statusCode).toBe(409);
    expect(department.json().errors).toEqual({ departmentId: 'The department cannot change once the job is Approved' });
    // The job's client archived meanwhile: the job can still be edited; moving a job to an archived client cannot.
    await ok('POST', `/api/procurement/clients/${job.clientId}/archive`, s.procurement_admin);
    const renamed = await ok('PATCH', `${JOBS}/${job.id}`, s.procurement_admin, header(job, { title: 'Props v2' }));
    expect(renamed.title).toBe('Props v2');
    const draft = await aJob();
    const archived = await call(
      'PATCH',
      `${JOBS}/${draft.id}`,
      s.procurement_admin,
      header(draft, { clientId: job.clientId }),
    );
    expect(archived.statusCode).toBe(400);
    expect(archived.json().errors).toEqual({ clientId: 'This client is archived' });
  });

  it('lets a department manager edit only their department’s jobs, and not move one to another department', async () => {
    const own = await aJob(s.department_manager);
    const away = await call(
      'PATCH',
      `${JOBS}/${own.id}`,
      s.department_manager,
      header(own, { departmentId: otherDepartment }),
    );
    expect(away.statusCode).toBe(403);
    const client = await aClient();
    let foreign = await ok('POST', JOBS, s.manager, {
      title: 'Gate',
      clientId: client.id,
      departmentId: otherDepartment,
    });
    foreign = await ok('POST', `${JOBS}/${foreign.id}/bom`, s.manager, { itemId: glue, qtyRequired: 1 });
    foreign = await ok('POST', `${JOBS}/${foreign.id}/steps`, s.manager, { name: 'Weld' });
    const bomLine = foreign.bom[0] as { id: string };
    const step = foreign.steps[0] as { id: string };
    for (const [method, url, body] of [
      ['PATCH', `${JOBS}/${foreign.id}`, header(foreign, { title: 'Mine now' })],
      ['PATCH', `${JOBS}/${foreign.id}/bom/${bomLine.id}`, { qtyRequired: 5 }],
      ['DELETE', `${JOBS}/${foreign.id}/bom/${bomLine.id}`, undefined],
      ['POST', `${JOBS}/${foreign.id}/bom`, { itemId: wood, qtyRequired: 1 }],
      ['PATCH', `${JOBS}/${foreign.id}/steps/${step.id}`, { name: 'Grind' }],
      ['DELETE', `${JOBS}/${foreign.id}/steps/${step.id}`, undefined],
      ['POST', `${JOBS}/${foreign.id}/steps`, { name: 'Paint' }],
    ] as const) {
      expect((await call(method, url, s.department_manager, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const after = await ok('GET', `${JOBS}/${foreign.id}`, s.manager);
    expect([after.title, after.bom.length, after.bom[0]?.qtyRequired, after.steps.map((st) => st.name)]).toEqual([
      'Gate',
      1,
      '1.000',
      ['Weld'],
    ]);
  });

  it('edits BOM quantities and notes, never below what is issued, and removes a line with nothing out', async () => {
    const job = await approvedJob();
    await move(job, 'in_progress');
    const [oak, glueLine] = [
      job.bom.find((b) => b.itemId === wood) as { id: string },
      job.bom.find((b) => b.itemId === glue) as { id: string },
    ];
    await ok('POST', `${JOBS}/${job.id}/materials/issue`, s.procurement_admin, {
      itemId: wood,
      locationId: store,
      qty: 2,
    });
    const below = await call('PATCH', `${JOBS}/${job.id}/bom/${oak.id}`, s.procurement_admin, { qtyRequired: '1.5' });
    expect(below.statusCode).toBe(409);
    expect(below.json().errors).toEqual({
      qtyRequired: '2.000 of this item is already issued to the job: the quantity cannot be lower',
    });
    let detail = await ok('PATCH', `${JOBS}/${job.id}/bom/${oak.id}`, s.procurement_admin, {
      qtyRequired: 2,
      notes: 'Cut to 1 m',
    });
    expect(detail.bom.find((b) => b.id === oak.id)).toMatchObject({
      qtyRequired: '2.000',
      notes: 'Cut to 1 m',
      fullyIssued: true,
    });
    // Returned material no longer counts: 0.5 back leaves 1.5 out.
    await ok('POST', `${JOBS}/${job.id}/materials/return`, s.procurement_admin, {
      itemId: wood,
      locationId: store,
      qty: '0.5',
    });
    detail = await ok('PATCH', `${JOBS}/${job.id}/bom/${oak.id}`, s.procurement_admin, { qtyRequired: '1.5' });
    expect(detail.bom.find((b) => b.id === oak.id)?.qtyRequired).toBe('1.500');
    expect((await call('DELETE', `${JOBS}/${job.id}/bom/${oak.id}`, s.procurement_admin)).statusCode).toBe(409);
    detail = await ok('DELETE', `${JOBS}/${job.id}/bom/${glueLine.id}`, s.procurement_admin);
    expect(detail.bom.map((b) => b.itemId)).toEqual([wood]);
    expect(
      (await call('PATCH', `${JOBS}/${job.id}/bom/${glueLine.id}`, s.procurement_admin, { qtyRequired: 1 })).statusCode,
    ).toBe(404);
  });

  it('edits steps while planned; a completed step keeps its actual hours; QA freezes names and plans', async () => {
    let job = await approvedJob();
    await move(job, 'in_progress');
    const [cut, assemble] = job.steps as unknown as [{ id: string }, { id: string }];
    job = await ok('PATCH', `${JOBS}/${job.id}/steps/${cut.id}`, s.procurement_admin, {
      name: 'Cut and plane',
      instructions: 'Plane to 18 mm',
      assignedTo: s.ids.department_manager,
      plannedHours: '2.25',
    });
    expect(job.steps[0]).toMatchObject({
      name: 'Cut and plane',
      instructions: 'Plane to 18 mm',
      assignedTo: s.ids.department_manager,
      plannedHours: '2.25',
    });
    job = await ok('PATCH', `${JOBS}/${job.id}/steps/${cut.id}`, s.procurement_admin, {
      status: 'completed',
      actualHours: '1.75',
    });
    const hours = await call('PATCH', `${JOBS}/${job.id}/steps/${cut.id}`, s.procurement_admin, { actualHours: '3' });
    expect(hours.statusCode).toBe(409);
    expect(hours.json().errors).toEqual({ actualHours: 'A completed step keeps its actual hours' });
    job = await ok('PATCH', `${JOBS}/${job.id}/steps/${cut.id}`, s.procurement_admin, {
      name: 'Cut',
      actualHours: '1.75',
      plannedHours: '2',
    });
    expect(job.steps[0]).toMatchObject({ name: 'Cut', status: 'completed', actualHours: '1.75', plannedHours: '2.00' });
    expect((await call('DELETE', `${JOBS}/${job.id}/steps/${cut.id}`, s.procurement_admin)).statusCode).toBe(409);
    job = await ok('POST', `${JOBS}/${job.id}/steps`, s.procurement_admin, { name: 'Sand', plannedHours: 1 });
    const sand = job.steps.find((st) => st.name === 'Sand') as { id: string; stepNo: number };
    expect(sand.stepNo).toBe(3);
    job = await ok('DELETE', `${JOBS}/${job.id}/steps/${sand.id}`, s.procurement_admin);
    expect(job.steps.map((st) => st.name)).toEqual(['Cut', 'Assemble']);
    await ok('PATCH', `${JOBS}/${job.id}/steps/${assemble.id}`, s.procurement_admin, { status: 'skipped' });
    await ok('POST', `${JOBS}/${job.id}/transition`, s.manager, {
      to: 'qa',
      waiveMaterials: true,
      note: 'Offcuts used',
    });
    const frozen = await call('PATCH', `${JOBS}/${job.id}/steps/${assemble.id}`, s.procurement_admin, {
      name: 'Glue up',
    });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toBe('A job that is QA cannot change its steps.');
    expect((await call('POST', `${JOBS}/${job.id}/steps`, s.procurement_admin, { name: 'Late' })).statusCode).toBe(409);
  });
});

describe('actual hours of a step (issue #30 item 19)', () => {
  it('refuses to complete a step with blank or 0 hours unless 0 is confirmed', async () => {
    const job = await approvedJob();
    const [cut, assemble] = job.steps as unknown as [{ id: string }, { id: string }];
    const blank = await call('PATCH', `${JOBS}/${job.id}/steps/${cut.id}`, s.procurement_admin, {
      status: 'completed',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({
      actualHours: 'Enter the hours worked on this step, or confirm that it took none',
    });
    const zero = await call('PATCH', `${JOBS}/${job.id}/steps/${cut.id}`, s.procurement_admin, {
      status: 'completed',
      actualHours: '0',
    });
    expect(zero.statusCode).toBe(400);
    let detail = await ok('GET', `${JOBS}/${job.id}`, s.procurement_admin);
    expect(detail.steps[0]).toMatchObject({ status: 'pending', actualHours: '0.00' });
    detail = await ok('PATCH', `${JOBS}/${job.id}/steps/${cut.id}`, s.procurement_admin, {
      status: 'completed',
      actualHours: '0',
      confirmNoHours: true,
    });
    expect(detail.steps[0]).toMatchObject({ status: 'completed', actualHours: '0.00' });
    detail = await ok('PATCH', `${JOBS}/${job.id}/steps/${assemble.id}`, s.procurement_admin, {
      status: 'completed',
      actualHours: '3.5',
    });
    expect(detail.steps[1]).toMatchObject({ status: 'completed', actualHours: '3.50' });
  });

  it('lets a manager correct a completed step’s hours with a reason until delivery, recorded, and the cost follows', async () => {
    const job = await jobIn('ready');
    const cut = job.steps[0] as { id: string };
    const url = `${JOBS}/${job.id}/steps/${cut.id}`;
    // Not a manager: the hours stay.
    const admin = await call('PATCH', url, s.procurement_admin, { actualHours: '3.5', hoursReason: 'Timesheet' });
    expect(admin.statusCode).toBe(409);
    expect(admin.json().errors).toEqual({ actualHours: 'A completed step keeps its actual hours' });
    const noReason = await call('PATCH', url, s.manager, { actualHours: '3.5' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ hoursReason: 'Say why the hours are corrected' });
    const before = await ok('GET', `${JOBS}/${job.id}`, s.manager);
    expect(before.actualCost.labourHours).toBe('2.00');
    const after = await ok('PATCH', url, s.manager, { actualHours: '3.5', hoursReason: 'Timesheet says 3.5 h' });
    expect(after.steps[0]).toMatchObject({ status: 'completed', actualHours: '3.50' });
    expect(after.steps[0]?.hoursChanges).toEqual([
      expect.objectContaining({ fromHours: '1.00', toHours: '3.50', reason: 'Timesheet says 3.5 h' }),
    ]);
    expect(after.steps[0]?.hoursChanges[0]?.changedByName).toBeTruthy();
    // 3.5 + 1 hours × 40.00
    expect(after.actualCost).toMatchObject({ labourHours: '4.50', labour: '180.00' });
    const delivered = await ok('POST', `${JOBS}/${job.id}/delivery`, s.procurement_admin, {
      deliveredTo: 'Drama department',
      acceptanceName: 'Ada',
      signature: PNG,
    });
    expect(delivered.actualCost.labour).toBe('180.00');
    const late = await call('PATCH', url, s.manager, { actualHours: '4', hoursReason: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect((await ok('GET', `${JOBS}/${job.id}`, s.manager)).steps[0]?.actualHours).toBe('3.50');
  });
});

describe('attachments', () => {
  const ATTACH = (job: { id: string }) => `${JOBS}/${job.id}/attachments`;
  const pngBytes = Buffer.from(PNG.slice('data:image/png;base64,'.length), 'base64');
  const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
  const b64 = (bytes: Buffer) => bytes.toString('base64');

  it('attaches a photo and a PDF, lists them and serves each as a download with its type', async () => {
    const job = await aJob();
    await ok('POST', ATTACH(job), s.procurement_admin, {
      fileName: 'C:\\fakepath\\front view.png',
      data: b64(pngBytes),
    });
    const detail = await ok('POST', ATTACH(job), s.department_manager, {
      fileName: 'Zeichnung "Tür".pdf',
      data: b64(pdfBytes),
    });
    expect(detail.attachments.map((a) => [a.fileName, a.contentType, a.sizeBytes])).toEqual([
      ['front view.png', 'image/png', pngBytes.length],
      ['Zeichnung "Tür".pdf', 'application/pdf', pdfBytes.length],
    ]);
    expect(detail.attachments[0]?.uploadedByName).toBeTruthy();
    const [png, pdf] = detail.attachments as unknown as [{ id: string }, { id: string }];
    const photo = await call('GET', `${ATTACH(job)}/${png.id}`, s.procurement_admin);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(pngBytes)).toBe(true);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['content-disposition']).toBe(
      `attachment; filename="front view.png"; filename*=UTF-8''front%20view.png`,
    );
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    const drawing = await call('GET', `${ATTACH(job)}/${pdf.id}`, s.manager);
    expect(drawing.rawPayload.equals(pdfBytes)).toBe(true);
    expect(drawing.headers['content-type']).toBe('application/pdf');
    expect(drawing.headers['content-disposition']).toBe(
      `attachment; filename="Zeichnung _T_r_.pdf"; filename*=UTF-8''Zeichnung%20%22T%C3%BCr%22.pdf`,
    );
    // Another job's id does not reach it; removing it leaves the photo.
    const other = await aJob();
    expect((await call('GET', `${ATTACH(other)}/${pdf.id}`, s.procurement_admin)).statusCode).toBe(404);
    expect((await call('DELETE', `${ATTACH(other)}/${pdf.id}`, s.procurement_admin)).statusCode).toBe(404);
    const left = await ok('DELETE', `${ATTACH(job)}/${pdf.id}`, s.procurement_admin);
    expect(left.attachments.map((a) => a.fileName)).toEqual(['front view.png']);
    expect((await call('GET', `${ATTACH(job)}/${pdf.id}`, s.procurement_admin)).statusCode).toBe(404);
  });

  it('refuses a file over 5 MB, a type that is not an image or PDF whatever its name, and text that is not base64', async () => {
    const job = await aJob();
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    pdfBytes.copy(big);
    const tooBig = await call('POST', ATTACH(job), s.procurement_admin, { fileName: 'big.pdf', data: b64(big) });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors).toEqual({ data: 'The file is too large (at most 5 MB)' });
    const huge = await call('POST', ATTACH(job), s.procurement_admin, {
      fileName: 'huge.pdf',
      data: 'A'.repeat(9 * 1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    for (const [fileName, bytes] of [
      ['drawing.png', Buffer.from('not a picture at all')],
      ['page.pdf', Buffer.from('<html><script>alert(1)</script></html>')],
      ['photo.jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ] as const) {
      const wrong = await call('POST', ATTACH(job), s.procurement_admin, { fileName, data: b64(bytes) });
      expect(wrong.statusCode, fileName).toBe(400);
      expect(wrong.json().errors).toEqual({
        data: 'Only images (PNG, JPEG, GIF, WebP) and PDF files can be attached',
      });
    }
    const garbled = await call('POST', ATTACH(job), s.procurement_admin, { fileName: 'x.pdf', data: 'JVBERi0x*4=' });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().errors).toEqual({ data: 'The file could not be read' });
    const missing = await call('POST', ATTACH(job), s.procurement_admin, { fileName: ' ', data: '' });
    expect(missing.statusCode).toBe(400);
    expect((await ok('GET', `${JOBS}/${job.id}`, s.procurement_admin)).attachments).toEqual([]);
  });

  it('is scoped like the job: another department’s job is not found, cashiers are refused, closed jobs only download', async () => {
    const client = await aClient();
    const foreign = await ok('POST', JOBS, s.manager, {
      title: 'Gate',
      clientId: client.id,
      departmentId: otherDepartment,
    });
    const withFile = await ok('POST', ATTACH(foreign), s.manager, { fileName: 'gate.pdf', data: b64(pdfBytes) });
    const file = withFile.attachments[0] as { id: string };
    expect(
      (await call('POST', ATTACH(foreign), s.department_manager, { fileName: 'x.pdf', data: b64(pdfBytes) }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `${ATTACH(foreign)}/${file.id}`, s.department_manager)).statusCode).toBe(404);
    expect((await call('DELETE', `${ATTACH(foreign)}/${file.id}`, s.department_manager)).statusCode).toBe(404);
    expect((await call('GET', `${ATTACH(foreign)}/${file.id}`, s.cashier)).statusCode).toBe(403);
    expect(
      (await call('POST', ATTACH(foreign), s.cashier, { fileName: 'x.pdf', data: b64(pdfBytes) })).statusCode,
    ).toBe(403);
    expect((await move(foreign, 'cancelled', s.manager)).statusCode).toBe(200);
    const closed = await call('POST', ATTACH(foreign), s.manager, { fileName: 'late.pdf', data: b64(pdfBytes) });
    expect(closed.statusCode).toBe(409);
    expect((await call('DELETE', `${ATTACH(foreign)}/${file.id}`, s.manager)).statusCode).toBe(409);
    const download = await call('GET', `${ATTACH(foreign)}/${file.id}`, s.manager);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdfBytes)).toBe(true);
  });

  // Issue #30 item 12: a PNG named evil.html was stored and downloaded as evil.html.
  it('stores and serves a file under the extension of the type found in its bytes, not the one it was sent with', async () => {
    const job = await aJob();
    const jpegBytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    for (const [fileName, data] of [
      ['evil.html', pngBytes],
      ['invoice.pdf.svg', pdfBytes],
      ['Scan.PDF', pdfBytes],
      ['site photo', pngBytes],
      ['holiday.jpeg', jpegBytes],
      ['.html', pngBytes],
    ] as const) {
      await ok('POST', ATTACH(job), s.procurement_admin, { fileName, data: b64(data) });
    }
    const detail = await ok('GET', `${JOBS}/${job.id}`, s.procurement_admin);
    expect(detail.attachments.map((a) => a.fileName)).toEqual([
      'evil.png',
      'invoice.pdf.pdf',
      'Scan.PDF',
      'site photo.png',
      'holiday.jpeg',
      'attachment.png',
    ]);
    const evil = detail.attachments[0] as { id: string };
    const download = await call('GET', `${ATTACH(job)}/${evil.id}`, s.procurement_admin);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="evil.png"; filename*=UTF-8''evil.png`);
    const { rows } = await t.db.execute('select file_name from proc_trade_job_attachments where job_id = $1', [job.id]);
    expect(rows.map((r) => r.file_name)).not.toContain('evil.html');

    // A file stored under its sent name before the fix is served under its type's extension too.
    await t.db.execute('update proc_trade_job_attachments set file_name = $1 where id = $2', ['old.html', evil.id]);
    const old = await call('GET', `${ATTACH(job)}/${evil.id}`, s.procurement_admin);
    expect(old.headers['content-disposition']).toBe(`attachment; filename="old.png"; filename*=UTF-8''old.png`);
    expect((await ok('GET', `${JOBS}/${job.id}`, s.procurement_admin)).attachments[0]?.fileName).toBe('old.png');
  });

  it('keeps at most 20 attachments on a job', async () => {
    const job = await aJob();
    for (let i = 0; i < 20; i++) {
      await ok('POST', ATTACH(job), s.procurement_admin, { fileName: `p${i}.png`, data: b64(pngBytes) });
    }
    const full = await call('POST', ATTACH(job), s.procurement_admin, { fileName: 'p21.png', data: b64(pngBytes) });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('A job can have at most 20 attachments: remove one first');
  });

  // How long the 5 MB file holds the event loop is measured by `npm run bench:event-loop` (issue #31:
  // a timed assertion here failed under load); this test keeps what the server answers.
  it.runIf(process.env.TEST_DATABASE_URL)('takes and serves a 5 MB file', async () => {
    const job = await aJob();
    const photo = Buffer.alloc(5 * 1024 * 1024, 7);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(photo);
    const added = await inject(t, {
      method: 'POST',
      url: ATTACH(job),
      cookie: s.procurement_admin,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fileName: 'site.jpg', data: b64(photo) }),
    });
    expect(added.statusCode).toBe(201);
    const id = (added.json() as JobDetail).attachments[0]?.id;
    const served = await call('GET', `${ATTACH(job)}/${id}`, s.procurement_admin);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(photo)).toBe(true);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });
});
