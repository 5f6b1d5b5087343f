import type {
  Asset,
  AssetCheckout,
  AssetDetail,
  AssetPage,
  Maintenance,
  PurchaseOrder,
  SafetyCheck,
  Writeoff,
} from '@retail-hub/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { procItems } from '../../db/schema/index';
import {
  api,
  expectStockEqualsLedger,
  type PurchasingFixture,
  purchasingFixture,
} from '../purchasing/purchasing.test-support';

let t: TestApp;
let f: PurchasingFixture;
let http: ReturnType<typeof api>;
let drill: string;
let ladder: string;

beforeAll(async () => {
  t = await buildTestApp();
  f = await purchasingFixture(t);
  http = api(t);
  const [d, l] = await t.db.db
    .insert(procItems)
    .values([
      {
        sku: `DRILL-${process.pid}`,
        name: 'Cordless drill',
        isAsset: true,
        serviceIntervalDays: 90,
        departmentId: f.departments.eng,
      },
      { sku: `LADDER-${process.pid}`, name: 'Step ladder', isAsset: true },
    ])
    .returning({ id: procItems.id });
  drill = d?.id as string;
  ladder = l?.id as string;
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectStockEqualsLedger(t);
});

const A = '/api/procurement/assets';
const admin = () => f.cookies.procurementAdmin;

