import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { ledgerMismatches, movementsOf, stockOf } from '../stock/stock-test-support';
import { createCategory, createProduct, postSale, saleBody, startShift } from './pos-test-support';

let t: TestApp;
let manager: string;
let cashier: string;
let managerId: string;
let cashierId: string;
let category: string;

beforeAll(async () => {
  t = await buildTestApp();
  managerId = await createUser(t, { role: 'manager', pin: '4826', firstName: 'Maria', lastName: 'Manager' });
  cashierId = await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Carl', lastName: 'Cashier' });
  await createUser(t, { role: 'cashier', pin: '3917', firstName: 'Cora', lastName: 'Cashier' });
  manager = await signIn(t, '4826', '10.70.0.1');
  cashier = await signIn(t, '2915', '10.70.0.2');
  await startShift(t, manager, '50.00');
  category = await createCategory(t, 'Kitchen');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await ledgerMismatches(t)).toEqual([]);
});

/** A recorded sale: its id and its lines' ids, in cart order. */
async function sell(
  cookie: string,
  lines: Array<{ productId: string; quantity: number; unitPrice: string }>,
  method: 'cash' | 'credit_card' | 'eftpos' = 'cash',
) {
  const response = await postSale(
    t,
    cookie,
    saleBody(lines, method, method === 'cash' ? {} : { referenceCode: 'VTPD123456' }),
  );
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as string;
  const detail = await inject(t, { method: 'GET', url: `/api/transactions/${id}`, cookie: manager });
  expect(detail.statusCode, detail.body).toBe(200);
  return { id, lineIds: (detail.json().lines as Array<{ id: string }>).map((l) => l.id) };
}

function refund(
  saleId: string,
  body: Record<string, unknown>,
  cookie = manager,
  key: string = randomUUID(),
  remoteAddress = '10.70.0.1',
) {
  return inject(t, {
    method: 'POST',
    url: `/api/transactions/${saleId}/refunds`,
    cookie,
    headers: { 'idempotency-key': key },
    payload: body,
    remoteAddress,
  });
}

