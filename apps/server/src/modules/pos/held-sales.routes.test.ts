import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { heldSales, userActivity } from '../../db/schema/index';
import { stockOf } from '../stock/stock-test-support';
import { createCategory, createProduct, giveStock } from './pos-test-support';

/**
 * Issue #35 item 3 (docs/adr/0032): held sales, open tickets. Listed per store, resumed on another
 * till of the store, two tills resuming one: one wins; no stock held; a shift cannot end with its
 * held sales waiting unless a manager keeps or discards them.
 */
let t: TestApp;
let manager: string;
let ann: string;
let ben: string;
let lib: string;
let annId: string;
let managerId: string;
let mainStoreId: string;
let libraryStoreId: string;
let latte: string;
let muffin: string;

function post(cookie: string, payload: Record<string, unknown>) {
  return inject(t, { method: 'POST', url: '/api/held-sales', cookie, payload });
}
function list(cookie: string) {
  return inject(t, { method: 'GET', url: '/api/held-sales', cookie });
}
function resume(cookie: string, id: string) {
  return inject(t, { method: 'DELETE', url: `/api/held-sales/${id}`, cookie });
}
function endShift(cookie: string, payload: Record<string, unknown> = {}) {
  return inject(t, { method: 'POST', url: '/api/shifts/end', cookie, payload });
}
async function startAt(cookie: string, storeId: string) {
  const started = await inject(t, { method: 'POST', url: '/api/shifts/start', cookie, payload: { storeId } });
  expect(started.statusCode, started.body).toBe(201);
  return started.json().shift.id as number;
}
function cart(label: string, extra: Record<string, unknown> = {}) {
  return {
    label,
    lines: [
      { productId: latte, productName: 'Latte', variantName: 'Large', quantity: 2, unitPrice: '5.00' },
      {
        productId: muffin,
        productName: 'Muffin',
        quantity: 1,
        unitPrice: '3.50',
        discount: { type: 'percent', value: 10 },
      },
    ],
    ...extra,
  };
}
async function activities(type: string) {
  return t.db.db
    .select({ userId: userActivity.userId, details: userActivity.details })
    .from(userActivity)
    .where(eq(userActivity.activityType, type));
}

beforeAll(async () => {
  t = await buildTestApp();
  managerId = await createUser(t, { role: 'manager', pin: '4826', firstName: 'Mia', lastName: 'Manager' });
  annId = await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Ann', lastName: 'Till' });
  await createUser(t, { role: 'cashier', pin: '3917', firstName: 'Ben', lastName: 'Till' });
  await createUser(t, { role: 'cashier', pin: '3862', firstName: 'Lou', lastName: 'Library' });
  manager = await signIn(t, '4826', '10.35.0.1');
  ann = await signIn(t, '2915', '10.35.0.2');
  ben = await signIn(t, '3917', '10.35.0.3');
  lib = await signIn(t, '3862', '10.35.0.4');
  const stores = await inject(t, { method: 'GET', url: '/api/stores', cookie: manager });
  mainStoreId = stores.json()[0].id;
  const library = await inject(t, {
    method: 'POST',
    url: '/api/stores',
    cookie: manager,
    payload: { name: 'Library Café', code: 'LIBH' },
  });
  expect(library.statusCode, library.body).toBe(201);
  libraryStoreId = library.json().id;
  const cafe = await createCategory(t, 'Café');
  latte = await createProduct(t, { name: 'Latte', price: '5.00', stock: 20, categoryId: cafe });
  muffin = await createProduct(t, { name: 'Muffin', price: '3.50', stock: 6, categoryId: cafe });
  await giveStock(t, { productId: muffin, storeId: libraryStoreId }, 4);
  await startAt(manager, mainStoreId);
  await startAt(ann, mainStoreId);
  await startAt(ben, mainStoreId);
  await startAt(lib, libraryStoreId);
});
afterAll(async () => {
  await t?.close();
});

