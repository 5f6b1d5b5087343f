import type {
  Issue,
  Item,
  Location,
  MovementPage,
  ReorderRow,
  StockCount,
  StockPage,
  Transfer,
} from '@retail-hub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, inject, type TestApp } from '../../../test/build-test-app';
import { procDepartments } from '../../db/schema/index';
import { upsertBatch } from './inventory.repository';
import { postInventoryMovement } from './inventory.service';
import { expectLedgerBalanced, get, post, type StoresSessions, storesSessions, unique } from './stores.test-support';

let t: TestApp;
let s: StoresSessions;
let otherDepartment: string;

beforeAll(async () => {
  t = await buildTestApp();
  s = await storesSessions(t);
  const [row] = await t.db.db
    .insert(procDepartments)
    .values({ code: 'STORES-B', name: 'Stores Department B' })
    .returning({ id: procDepartments.id });
  otherDepartment = (row as { id: string }).id;
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t.close();
});

async function anItem(fields: Record<string, unknown> = {}): Promise<Item> {
  return post<Item>(t, s.manager, '/api/procurement/items', {
    sku: unique('DOC'),
    name: 'Document item',
    uom: 'kg',
    ...fields,
  });
}
async function aLocation(departmentId: string | null = s.departmentId): Promise<Location> {
  return post<Location>(t, s.manager, '/api/procurement/locations', {
    code: unique('Main-2'),
    name: 'Store room',
    departmentId,
  });
}
async function receive(item: Item, location: Location, qtyMilli: number, batch?: { no: string; expiry: string }) {
  const batchId = batch
    ? (await upsertBatch(t.db.db, { itemId: item.id, batchNo: batch.no, expiryDate: batch.expiry })).id
    : null;
  await postInventoryMovement(t.db.db, {
    itemId: item.id,
    toLocationId: location.id,
    qtyMilli,
    reason: 'receipt',
    batchId,
  });
}
async function onHand(item: Item, location: Location): Promise<string | undefined> {
  const page = await get<StockPage>(t, s.manager, `/api/procurement/stock?itemId=${item.id}&locationId=${location.id}`);
  return page.rows[0]?.onHandQty;
}
const act = (cookie: string, url: string, payload: object = {}) => inject(t, { method: 'POST', url, cookie, payload });

describe('stock and movements', () => {
  it('lists stock by location and by item, with the soonest expiry, and the movement history newest first', async () => {
    const item = await anItem();
    const location = await aLocation();
    await receive(item, location, 60_000, { no: unique('B'), expiry: '2027-06-30' });
    await receive(item, location, 40_000, { no: unique('B'), expiry: '2027-03-31' });
    const byLocation = await get<StockPage>(t, s.procurement_admin, `/api/procurement/stock?locationId=${location.id}`);
    expect(byLocation.rows).toEqual([
      expect.objectContaining({
        itemId: item.id,
        onHandQty: '100.000',
        nextExpiry: '2027-03-31',
        locationCode: location.code,
      }),
    ]);
    const history = await get<MovementPage>(t, s.manager, `/api/procurement/movements?itemId=${item.id}&limit=1`);
    expect(history.movements).toHaveLength(1);
    expect(history.movements[0]).toMatchObject({ qty: '40.000', reason: 'receipt', expiryDate: '2027-03-31' });
    const older = await get<MovementPage>(
      t,
      s.manager,
      `/api/procurement/movements?itemId=${item.id}&limit=1&before=${history.nextCursor}`,
    );
    expect(older.movements[0]).toMatchObject({ qty: '60.000' });
    expect(older.nextCursor).toBeNull();
    const batches = await get<Array<{ expiryDate: string; onHandQty: string }>>(
      t,
      s.manager,
      `/api/procurement/items/${item.id}/batches`,
    );
    expect(batches.map((b) => [b.expiryDate, b.onHandQty])).toEqual([
      ['2027-03-31', '40.000'],
      ['2027-06-30', '60.000'],
    ]);
  });

  it("shows a department manager only their department's locations", async () => {
    const item = await anItem();
    const mine = await aLocation(s.departmentId);
    const theirs = await aLocation(otherDepartment);
    await receive(item, mine, 1_000);
    await receive(item, theirs, 2_000);
    const seen = await get<StockPage>(t, s.department_manager, `/api/procurement/stock?itemId=${item.id}`);
    expect(seen.rows.map((r) => r.locationId)).toEqual([mine.id]);
    const all = await get<StockPage>(t, s.manager, `/api/procurement/stock?itemId=${item.id}`);
    expect(all.total).toBe(2);
  });
});

