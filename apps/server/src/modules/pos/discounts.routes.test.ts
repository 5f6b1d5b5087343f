import { randomUUID } from 'node:crypto';
import {
  centsToDecimal,
  type DiscountInput,
  type PaymentMethod,
  parseCents,
  priceDiscountedSale,
  toDiscount,
} from '@retail-hub/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { ledgerMismatches, stockOf } from '../stock/stock-test-support';
import { createCategory, createProduct, postSale, startShift } from './pos-test-support';

/** Issue #15 item 7: line and sale discounts, role caps, the manager PIN above a cap, reports. */

let t: TestApp;
let manager: string;
let cashier: string;
let admin: string;
let managerId: string;
let category: string;

beforeAll(async () => {
  t = await buildTestApp();
  managerId = await createUser(t, { role: 'manager', pin: '4826', firstName: 'Maria', lastName: 'Lopez' });
  await createUser(t, { role: 'cashier', pin: '2915', firstName: 'Carl', lastName: 'Diaz' });
  await createUser(t, { role: 'cashier', pin: '3917', firstName: 'Cora', lastName: 'Diaz' });
  await createUser(t, { role: 'super_admin', pin: '7301', firstName: 'Sam', lastName: 'Admin' });
  manager = await signIn(t, '4826', '10.80.0.1');
  cashier = await signIn(t, '2915', '10.80.0.2');
  admin = await signIn(t, '7301', '10.80.0.3');
  await startShift(t, manager, '20.00');
  await startShift(t, cashier, '50.00');
  category = await createCategory(t, 'Homeware');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await ledgerMismatches(t)).toEqual([]);
});

type DLine = { productId: string; quantity: number; unitPrice: string; discount?: DiscountInput };

/** A sale body priced by the shared rule, as the cart prices it. */
function body(lines: DLine[], method: PaymentMethod, discount?: DiscountInput, extra: Record<string, unknown> = {}) {
  const priced = priceDiscountedSale(
    lines.map((l) => ({
      unitCents: parseCents(l.unitPrice) as number,
      quantity: l.quantity,
      discount: toDiscount(l.discount),
    })),
    toDiscount(discount),
    method,
  );
  if ('refused' in priced) throw new Error('refused');
  return {
    subtotal: centsToDecimal(priced.subtotal),
    tax: centsToDecimal(priced.tax),
    total: centsToDecimal(priced.total),
    paymentMethod: method,
    referenceCode: method === 'cash' ? null : 'VTPD4417',
    items: lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      totalPrice: centsToDecimal((parseCents(l.unitPrice) as number) * l.quantity),
      ...(l.discount ? { discount: l.discount } : {}),
    })),
    ...(discount ? { discount } : {}),
    ...extra,
  };
}

function sale(cookie: string, payload: unknown, remoteAddress = '10.80.9.1', key = randomUUID()) {
  return postSale(t, cookie, payload, key, { remoteAddress });
}

async function salesCount(): Promise<number> {
  const { rows } = await t.db.execute('select count(*)::int as n from transactions', []);
  return (rows[0] as { n: number }).n;
}

