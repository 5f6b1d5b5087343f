import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { priceHistory, products, shifts, transactions, userActivity } from '../../db/schema/index';
import { stockOf as ledgerStockOf } from '../stock/stock-test-support';
import {
  createCategory,
  createProduct,
  giveStock,
  type Line,
  postSale,
  saleBody,
  startShift,
} from './pos-test-support';

let t: TestApp;
let cashier: string;
let cashierId: string;
let chris: string;
let manager: string;
let managerId: string;
let bakery: string;

beforeAll(async () => {
  t = await buildTestApp();
  cashierId = await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Casey', lastName: 'Till' });
  await createUser(t, { role: 'cashier', pin: '3862', firstName: 'Chris', lastName: 'Cashier' });
  managerId = await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Lead' });
  cashier = await signIn(t, '2915', '10.4.0.1');
  chris = await signIn(t, '3862', '10.4.0.2');
  manager = await signIn(t, '4826', '10.4.0.3');
  bakery = await createCategory(t, 'Bakery');
});
afterAll(async () => {
  await t.close();
});

function offlineBody(lines: Line[], shiftId: number, extra: { soldAt?: string; terminalId?: string | null } = {}) {
  return {
    ...saleBody(lines, 'cash'),
    soldAt: extra.soldAt ?? new Date().toISOString(),
    shiftId,
    terminalId: extra.terminalId ?? null,
  };
}

function postOffline(cookie: string, body: unknown, key: string = randomUUID()) {
  return inject(t, {
    method: 'POST',
    url: '/api/transactions/offline',
    cookie,
    headers: { 'idempotency-key': key },
    payload: body as Record<string, unknown>,
  });
}

async function stockOf(productId: string): Promise<number> {
  return ledgerStockOf(t, productId);
}

async function salesWithKey(key: string): Promise<number> {
  const rows = await t.db.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.idempotencyKey, key));
  return rows.length;
}

async function activityOf(userId: string, activityType: string) {
  return t.db.db
    .select({ details: userActivity.details })
    .from(userActivity)
    .where(and(eq(userActivity.userId, userId), eq(userActivity.activityType, activityType)));
}