describe('stock counts', () => {
  it('records book and counted quantities and posts the differences as count movements', async () => {
    const [a, b] = [await anItem(), await anItem()];
    const location = await aLocation();
    await receive(a, location, 10_000);
    const count = await post<StockCount>(t, s.procurement_admin, '/api/procurement/stock-counts', {
      locationId: location.id,
      note: 'Quarterly count',
      lines: [
        { itemId: a.id, countedQty: '7.5' },
        { itemId: b.id, countedQty: 3 },
      ],
    });
    const lines = Object.fromEntries(count.lines.map((l) => [l.itemId, l]));
    expect(lines[a.id]).toMatchObject({ bookQty: '10.000', countedQty: '7.500', difference: '-2.500' });
    expect(lines[b.id]).toMatchObject({ bookQty: '0.000', countedQty: '3.000', difference: '3.000' });
    expect(await onHand(a, location)).toBe('7.500');
    expect(await onHand(b, location)).toBe('3.000');
    const history = await get<MovementPage>(t, s.manager, `/api/procurement/movements?itemId=${a.id}`);
    expect(history.movements[0]).toMatchObject({
      reason: 'count',
      qty: '2.500',
      fromLocationId: location.id,
      refId: count.id,
    });
    expect(
      (await act(s.department_manager, '/api/procurement/stock-counts', { locationId: location.id, lines: [] }))
        .statusCode,
    ).toBe(403);
    await expectLedgerBalanced(t);
  });
});

