import type { AssetCheckout, LendableAsset } from '@retail-hub/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { assetCheckouts, products } from '../../db/schema/index';
import { aCategory, aProduct, eventually, recordEvents } from '../catalog/catalog.test-support';
import { stockOf as ledgerStockOf } from '../stock/stock-test-support';

let t: TestApp;
let manager: string;
let deptManager: string;
let cashier: string;
let otherCashier: string;
let managerId: string;
let cashierId: string;
let otherCashierId: string;
let inactiveId: string;
let tools: string;

beforeAll(async () => {
  t = await buildTestApp();
  managerId = await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Manager' });
  await createUser(t, { role: 'department_manager', pin: '5174' });
  cashierId = await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Cashier' });
  otherCashierId = await createUser(t, { role: 'cashier', pin: '3862', firstName: 'Chris', lastName: 'Cashier' });
  inactiveId = await createUser(t, { role: 'cashier', firstName: 'Gone', lastName: 'Away', isActive: false });
  manager = await signIn(t, '4826', '10.40.0.1');
  deptManager = await signIn(t, '5174', '10.40.0.2');
  cashier = await signIn(t, '2915', '10.40.0.3');
  otherCashier = await signIn(t, '3862', '10.40.0.4');
  tools = await aCategory(t, manager, 'Lab Tools');
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let n = 0;
/** An institutional asset that is lent out (the manager may set the asset fields, spec §6). */
async function anAsset(fields: Record<string, unknown> = {}) {
  n += 1;
  return aProduct(t, manager, {
    categoryId: tools,
    name: `Cordless Drill ${n}`,
    sku: `AST-DRL-${n}`,
    assetType: 'tool',
    isCheckoutRequired: true,
    location: 'Main-1-101',
    stock: 2,
    ...fields,
  });
}

const checkOut = (payload: Record<string, unknown>, cookie = manager) =>
  inject(t, { method: 'POST', url: '/api/asset-checkouts', cookie, payload });
const giveBack = (id: string, payload: Record<string, unknown>, cookie = manager) =>
  inject(t, { method: 'POST', url: `/api/asset-checkouts/${id}/return`, cookie, payload });
const list = async (status?: string, cookie = manager) => {
  const response = await inject(t, {
    method: 'GET',
    url: `/api/asset-checkouts${status ? `?status=${status}` : ''}`,
    cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as AssetCheckout[];
};
const stockOf = async (productId: string) => {
  const [row] = await t.db.db
    .select({ serviceFlag: products.serviceFlag, serviceFlaggedAt: products.serviceFlaggedAt })
    .from(products)
    .where(eq(products.id, productId));
  return { ...row!, stock: await ledgerStockOf(t, productId) };
};
const checkoutCount = async (productId: string) => {
  const [row] = await t.db.db
    .select({ n: sql<number>`count(*)::int` })
    .from(assetCheckouts)
    .where(eq(assetCheckouts.productId, productId));
  return row!.n;
};
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('checking an asset out (POST /api/asset-checkouts)', () => {
  it('lends one unit: 201 with the loan, stock down by one, live updates published', async () => {
    const asset = await anAsset();
    const recorder = recordEvents(t);
    const due = inAnHour();
    const response = await checkOut({ productId: asset.id, userId: cashierId, expectedReturnAt: due, notes: ' Lab ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      status: 'checked_out',
      productId: asset.id,
      variantId: null,
      userId: cashierId,
      product: { id: asset.id, name: asset.name, assetType: 'tool', location: 'Main-1-101' },
      variant: null,
      user: { id: cashierId, firstName: 'Casey', lastName: 'Cashier' },
      checkedOutAt: expect.any(String),
      expectedReturnAt: due,
      returnedAt: null,
      returnCondition: null,
      notes: 'Lab',
      returnNotes: null,
    });
    expect((await stockOf(asset.id)).stock).toBe(1);
    const [row] = await t.db.db.select().from(assetCheckouts).where(eq(assetCheckouts.id, response.json().id));
    expect(row?.checkedOutBy).toBe(managerId);
    expect(row?.status).toBe('checked_out');
    await eventually(() => recorder.events.some((e) => e.type === 'checkout.changed'));
    await eventually(() => recorder.events.some((e) => e.type === 'stock.changed' && e.ids?.includes(asset.id)));
    recorder.stop();
  });

  it('a department manager lends too; an expected return is optional', async () => {
    const asset = await anAsset();
    const response = await checkOut({ productId: asset.id, userId: otherCashierId }, deptManager);
    expect(response.statusCode).toBe(201);
    expect(response.json().expectedReturnAt).toBeNull();
  });

  it('refuses a checkout beyond stock with a clear message and changes nothing', async () => {
    const asset = await anAsset({ stock: 1 });
    expect((await checkOut({ productId: asset.id, userId: cashierId })).statusCode).toBe(201);
    const refused = await checkOut({ productId: asset.id, userId: otherCashierId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'assets.no_units',
      message: `No units of ${asset.name} are available to check out.`,
    });
    expect((await stockOf(asset.id)).stock).toBe(0);
    expect(await checkoutCount(asset.id)).toBe(1);
  });

  it('two simultaneous checkouts of the last unit: exactly one succeeds', async () => {
    const asset = await anAsset({ stock: 1 });
    const responses = await Promise.all([
      checkOut({ productId: asset.id, userId: cashierId }),
      checkOut({ productId: asset.id, userId: otherCashierId }, deptManager),
      checkOut({ productId: asset.id, userId: managerId }),
    ]);
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    expect((await stockOf(asset.id)).stock).toBe(0);
    expect(await checkoutCount(asset.id)).toBe(1);
  });

  it('only institutional assets that require checkout are lent (400, nothing changed)', async () => {
    const regular = await anAsset({ assetType: 'regular' });
    const notRequired = await anAsset({ isCheckoutRequired: false });
    const inactive = await anAsset({ isActive: false });
    for (const product of [regular, notRequired, inactive]) {
      const response = await checkOut({ productId: product.id, userId: cashierId });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('assets.not_lendable');
      expect(response.json().message).toContain(product.name);
      expect((await stockOf(product.id)).stock).toBe(2);
      expect(await checkoutCount(product.id)).toBe(0);
    }
  });

  it('the borrower must be an active user: unknown 404, inactive 400', async () => {
    const asset = await anAsset();
    const unknown = await checkOut({ productId: asset.id, userId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'assets.borrower_not_found', message: 'Borrower not found.' });
    const inactive = await checkOut({ productId: asset.id, userId: inactiveId });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toBe('This staff member is inactive and cannot borrow assets.');
    const missingAsset = await checkOut({ productId: '00000000-0000-4000-8000-000000000000', userId: cashierId });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json().message).toBe('Asset not found.');
    expect((await stockOf(asset.id)).stock).toBe(2);
    expect(await checkoutCount(asset.id)).toBe(0);
  });

  it('validates the body with field messages', async () => {
    const empty = await checkOut({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({
      productId: 'Choose an asset to check out',
      userId: 'Choose who is borrowing the asset',
    });
    const asset = await anAsset();
    const badDate = await checkOut({ productId: asset.id, userId: cashierId, expectedReturnAt: 'next week' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors).toEqual({ expectedReturnAt: 'Expected return must be a valid date and time' });
    const longNotes = await checkOut({ productId: asset.id, userId: cashierId, notes: 'x'.repeat(1001) });
    expect(longNotes.statusCode).toBe(400);
    expect(longNotes.json().message).toBe('Notes must be at most 1000 characters');
    expect(await checkoutCount(asset.id)).toBe(0);
  });

  it('takes the unit from the chosen size option, and requires one when the asset has them', async () => {
    const asset = await anAsset({ stock: 0 });
    const added = await inject(t, {
      method: 'POST',
      url: `/api/products/${asset.id}/variants`,
      cookie: manager,
      payload: { name: 'Small', price: '0', stock: 1 },
    });
    expect(added.statusCode).toBe(201);
    const variantId = added.json().id as string;

    const withoutSize = await checkOut({ productId: asset.id, userId: cashierId });
    expect(withoutSize.statusCode).toBe(400);
    expect(withoutSize.json().message).toBe(`Choose which size option of ${asset.name} to check out.`);

    const lent = await checkOut({ productId: asset.id, variantId, userId: cashierId });
    expect(lent.statusCode).toBe(201);
    expect(lent.json().variant).toEqual({ id: variantId, name: 'Small' });
    const variantStock = async () => ledgerStockOf(t, asset.id, variantId);
    expect(await variantStock()).toBe(0);
    expect((await stockOf(asset.id)).stock).toBe(0);

    const none = await checkOut({ productId: asset.id, variantId, userId: otherCashierId });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(`No units of ${asset.name} are available to check out.`);

    const other = await anAsset();
    const wrongProduct = await checkOut({ productId: other.id, variantId, userId: cashierId });
    expect(wrongProduct.statusCode).toBe(404);

    const back = await giveBack(lent.json().id, { returnCondition: 'good' });
    expect(back.statusCode).toBe(200);
    expect(await variantStock()).toBe(1);
    expect((await stockOf(asset.id)).stock).toBe(0);
  });
});

describe('returning an asset (POST /api/asset-checkouts/:id/return)', () => {
  it('returned in good condition: stock restored, who and notes recorded, no flag', async () => {
    const asset = await anAsset({ stock: 1 });
    const lent = (await checkOut({ productId: asset.id, userId: cashierId, notes: 'Out notes' })).json();
    const recorder = recordEvents(t);
    const response = await giveBack(lent.id, { returnCondition: 'good', notes: 'All fine' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: lent.id,
      status: 'returned',
      returnedAt: expect.any(String),
      returnCondition: 'good',
      notes: 'Out notes',
      returnNotes: 'All fine',
    });
    expect(await stockOf(asset.id)).toEqual({ stock: 1, serviceFlag: null, serviceFlaggedAt: null });
    const [row] = await t.db.db.select().from(assetCheckouts).where(eq(assetCheckouts.id, lent.id));
    expect(row?.returnedBy).toBe(managerId);
    await eventually(() => recorder.events.some((e) => e.type === 'checkout.changed'));
    await eventually(() => recorder.events.some((e) => e.type === 'stock.changed'));
    recorder.stop();
  });

  it('returned as damaged: stock restored and the asset flagged; it cannot be lent until the flag is cleared', async () => {
    const asset = await anAsset({ stock: 1 });
    const lent = (await checkOut({ productId: asset.id, userId: cashierId })).json();
    expect((await giveBack(lent.id, { returnCondition: 'damaged' })).statusCode).toBe(200);
    const after = await stockOf(asset.id);
    expect(after.stock).toBe(1);
    expect(after.serviceFlag).toBe('damaged');
    expect(after.serviceFlaggedAt).toBeInstanceOf(Date);

    const refused = await checkOut({ productId: asset.id, userId: otherCashierId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('assets.flagged');
    expect(refused.json().message).toMatch(/^This asset is flagged for maintenance/);
    expect((await stockOf(asset.id)).stock).toBe(1);
    expect(await checkoutCount(asset.id)).toBe(1);

    const lendable = (
      await inject(t, { method: 'GET', url: '/api/asset-checkouts/assets', cookie: manager })
    ).json() as LendableAsset[];
    expect(lendable.find((a) => a.id === asset.id)).toMatchObject({ serviceFlag: 'damaged', stock: 1 });

    const byCashier = await inject(t, {
      method: 'POST',
      url: `/api/products/${asset.id}/service-flag/clear`,
      cookie: cashier,
    });
    expect(byCashier.statusCode).toBe(403);
    expect((await stockOf(asset.id)).serviceFlag).toBe('damaged');

    const cleared = await inject(t, {
      method: 'POST',
      url: `/api/products/${asset.id}/service-flag/clear`,
      cookie: manager,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({
      id: asset.id,
      name: asset.name,
      serviceFlag: null,
      message: `${asset.name} is back in service.`,
    });
    expect(await stockOf(asset.id)).toEqual({ stock: 1, serviceFlag: null, serviceFlaggedAt: null });
    const again = await inject(t, {
      method: 'POST',
      url: `/api/products/${asset.id}/service-flag/clear`,
      cookie: manager,
    });
    expect(again.statusCode).toBe(409);
    expect((await checkOut({ productId: asset.id, userId: otherCashierId })).statusCode).toBe(201);
  });

  it('returned as needing maintenance flags it as such', async () => {
    const asset = await anAsset();
    const lent = (await checkOut({ productId: asset.id, userId: cashierId })).json();
    expect((await giveBack(lent.id, { returnCondition: 'needs_maintenance' })).statusCode).toBe(200);
    expect(await stockOf(asset.id)).toMatchObject({ stock: 2, serviceFlag: 'needs_maintenance' });
  });

  it('a second return is refused and changes nothing, even when both arrive together', async () => {
    const asset = await anAsset({ stock: 1 });
    const lent = (await checkOut({ productId: asset.id, userId: cashierId })).json();
    const both = await Promise.all([
      giveBack(lent.id, { returnCondition: 'good', notes: 'first' }),
      giveBack(lent.id, { returnCondition: 'damaged', notes: 'second' }, deptManager),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toEqual({
      code: 'assets.already_returned',
      message: 'This asset has already been returned.',
    });
    expect((await stockOf(asset.id)).stock).toBe(1);
    const [row] = await t.db.db.select().from(assetCheckouts).where(eq(assetCheckouts.id, lent.id));
    const winner = both.find((r) => r.statusCode === 200)!.json();
    expect(row?.returnCondition).toBe(winner.returnCondition);
    expect((await stockOf(asset.id)).serviceFlag).toBe(winner.returnCondition === 'good' ? null : 'damaged');

    const third = await giveBack(lent.id, { returnCondition: 'good' });
    expect(third.statusCode).toBe(409);
    expect((await stockOf(asset.id)).stock).toBe(1);
  });

  it('requires a return condition (spec §5) and answers 404 for an unknown loan', async () => {
    const asset = await anAsset();
    const lent = (await checkOut({ productId: asset.id, userId: cashierId })).json();
    for (const payload of [{}, { returnCondition: '' }, { returnCondition: 'broken' }]) {
      const response = await giveBack(lent.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Return condition is required',
        errors: { returnCondition: 'Return condition is required' },
      });
    }
    expect((await stockOf(asset.id)).stock).toBe(1);
    const unknown = await giveBack('00000000-0000-4000-8000-000000000000', { returnCondition: 'good' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Asset checkout not found.');
    const badId = await giveBack('nope', { returnCondition: 'good' });
    expect(badId.statusCode).toBe(400);
  });
});

describe('listing checkouts (GET /api/asset-checkouts)', () => {
  it('computes overdue at a fixed clock: active and past its expected return', async () => {
    const asset = await anAsset({ stock: 3 });
    // Close to real time: sessions expire on the same clock (60 min idle in tests).
    const due = new Date(Date.now() + 10 * 60_000);
    const late = (
      await checkOut({ productId: asset.id, userId: cashierId, expectedReturnAt: due.toISOString() })
    ).json();
    const noDue = (await checkOut({ productId: asset.id, userId: cashierId })).json();
    const back = (
      await checkOut({ productId: asset.id, userId: cashierId, expectedReturnAt: due.toISOString() })
    ).json();
    await giveBack(back.id, { returnCondition: 'good' });

    const statusAt = async (at: Date, id: string, filter = 'all') => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(at);
      try {
        return (await list(filter)).find((c) => c.id === id)?.status;
      } finally {
        vi.useRealTimers();
      }
    };
    expect(await statusAt(new Date(due.getTime() - 5 * 60_000), late.id)).toBe('checked_out');
    expect(await statusAt(new Date(due.getTime() - 5 * 60_000), late.id, 'overdue')).toBeUndefined();
    expect(await statusAt(new Date(due.getTime() + 5 * 60_000), late.id)).toBe('overdue');
    expect(await statusAt(new Date(due.getTime() + 5 * 60_000), late.id, 'overdue')).toBe('overdue');
    // 'checked_out' lists every loan still out, overdue ones included (as Snipe-IT does).
    expect(await statusAt(new Date(due.getTime() + 5 * 60_000), late.id, 'checked_out')).toBe('overdue');
    expect(await statusAt(new Date(due.getTime() + 5 * 60_000), noDue.id)).toBe('checked_out');
    expect(await statusAt(new Date(due.getTime() + 5 * 60_000), back.id)).toBe('returned');
    expect(await statusAt(new Date(due.getTime() + 5 * 60_000), back.id, 'overdue')).toBeUndefined();
    // Never stored: the row still says checked_out.
    const [row] = await t.db.db.select().from(assetCheckouts).where(eq(assetCheckouts.id, late.id));
    expect(row?.status).toBe('checked_out');
  });

  it('a past expected return is overdue straight away; filters return only their kind, newest first', async () => {
    const asset = await anAsset({ stock: 3 });
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const overdue = (await checkOut({ productId: asset.id, userId: cashierId, expectedReturnAt: past })).json();
    expect(overdue.status).toBe('overdue');
    const all = await list('all');
    expect(all.length).toBeGreaterThan(1);
    const times = all.map((c) => Date.parse(c.checkedOutAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(await list()).toEqual(all);
    for (const c of await list('overdue')) expect(c.status).toBe('overdue');
    for (const c of await list('returned')) expect(c.status).toBe('returned');
    for (const c of await list('checked_out')) expect(['checked_out', 'overdue']).toContain(c.status);
    expect((await list('overdue')).map((c) => c.id)).toContain(overdue.id);
    const bad = await inject(t, { method: 'GET', url: '/api/asset-checkouts?status=lost', cookie: manager });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be all, checked_out, returned or overdue');
  });

  it('a cashier sees only their own checkouts; lenders see everyone’s', async () => {
    const asset = await anAsset();
    const mine = (await checkOut({ productId: asset.id, userId: cashierId })).json();
    const theirs = (await checkOut({ productId: asset.id, userId: otherCashierId })).json();
    const casey = await list('all', cashier);
    expect(casey.length).toBeGreaterThan(0);
    expect(casey.every((c) => c.userId === cashierId)).toBe(true);
    expect(casey.map((c) => c.id)).toContain(mine.id);
    expect(casey.map((c) => c.id)).not.toContain(theirs.id);
    const chris = await list('checked_out', otherCashier);
    expect(chris.map((c) => c.id)).toContain(theirs.id);
    expect(chris.every((c) => c.userId === otherCashierId)).toBe(true);
    const everyone = (await list('all', deptManager)).map((c) => c.id);
    expect(everyone).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });
});

describe('permissions and helper lists', () => {
  it('a cashier gets 403 on every lending route and nothing changes', async () => {
    const asset = await anAsset();
    const lent = (await checkOut({ productId: asset.id, userId: cashierId })).json();
    const calls = [
      { method: 'POST' as const, url: '/api/asset-checkouts', payload: { productId: asset.id, userId: cashierId } },
      { method: 'POST' as const, url: `/api/asset-checkouts/${lent.id}/return`, payload: { returnCondition: 'good' } },
      { method: 'GET' as const, url: '/api/asset-checkouts/borrowers' },
      { method: 'GET' as const, url: '/api/asset-checkouts/assets' },
    ];
    for (const call of calls) {
      const response = await inject(t, { ...call, cookie: cashier });
      expect(response.statusCode, call.url).toBe(403);
    }
    expect((await stockOf(asset.id)).stock).toBe(1);
    expect(await checkoutCount(asset.id)).toBe(1);
    const [row] = await t.db.db.select().from(assetCheckouts).where(eq(assetCheckouts.id, lent.id));
    expect(row?.returnedAt).toBeNull();
    const signedOut = await inject(t, { method: 'GET', url: '/api/asset-checkouts' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('borrowers are the active staff with their role', async () => {
    const response = await inject(t, { method: 'GET', url: '/api/asset-checkouts/borrowers', cookie: deptManager });
    expect(response.statusCode).toBe(200);
    const borrowers = response.json() as Array<{ id: string; role: string }>;
    expect(borrowers).toContainEqual({
      id: cashierId,
      firstName: 'Casey',
      lastName: 'Cashier',
      email: null,
      role: 'cashier',
    });
    expect(borrowers.map((b) => b.id)).not.toContain(inactiveId);
  });

  it('lendable assets: active, checkout required, not regular, with stock, units out and size options', async () => {
    const asset = await anAsset({ stock: 3 });
    const regular = await anAsset({ assetType: 'regular' });
    await checkOut({ productId: asset.id, userId: cashierId });
    const response = await inject(t, { method: 'GET', url: '/api/asset-checkouts/assets', cookie: manager });
    expect(response.statusCode).toBe(200);
    const assets = response.json() as LendableAsset[];
    expect(assets.find((a) => a.id === asset.id)).toEqual({
      id: asset.id,
      name: asset.name,
      sku: asset.sku,
      assetType: 'tool',
      location: 'Main-1-101',
      stock: 2,
      serviceFlag: null,
      serviceFlaggedAt: null,
      checkedOut: 1,
      variants: [],
    });
    expect(assets.map((a) => a.id)).not.toContain(regular.id);
  });
});