async function ok<T>(response: { statusCode: number; body: string; json: () => unknown }, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

async function newAsset(fields: Record<string, unknown> = {}): Promise<AssetDetail> {
  return ok<AssetDetail>(await http.post(A, admin(), { itemId: ladder, ...fields }), 201);
}

const asset = async (id: string) => ok<AssetDetail>(await http.get(`${A}/${id}`, f.cookies.manager));

const lend = (assetId: string, cookie = admin(), extra: Record<string, unknown> = {}) =>
  http.post('/api/asset-checkouts', cookie, { assetId, userId: f.userIds.cashier, ...extra });

const giveBack = (checkoutId: string, returnCondition: string, notes?: string) =>
  http.post(`/api/asset-checkouts/${checkoutId}/return`, admin(), { returnCondition, notes });

describe('asset register', () => {
  it('creates units with unique tags (generated when empty), searches them and edits them', async () => {
    const generated = await newAsset({ serialNumber: 'SN-1', purchasePrice: '89.9', locationId: f.locations.main });
    expect(generated.assetTag).toMatch(/^AST-\d{4}-\d{5}$/);
    expect(generated).toMatchObject({
      state: 'available',
      purchasePrice: '89.90',
      source: 'manual',
      blockedReason: null,
    });
    const typed = await newAsset({ assetTag: 'LAD-0001' });
    const taken = await http.post(A, admin(), { itemId: ladder, assetTag: 'lad-0001' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'assets.tag_taken',
      errors: { assetTag: 'This asset tag is already in use' },
    });
    const serial = await http.post(A, admin(), { itemId: ladder, serialNumber: 'SN-1' });
    expect(serial.statusCode).toBe(409);
    const bad = await http.post(A, admin(), { itemId: ladder, purchasePrice: 'ten' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      purchasePrice: 'Purchase price must be an amount of 0 or more with at most 2 decimals, such as 120.00',
    });
    const negative = await http.post(A, admin(), { itemId: ladder, purchasePrice: '-5.00' });
    expect(negative.statusCode).toBe(400);

    const page = await ok<AssetPage>(await http.get(`${A}?search=LAD-0001`, f.cookies.manager));
    expect(page.assets.map((a) => a.id)).toEqual([typed.id]);
    expect(page.total).toBe(1);

    const moved = await ok<AssetDetail>(
      await http.patch(`${A}/${typed.id}`, admin(), { locationId: f.locations.annex, notes: 'Top shelf' }),
    );
    expect(moved.locationId).toBe(f.locations.annex);
    expect(moved.history.map((e) => e.kind)).toEqual(['registered', 'moved', 'updated']);
    // A cashier may not register units, nor a department manager with no department set yet.
    expect((await http.post(A, f.cookies.cashier, { itemId: ladder })).statusCode).toBe(403);
    await t.db.db.execute(sql`update users set proc_department_id = null where id = ${f.userIds.departmentManager}`);
    const noDepartment = await http.post(A, f.cookies.departmentManager, { itemId: ladder });
    expect(noDepartment.statusCode).toBe(403);
    expect(noDepartment.json()).toMatchObject({ code: 'assets.no_department' });
  });

  it('a department manager reads only their department’s units', async () => {
    await t.db.db.execute(
      sql`update users set proc_department_id = ${f.departments.eng} where id = ${f.userIds.departmentManager}`,
    );
    const mine = await ok<AssetDetail>(await http.post(A, admin(), { itemId: drill }), 201);
    expect(mine.departmentId).toBe(f.departments.eng);
    const other = await newAsset({ departmentId: f.departments.fin });
    const page = await ok<AssetPage>(await http.get(`${A}?pageSize=200`, f.cookies.departmentManager));
    expect(page.assets.every((a) => a.departmentId === f.departments.eng)).toBe(true);
    expect(page.assets.map((a) => a.id)).toContain(mine.id);
    expect((await http.get(`${A}/${other.id}`, f.cookies.departmentManager)).statusCode).toBe(404);
  });

  it('a department manager manages their department’s units only, and never decides a write-off (issue #17 item 8)', async () => {
    const dm = f.cookies.departmentManager;
    const setDepartment = (id: string | null) =>
      t.db.db.execute(sql`update users set proc_department_id = ${id} where id = ${f.userIds.departmentManager}`);
    await setDepartment(f.departments.eng);
    const otherUnit = await newAsset({ departmentId: f.departments.fin, assetTag: 'FIN-DM-1' });

    // Registers a unit: it belongs to their department whatever the item says; not to another's.
    const mine = await ok<AssetDetail>(await http.post(A, dm, { itemId: ladder, assetTag: 'ENG-DM-1' }), 201);
    expect(mine).toMatchObject({ departmentId: f.departments.eng, source: 'manual' });
    const elsewhere = await http.post(A, dm, { itemId: ladder, departmentId: f.departments.fin });
    expect(elsewhere.statusCode).toBe(403);

    // Edits it, but cannot hand it to another department; another department's unit is not found.
    const edited = await ok<AssetDetail>(await http.patch(`${A}/${mine.id}`, dm, { serialNumber: 'ENG-SN-1' }));
    expect(edited.serialNumber).toBe('ENG-SN-1');
    expect((await http.patch(`${A}/${mine.id}`, dm, { departmentId: f.departments.fin })).statusCode).toBe(403);
    const foreign = await http.patch(`${A}/${otherUnit.id}`, dm, { notes: 'mine now' });
    expect(foreign.statusCode).toBe(404);
    expect((await asset(otherUnit.id)).notes).toBeNull();

    // CSV import registers into their department.
    const imported = await ok<{ created: number }>(
      await http.post(`${A}/import`, dm, { csv: `sku,assetTag\nLADDER-${process.pid},ENG-CSV-1\n` }),
    );
    expect(imported.created).toBe(1);
    const importedUnit = (await ok<AssetPage>(await http.get(`${A}?search=ENG-CSV-1`, admin()))).assets[0];
    expect(importedUnit?.departmentId).toBe(f.departments.eng);

    // Maintenance: schedules, starts and completes on their unit; refused on another department's.
    const job = await ok<Maintenance>(
      await http.post('/api/procurement/maintenance', dm, {
        assetId: mine.id,
        type: 'corrective',
        scheduledFor: '2026-06-01T09:00:00.000Z',
      }),
      201,
    );
    await ok(await http.post(`/api/procurement/maintenance/${job.id}/start`, dm, { technician: 'Sam' }));
    const done = await ok<Maintenance>(
      await http.post(`/api/procurement/maintenance/${job.id}/complete`, dm, { technician: 'Sam', notes: 'Fixed' }),
    );
    expect(done.status).toBe('completed');
    const foreignJob = await http.post('/api/procurement/maintenance', dm, {
      assetId: otherUnit.id,
      type: 'corrective',
      scheduledFor: '2026-06-01T09:00:00.000Z',
    });
    expect(foreignJob.statusCode).toBe(400);
    expect(foreignJob.json().errors).toMatchObject({ assetId: 'Asset not found' });
    const adminJob = await ok<Maintenance>(
      await http.post('/api/procurement/maintenance', admin(), {
        assetId: otherUnit.id,
        type: 'upgrade',
        scheduledFor: '2026-06-01T09:00:00.000Z',
      }),
      201,
    );
    expect((await http.post(`/api/procurement/maintenance/${adminJob.id}/start`, dm)).statusCode).toBe(404);
    expect((await asset(otherUnit.id)).state).toBe('available');

    // Safety checks: records one of their unit; a whole item's check covers every department: not theirs.
    const check = await ok<SafetyCheck>(
      await http.post('/api/procurement/safety-checks', dm, {
        scope: 'asset',
        itemOrAssetId: mine.id,
        checkType: 'PAT test',
        dueDate: '2026-06-01',
      }),
      201,
    );
    const passed = await ok<SafetyCheck>(
      await http.post(`/api/procurement/safety-checks/${check.id}/result`, dm, { result: 'passed', inspector: 'Ida' }),
    );
    expect(passed.status).toBe('completed');
    const itemWide = await http.post('/api/procurement/safety-checks', dm, {
      scope: 'item',
      itemOrAssetId: drill,
      checkType: 'PAT test',
      dueDate: '2026-06-01',
    });
    expect(itemWide.statusCode).toBe(403);
    expect(itemWide.json()).toMatchObject({ code: 'assets.item_wide_check' });
    const foreignCheck = await http.post('/api/procurement/safety-checks', dm, {
      scope: 'asset',
      itemOrAssetId: otherUnit.id,
      checkType: 'PAT test',
      dueDate: '2026-06-01',
    });
    expect(foreignCheck.statusCode).toBe(400);

    // Write-offs: drafts and submits one of their unit; approving, rejecting, disposing are not theirs.
    const draft = await ok<Writeoff>(
      await http.post('/api/procurement/writeoffs', dm, { assetId: importedUnit?.id, reason: 'obsolete' }),
      201,
    );
    await ok(await http.post(`/api/procurement/writeoffs/${draft.id}/submit`, dm));
    expect((await http.post(`/api/procurement/writeoffs/${draft.id}/approve`, dm)).statusCode).toBe(403);
    expect((await http.post(`/api/procurement/writeoffs/${draft.id}/reject`, dm)).statusCode).toBe(403);
    expect((await ok<Writeoff>(await http.get(`/api/procurement/writeoffs/${draft.id}`, dm))).status).toBe('submitted');
    const foreignDraft = await ok<Writeoff>(
      await http.post('/api/procurement/writeoffs', admin(), { assetId: otherUnit.id, reason: 'obsolete' }),
      201,
    );
    expect((await http.post(`/api/procurement/writeoffs/${foreignDraft.id}/submit`, dm)).statusCode).toBe(404);
    // The procurement admin approves the department's request.
    const approved = await ok<Writeoff>(await http.post(`/api/procurement/writeoffs/${draft.id}/approve`, admin()));
    expect(approved.status).toBe('approved');

    // With no department set: registering is refused (403), their units are out of reach (as reads).
    await setDepartment(null);
    for (const refused of [
      await http.post(A, dm, { itemId: ladder }),
      await http.post(`${A}/import`, dm, { csv: `sku\nLADDER-${process.pid}\n` }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'assets.no_department' });
    }
    expect((await http.patch(`${A}/${mine.id}`, dm, { notes: 'orphan' })).statusCode).toBe(404);
    const orphanJob = await http.post('/api/procurement/maintenance', dm, {
      assetId: mine.id,
      type: 'corrective',
      scheduledFor: '2026-06-01T09:00:00.000Z',
    });
    expect(orphanJob.statusCode).toBe(400);
    expect(orphanJob.json().errors).toMatchObject({ assetId: 'Asset not found' });
    expect((await asset(mine.id)).notes).toBeNull();
    await setDepartment(f.departments.eng);
  });

  it('a department manager lends and takes back only their department’s units (issue #30 item 7)', async () => {
    const dm = f.cookies.departmentManager;
    await t.db.db.execute(
      sql`update users set proc_department_id = ${f.departments.eng} where id = ${f.userIds.departmentManager}`,
    );
    const foreign = await newAsset({ departmentId: f.departments.fin, assetTag: 'FIN-LEND-1' });
    const own = await newAsset({ departmentId: f.departments.eng, assetTag: 'ENG-LEND-1' });
    expect((await http.get(`${A}/${foreign.id}`, dm)).statusCode).toBe(404);

    // Lending another department's unit: as unknown as reading it, and nothing moves.
    const lent = await lend(foreign.id, dm);
    expect(lent.statusCode, lent.body).toBe(404);
    expect(lent.body).not.toContain('FIN-LEND-1');
    expect((await asset(foreign.id)).custodianId).toBeNull();
    const loans = await t.db.execute('select count(*)::int as n from asset_checkouts where asset_id = $1', [
      foreign.id,
    ]);
    expect(loans.rows[0]).toEqual({ n: 0 });

    // Taking back (damaged) a loan of it that procurement made: 404, the loan stays open, no job.
    const loan = await ok<AssetCheckout>(await lend(foreign.id), 201);
    const back = await http.post(`/api/asset-checkouts/${loan.id}/return`, dm, { returnCondition: 'damaged' });
    expect(back.statusCode, back.body).toBe(404);
    const after = await asset(foreign.id);
    expect(after.custodianId).toBe(f.userIds.cashier);
    expect(after.state).not.toBe('in_maintenance');
    const jobs = await t.db.execute('select count(*)::int as n from proc_maintenance where asset_id = $1', [
      foreign.id,
    ]);
    expect(jobs.rows[0]).toEqual({ n: 0 });
    await ok(await giveBack(loan.id, 'good'));

    // Their own department's unit: lent and taken back (the control case).
    const mine = await ok<AssetCheckout>(await lend(own.id, dm), 201);
    await ok(await http.post(`/api/asset-checkouts/${mine.id}/return`, dm, { returnCondition: 'good' }));
  });

  it('imports units from CSV, reporting refused rows', async () => {
    const csv = `sku,assetTag,serialNumber,purchasePrice,locationCode\nLADDER-${process.pid},IMP-1,S-9,12.50,\nNOPE,IMP-2,,,\nLADDER-${process.pid},,,,\n`;
    const result = await ok<{ created: number; refused: number; rows: Array<{ status: string; reason?: string }> }>(
      await http.post(`${A}/import`, admin(), { csv }),
    );
    expect(result).toMatchObject({ created: 2, refused: 1 });
    expect(result.rows[1]).toMatchObject({ status: 'refused', reason: 'No item with SKU NOPE' });
    const page = await ok<AssetPage>(await http.get(`${A}?search=IMP-1`, admin()));
    expect(page.assets[0]).toMatchObject({ source: 'import', serialNumber: 'S-9', purchasePrice: '12.50' });
  });
});

describe('receipt, checkout, maintenance, safety and write-off', () => {
  it('receiving 3 drills flagged as assets registers 3 tagged units with the receipt in their history', async () => {
    const order = await ok<PurchaseOrder>(
      await http.post('/api/procurement/purchase-orders', admin(), {
        supplierId: f.supplier,
        lines: [{ itemId: drill, qtyOrdered: 3, unitPrice: '149.00' }],
      }),
      201,
    );
    await ok(await http.post(`/api/procurement/purchase-orders/${order.id}/send`, admin()));
    await ok(
      await http.post(`/api/procurement/purchase-orders/${order.id}/receipts`, admin(), {
        locationId: f.locations.main,
        lines: [{ poLineId: order.lines[0]?.id, qtyReceived: 3, assetTags: ['DRL-SCAN-1'] }],
      }),
      201,
    );
    const page = await ok<AssetPage>(await http.get(`${A}?itemId=${drill}&pageSize=200`, admin()));
    const received = page.assets.filter((a) => a.source === 'receipt');
    expect(received).toHaveLength(3);
    expect(received.map((a) => a.assetTag)).toContain('DRL-SCAN-1');
    expect(new Set(received.map((a) => a.assetTag)).size).toBe(3);
    expect(received.every((a) => a.purchasePrice === '149.00' && a.locationId === f.locations.main)).toBe(true);
    const detail = await asset(received[0]?.id as string);
    expect(detail.history[0]).toMatchObject({ kind: 'received' });
    expect(detail.history[0]?.summary).toMatch(/^Received on GRN-/);
  });

  it('refuses scanned tags already in the register or scanned twice on the receipt, naming the tag; nothing is received', async () => {
    const order = await ok<PurchaseOrder>(
      await http.post('/api/procurement/purchase-orders', admin(), {
        supplierId: f.supplier,
        lines: [
          { itemId: drill, qtyOrdered: 2, unitPrice: '149.00' },
          { itemId: ladder, qtyOrdered: 1, unitPrice: '60.00' },
        ],
      }),
      201,
    );
    await ok(await http.post(`/api/procurement/purchase-orders/${order.id}/send`, admin()));
    const [drillLine, ladderLine] = order.lines.map((l) => l.id);
    expect(order.lines.map((l) => l.itemIsAsset)).toEqual([true, true]);
    await newAsset({ assetTag: 'TAKEN-7' });
    const unitsBefore = (await ok<AssetPage>(await http.get(`${A}?pageSize=1`, admin()))).total;
    const receive = (lines: unknown[]) =>
      http.post(`/api/procurement/purchase-orders/${order.id}/receipts`, admin(), {
        locationId: f.locations.main,
        lines,
      });
    const nothingSaved = async () => {
      const fresh = await ok<PurchaseOrder>(await http.get(`/api/procurement/purchase-orders/${order.id}`, admin()));
      expect(fresh.receipts).toEqual([]);
      expect(fresh.lines.map((l) => l.qtyReceived)).toEqual(['0.000', '0.000']);
      expect((await ok<AssetPage>(await http.get(`${A}?pageSize=1`, admin()))).total).toBe(unitsBefore);
    };

    // Already in the register, whatever the case: 409 naming the tag and the field.
    const taken = await receive([
      { poLineId: drillLine, qtyReceived: 2, assetTags: ['NEW-DRL-1', 'taken-7'] },
      { poLineId: ladderLine, qtyReceived: 1 },
    ]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'assets.tag_taken',
      message: 'An asset with tag "taken-7" already exists; nothing was received.',
      errors: { 'lines.0.assetTags.1': 'This asset tag is already in use' },
    });
    await nothingSaved();

    // The same tag twice on one receipt (across lines, ignoring case): 400 naming it.
    const twice = await receive([
      { poLineId: drillLine, qtyReceived: 2, assetTags: ['DUP-1', 'NEW-DRL-2'] },
      { poLineId: ladderLine, qtyReceived: 1, assetTags: ['dup-1'] },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      code: 'assets.tag_repeated',
      message: 'Asset tag "dup-1" is scanned twice on this receipt; each unit needs its own tag. Nothing was received.',
      errors: { 'lines.1.assetTags.0': 'This tag is scanned for another unit of this receipt' },
    });
    await nothingSaved();

    // More tags than whole units received.
    const extra = await receive([{ poLineId: drillLine, qtyReceived: 1, assetTags: ['X-1', 'X-2'] }]);
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toEqual({ 'lines.0.assetTags': '2 tags scanned for 1 whole unit received' });
    await nothingSaved();

    // Good tags: the units carry them, and the receipt lists them in the order scanned.
    const received = await ok<PurchaseOrder>(
      await receive([
        { poLineId: drillLine, qtyReceived: 2, assetTags: ['ZZ-DRL-2', ' AA-DRL-1 '] },
        { poLineId: ladderLine, qtyReceived: 1, assetTags: [''] },
      ]),
      201,
    );
    const units = received.receipts[0]?.units ?? [];
    expect(units.map((u) => u.assetTag).slice(0, 2)).toEqual(['ZZ-DRL-2', 'AA-DRL-1']);
    expect(units[2]?.assetTag).toMatch(/^AST-\d{4}-\d{5}$/);
    expect(units.map((u) => u.itemId)).toEqual([drill, drill, ladder]);
  });

  it('lends a unit (custodian and location together), refuses a second loan, and a damaged return opens a corrective job that blocks lending until completed', async () => {
    const unit = await newAsset({ locationId: f.locations.main });
    const loan = await ok<AssetCheckout>(await lend(unit.id, admin(), { locationId: f.locations.annex }), 201);
    expect(loan).toMatchObject({
      productId: null,
      asset: { id: unit.id, assetTag: unit.assetTag },
      status: 'checked_out',
    });
    expect(loan.product.name).toContain(unit.assetTag as string);
    const out = await asset(unit.id);
    expect(out).toMatchObject({
      state: 'checked_out',
      custodianId: f.userIds.cashier,
      locationId: f.locations.annex,
      openCheckoutId: loan.id,
    });
    const again = await lend(unit.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${unit.assetTag} cannot be checked out: it is checked out to cashier Tester.`);

    const back = await ok<AssetCheckout>(await giveBack(loan.id, 'damaged', 'Chuck wobbles'));
    expect(back).toMatchObject({ status: 'returned', returnCondition: 'damaged' });
    const returned = await asset(unit.id);
    // Custodian cleared, back where it was lent from, and in maintenance.
    expect(returned).toMatchObject({ custodianId: null, locationId: f.locations.main, state: 'in_maintenance' });
    const jobs = await ok<Maintenance[]>(await http.get(`/api/procurement/maintenance?assetId=${unit.id}`, admin()));
    expect(jobs).toEqual([expect.objectContaining({ type: 'corrective', status: 'scheduled' })]);
    const blocked = await lend(unit.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(`${unit.assetTag} cannot be checked out: it is under maintenance.`);

    const job = jobs[0] as Maintenance;
    await ok(await http.post(`/api/procurement/maintenance/${job.id}/start`, admin(), {}));
    const done = await ok<Maintenance>(
      await http.post(`/api/procurement/maintenance/${job.id}/complete`, admin(), {
        technician: 'Ana',
        notes: 'New chuck',
      }),
    );
    expect(done).toMatchObject({ status: 'completed', technician: 'Ana' });
    expect((await asset(unit.id)).state).toBe('available');
    const second = await ok<AssetCheckout>(await lend(unit.id), 201);
    await ok(await giveBack(second.id, 'good'));
    const history = (await asset(unit.id)).history.map((e) => e.kind);
    expect(history).toEqual([
      'registered',
      'checked_out',
      'returned',
      'maintenance_scheduled',
      'maintenance_started',
      'maintenance_completed',
      'checked_out',
      'returned',
    ]);
  });

  it('maintenance: transitions allowed and refused, overdue derived and completable, preventive recurs by the service interval', async () => {
    const unit = await ok<AssetDetail>(await http.post(A, admin(), { itemId: drill }), 201);
    const past = await ok<Maintenance>(
      await http.post('/api/procurement/maintenance', admin(), {
        assetId: unit.id,
        type: 'preventive',
        scheduledFor: '2020-01-10T09:00:00Z',
      }),
      201,
    );
    expect(past).toMatchObject({ status: 'scheduled', overdue: true });
    // A scheduled preventive job does not keep the unit from being lent.
    expect((await asset(unit.id)).state).toBe('available');
    const overdue = await ok<Maintenance[]>(await http.get('/api/procurement/maintenance?overdue=true', admin()));
    expect(overdue.map((m) => m.id)).toContain(past.id);
    const completed = await ok<Maintenance>(
      await http.post(`/api/procurement/maintenance/${past.id}/complete`, admin(), { technician: 'Ben' }),
    );
    expect(completed).toMatchObject({ status: 'completed', overdue: false });
    const again = await http.post(`/api/procurement/maintenance/${past.id}/start`, admin(), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A completed maintenance job cannot be started.');
    const missing = await http.post(`/api/procurement/maintenance/${past.id}/complete`, admin(), {});
    expect(missing.statusCode).toBe(400);
    const jobs = await ok<Maintenance[]>(
      await http.get(`/api/procurement/maintenance?assetId=${unit.id}&status=scheduled`, admin()),
    );
    expect(jobs).toHaveLength(1);
    const next = jobs[0] as Maintenance;
    expect(next.type).toBe('preventive');
    const days = (Date.parse(next.scheduledFor as string) - Date.parse(completed.completedAt as string)) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    const cancelled = await ok<Maintenance>(
      await http.post(`/api/procurement/maintenance/${next.id}/cancel`, admin(), {}),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(
      (await http.post(`/api/procurement/maintenance/${next.id}/complete`, admin(), { technician: 'X' })).statusCode,
    ).toBe(409);
  });

  it('safety checks: overdue blocks, a failed check blocks until a later one passes, due this week lists them', async () => {
    const unit = await newAsset();
    const overdue = await ok<SafetyCheck>(
      await http.post('/api/procurement/safety-checks', admin(), {
        scope: 'asset',
        itemOrAssetId: unit.id,
        checkType: 'PAT test',
        dueDate: '2020-02-01',
      }),
      201,
    );
    expect(overdue.status).toBe('overdue');
    const refused = await lend(unit.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`${unit.assetTag} cannot be checked out: a safety check is overdue.`);
    const week = await ok<{ checks: SafetyCheck[] }>(
      await http.get('/api/procurement/safety-checks/due-this-week', admin()),
    );
    expect(week.checks.map((c) => c.id)).toContain(overdue.id);

    const failed = await ok<SafetyCheck>(
      await http.post(`/api/procurement/safety-checks/${overdue.id}/result`, admin(), {
        result: 'failed',
        inspector: 'Ines',
        notes: 'Frayed cable',
      }),
    );
    expect(failed.status).toBe('failed');
    expect(
      (
        await http.post(`/api/procurement/safety-checks/${overdue.id}/result`, admin(), {
          result: 'passed',
          inspector: 'I',
        })
      ).statusCode,
    ).toBe(409);
    const blocked = await lend(unit.id);
    expect(blocked.json().message).toBe(
      `${unit.assetTag} cannot be checked out: its last safety check failed; a passed check is needed.`,
    );
    expect((await asset(unit.id)).state).toBe('blocked');

    const retest = await ok<SafetyCheck>(
      await http.post('/api/procurement/safety-checks', admin(), {
        scope: 'asset',
        itemOrAssetId: unit.id,
        checkType: 'PAT test',
        dueDate: '2099-01-01',
      }),
      201,
    );
    await ok(
      await http.post(`/api/procurement/safety-checks/${retest.id}/result`, admin(), {
        result: 'passed',
        inspector: 'Ines',
      }),
    );
    expect((await asset(unit.id)).state).toBe('available');
    await ok(await lend(unit.id), 201);
    const kinds = (await asset(unit.id)).history.map((e) => e.kind);
    expect(kinds).toEqual([
      'registered',
      'safety_scheduled',
      'safety_failed',
      'safety_scheduled',
      'safety_passed',
      'checked_out',
    ]);
  });

  it('write-offs: the requester never approves their own; disposal takes a received unit out of stock and leaves it read-only with its history', async () => {
    const order = await ok<PurchaseOrder>(
      await http.post('/api/procurement/purchase-orders', admin(), {
        supplierId: f.supplier,
        lines: [{ itemId: ladder, qtyOrdered: 1, unitPrice: '60.00' }],
      }),
      201,
    );
    await ok(await http.post(`/api/procurement/purchase-orders/${order.id}/send`, admin()));
    await ok(
      await http.post(`/api/procurement/purchase-orders/${order.id}/receipts`, admin(), {
        locationId: f.locations.annex,
        lines: [{ poLineId: order.lines[0]?.id, qtyReceived: 1, assetTags: ['LAD-WO-1'] }],
      }),
      201,
    );
    const unit = (await ok<AssetPage>(await http.get(`${A}?search=LAD-WO-1`, admin()))).assets[0] as Asset;
    const stockBefore = await t.db.execute(
      `select on_hand_qty::text as q from proc_stock_levels where item_id = '${ladder}' and location_id = '${f.locations.annex}'`,
    );
    expect((stockBefore.rows[0] as { q: string }).q).toBe('1.000');

    const W = '/api/procurement/writeoffs';
    const draft = await ok<Writeoff>(
      await http.post(W, admin(), {
        assetId: unit.id,
        reason: 'damaged',
        salvageValueAmount: '5',
        conditionAtDisposal: 'Bent rail',
      }),
      201,
    );
    expect(draft).toMatchObject({ status: 'draft', salvageValueAmount: '5.00', salvageValueCurrency: 'USD' });
    expect((await http.post(W, admin(), { assetId: unit.id, reason: 'other' })).statusCode).toBe(409);
    expect((await http.post(`${W}/${draft.id}/approve`, f.cookies.manager, {})).statusCode).toBe(409);
    await ok(await http.post(`${W}/${draft.id}/submit`, admin(), {}));
    const own = await http.post(`${W}/${draft.id}/approve`, admin(), {});
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You requested this write-off; someone else must approve or reject it.');
    expect(
      (await http.post(`${W}/${draft.id}/dispose`, f.cookies.manager, { disposalMethod: 'scrap' })).statusCode,
    ).toBe(409);
    const approved = await ok<Writeoff>(await http.post(`${W}/${draft.id}/approve`, f.cookies.manager, { note: 'OK' }));
    expect(approved).toMatchObject({ status: 'approved', approvedBy: f.userIds.manager });
    expect((await lend(unit.id)).statusCode).toBe(409);
    expect((await http.post(`${W}/${draft.id}/reject`, f.cookies.superAdmin, {})).statusCode).toBe(409);
    // The salvage value at disposal: 2-decimal money, not negative; a 3-letter currency.
    for (const [field, bad, message] of [
      [
        'salvageValueAmount',
        '-1.00',
        'Salvage value must be an amount of 0 or more with at most 2 decimals, such as 120.00',
      ],
      [
        'salvageValueAmount',
        '12.345',
        'Salvage value must be an amount of 0 or more with at most 2 decimals, such as 120.00',
      ],
      [
        'salvageValueAmount',
        '123456789.00',
        'Salvage value must be an amount of 0 or more with at most 2 decimals, such as 120.00',
      ],
      ['salvageValueCurrency', 'EU', 'Currency must be 3 letters, such as USD'],
    ] as const) {
      const refused = await http.post(`${W}/${draft.id}/dispose`, f.cookies.superAdmin, {
        disposalMethod: 'sale',
        [field]: bad,
      });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().errors).toEqual({ [field]: message });
    }
    expect((await ok<Writeoff>(await http.get(`${W}/${draft.id}`, admin()))).status).toBe('approved');
    const disposed = await ok<Writeoff>(
      await http.post(`${W}/${draft.id}/dispose`, f.cookies.superAdmin, {
        disposalMethod: 'sale',
        disposalDate: '2026-11-20',
        salvageValueAmount: '17.5',
        salvageValueCurrency: 'eur',
      }),
    );
    expect(disposed).toMatchObject({
      status: 'disposed',
      disposalMethod: 'sale',
      disposalDate: '2026-11-20',
      salvageValueAmount: '17.50',
      salvageValueCurrency: 'EUR',
    });
    const after = await t.db.execute(
      `select on_hand_qty::text as q from proc_stock_levels where item_id = '${ladder}' and location_id = '${f.locations.annex}'`,
    );
    expect((after.rows[0] as { q: string }).q).toBe('0.000');
    const movement = await t.db.execute(
      `select reason, qty::text from proc_inventory_transactions where ref_id = '${draft.id}'`,
    );
    expect(movement.rows).toEqual([{ reason: 'writeoff', qty: '1.000' }]);

    const gone = await asset(unit.id);
    expect(gone.state).toBe('written_off');
    expect(gone.history.map((e) => e.kind)).toEqual([
      'received',
      'writeoff_requested',
      'writeoff_submitted',
      'writeoff_approved',
      'disposed',
    ]);
    const edit = await http.patch(`${A}/${unit.id}`, admin(), { notes: 'x' });
    expect(edit.statusCode).toBe(409);
    expect((await lend(unit.id)).json().message).toBe('LAD-WO-1 cannot be checked out: it has been written off.');
    const csv = await http.get(`${A}/${unit.id}/history.csv`, f.cookies.manager);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('When,Event,Details,By');
    expect(lines).toHaveLength(6);
    expect(lines[5]).toContain('Disposed by sale on 2026-11-20, salvage 17.50 EUR');

    // A rejected write-off: decided by someone else, the unit stays in service.
    const other = await newAsset();
    const second = await ok<Writeoff>(
      await http.post(W, f.cookies.manager, { assetId: other.id, reason: 'obsolete' }),
      201,
    );
    await ok(await http.post(`${W}/${second.id}/submit`, f.cookies.manager, {}));
    const rejected = await ok<Writeoff>(await http.post(`${W}/${second.id}/reject`, admin(), { note: 'Still works' }));
    expect(rejected).toMatchObject({ status: 'rejected', decisionNote: 'Still works' });
    expect((await asset(other.id)).state).toBe('available');
  });

  it('institutional analytics count the registered units, what is due, write-offs by reason and loans per unit', async () => {
    const report = await ok<{
      registeredUnits?: {
        total: number;
        writtenOff: number;
        dueForMaintenance: number;
        writeoffsByReason: Array<{ reason: string; count: number }>;
        topUnits: Array<{ checkouts: number }>;
      };
    }>(await http.get('/api/analytics/institution?days=30', f.cookies.manager));
    const units = report.registeredUnits;
    const { rows } = await t.db.execute('select count(*)::int as n from proc_assets');
    expect(units?.total).toBe((rows[0] as { n: number }).n);
    expect(units?.writtenOff).toBe(1);
    expect(units?.writeoffsByReason).toEqual([{ reason: 'damaged', count: 1 }]);
    expect(units?.topUnits[0]?.checkouts).toBe(2);
    expect(units?.dueForMaintenance).toBeGreaterThanOrEqual(0);
  });

  it('two simultaneous checkouts of one unit: exactly one succeeds', async () => {
    const unit = await newAsset();
    const results = await Promise.all([
      lend(unit.id, admin(), { userId: f.userIds.cashier }),
      lend(unit.id, f.cookies.manager, { userId: f.userIds.manager }),
      lend(unit.id, f.cookies.superAdmin, { userId: f.userIds.superAdmin }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const open = await t.db.execute(
      `select count(*)::int as n from asset_checkouts where asset_id = '${unit.id}' and returned_at is null`,
    );
    expect((open.rows[0] as { n: number }).n).toBe(1);
    const after = await asset(unit.id);
    const winner = results.find((r) => r.statusCode === 201)?.json() as AssetCheckout;
    expect(after.custodianId).toBe(winner.userId);
  });

  it('a unit registered by hand at a location is stock of its item there, and disposing of it takes it out (issue #32 item 1)', async () => {
    const [row] = await t.db.db
      .insert(procItems)
      .values({ sku: `HAMMER-${process.pid}`, name: 'Claw hammer', isAsset: true })
      .returning({ id: procItems.id });
    const hammer = row?.id as string;
    const stockAt = async (locationId: string) => {
      const { rows } = await t.db.execute(
        `select on_hand_qty::text as q from proc_stock_levels where item_id = '${hammer}' and location_id = '${locationId}'`,
      );
      return (rows[0] as { q: string } | undefined)?.q ?? null;
    };
    const first = await ok<AssetDetail>(
      await http.post(A, admin(), { itemId: hammer, locationId: f.locations.main }),
      201,
    );
    await ok<AssetDetail>(await http.post(A, admin(), { itemId: hammer, locationId: f.locations.main }), 201);
    // Registered without a location: nowhere in stock.
    await ok<AssetDetail>(await http.post(A, admin(), { itemId: hammer }), 201);
    expect(await stockAt(f.locations.main)).toBe('2.000');
    const ledger = await t.db.execute(
      `select reason, qty::text, ref_table from proc_inventory_transactions where item_id = '${hammer}' order by created_at`,
    );
    expect(ledger.rows).toEqual([
      { reason: 'asset_registered', qty: '1.000', ref_table: 'proc_assets' },
      { reason: 'asset_registered', qty: '1.000', ref_table: 'proc_assets' },
    ]);
    // The stores screen answers the same number as the register's two units.
    const level = await ok<{ rows: Array<{ onHandQty: string }> }>(
      await http.get(`/api/procurement/stock?itemId=${hammer}&locationId=${f.locations.main}`, admin()),
    );
    expect(level.rows.map((r) => r.onHandQty)).toEqual(['2.000']);

    const W = '/api/procurement/writeoffs';
    const draft = await ok<Writeoff>(await http.post(W, admin(), { assetId: first.id, reason: 'damaged' }), 201);
    await ok(await http.post(`${W}/${draft.id}/submit`, admin(), {}));
    await ok(await http.post(`${W}/${draft.id}/approve`, f.cookies.manager, {}));
    await ok(await http.post(`${W}/${draft.id}/dispose`, f.cookies.superAdmin, { disposalMethod: 'scrap' }));
    expect(await stockAt(f.locations.main)).toBe('1.000');
  });
});