describe('refunds', () => {
  it('a refund of 2 of 3 units restocks 2, and a second refund of 2 is refused', async () => {
    const mug = await createProduct(t, { name: 'Mug', price: '6.00', stock: 10, categoryId: category });
    const sale = await sell(manager, [{ productId: mug, quantity: 3, unitPrice: '6.00' }]);
    expect(await stockOf(t, mug)).toBe(7);

    const first = await refund(sale.id, {
      lines: [{ itemId: sale.lineIds[0], quantity: 2 }],
      reason: 'Customer changed mind',
      restock: true,
    });
    expect(first.statusCode, first.body).toBe(201);
    const body = first.json();
    expect(body).toMatchObject({
      transactionId: sale.id,
      subtotal: '12.00',
      cardFee: '0.00',
      total: '12.00',
      paymentMethod: 'cash',
      restock: true,
      reason: 'Customer changed mind',
      approvedBy: null,
      cashier: { id: managerId, name: 'Maria Manager' },
      lines: [{ itemId: sale.lineIds[0], productId: mug, name: 'Mug', quantity: 2, totalPrice: '12.00' }],
    });
    expect(body.number).toMatch(/^R[0-9A-F]{6}$/);
    expect(await stockOf(t, mug)).toBe(9);
    expect((await movementsOf(t, mug)).at(-1)).toMatchObject({ reason: 'refund', quantity: 2, stock_after: 9 });

    const second = await refund(sale.id, {
      lines: [{ itemId: sale.lineIds[0], quantity: 2 }],
      reason: 'Customer changed mind',
      restock: true,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'pos.refund_exceeds_sold',
      message: 'Only 1 of Mug can still be refunded.',
    });
    expect(await stockOf(t, mug)).toBe(9);
    const last = await refund(sale.id, { lines: [{ itemId: sale.lineIds[0], quantity: 1 }], reason: 'Other' });
    expect(last.statusCode).toBe(201);
    const none = await refund(sale.id, { lines: [{ itemId: sale.lineIds[0], quantity: 1 }], reason: 'Other' });
    expect(none.json().message).toBe('Mug has already been refunded in full.');

    // GET /api/transactions/:id lists the refunds.
    const detail = (await inject(t, { method: 'GET', url: `/api/transactions/${sale.id}`, cookie: manager })).json();
    expect(detail.refunds.map((r: { total: string }) => r.total)).toEqual(['12.00', '6.00']);
  });

  it("a cashier's refund needs a manager's PIN on the spot; the manager is recorded", async () => {
    const bowl = await createProduct(t, { name: 'Bowl', price: '4.00', stock: 5, categoryId: category });
    const cashierShift = await startShift(t, cashier);
    const sale = await sell(cashier, [{ productId: bowl, quantity: 2, unitPrice: '4.00' }]);
    const body = { lines: [{ itemId: sale.lineIds[0], quantity: 1 }], reason: 'Wrong item', restock: true };

    const missing = await refund(sale.id, body, cashier, randomUUID(), '10.70.1.1');
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('pos.approval_required');
    const wrong = await refund(sale.id, { ...body, approverPin: '3917' }, cashier, randomUUID(), '10.70.1.2');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 'pos.approval_invalid', message: 'Invalid manager PIN' });
    expect(await stockOf(t, bowl)).toBe(3);

    const approved = await refund(sale.id, { ...body, approverPin: '4826' }, cashier, randomUUID(), '10.70.1.3');
    expect(approved.statusCode, approved.body).toBe(201);
    expect(approved.json()).toMatchObject({
      shiftId: cashierShift.id,
      cashier: { id: cashierId },
      approvedBy: { id: managerId, name: 'Maria Manager' },
    });
    expect(await stockOf(t, bowl)).toBe(4);
    const { rows } = await t.db.execute(
      `select user_id, details from user_activity where activity_type = 'refund' and details->>'transactionId' = $1`,
      [sale.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: cashierId,
      details: { approverId: managerId, approverName: 'Maria Manager', total: '4.00', restock: true },
    });
    const movement = await t.db.execute(
      `select created_by as user_id, approved_by as approver_id from proc_inventory_transactions
        where ref_table = 'refund' and ref_id = $1`,
      [approved.json().id],
    );
    expect(movement.rows).toEqual([{ user_id: cashierId, approver_id: managerId }]);
    // The cashier is still signed in as themselves.
    const session = await inject(t, { method: 'GET', url: '/auth/session', cookie: cashier });
    expect(session.json().user.id).toBe(cashierId);
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: cashier, payload: {} });
  });

  it('damaged goods (restock off) are written off: stock stays, the ledger shows both', async () => {
    const plate = await createProduct(t, { name: 'Plate', price: '3.50', stock: 4, categoryId: category });
    const sale = await sell(manager, [{ productId: plate, quantity: 2, unitPrice: '3.50' }]);
    const response = await refund(sale.id, {
      lines: [{ itemId: sale.lineIds[0], quantity: 2 }],
      reason: 'Damaged or faulty',
      note: 'Chipped',
      restock: false,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ restock: false, note: 'Chipped', total: '7.00' });
    expect(await stockOf(t, plate)).toBe(2);
    // Written in one transaction, so they share a time; compared without order.
    const last = (await movementsOf(t, plate)).filter((m) => m.reason === 'refund' || m.reason === 'writeoff');
    expect(last.map((m) => [m.reason, m.quantity]).sort()).toEqual([
      ['refund', 2],
      ['writeoff', -2],
    ]);
  });

  it('the card fee is refunded proportionally, exact to the cent, and adds up to the whole fee', async () => {
    const cup = await createProduct(t, { name: 'Cup', price: '3.33', stock: 10, categoryId: category });
    // 3 × 3.33 by eftpos: subtotal 9.99, fee 0.25, total 10.24.
    const sale = await sell(manager, [{ productId: cup, quantity: 3, unitPrice: '3.33' }], 'eftpos');
    const one = await refund(sale.id, { lines: [{ itemId: sale.lineIds[0], quantity: 1 }], reason: 'Other' });
    expect(one.json()).toMatchObject({ subtotal: '3.33', cardFee: '0.08', total: '3.41', paymentMethod: 'eftpos' });
    const rest = await refund(sale.id, {
      lines: [{ itemId: sale.lineIds[0], quantity: 2 }],
      reason: 'Other',
      method: 'cash',
    });
    expect(rest.json()).toMatchObject({ subtotal: '6.66', cardFee: '0.17', total: '6.83', paymentMethod: 'cash' });
  });

  it('shift summary: expected cash = float + cash sales − cash refunds', async () => {
    const cora = await signIn(t, '3917', '10.70.2.1');
    const shift = await startShift(t, cora, '100.00');
    const pan = await createProduct(t, { name: 'Pan', price: '20.00', stock: 5, categoryId: category });
    const cashSale = await sell(cora, [{ productId: pan, quantity: 2, unitPrice: '20.00' }]);
    const cardSale = await sell(cora, [{ productId: pan, quantity: 1, unitPrice: '20.00' }], 'credit_card');
    // Refunded in this shift with the manager's PIN: one pan in cash, the card pan to the card.
    const pin = { approverPin: '4826', reason: 'Other' };
    expect(
      (await refund(cashSale.id, { lines: [{ itemId: cashSale.lineIds[0], quantity: 1 }], ...pin }, cora)).statusCode,
    ).toBe(201);
    expect(
      (await refund(cardSale.id, { lines: [{ itemId: cardSale.lineIds[0], quantity: 1 }], ...pin }, cora)).statusCode,
    ).toBe(201);
    const summary = (await inject(t, { method: 'GET', url: `/api/shifts/${shift.id}/summary`, cookie: cora })).json();
    expect(summary).toMatchObject({
      openingFloat: '100.00',
      cashSales: '40.00',
      refundsCount: 2,
      refundsTotal: '40.50',
      cashRefunds: '20.00',
      expectedCash: '120.00',
    });
    const ended = await inject(t, {
      method: 'POST',
      url: '/api/shifts/end',
      cookie: cora,
      payload: { countedCash: '119.00' },
    });
    expect(ended.json().summary).toMatchObject({ expectedCash: '120.00', overShort: '-1.00' });
  });

  it('is idempotent: the same key answers with the first refund; a different body with it is 409', async () => {
    const jug = await createProduct(t, { name: 'Jug', price: '9.00', stock: 5, categoryId: category });
    const sale = await sell(manager, [{ productId: jug, quantity: 2, unitPrice: '9.00' }]);
    const key = randomUUID();
    const body = { lines: [{ itemId: sale.lineIds[0], quantity: 1 }], reason: 'Other' };
    const first = await refund(sale.id, body, manager, key);
    const again = await refund(sale.id, body, manager, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const different = await refund(
      sale.id,
      { ...body, lines: [{ itemId: sale.lineIds[0], quantity: 2 }] },
      manager,
      key,
    );
    expect(different.statusCode).toBe(409);
    expect(await stockOf(t, jug)).toBe(4);
    // Simultaneous duplicates: one refund.
    const key2 = randomUUID();
    const both = await Promise.all([refund(sale.id, body, manager, key2), refund(sale.id, body, manager, key2)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(await stockOf(t, jug)).toBe(5);
  });

  it('bad requests change nothing: 400 for bad bodies and unknown lines, 404 for unknown sales, 409 without a shift', async () => {
    const tray = await createProduct(t, { name: 'Tray', price: '5.00', stock: 5, categoryId: category });
    const sale = await sell(manager, [{ productId: tray, quantity: 1, unitPrice: '5.00' }]);
    expect((await refund(sale.id, { lines: [], reason: 'Other' })).statusCode).toBe(400);
    expect(
      (await refund(sale.id, { lines: [{ itemId: sale.lineIds[0], quantity: 1 }], reason: 'Bored' })).statusCode,
    ).toBe(400);
    expect(
      (await refund(sale.id, { lines: [{ itemId: sale.lineIds[0], quantity: 0 }], reason: 'Other' })).statusCode,
    ).toBe(400);
    const unknownLine = await refund(sale.id, { lines: [{ itemId: randomUUID(), quantity: 1 }], reason: 'Other' });
    expect(unknownLine.statusCode).toBe(400);
    expect(
      (await refund(randomUUID(), { lines: [{ itemId: sale.lineIds[0], quantity: 1 }], reason: 'Other' })).statusCode,
    ).toBe(404);
    const noKey = await inject(t, {
      method: 'POST',
      url: `/api/transactions/${sale.id}/refunds`,
      cookie: manager,
      payload: { lines: [{ itemId: sale.lineIds[0], quantity: 1 }], reason: 'Other' },
    });
    expect(noKey.statusCode).toBe(400);
    // A manager without an open shift.
    await createUser(t, { role: 'manager', pin: '6513', firstName: 'Off', lastName: 'Duty' });
    const offDuty = await signIn(t, '6513', '10.70.3.1');
    const noShift = await refund(
      sale.id,
      { lines: [{ itemId: sale.lineIds[0], quantity: 1 }], reason: 'Other' },
      offDuty,
    );
    expect(noShift.statusCode).toBe(409);
    expect(noShift.json().message).toBe('No open shift. Please start your shift before giving a refund.');
    expect(await stockOf(t, tray)).toBe(4);
    const { rows } = await t.db.execute('select count(*)::int as n from refunds where transaction_id = $1', [sale.id]);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('simultaneous refunds of the same line never give back more than was sold', async () => {
    const spoon = await createProduct(t, { name: 'Spoon', price: '1.00', stock: 20, categoryId: category });
    const sale = await sell(manager, [{ productId: spoon, quantity: 3, unitPrice: '1.00' }]);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        refund(sale.id, { lines: [{ itemId: sale.lineIds[0], quantity: 1 }], reason: 'Other' }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(await stockOf(t, spoon)).toBe(20);
    const { rows } = await t.db.execute('select refunded_quantity from transaction_items where transaction_id = $1', [
      sale.id,
    ]);
    expect(rows).toEqual([{ refunded_quantity: 3 }]);
  });

  it("a cashier cannot refund another cashier's sale, even with a manager's PIN: 404 as reading it (issue #30 item 8)", async () => {
    const cup = await createProduct(t, { name: 'Cup', price: '2.50', stock: 6, categoryId: category });
    await startShift(t, cashier);
    const sale = await sell(cashier, [{ productId: cup, quantity: 2, unitPrice: '2.50' }]);
    const cora = await signIn(t, '3917', '10.70.4.1');
    await startShift(t, cora);
    const read = await inject(t, { method: 'GET', url: `/api/transactions/${sale.id}`, cookie: cora });
    expect(read.statusCode).toBe(404);
    const body = { lines: [{ itemId: sale.lineIds[0], quantity: 2 }], reason: 'Wrong item', restock: true };
    const response = await refund(sale.id, { ...body, approverPin: '4826' }, cora, randomUUID(), '10.70.4.2');
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().code).toBe(read.json().code);
    expect(response.body).not.toContain('Cup');
    expect(await stockOf(t, cup)).toBe(4);
    const { rows } = await t.db.execute('select count(*)::int as n from refunds where transaction_id = $1', [sale.id]);
    expect(rows[0]).toEqual({ n: 0 });
    // Its seller still refunds it (with the manager's PIN): the control case.
    const own = await refund(sale.id, { ...body, approverPin: '4826' }, cashier, randomUUID(), '10.70.4.3');
    expect(own.statusCode, own.body).toBe(201);
    expect(await stockOf(t, cup)).toBe(6);
    for (const cookie of [cashier, cora])
      await inject(t, { method: 'POST', url: '/api/shifts/end', cookie, payload: {} });
  });
});
