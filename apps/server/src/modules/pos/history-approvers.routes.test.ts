import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { createCategory, createProduct, postSale, saleBody, startShift } from './pos-test-support';

/**
 * Issue #30 item 17: the sale's history named the cashier as the approver ("Discount above cap
 * approved by Chris Cashier", "Approval granted by Chris Cashier", "Voided by Chris Cashier" with
 * no approver). Every event names who did it (`by`) and who approved it (`approvedBy`).
 */
let t: TestApp;
let cashier: string;
let cashierId: string;
let managerId: string;
let manager: string;
let product: string;
/** The discounted sale refunded in part, and the sale a cashier voided (read by item 18's test). */
let refundedSale: string;
let voidedSale: string;

type Event = { type: string; by: { id: string | null; name: string }; approvedBy: { id: string; name: string } | null };

beforeAll(async () => {
  t = await buildTestApp();
  cashierId = await createUser(t, { role: 'cashier', pin: '3862', firstName: 'Chris', lastName: 'Cashier' });
  managerId = await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Manager' });
  cashier = await signIn(t, '3862', '10.91.0.1');
  manager = await signIn(t, '4826', '10.91.0.2');
  await startShift(t, cashier, '20.00');
  const category = await createCategory(t, 'Homeware');
  product = await createProduct(t, { name: 'Lamp', price: '20.00', stock: 50, categoryId: category });
});
afterAll(async () => {
  await t?.close();
});

const chris = () => ({ id: cashierId, name: 'Chris Cashier' });
const morgan = () => ({ id: managerId, name: 'Morgan Manager' });

async function events(saleId: string): Promise<Event[]> {
  const detail = await inject(t, { method: 'GET', url: `/api/transactions/${saleId}`, cookie: manager });
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json().events as Event[];
}

function discountedSale(approverPin: string) {
  // 50% off 2 × 20.00: above the cashier's 10% cap.
  const base = saleBody([{ productId: product, quantity: 2, unitPrice: '20.00' }]);
  return {
    ...base,
    subtotal: '20.00',
    total: '20.00',
    amountReceived: '20.00',
    discount: { type: 'percent', value: 50 },
    approverPin,
  };
}

describe('who did it and who approved it, in a sale’s history', () => {
  it('a discount above the cap, a refund and their PIN approvals name the manager who approved them', async () => {
    const sold = await postSale(t, cashier, discountedSale('4826'), randomUUID(), { remoteAddress: '10.91.1.1' });
    expect(sold.statusCode, sold.body).toBe(201);
    const saleId = sold.json().id as string;
    refundedSale = saleId;
    const lineId = (await inject(t, { method: 'GET', url: `/api/transactions/${saleId}`, cookie: manager })).json()
      .lines[0].id as string;
    const refund = await inject(t, {
      method: 'POST',
      url: `/api/transactions/${saleId}/refunds`,
      cookie: cashier,
      headers: { 'idempotency-key': randomUUID() },
      payload: { lines: [{ itemId: lineId, quantity: 1 }], reason: 'Other', approverPin: '4826' },
      remoteAddress: '10.91.1.2',
    });
    expect(refund.statusCode, refund.body).toBe(201);

    const list = await events(saleId);
    const only = (type: string) => list.filter((e) => e.type === type);
    expect(only('sale')).toEqual([expect.objectContaining({ by: chris(), approvedBy: morgan() })]);
    expect(only('discount_over_cap')).toEqual([expect.objectContaining({ by: chris(), approvedBy: morgan() })]);
    expect(only('refund')).toEqual([expect.objectContaining({ by: chris(), approvedBy: morgan() })]);
    // One PIN approval for the discount, one for the refund: asked by Chris, granted by Morgan.
    expect(only('approval_granted')).toEqual([
      expect.objectContaining({ by: chris(), approvedBy: morgan() }),
      expect.objectContaining({ by: chris(), approvedBy: morgan() }),
    ]);
  });

  it('a void names the cashier who voided and the manager who approved it; a manager’s own needs no approver', async () => {
    const first = await postSale(t, cashier, saleBody([{ productId: product, quantity: 1, unitPrice: '20.00' }]));
    const second = await postSale(t, cashier, saleBody([{ productId: product, quantity: 1, unitPrice: '20.00' }]));
    const [a, b] = [first.json().id as string, second.json().id as string];
    voidedSale = a;
    const byCashier = await inject(t, {
      method: 'POST',
      url: `/api/transactions/${a}/void`,
      cookie: cashier,
      payload: { reason: 'Rang up twice', approverPin: '4826' },
      remoteAddress: '10.91.2.1',
    });
    expect(byCashier.statusCode, byCashier.body).toBe(200);
    const byManager = await inject(t, {
      method: 'POST',
      url: `/api/transactions/${b}/void`,
      cookie: manager,
      payload: { reason: 'Rang up twice' },
    });
    expect(byManager.statusCode, byManager.body).toBe(200);

    // The approval and the void are written in one transaction (one timestamp): either order.
    const voidEvents = (await events(a)).filter((e) => e.type !== 'sale');
    expect(voidEvents).toHaveLength(2);
    expect(voidEvents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'approval_granted', by: chris(), approvedBy: morgan() }),
        expect.objectContaining({ type: 'sale_voided', by: chris(), approvedBy: morgan() }),
      ]),
    );
    expect((await events(b)).filter((e) => e.type !== 'sale')).toEqual([
      expect.objectContaining({ type: 'sale_voided', by: morgan(), approvedBy: null }),
    ]);
    // A sale without an approval names nobody as its approver.
    expect((await events(b))[0]).toMatchObject({ type: 'sale', by: chris(), approvedBy: null });
  });
});

/** Issue #30 item 18: a partly refunded sale showed only COMPLETED in the history list. */
describe('the sales history list', () => {
  it('gives each sale its refunds (count and amount paid back) beside its status', async () => {
    const page = await inject(t, { method: 'GET', url: '/api/sales-history?limit=100', cookie: manager });
    expect(page.statusCode, page.body).toBe(200);
    const rows = page.json().items as Array<{ id: string; status: string; refundCount: number; refundedTotal: string }>;
    // 2 × 20.00 at 50% off = 20.00 paid; one unit refunded gives back 10.00.
    expect(rows.find((r) => r.id === refundedSale)).toMatchObject({
      status: 'completed',
      refundCount: 1,
      refundedTotal: '10.00',
    });
    expect(rows.find((r) => r.id === voidedSale)).toMatchObject({
      status: 'voided',
      refundCount: 0,
      refundedTotal: '0.00',
    });
  });
});