async function freshShift(cookie: string, payload: Record<string, unknown> = {}) {
  await inject(t, { method: 'POST', url: '/api/shifts/end', cookie, payload: {} });
  const response = await inject(t, { method: 'POST', url: '/api/shifts/start', cookie, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().shift as { id: number };
}

function heldSales(status = 'open') {
  return inject(t, { method: 'GET', url: `/api/stock-discrepancies/held-sales?status=${status}`, cookie: manager });
}

function resolveHeld(id: string, action: 'record' | 'void', note = 'Checked with the cashier') {
  return inject(t, {
    method: 'POST',
    url: `/api/stock-discrepancies/held-sales/${id}/resolve`,
    cookie: manager,
    payload: { action, note },
  });
}

describe('an offline sale is accepted only at a price its product really had (issue #30 item 1)', () => {
  it('a $25.00 product sold at $0.01, or 999 at $0.00, is refused with 409, moves nothing and is held for a manager', async () => {
    const vase = await createProduct(t, { name: 'Crystal Vase', price: '25.00', stock: 5, categoryId: bakery });
    const shift = await freshShift(cashier);
    const penny = randomUUID();
    const first = await postOffline(
      cashier,
      offlineBody([{ productId: vase, quantity: 1, unitPrice: '0.01' }], shift.id),
      penny,
    );
    expect(first.statusCode, first.body).toBe(409);
    expect(first.json().code).toBe('pos.offline_price_unknown');
    const free = randomUUID();
    const zero = await postOffline(
      cashier,
      offlineBody([{ productId: vase, quantity: 999, unitPrice: '0.00' }], shift.id),
      free,
    );
    expect(zero.statusCode, zero.body).toBe(409);
    expect(zero.json().code).toBe('pos.offline_price_unknown');
    expect(await salesWithKey(penny)).toBe(0);
    expect(await salesWithKey(free)).toBe(0);
    expect(await stockOf(vase)).toBe(5);

    // A resend keeps one held row and the same answer.
    const again = await postOffline(
      cashier,
      offlineBody([{ productId: vase, quantity: 1, unitPrice: '0.01' }], shift.id),
      penny,
    );
    expect(again.statusCode).toBe(409);
    const held = await heldSales();
    expect(held.statusCode, held.body).toBe(200);
    const mine = held.json().filter((h: { id: string }) => h.id === penny || h.id === free);
    expect(mine).toHaveLength(2);
    expect(mine.find((h: { id: string }) => h.id === penny)).toMatchObject({
      reason: 'price_unknown',
      cashierName: 'Casey Till',
      total: '0.01',
      items: [{ productId: vase, productName: 'Crystal Vase', unitPrice: '0.01', currentUnitPrice: '25.00' }],
      resolvedAt: null,
    });
    expect((await activityOf(cashierId, 'offline_sale_held')).length).toBeGreaterThanOrEqual(2);

    // A manager voids the 999 at $0.00: nothing is recorded, the terminal's resend is told so.
    const voided = await resolveHeld(free, 'void');
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ resolution: 'voided', resolvedByName: 'Morgan Lead', transactionId: null });
    const resent = await postOffline(
      cashier,
      offlineBody([{ productId: vase, quantity: 999, unitPrice: '0.00' }], shift.id),
      free,
    );
    expect(resent.statusCode).toBe(409);
    expect(resent.json().code).toBe('pos.offline_voided');
    expect(await stockOf(vase)).toBe(5);
    expect((await activityOf(managerId, 'offline_sale_held_voided')).length).toBe(1);

    // The $0.01 one is recorded at the current price: 25.00, dated now, stock moves once.
    const recorded = await resolveHeld(penny, 'record');
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ resolution: 'recorded', transactionId: penny });
    const [sale] = await t.db.db
      .select({ total: transactions.total, userId: transactions.userId, shiftId: transactions.shiftId })
      .from(transactions)
      .where(eq(transactions.id, penny));
    expect(sale).toEqual({ total: '25.00', userId: cashierId, shiftId: shift.id });
    expect(await stockOf(vase)).toBe(4);
    // The terminal's resend now gets the recorded sale (it leaves the outbox).
    const synced = await postOffline(
      cashier,
      offlineBody([{ productId: vase, quantity: 1, unitPrice: '0.01' }], shift.id),
      penny,
    );
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json()).toMatchObject({ id: penny, total: '25.00' });
    expect(await stockOf(vase)).toBe(4);
    // Resolved once: a second resolution is refused.
    expect((await resolveHeld(penny, 'void')).statusCode).toBe(409);
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: cashier, payload: {} });
  });

  it('a held split sale is recorded with its tenders: the cash as taken, the last tender pays the rest (review, 29 Nov)', async () => {
    const lamp = await createProduct(t, { name: 'Desk Lamp', price: '25.00', stock: 5, categoryId: bakery });
    const shift = await freshShift(cashier);
    const key = randomUUID();
    // Sold offline at 20.00 (a price it never had): 10.00 cash + 10.00 by card with its fee, 10.25.
    const held = await postOffline(
      cashier,
      {
        ...offlineBody([{ productId: lamp, quantity: 1, unitPrice: '20.00' }], shift.id),
        tax: '0.25',
        total: '20.25',
        paymentMethod: 'credit_card',
        tenders: [
          { method: 'cash', amount: '10.00' },
          { method: 'credit_card', amount: '10.25' },
        ],
      },
      key,
    );
    expect(held.statusCode, held.body).toBe(409);
    const recorded = await resolveHeld(key, 'record');
    expect(recorded.statusCode, recorded.body).toBe(200);
    // At 25.00: the 10.00 cash stays; the card pays 15.00 + its fee 0.38 (0.375 half-up).
    const [sale] = await t.db.db
      .select({ total: transactions.total, tax: transactions.tax, method: transactions.paymentMethod })
      .from(transactions)
      .where(eq(transactions.id, key));
    expect(sale).toEqual({ total: '25.38', tax: '0.38', method: 'credit_card' });
    const tenders = await t.db.execute(
      'select method, amount::text as amount, card_fee::text as fee from transaction_payments where transaction_id = $1 order by seq',
      [key],
    );
    expect(tenders.rows).toEqual([
      { method: 'cash', amount: '10.00', fee: '0.00' },
      { method: 'credit_card', amount: '15.38', fee: '0.38' },
    ]);
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: cashier, payload: {} });
  });

  it('a price the product had while the terminal was offline is accepted, with an activity row; an older one is not', async () => {
    const loaf = await createProduct(t, { name: 'Rye Loaf', price: '4.00', stock: 10, categoryId: bakery });
    const shift = await freshShift(cashier);
    // The price changes while the terminal is offline: the customer paid the old one.
    await t.db.db.update(products).set({ price: '4.50' }).where(eq(products.id, loaf));
    const old = await postOffline(
      cashier,
      offlineBody([{ productId: loaf, quantity: 2, unitPrice: '4.00' }], shift.id),
    );
    expect(old.statusCode, old.body).toBe(201);
    const rows = await activityOf(cashierId, 'offline_sale_price_differs');
    expect(rows.map((r) => r.details)).toContainEqual(
      expect.objectContaining({
        transactionId: old.json().id,
        chargedSubtotal: '8.00',
        currentSubtotal: '9.00',
        difference: '-1.00',
      }),
    );
    // At today's price: no row.
    const today = await postOffline(
      cashier,
      offlineBody([{ productId: loaf, quantity: 1, unitPrice: '4.50' }], shift.id),
    );
    expect(today.statusCode).toBe(201);
    expect(
      (await activityOf(cashierId, 'offline_sale_price_differs')).filter(
        (r) => (r.details as { transactionId?: string }).transactionId === today.json().id,
      ),
    ).toHaveLength(0);

    // A price that ended longer ago than the outbox may hold a sale is refused.
    await t.db.db
      .update(priceHistory)
      .set({ effectiveTo: new Date(Date.now() - 30 * 3_600_000) })
      .where(and(eq(priceHistory.productId, loaf), eq(priceHistory.price, '4.00')));
    const stale = await postOffline(
      cashier,
      offlineBody([{ productId: loaf, quantity: 1, unitPrice: '4.00' }], shift.id),
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().code).toBe('pos.offline_price_unknown');
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: cashier, payload: {} });
  });

  it('the price history keeps every price of a product with when it held', async () => {
    const bun = await createProduct(t, { name: 'Bun', price: '1.00', stock: 1, categoryId: bakery });
    await t.db.db.update(products).set({ price: '1.20' }).where(eq(products.id, bun));
    await giveStock(t, { productId: bun }, 2);
    const history = await t.db.db
      .select({ price: priceHistory.price, effectiveTo: priceHistory.effectiveTo })
      .from(priceHistory)
      .where(eq(priceHistory.productId, bun))
      .orderBy(priceHistory.effectiveFrom, priceHistory.price);
    expect(history.map((h) => [h.price, h.effectiveTo === null])).toEqual([
      ['1.00', false],
      ['1.20', true],
    ]);
  });
});