describe('held sales (issue #35 item 3)', () => {
  it('a held cart is listed at its store only, as the till held it, and holds no stock', async () => {
    const held = await post(ann, cart('Table 4'));
    expect(held.statusCode, held.body).toBe(201);
    const body = held.json();
    expect(body).toMatchObject({
      storeId: mainStoreId,
      label: 'Table 4',
      createdBy: annId,
      createdByName: 'Ann Till',
      discount: null,
      lines: [
        {
          productId: latte,
          productName: 'Latte',
          variantName: 'Large',
          variantId: null,
          quantity: 2,
          unitPrice: '5.00',
          discount: null,
        },
        { productId: muffin, quantity: 1, unitPrice: '3.50', discount: { type: 'percent', value: 10 } },
      ],
    });
    // No stock is held: the muffin's 6 and the latte's 20 stay.
    expect(await stockOf(t, muffin)).toBe(6);
    expect(await stockOf(t, latte)).toBe(20);

    const atMain = (await list(ben)).json() as Array<{ id: string; label: string }>;
    expect(atMain.filter((h) => h.id === body.id).map((h) => h.label)).toEqual(['Table 4']);
    const atLibrary = (await list(lib)).json() as Array<{ id: string }>;
    expect(atLibrary.some((h) => h.id === body.id)).toBe(false);
    // The library's own is listed there, not at the main store.
    const there = await post(lib, cart('Sam', { lines: [{ productId: muffin, quantity: 1, unitPrice: '3.50' }] }));
    expect(there.statusCode, there.body).toBe(201);
    expect(((await list(lib)).json() as Array<{ label: string }>).map((h) => h.label)).toEqual(['Sam']);
    expect(((await list(ben)).json() as Array<{ id: string }>).some((h) => h.id === there.json().id)).toBe(false);
    expect(await stockOf(t, muffin, null, libraryStoreId)).toBe(4);
    // Tidy: both resumed.
    expect((await resume(lib, there.json().id)).statusCode).toBe(200);
    expect((await resume(ann, body.id)).statusCode).toBe(200);
  });

  it('refuses bad holds with 400 per field, a hold without a shift with 409, and writes nothing', async () => {
    const before = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(heldSales);
    const empty = await post(ann, { label: 'Table 1', lines: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ lines: 'Add items to the cart before holding it.' });
    const noLabel = await post(ann, cart('   '));
    expect(noLabel.statusCode).toBe(400);
    expect(noLabel.json().errors).toEqual({ label: 'Enter a name or table number' });
    const long = await post(ann, cart('x'.repeat(41)));
    expect(long.json().errors).toEqual({ label: 'A name or table number can have at most 40 characters' });
    const tooMany = await post(ann, {
      label: 'Big',
      lines: Array.from({ length: 201 }, () => ({ productId: latte, quantity: 1, unitPrice: '5.00' })),
    });
    expect(tooMany.json().errors).toEqual({ lines: 'A held sale can have at most 200 lines' });
    const quantity = await post(ann, { label: 'Q', lines: [{ productId: latte, quantity: 1000, unitPrice: '5.00' }] });
    expect(quantity.json().errors).toEqual({ 'lines.0.quantity': 'Quantity cannot exceed 999' });
    const price = await post(ann, { label: 'P', lines: [{ productId: latte, quantity: 1, unitPrice: '5.001' }] });
    expect(price.json().errors).toEqual({ 'lines.0.unitPrice': 'Must be an amount like 12.50' });
    const unknown = await post(ann, {
      label: 'U',
      lines: [{ productId: randomUUID(), quantity: 1, unitPrice: '1.00' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('pos.unknown_product');

    await createUser(t, { role: 'cashier', pin: '5274', firstName: 'No', lastName: 'Shift' });
    const noShift = await post(await signIn(t, '5274', '10.35.0.9'), cart('Table 2'));
    expect(noShift.statusCode).toBe(409);
    expect(noShift.json().code).toBe('pos.shift_required');
    const after = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(heldSales);
    expect(after).toEqual(before);
  });

  it('is resumed on another till of the store; then it is gone for everyone (404), and another store cannot take it', async () => {
    const id = (await post(ann, cart('Priya'))).json().id as string;
    expect((await resume(lib, id)).statusCode).toBe(404);
    const taken = await resume(ben, id);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ id, label: 'Priya', createdByName: 'Ann Till' });
    expect(taken.json().lines.map((l: { quantity: number }) => l.quantity)).toEqual([2, 1]);
    const again = await resume(ann, id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      code: 'pos.held_sale_gone',
      message: 'This held sale is no longer waiting: another till may have resumed it.',
    });
    expect(((await list(ann)).json() as Array<{ id: string }>).some((h) => h.id === id)).toBe(false);
    const [row] = await t.db.db.select().from(heldSales).where(eq(heldSales.id, id));
    expect(row).toMatchObject({ resolution: 'resumed', resolvedBy: expect.any(String) });
    expect((await resume(ann, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('two tills resuming one held sale at once: exactly one gets it', async () => {
    for (let round = 0; round < 5; round++) {
      const id = (await post(ann, cart(`Race ${round}`))).json().id as string;
      const answers = await Promise.all([resume(ben, id), resume(manager, id)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    }
  });

  it('the same hold sent twice (the outbox again) is stored once', async () => {
    const id = randomUUID();
    // Held offline "before" the shift started (a wrong clock): kept at the shift's start, never earlier.
    const shift = (await inject(t, { method: 'GET', url: '/api/shifts/current', cookie: ann })).json().shift;
    const heldAt = new Date(Date.parse(shift.startedAt) - 60_000).toISOString();
    const first = await post(ann, cart('Offline 1', { id, heldAt }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().createdAt).toBe(new Date(shift.startedAt).toISOString());
    const second = await post(ann, cart('Offline 1', { id, heldAt }));
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(id);
    const rows = await t.db.db.select().from(heldSales).where(eq(heldSales.id, id));
    expect(rows).toHaveLength(1);
    // Another user cannot take over that id.
    expect((await post(ben, cart('Mine', { id }))).statusCode).toBe(409);
    expect((await resume(ann, id)).statusCode).toBe(200);
  });
});

describe('ending a shift with held sales (issue #35 item 3)', () => {
  it('is refused while they wait; a cashier needs a manager PIN to keep them; kept ones stay for the next shift', async () => {
    const a = (await post(ann, cart('Table 7'))).json().id as string;
    const b = (await post(ann, cart('Jo'))).json().id as string;
    const refused = await endShift(ann, { countedCash: '0.00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'pos.held_sales_unresolved',
      message:
        '2 held sales of this shift are still waiting. A manager must choose: keep them for the next shift, or discard them with a reason.',
    });
    // Nothing changed: the shift is still open.
    expect((await inject(t, { method: 'GET', url: '/api/shifts/current', cookie: ann })).json().shift.isOpen).toBe(
      true,
    );
    const noPin = await endShift(ann, { countedCash: '0.00', heldSales: { action: 'keep' } });
    expect(noPin.statusCode).toBe(403);
    expect(noPin.json().code).toBe('pos.approval_required');
    const kept = await endShift(ann, { countedCash: '0.00', heldSales: { action: 'keep' }, approverPin: '4826' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().shift.isOpen).toBe(false);
    const keptRows = (await activities('held_sales_kept')).filter((r) => r.userId === annId);
    expect(keptRows).toHaveLength(1);
    expect(keptRows[0]?.details).toMatchObject({ heldSaleIds: [a, b], approverId: managerId });
    // Still waiting at the store for the next shift, and Ann's next shift may end without a choice.
    const waiting = ((await list(ben)).json() as Array<{ id: string }>).map((h) => h.id);
    expect(waiting).toEqual(expect.arrayContaining([a, b]));
    await startAt(ann, mainStoreId);
    expect((await endShift(ann, { countedCash: '0.00' })).statusCode).toBe(200);
    await startAt(ann, mainStoreId);
    expect((await resume(ann, a)).statusCode).toBe(200);
    expect((await resume(ann, b)).statusCode).toBe(200);
  });

  it("the manager's approval is written in the end's transaction: an end that fails leaves no approval row", async () => {
    const current = (await inject(t, { method: 'GET', url: '/api/shifts/current', cookie: lib })).json();
    if (!current.shift) await startAt(lib, libraryStoreId);
    const held = (await post(lib, cart('Fault table'))).json().id as string;
    const granted = async () =>
      (await activities('approval_granted')).filter(
        (r) => (r.details as { action?: string }).action === 'held_sales_keep',
      ).length;
    const before = await granted();
    // Fault injection: the Z report's insert fails after the PIN was accepted and the shift's row
    // was updated, so the whole end rolls back.
    await t.db.db.execute(
      sql.raw(
        `create function fail_z() returns trigger language plpgsql as $$ begin raise exception 'injected'; end $$`,
      ),
    );
    await t.db.db.execute(
      sql.raw('create trigger fail_z before insert on z_reports for each row execute function fail_z()'),
    );
    const body = { countedCash: '0.00', heldSales: { action: 'keep' }, approverPin: '4826' };
    let failed: Awaited<ReturnType<typeof endShift>>;
    try {
      failed = await endShift(lib, body);
    } finally {
      await t.db.db.execute(sql.raw('drop trigger fail_z on z_reports'));
      await t.db.db.execute(sql.raw('drop function fail_z()'));
    }
    expect(failed.statusCode).toBe(500);
    expect((await inject(t, { method: 'GET', url: '/api/shifts/current', cookie: lib })).json().shift?.isOpen).toBe(
      true,
    );
    expect(await granted()).toBe(before);
    // The same end, now succeeding, writes its approval once, with the choice.
    const done = await endShift(lib, body);
    expect(done.statusCode, done.body).toBe(200);
    expect(await granted()).toBe(before + 1);
    await startAt(lib, libraryStoreId);
    expect((await resume(lib, held)).statusCode).toBe(200);
  });

  it('discarding needs a reason, marks each discarded with an activity row; a manager chooses without a PIN', async () => {
    const c = (await post(ben, cart('Walked out'))).json().id as string;
    const noReason = await endShift(ben, { heldSales: { action: 'discard' }, approverPin: '4826' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ 'heldSales.reason': 'Give a reason for discarding the held sales' });
    const wrongPin = await endShift(ben, { heldSales: { action: 'discard', reason: 'Left' }, approverPin: '2915' });
    expect(wrongPin.statusCode).toBe(403);
    const done = await endShift(ben, {
      heldSales: { action: 'discard', reason: 'Customer left without paying' },
      approverPin: '4826',
    });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await t.db.db.select().from(heldSales).where(eq(heldSales.id, c));
    expect(row).toMatchObject({ resolution: 'discarded', resolutionReason: 'Customer left without paying' });
    const discarded = await t.db.db
      .select({ details: userActivity.details })
      .from(userActivity)
      .where(
        and(eq(userActivity.activityType, 'held_sale_discarded'), sql`${userActivity.details} ->> 'heldSaleId' = ${c}`),
      );
    expect(discarded).toHaveLength(1);
    expect(discarded[0]?.details).toMatchObject({ label: 'Walked out', reason: 'Customer left without paying' });
    expect(((await list(ann)).json() as Array<{ id: string }>).some((h) => h.id === c)).toBe(false);

    // A manager's own shift: the choice needs no PIN.
    const d = (await post(manager, cart('Manager table'))).json().id as string;
    const mine = await endShift(manager, { heldSales: { action: 'discard', reason: 'Test order' } });
    expect(mine.statusCode, mine.body).toBe(200);
    const [mrow] = await t.db.db.select().from(heldSales).where(eq(heldSales.id, d));
    expect(mrow?.resolution).toBe('discarded');
  });
});