describe('issues', () => {
  it('pending → approved → completed takes the stock out; a department manager asks for their own department only', async () => {
    const item = await anItem();
    const location = await aLocation();
    await receive(item, location, 100_000);
    const asked = await post<Issue>(t, s.department_manager, '/api/procurement/issues', {
      itemId: item.id,
      locationId: location.id,
      departmentId: s.departmentId,
      qty: '30',
    });
    expect(asked).toMatchObject({ status: 'pending', qty: '30.000', departmentName: 'Stores Department A' });
    const elsewhere = await act(s.department_manager, '/api/procurement/issues', {
      itemId: item.id,
      locationId: location.id,
      departmentId: otherDepartment,
      qty: '1',
    });
    expect(elsewhere.statusCode).toBe(403);
    expect((await act(s.department_manager, `/api/procurement/issues/${asked.id}/approve`)).statusCode).toBe(403);
    expect((await act(s.procurement_admin, `/api/procurement/issues/${asked.id}/complete`)).statusCode).toBe(409);
    await post(t, s.procurement_admin, `/api/procurement/issues/${asked.id}/approve`, {}, 200);
    const done = await post<Issue>(t, s.procurement_admin, `/api/procurement/issues/${asked.id}/complete`, {}, 200);
    expect(done.status).toBe('completed');
    expect(await onHand(item, location)).toBe('70.000');
    expect((await act(s.procurement_admin, `/api/procurement/issues/${asked.id}/cancel`)).statusCode).toBe(409);
    const mine = await get<Issue[]>(t, s.department_manager, '/api/procurement/issues');
    expect(mine.map((i) => i.id)).toContain(asked.id);
    const { rows } = await t.db.execute(
      `select activity_type, user_id from user_activity where details->>'issueId' = $1 order by timestamp`,
      [asked.id],
    );
    expect(rows).toEqual([
      { activity_type: 'issue_requested', user_id: s.ids.department_manager },
      { activity_type: 'issue_approved', user_id: s.ids.procurement_admin },
      { activity_type: 'issue_completed', user_id: s.ids.procurement_admin },
    ]);
  });

  it('refuses an issue from a location that does not hold enough (409) and changes nothing', async () => {
    const item = await anItem();
    const location = await aLocation();
    await receive(item, location, 5_000);
    const response = await act(s.manager, '/api/procurement/issues', {
      itemId: item.id,
      locationId: location.id,
      departmentId: s.departmentId,
      qty: '6',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('stores.insufficient_stock');
    const bad = await act(s.manager, '/api/procurement/issues', {
      itemId: item.id,
      locationId: location.id,
      departmentId: s.departmentId,
      qty: '0',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ qty: 'Quantity must be greater than 0' });
  });

  it('completion is refused when the stock went meanwhile; the issue stays approved', async () => {
    const item = await anItem();
    const location = await aLocation();
    await receive(item, location, 10_000);
    const issue = await post<Issue>(t, s.manager, '/api/procurement/issues', {
      itemId: item.id,
      locationId: location.id,
      departmentId: s.departmentId,
      qty: '8',
    });
    await post(t, s.manager, `/api/procurement/issues/${issue.id}/approve`, {}, 200);
    await postInventoryMovement(t.db.db, {
      itemId: item.id,
      fromLocationId: location.id,
      qtyMilli: 5_000,
      reason: 'writeoff',
    });
    const response = await act(s.manager, `/api/procurement/issues/${issue.id}/complete`);
    expect(response.statusCode).toBe(409);
    const [after] = (await get<Issue[]>(t, s.manager, '/api/procurement/issues')).filter((i) => i.id === issue.id);
    expect(after?.status).toBe('approved');
    expect(await onHand(item, location)).toBe('5.000');
  });
});

describe('transfers', () => {
  it('pending → approved → in transit (out of the source) → completed (into the destination) with a shortfall', async () => {
    const item = await anItem();
    const [from, to] = [await aLocation(), await aLocation(otherDepartment)];
    await receive(item, from, 50_000, { no: unique('T'), expiry: '2027-01-01' });
    const transfer = await post<Transfer>(t, s.procurement_admin, '/api/procurement/transfers', {
      itemId: item.id,
      fromLocationId: from.id,
      toLocationId: to.id,
      qty: '20',
    });
    expect(transfer.status).toBe('pending');
    expect((await act(s.procurement_admin, `/api/procurement/transfers/${transfer.id}/dispatch`)).statusCode).toBe(409);
    await post(t, s.procurement_admin, `/api/procurement/transfers/${transfer.id}/approve`, {}, 200);
    const sent = await post<Transfer>(
      t,
      s.procurement_admin,
      `/api/procurement/transfers/${transfer.id}/dispatch`,
      {},
      200,
    );
    expect(sent.status).toBe('in_transit');
    expect(await onHand(item, from)).toBe('30.000');
    expect(await onHand(item, to)).toBeUndefined();
    expect((await act(s.procurement_admin, `/api/procurement/transfers/${transfer.id}/cancel`)).statusCode).toBe(409);
    const tooMuch = await act(s.procurement_admin, `/api/procurement/transfers/${transfer.id}/receive`, {
      qtyReceived: '21',
    });
    expect(tooMuch.statusCode).toBe(400);
    const done = await post<Transfer>(
      t,
      s.procurement_admin,
      `/api/procurement/transfers/${transfer.id}/receive`,
      { qtyReceived: '19.5' },
      200,
    );
    expect(done).toMatchObject({ status: 'completed', qtyReceived: '19.500', shortfall: '0.500' });
    expect(await onHand(item, to)).toBe('19.500');
    const batches = await get<Array<{ locationId: string; expiryDate: string }>>(
      t,
      s.manager,
      `/api/procurement/items/${item.id}/batches`,
    );
    expect(batches.find((b) => b.locationId === to.id)?.expiryDate).toBe('2027-01-01');
    // Every step left an activity row with who did it.
    const { rows } = await t.db.execute(
      `select activity_type, details->>'summary' as summary from user_activity where details->>'transferId' = $1 order by timestamp, activity_type`,
      [transfer.id],
    );
    expect(rows.map((r) => r.activity_type)).toEqual([
      'transfer_requested',
      'transfer_approved',
      'transfer_dispatched',
      'transfer_received',
    ]);
    expect(rows.at(-1)?.summary).toContain('0.500 short');
    await expectLedgerBalanced(t);
  });

  it('refuses the same location twice and a dispatch the source cannot cover', async () => {
    const item = await anItem();
    const [from, to] = [await aLocation(), await aLocation()];
    const same = await act(s.manager, '/api/procurement/transfers', {
      itemId: item.id,
      fromLocationId: from.id,
      toLocationId: from.id,
      qty: 1,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual({ toLocationId: 'Choose a destination other than the source' });
    const transfer = await post<Transfer>(t, s.manager, '/api/procurement/transfers', {
      itemId: item.id,
      fromLocationId: from.id,
      toLocationId: to.id,
      qty: 1,
    });
    await post(t, s.manager, `/api/procurement/transfers/${transfer.id}/approve`, {}, 200);
    const response = await act(s.manager, `/api/procurement/transfers/${transfer.id}/dispatch`);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('stores.insufficient_stock');
    expect(
      (await get<Transfer[]>(t, s.manager, '/api/procurement/transfers')).find((x) => x.id === transfer.id)?.status,
    ).toBe('approved');
  });

  it('racing issues and transfers never take stock below zero', async () => {
    const item = await anItem();
    const [from, to] = [await aLocation(), await aLocation()];
    await receive(item, from, 10_000);
    const ids: Array<{ kind: 'issue' | 'transfer'; id: string }> = [];
    for (let i = 0; i < 8; i++) {
      const issue = await post<Issue>(t, s.manager, '/api/procurement/issues', {
        itemId: item.id,
        locationId: from.id,
        departmentId: s.departmentId,
        qty: 2,
      });
      await post(t, s.manager, `/api/procurement/issues/${issue.id}/approve`, {}, 200);
      ids.push({ kind: 'issue', id: issue.id });
      const transfer = await post<Transfer>(t, s.manager, '/api/procurement/transfers', {
        itemId: item.id,
        fromLocationId: from.id,
        toLocationId: to.id,
        qty: 2,
      });
      await post(t, s.manager, `/api/procurement/transfers/${transfer.id}/approve`, {}, 200);
      ids.push({ kind: 'transfer', id: transfer.id });
    }
    const answers = await Promise.all(
      ids.map((x) =>
        act(
          s.procurement_admin,
          x.kind === 'issue'
            ? `/api/procurement/issues/${x.id}/complete`
            : `/api/procurement/transfers/${x.id}/dispatch`,
        ),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(11);
    expect(await onHand(item, from)).toBe('0.000');
    await expectLedgerBalanced(t);
  });
});

describe('reorder', () => {
  it('lists items at or under their reorder point per location with a suggested quantity', async () => {
    const item = await anItem({ reorderPoint: '10', minReorderQty: '25' });
    const low = await anItem({ reorderPoint: '10', minReorderQty: '1' });
    const fine = await anItem({ reorderPoint: '10' });
    const never = await anItem({ reorderPoint: '4' });
    const location = await aLocation();
    await receive(item, location, 10_000);
    await receive(low, location, 3_000);
    await receive(fine, location, 11_000);
    const rows = await get<ReorderRow[]>(t, s.procurement_admin, '/api/procurement/reorder');
    const bySku = new Map(rows.map((r) => [`${r.sku}@${r.locationCode ?? ''}`, r]));
    expect(bySku.get(`${item.sku}@${location.code}`)).toMatchObject({ onHandQty: '10.000', suggestedQty: '25.000' });
    expect(bySku.get(`${low.sku}@${location.code}`)).toMatchObject({ onHandQty: '3.000', suggestedQty: '17.000' });
    expect(bySku.has(`${fine.sku}@${location.code}`)).toBe(false);
    expect(bySku.get(`${never.sku}@`)).toMatchObject({ locationId: null, onHandQty: '0.000', suggestedQty: '8.000' });
    expect((await inject(t, { method: 'GET', url: '/api/procurement/reorder', cookie: s.cashier })).statusCode).toBe(
      403,
    );
  });
});