describe("a sale goes only into the caller's own shift (issue #30 item 2)", () => {
  it("a manager's offline $1,000 sale into Chris's open shift is refused; nothing is recorded as Chris's", async () => {
    const safe = await createProduct(t, { name: 'Safe', price: '1000.00', stock: 5, categoryId: bakery });
    const chrisShift = await freshShift(chris);
    const key = randomUUID();
    const response = await postOffline(
      manager,
      offlineBody([{ productId: safe, quantity: 1, unitPrice: '1000.00' }], chrisShift.id),
      key,
    );
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().code).toBe('pos.offline_other_cashier');
    expect(await salesWithKey(key)).toBe(0);
    const chrisSales = await t.db.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.shiftId, chrisShift.id));
    expect(chrisSales).toHaveLength(0);
    expect(await stockOf(safe)).toBe(5);
    // Chris sends it herself: it is hers.
    const own = await postOffline(
      chris,
      offlineBody([{ productId: safe, quantity: 1, unitPrice: '1000.00' }], chrisShift.id),
      key,
    );
    expect(own.statusCode, own.body).toBe(201);
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: chris, payload: {} });
  });

  it('online, a sale goes into the caller’s own open shift and is recorded as theirs, never into another’s', async () => {
    const cake = await createProduct(t, { name: 'Cake', price: '12.00', stock: 5, categoryId: bakery });
    const chrisShift = await freshShift(chris);
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: manager, payload: {} });
    const none = await postSale(t, manager, saleBody([{ productId: cake, quantity: 1, unitPrice: '12.00' }]));
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain('shift');
    const managerShift = await startShift(t, manager);
    const sold = await postSale(t, manager, saleBody([{ productId: cake, quantity: 1, unitPrice: '12.00' }]));
    expect(sold.statusCode, sold.body).toBe(201);
    const [row] = await t.db.db
      .select({ userId: transactions.userId, shiftId: transactions.shiftId })
      .from(transactions)
      .where(eq(transactions.id, sold.json().id));
    expect(row).toEqual({ userId: managerId, shiftId: managerShift.id });
    expect(row?.shiftId).not.toBe(chrisShift.id);
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: manager, payload: {} });
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: chris, payload: {} });
  });
});