describe('discounts on a sale', () => {
  it('a 5% line discount and a 10% sale discount: exact cents, card fee on the discounted subtotal', async () => {
    const vase = await createProduct(t, { name: 'Vase', price: '19.99', stock: 10, categoryId: category });
    const jar = await createProduct(t, { name: 'Jar', price: '3.33', stock: 10, categoryId: category });
    // Vase 2 × 19.99 = 39.98, 5% = 1.999 → 2.00 off → 37.98; Jar 3 × 3.33 = 9.99.
    // After lines 47.97; 10% sale discount = 4.797 → 4.80; subtotal 43.17; card fee 2.5% = 1.07925 → 1.08.
    const payload = {
      subtotal: '43.17',
      tax: '1.08',
      total: '44.25',
      paymentMethod: 'credit_card',
      referenceCode: 'VTPD4417',
      items: [
        {
          productId: vase,
          quantity: 2,
          unitPrice: '19.99',
          totalPrice: '39.98',
          discount: { type: 'percent', value: 5 },
        },
        { productId: jar, quantity: 3, unitPrice: '3.33', totalPrice: '9.99' },
      ],
      discount: { type: 'percent', value: '10' },
    };
    const response = await sale(manager, payload);
    expect(response.statusCode, response.body).toBe(201);
    const recorded = response.json();
    expect(recorded).toMatchObject({ subtotal: '43.17', tax: '1.08', total: '44.25', discountTotal: '6.80' });
    expect(recorded.discount).toEqual({ type: 'percent', value: '10.00', amount: '4.80' });
    // The sale discount spread over the lines by what each is after its own discount: 37.98 and 9.99.
    expect(recorded.items.map((i: { netTotal: string }) => i.netTotal)).toEqual(['34.18', '8.99']);
    expect(recorded.items[0].discount).toEqual({ type: 'percent', value: '5.00', amount: '2.00' });
    expect(recorded.receipt).toMatchObject({
      grossSubtotal: '49.97',
      saleDiscount: { label: '10%', amount: '4.80' },
      discountTotal: '6.80',
      subtotal: '43.17',
    });
    expect(recorded.receipt.items[0].discount).toEqual({ label: '5%', amount: '2.00' });

    // The history's detail and the stored receipt say the same.
    const detail = (
      await inject(t, { method: 'GET', url: `/api/transactions/${recorded.id}`, cookie: manager })
    ).json();
    expect(detail).toMatchObject({ discountTotal: '6.80', subtotal: '43.17', total: '44.25' });
    expect(detail.discount).toEqual({ type: 'percent', value: '10.00', amount: '4.80', approvedBy: null });
    expect(detail.lines[0]).toMatchObject({ totalPrice: '39.98', saleDiscountShare: '3.80', netTotal: '34.18' });
    const receipt = await inject(t, {
      method: 'GET',
      url: `/api/transactions/${recorded.id}/receipt`,
      cookie: manager,
    });
    expect(receipt.json()).toMatchObject({ grossSubtotal: '49.97', discountTotal: '6.80' });

    // A retry with the same key answers the same sale; the same key with another discount is refused.
    const key = randomUUID();
    const first = await sale(manager, payload, '10.80.9.1', key);
    expect((await sale(manager, payload, '10.80.9.1', key)).json().id).toBe(first.json().id);
    const other = await sale(manager, { ...payload, discount: { type: 'percent', value: '11' } }, '10.80.9.1', key);
    expect(other.statusCode).toBe(409);
  });

  it('refuses totals that ignore the discount, and discounts larger than their line or sale (400), writing nothing', async () => {
    const bowl = await createProduct(t, { name: 'Bowl', price: '4.00', stock: 5, categoryId: category });
    const before = await salesCount();
    const gross = body([{ productId: bowl, quantity: 1, unitPrice: '4.00' }], 'cash');
    const ignoring = await sale(manager, { ...gross, discount: { type: 'amount', value: '1.00' } });
    expect(ignoring.statusCode).toBe(409);

    const tooMuch = await sale(manager, {
      ...gross,
      items: [{ ...gross.items[0], discount: { type: 'amount', value: '4.01' } }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      code: 'pos.discount_exceeds_line',
      errors: { 'items.0.discount.value': 'A discount cannot be more than the line it is on.' },
    });
    const saleTooMuch = await sale(manager, { ...gross, discount: { type: 'amount', value: '5.00' } });
    expect(saleTooMuch.statusCode).toBe(400);
    expect(saleTooMuch.json().code).toBe('pos.discount_exceeds_sale');
    for (const bad of [
      { type: 'percent', value: 101 },
      { type: 'percent', value: 0 },
      { type: 'amount', value: '-1' },
      { type: 'amount', value: '1.005' },
      { type: 'half', value: 5 },
    ]) {
      const refused = await sale(manager, { ...gross, discount: bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await salesCount()).toBe(before);
    expect(await stockOf(t, bowl)).toBe(5);

    // 100% off is allowed (a line is never negative, and may be 0).
    const free = await sale(
      manager,
      body([{ productId: bowl, quantity: 1, unitPrice: '4.00', discount: { type: 'percent', value: 100 } }], 'eftpos'),
    );
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json()).toMatchObject({ subtotal: '0.00', tax: '0.00', total: '0.00', discountTotal: '4.00' });
  });

  it("a cashier's discount above the 10% cap: 403 without a valid manager PIN, recorded with the approver with one", async () => {
    const lamp = await createProduct(t, { name: 'Lamp', price: '25.00', stock: 10, categoryId: category });
    const within = await sale(
      cashier,
      body([{ productId: lamp, quantity: 1, unitPrice: '25.00', discount: { type: 'percent', value: 10 } }], 'cash'),
    );
    expect(within.statusCode, within.body).toBe(201);
    expect(within.json().discountApprovedBy).toBeNull();

    // 5% on the line and 20% on the sale: above the cap.
    const over = body(
      [{ productId: lamp, quantity: 2, unitPrice: '25.00', discount: { type: 'percent', value: 5 } }],
      'cash',
      { type: 'percent', value: 20 },
    );
    const before = await salesCount();
    const missing = await sale(cashier, over, '10.80.1.1');
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({
      code: 'pos.approval_required',
      message: "Discounts above 10% need a manager's approval.",
    });
    const wrong = await sale(cashier, { ...over, approverPin: '3917' }, '10.80.1.2');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 'pos.approval_invalid', message: 'Invalid manager PIN' });
    expect(await salesCount()).toBe(before);
    expect(await stockOf(t, lamp)).toBe(9);

    const approved = await sale(cashier, { ...over, approverPin: '4826' }, '10.80.1.3');
    expect(approved.statusCode, approved.body).toBe(201);
    // 50.00 − 2.50 = 47.50; 20% = 9.50; subtotal 38.00.
    expect(approved.json()).toMatchObject({ subtotal: '38.00', total: '38.00', discountTotal: '12.00' });
    expect(approved.json().discountApprovedBy).toEqual({ id: managerId, name: 'Maria Lopez' });
    const id = approved.json().id as string;
    const { rows } = await t.db.execute(
      `select user_id, details from user_activity where activity_type = 'discount_over_cap' and details->>'transactionId' = '${id}'`,
      [],
    );
    expect(rows).toHaveLength(1);
    expect((rows[0] as { details: unknown }).details).toMatchObject({
      approverId: managerId,
      approverName: 'Maria Lopez',
      capPercent: 10,
      grossSubtotal: '50.00',
      lineDiscounts: '2.50',
      saleDiscount: '9.50',
      discountTotal: '12.00',
      subtotal: '38.00',
    });
    const detail = (await inject(t, { method: 'GET', url: `/api/transactions/${id}`, cookie: manager })).json();
    expect(detail.discount.approvedBy).toBe('Maria Lopez');
    expect(detail.events.map((e: { type: string }) => e.type)).toContain('discount_over_cap');

    // A manager (cap 100%) gives 50% with no PIN.
    const managers = await sale(
      manager,
      body([{ productId: lamp, quantity: 1, unitPrice: '25.00' }], 'cash', { type: 'percent', value: 50 }),
    );
    expect(managers.statusCode, managers.body).toBe(201);
  });

  it('the cap holds on the whole discount: 200 lines of $0.05 with $0.01 off each need a PIN (issue #30 item 9)', async () => {
    const sweet = await createProduct(t, { name: 'Penny sweet', price: '0.05', stock: 400, categoryId: category });
    const lines = Array.from({ length: 200 }, () => ({
      productId: sweet,
      quantity: 1,
      unitPrice: '0.05',
      discount: { type: 'amount' as const, value: '0.01' },
    }));
    // Cora sells in a shift of her own, so the other tests' shift figures stay as they are.
    const cora = await signIn(t, '3917', '10.80.6.9');
    await startShift(t, cora, '10.00');
    const before = await salesCount();
    const refused = await sale(cora, body(lines, 'cash'), '10.80.6.1');
    expect(refused.statusCode, refused.body.slice(0, 300)).toBe(403);
    expect(refused.json()).toEqual({
      code: 'pos.approval_required',
      message: "Discounts above 10% need a manager's approval.",
    });
    expect(await salesCount()).toBe(before);
    expect(await stockOf(t, sweet)).toBe(400);
    // 10% of the whole $10.00 (one $1.00 sale discount) is within the cap (the control case).
    const plain = lines.map(({ discount: _discount, ...line }) => line);
    const within = await sale(cora, body(plain, 'cash', { type: 'percent', value: 10 }), '10.80.6.2');
    expect(within.statusCode, within.body.slice(0, 300)).toBe(201);
    expect(within.json()).toMatchObject({ subtotal: '9.00', discountTotal: '1.00', discountApprovedBy: null });
    await inject(t, { method: 'POST', url: '/api/shifts/end', cookie: cora, payload: {} });
  });

  it("wrong approval PINs on a sale count against the cashier's daily allowance (issue #30 item 4: 10)", async () => {
    const cup = await createProduct(t, { name: 'Cup', price: '10.00', stock: 10, categoryId: category });
    const over = body([{ productId: cup, quantity: 1, unitPrice: '10.00' }], 'cash', { type: 'amount', value: '5.00' });
    // Earlier tests may have spent some of this cashier's 10 already.
    let refused = 0;
    while (refused < 11 && (await sale(cashier, { ...over, approverPin: '0000' }, '10.80.2.9')).statusCode === 403) {
      refused++;
    }
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(10);
    const locked = await sale(cashier, { ...over, approverPin: '4826' }, '10.80.2.9');
    expect(locked.statusCode).toBe(429);
    expect(await stockOf(t, cup)).toBe(10);
  });

  it('caps are configurable by a super admin only; a raised cap lets a cashier give more without a PIN', async () => {
    const read = await inject(t, { method: 'GET', url: '/api/settings/discount-caps', cookie: cashier });
    expect(read.json().caps).toMatchObject({ cashier: 10, manager: 100 });
    const caps = { cashier: 25, manager: 100, department_manager: 10, procurement_admin: 10, super_admin: 100 };
    const refused = await inject(t, {
      method: 'PUT',
      url: '/api/settings/discount-caps',
      cookie: manager,
      payload: { caps },
    });
    expect(refused.statusCode).toBe(403);
    const invalid = await inject(t, {
      method: 'PUT',
      url: '/api/settings/discount-caps',
      cookie: admin,
      payload: { caps: { ...caps, cashier: 120 } },
    });
    expect(invalid.statusCode).toBe(400);
    const saved = await inject(t, {
      method: 'PUT',
      url: '/api/settings/discount-caps',
      cookie: admin,
      payload: { caps },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().caps.cashier).toBe(25);

    const rug = await createProduct(t, { name: 'Rug', price: '80.00', stock: 3, categoryId: category });
    const twenty = await sale(
      cashier,
      body([{ productId: rug, quantity: 1, unitPrice: '80.00' }], 'cash', { type: 'percent', value: 20 }),
    );
    expect(twenty.statusCode, twenty.body).toBe(201);
    const thirty = await sale(
      cashier,
      body([{ productId: rug, quantity: 1, unitPrice: '80.00' }], 'cash', { type: 'percent', value: 30 }),
      '10.80.3.1',
    );
    expect(thirty.statusCode).toBe(403);
    await inject(t, {
      method: 'PUT',
      url: '/api/settings/discount-caps',
      cookie: admin,
      payload: { caps: { ...caps, cashier: 10 } },
    });
  });

  it('a refund of a discounted line pays back what it was paid, exactly over several refunds', async () => {
    const plate = await createProduct(t, { name: 'Plate', price: '10.00', stock: 10, categoryId: category });
    const response = await sale(
      manager,
      body(
        [{ productId: plate, quantity: 3, unitPrice: '10.00', discount: { type: 'amount', value: '1.00' } }],
        'cash',
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id as string;
    const detail = (await inject(t, { method: 'GET', url: `/api/transactions/${id}`, cookie: manager })).json();
    const itemId = detail.lines[0].id as string;
    const totals: string[] = [];
    for (const quantity of [1, 1, 1]) {
      const refund = await inject(t, {
        method: 'POST',
        url: `/api/transactions/${id}/refunds`,
        cookie: manager,
        headers: { 'idempotency-key': randomUUID() },
        payload: { lines: [{ itemId, quantity }], reason: 'Customer changed mind', restock: true },
      });
      expect(refund.statusCode, refund.body).toBe(201);
      totals.push(refund.json().total);
    }
    // 29.00 over 3 units: 9.67, 9.66, 9.67 (rounded running totals), together exactly 29.00.
    expect(totals).toEqual(['9.67', '9.66', '9.67']);
  });

  it("the X report and the day's figures carry the shift's discounts", async () => {
    const x = await inject(t, { method: 'GET', url: '/api/shifts/current/x-report', cookie: cashier });
    expect(x.statusCode, x.body).toBe(200);
    const report = x.json();
    // The cashier's shift: 10% of 25.00 (2.50), the approved 12.00, 20% of 80.00 (16.00).
    expect(report.discounts).toBe('30.50');
    expect(parseCents(report.grossSales)).toBe((parseCents(report.subtotal) as number) + 3050);
    const stats = await inject(t, { method: 'GET', url: '/api/analytics/daily-stats', cookie: manager });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(parseCents(stats.json().totalDiscounts)).toBeGreaterThanOrEqual(3050);
  });
});