describe('offline sales do not rewrite closed days (issue #30 item 3)', () => {
  it("a sale dated into the cashier's own shift of a month ago is refused and held; that shift's Z report stays", async () => {
    const tart = await createProduct(t, { name: 'Month Tart', price: '124.57', stock: 20, categoryId: bakery });
    const old = await freshShift(cashier);
    const online = await postSale(t, cashier, saleBody([{ productId: tart, quantity: 1, unitPrice: '124.57' }]));
    expect(online.statusCode).toBe(201);
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: cashier, payload: {} });
    const monthAgo = Date.now() - 30 * 86_400_000;
    await t.db.db
      .update(shifts)
      .set({ startedAt: new Date(monthAgo - 3_600_000), endedAt: new Date(monthAgo) })
      .where(eq(shifts.id, old.id));
    await t.db.db
      .update(transactions)
      .set({ createdAt: new Date(monthAgo - 1_800_000) })
      .where(eq(transactions.shiftId, old.id));
    const zBefore = await inject(t, { method: 'GET', url: `/api/shifts/${old.id}/z-report`, cookie: cashier });
    expect(zBefore.statusCode).toBe(200);

    const key = randomUUID();
    const late = await postOffline(
      cashier,
      offlineBody([{ productId: tart, quantity: 8, unitPrice: '124.57' }], old.id, {
        soldAt: new Date(monthAgo - 600_000).toISOString(),
      }),
      key,
    );
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().code).toBe('pos.offline_shift_too_old');
    expect(await salesWithKey(key)).toBe(0);
    const dayFigures = await t.db.db
      .select({ total: transactions.total })
      .from(transactions)
      .where(eq(transactions.shiftId, old.id));
    expect(dayFigures).toEqual([{ total: '124.57' }]);
    expect(await stockOf(tart)).toBe(19);
    const zAfter = await inject(t, { method: 'GET', url: `/api/shifts/${old.id}/z-report`, cookie: cashier });
    expect(zAfter.json()).toEqual(zBefore.json());
    const held = (await heldSales()).json().find((h: { id: string }) => h.id === key);
    expect(held).toMatchObject({ reason: 'shift_too_old', shiftId: old.id });
  });

  it('a shift bound to its terminal at the start takes offline sales only from that terminal', async () => {
    const roll = await createProduct(t, { name: 'Terminal Roll', price: '2.00', stock: 10, categoryId: bakery });
    const till = randomUUID();
    const shift = await freshShift(cashier, { terminalId: till });
    const elsewhere = await postOffline(
      cashier,
      offlineBody([{ productId: roll, quantity: 1, unitPrice: '2.00' }], shift.id, { terminalId: randomUUID() }),
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(409);
    expect(elsewhere.json().code).toBe('pos.offline_other_terminal');
    const unnamed = await postOffline(
      cashier,
      offlineBody([{ productId: roll, quantity: 1, unitPrice: '2.00' }], shift.id),
    );
    expect(unnamed.statusCode).toBe(409);
    const here = await postOffline(
      cashier,
      offlineBody([{ productId: roll, quantity: 1, unitPrice: '2.00' }], shift.id, { terminalId: till }),
    );
    expect(here.statusCode, here.body).toBe(201);
    expect(await stockOf(roll)).toBe(9);
    // Closed an hour ago, within the outbox's 24 hours: a late sale from that terminal is accepted.
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: cashier, payload: {} });
    const lateOk = await postOffline(
      cashier,
      offlineBody([{ productId: roll, quantity: 1, unitPrice: '2.00' }], shift.id, { terminalId: till }),
    );
    expect(lateOk.statusCode, lateOk.body).toBe(201);
    expect(lateOk.json().late).toBe(true);
  });
});
