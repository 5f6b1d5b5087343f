import type { PurchaseOrder, Requisition } from '@retail-hub/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { categories, procItems, procSuppliers, products } from '../../db/schema/index';
import { eventually, recordEvents } from '../catalog/catalog.test-support';
import { giveStock } from '../pos/pos-test-support';
import { defaultSellingLocation, movementsOf, stockOf } from '../stock/stock-test-support';
import {
  api,
  clearPurchasing,
  expectStockEqualsLedger,
  type PurchasingFixture,
  purchasingFixture,
} from './purchasing.test-support';

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
afterEach(async () => {
  await expectStockEqualsLedger(t);
});

const PO = '/api/procurement/purchase-orders';
const REQ = '/api/procurement/requisitions';

async function createOrder(payload: Record<string, unknown>, cookie = f.cookies.procurementAdmin) {
  const response = await http.post(PO, cookie, { supplierId: f.supplier, ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PurchaseOrder;
}

async function sent(payload: Record<string, unknown>) {
  const order = await createOrder(payload);
  const response = await http.post(`${PO}/${order.id}/send`, f.cookies.procurementAdmin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PurchaseOrder;
}

async function approvedRequisition(lines: Array<{ itemId: string; qtyRequested: string; estUnitPrice?: string }>) {
  const created = await http.post(REQ, f.cookies.departmentManager, { departmentId: f.departments.eng, lines });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as Requisition).id;
  expect((await http.post(`${REQ}/${id}/submit`, f.cookies.departmentManager)).statusCode).toBe(200);
  const approved = await http.post(`${REQ}/${id}/approve`, f.cookies.manager);
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json() as Requisition;
}

const requisition = async (id: string) => (await http.get(`${REQ}/${id}`, f.cookies.manager)).json() as Requisition;

const receive = (orderId: string, payload: Record<string, unknown>, cookie = f.cookies.procurementAdmin) =>
  http.post(`${PO}/${orderId}/receipts`, cookie, { locationId: f.locations.main, ...payload });

async function stockAt(itemId: string, locationId: string): Promise<string | null> {
  const { rows } = await t.db.execute(
    'select on_hand_qty::text as q from proc_stock_levels where item_id = $1 and location_id = $2',
    [itemId, locationId],
  );
  return (rows[0]?.q as string | undefined) ?? null;
}

describe('creating a purchase order from scratch', () => {
  it('numbers it PO-YYYY-NNNNN and computes line totals and totals on the server in cents', async () => {
    const order = await createOrder({
      lines: [
        // 3 × 19.99 = 59.97; tax 12.5% = 7.49625 → 7.50
        { itemId: f.items.paper, qtyOrdered: 3, unitPrice: '19.99', taxRate: '12.5', description: 'A4 80g' },
        // 2.5 × 0.33 = 0.825 → 0.83; no tax
        { itemId: f.items.toner, qtyOrdered: '2.5', unitPrice: 0.33 },
      ],
      // A client's totals are never read.
      totals: { total: '1.00' },
    });
    expect(order).toMatchObject({
      poNumber: expect.stringMatching(/^PO-\d{4}-00001$/),
      status: 'draft',
      currency: 'USD',
      supplierName: 'Office Supplies Ltd',
      totals: { subtotal: '60.80', tax: '7.50', total: '68.30' },
    });
    expect(
      order.lines.map((l) => [l.lineNo, l.qtyOrdered, l.unitPrice, l.taxRate, l.lineTotal, l.description]),
    ).toEqual([
      [1, '3.000', '19.99', '12.50', '59.97', 'A4 80g'],
      [2, '2.500', '0.33', '0.00', '0.83', null],
    ]);
    const stored = await t.db.execute('select totals_json from proc_purchase_orders where id = $1', [order.id]);
    expect(stored.rows[0]?.totals_json).toEqual({ subtotal: '60.80', tax: '7.50', total: '68.30' });
  });

  it.each([
    [{ supplierId: undefined }, 'supplierId', 'Supplier is required'],
    [{ currency: 'US' }, 'currency', 'Currency must be 3 letters'],
    [
      { lines: [{ itemId: '00000000-0000-4000-8000-000000000000', qtyOrdered: 1, unitPrice: '-1' }] },
      'lines.0.unitPrice',
      'Price must be an amount with at most 2 decimals',
    ],
    [
      { lines: [{ itemId: '00000000-0000-4000-8000-000000000000', qtyOrdered: 1, unitPrice: 1, taxRate: 101 }] },
      'lines.0.taxRate',
      'Tax rate must be between 0 and 100 with at most 2 decimals',
    ],
    [{ lines: [] }, 'lines', 'Add at least one line'],
  ])('refuses %j (400) and stores nothing', async (overrides, field, message) => {
    const response = await http.post(PO, f.cookies.procurementAdmin, {
      supplierId: f.supplier,
      lines: [{ itemId: f.items.paper, qtyOrdered: 1, unitPrice: '1.00' }],
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect((await t.db.execute('select id from proc_purchase_orders')).rows).toHaveLength(0);
  });

  it('refuses a line worth more than a money column holds (400, never 500)', async () => {
    const response = await http.post(PO, f.cookies.procurementAdmin, {
      supplierId: f.supplier,
      lines: [{ itemId: f.items.paper, qtyOrdered: '999999', unitPrice: '99999999.99' }],
    });
    expect(response.statusCode).toBe(400);
    expect((await t.db.execute('select id from proc_purchase_orders')).rows).toHaveLength(0);
  });

  it('accepts a currency in lower case as its upper-case code', async () => {
    const order = await createOrder({
      currency: 'eur',
      lines: [{ itemId: f.items.paper, qtyOrdered: 1, unitPrice: 1 }],
    });
    expect(order.currency).toBe('EUR');
  });

  it('gives gap-free numbers to concurrent creators', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        http.post(PO, f.cookies.procurementAdmin, {
          supplierId: f.supplier,
          lines: [{ itemId: f.items.paper, qtyOrdered: 1, unitPrice: 1 }],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    const numbers = answers.map((a) => Number((a.json() as PurchaseOrder).poNumber.slice(-5))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('is closed to department managers and cashiers (403)', async () => {
    for (const cookie of [f.cookies.departmentManager, f.cookies.cashier]) {
      expect((await http.get(PO, cookie)).statusCode).toBe(403);
      expect(
        (
          await http.post(PO, cookie, {
            supplierId: f.supplier,
            lines: [{ itemId: f.items.paper, qtyOrdered: 1, unitPrice: 1 }],
          })
        ).statusCode,
      ).toBe(403);
    }
  });
});

describe('ordering requisitions', () => {
  it('takes the open quantities of approved requisitions; the requisition is ordered only once the order is sent', async () => {
    const req = await approvedRequisition([
      { itemId: f.items.paper, qtyRequested: '100', estUnitPrice: '2.50' },
      { itemId: f.items.gloves, qtyRequested: '5', estUnitPrice: '8.00' },
    ]);
    const order = await createOrder({ requisitionIds: [req.id] });
    expect(order.requisitionIds).toEqual([req.id]);
    expect(order.departmentId).toBe(f.departments.eng);
    expect(order.lines.map((l) => [l.itemId, l.qtyOrdered, l.unitPrice])).toEqual([
      [f.items.paper, '100.000', '2.50'],
      [f.items.gloves, '5.000', '8.00'],
    ]);
    expect(order.totals.total).toBe('290.00');
    // A draft order does not count as ordered.
    expect((await requisition(req.id)).status).toBe('approved');
    const recorder = recordEvents(t);
    const sentOrder = await http.post(`${PO}/${order.id}/send`, f.cookies.procurementAdmin);
    expect(sentOrder.json().status).toBe('sent');
    const after = await requisition(req.id);
    expect(after.status).toBe('ordered');
    expect(after.lines.map((l) => l.qtyOrdered)).toEqual(['100.000', '5.000']);
    await eventually(() => recorder.events.find((e) => e.type === 'purchase-order.changed'));
    recorder.stop();
  });

  it('partial ordering stays visible per line; the requisition is ordered when every line is', async () => {
    const req = await approvedRequisition([
      { itemId: f.items.paper, qtyRequested: '100', estUnitPrice: '2.50' },
      { itemId: f.items.gloves, qtyRequested: '5', estUnitPrice: '8.00' },
    ]);
    await sent({ requisitionIds: [req.id], lines: [{ itemId: f.items.paper, qtyOrdered: 60, unitPrice: '2.40' }] });
    let now = await requisition(req.id);
    expect(now).toMatchObject({ status: 'approved', partiallyOrdered: true });
    expect(now.lines.map((l) => l.qtyOrdered)).toEqual(['60.000', '0.000']);
    // The second order takes what is still open.
    const second = await sent({ requisitionIds: [req.id] });
    expect(second.lines.map((l) => [l.itemId, l.qtyOrdered])).toEqual([
      [f.items.paper, '40.000'],
      [f.items.gloves, '5.000'],
    ]);
    now = await requisition(req.id);
    expect(now).toMatchObject({ status: 'ordered', partiallyOrdered: false });
    // Nothing left to order.
    const nothing = await http.post(PO, f.cookies.procurementAdmin, {
      supplierId: f.supplier,
      requisitionIds: [req.id],
    });
    expect(nothing.statusCode).toBe(409);
    // Cancelling an order opens its lines again.
    expect(
      (await http.post(`${PO}/${second.id}/cancel`, f.cookies.procurementAdmin, { reason: 'Wrong supplier' }))
        .statusCode,
    ).toBe(200);
    now = await requisition(req.id);
    expect(now.status).toBe('approved');
    expect(now.lines.map((l) => l.qtyOrdered)).toEqual(['60.000', '0.000']);
  });

  it('refuses requisitions that are not approved (409) or unknown (400)', async () => {
    const draft = await http.post(REQ, f.cookies.departmentManager, {
      departmentId: f.departments.eng,
      lines: [{ itemId: f.items.paper, qtyRequested: 1 }],
    });
    const response = await http.post(PO, f.cookies.procurementAdmin, {
      supplierId: f.supplier,
      requisitionIds: [draft.json().id],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(
      /^Requisition REQ-\d{4}-\d{5} is draft: only approved requisitions can be ordered\.$/,
    );
    const unknown = await http.post(PO, f.cookies.procurementAdmin, {
      supplierId: f.supplier,
      requisitionIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect((await t.db.execute('select id from proc_purchase_orders')).rows).toHaveLength(0);
  });
});

describe('order states', () => {
  it('a draft is edited; a sent order is locked (409) until cancelled', async () => {
    const order = await createOrder({ lines: [{ itemId: f.items.paper, qtyOrdered: 1, unitPrice: 1 }] });
    const edited = await http.patch(`${PO}/${order.id}`, f.cookies.procurementAdmin, {
      supplierId: f.supplier,
      lines: [{ itemId: f.items.toner, qtyOrdered: 4, unitPrice: '10.00', taxRate: 10 }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().totals).toEqual({ subtotal: '40.00', tax: '4.00', total: '44.00' });
    expect(edited.json().poNumber).toBe(order.poNumber);
    await http.post(`${PO}/${order.id}/send`, f.cookies.procurementAdmin);
    const locked = await http.patch(`${PO}/${order.id}`, f.cookies.procurementAdmin, {
      supplierId: f.supplier,
      lines: [{ itemId: f.items.toner, qtyOrdered: 1, unitPrice: '1.00' }],
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(
      'This purchase order is sent and locked: cancel it and issue a new one to change it.',
    );
    expect((await http.post(`${PO}/${order.id}/send`, f.cookies.procurementAdmin)).statusCode).toBe(409);
    expect((await http.post(`${PO}/${order.id}/confirm`, f.cookies.procurementAdmin)).json().status).toBe('confirmed');
    const cancelled = await http.post(`${PO}/${order.id}/cancel`, f.cookies.procurementAdmin, {
      reason: 'Price changed',
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Price changed' });
    expect((await http.post(`${PO}/${order.id}/cancel`, f.cookies.procurementAdmin)).statusCode).toBe(409);
    expect((await receive(order.id, { lines: [{ poLineId: order.lines[0]?.id, qtyReceived: 1 }] })).statusCode).toBe(
      409,
    );
    const activity = await t.db.execute(
      `select activity_type from user_activity where activity_type in ('purchase_order_sent', 'purchase_order_cancelled') order by timestamp`,
    );
    expect(activity.rows.map((r) => r.activity_type)).toEqual(['purchase_order_sent', 'purchase_order_cancelled']);
  });

  it('carries what a supplier delivers against (issue #30 item 21): buyer, delivery location, needed-by date', async () => {
    const settings = await http.put('/api/procurement/purchasing-settings', f.cookies.manager, {
      overReceiptTolerancePercent: '0',
      buyerName: 'Riverside College',
      buyerAddress: '1 College Road\nRiverside RS1 2AB',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toMatchObject({
      buyerName: 'Riverside College',
      buyerAddress: '1 College Road\nRiverside RS1 2AB',
    });
    const unknown = await http.post(PO, f.cookies.procurementAdmin, {
      supplierId: f.supplier,
      deliveryLocationId: '00000000-0000-4000-8000-000000000000',
      lines: [{ itemId: f.items.paper, qtyOrdered: 1, unitPrice: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ deliveryLocationId: 'Location not found' });
    const order = await createOrder({
      deliveryLocationId: f.locations.main,
      neededByDate: '2030-01-15',
      lines: [{ itemId: f.items.paper, qtyOrdered: 1, unitPrice: 1 }],
    });
    expect(order).toMatchObject({
      deliveryLocationId: f.locations.main,
      neededByDate: '2030-01-15',
      buyerName: 'Riverside College',
      buyerAddress: '1 College Road\nRiverside RS1 2AB',
    });
    expect(order.deliveryLocationCode).toBeTruthy();
    // Editing the draft moves the delivery and keeps the number (same checks as creating).
    const edited = await http.patch(`${PO}/${order.id}`, f.cookies.procurementAdmin, {
      supplierId: f.supplier,
      deliveryLocationId: f.locations.annex,
      neededByDate: '2030-02-01',
      lines: [{ itemId: f.items.paper, qtyOrdered: 2, unitPrice: 1 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      poNumber: order.poNumber,
      deliveryLocationId: f.locations.annex,
      neededByDate: '2030-02-01',
    });
    const badEdit = await http.patch(`${PO}/${order.id}`, f.cookies.procurementAdmin, {
      supplierId: f.supplier,
      deliveryLocationId: '00000000-0000-4000-8000-000000000000',
      lines: [{ itemId: f.items.paper, qtyOrdered: 9, unitPrice: 1 }],
    });
    expect(badEdit.statusCode).toBe(400);
    const after = (await http.get(`${PO}/${order.id}`, f.cookies.procurementAdmin)).json() as PurchaseOrder;
    expect(after).toMatchObject({ deliveryLocationId: f.locations.annex, totals: { total: '2.00' } });
  });

  it('a draft cannot be received against (409)', async () => {
    const order = await createOrder({ lines: [{ itemId: f.items.paper, qtyOrdered: 1, unitPrice: 1 }] });
    const response = await receive(order.id, { lines: [{ poLineId: order.lines[0]?.id, qtyReceived: 1 }] });
    expect(response.statusCode).toBe(409);
    expect(await stockAt(f.items.paper, f.locations.main)).toBeNull();
  });
});

describe('goods receipts', () => {
  it('receives 60 then 40 into a location with batch and expiry: stock 100, order delivered, receipt costs recorded', async () => {
    const order = await sent({ lines: [{ itemId: f.items.gloves, qtyOrdered: 100, unitPrice: '4.20' }] });
    const line = order.lines[0]?.id;
    const first = await receive(order.id, {
      invoiceNo: 'INV-1',
      deliveryNote: 'DN-77',
      lines: [{ poLineId: line, qtyReceived: 60, batchNo: 'B-1', expiryDate: '2027-06-30' }],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'sent', lines: [expect.objectContaining({ qtyReceived: '60.000' })] });
    expect(await stockAt(f.items.gloves, f.locations.main)).toBe('60.000');
    const second = await receive(order.id, {
      lines: [{ poLineId: line, qtyReceived: '40', batchNo: 'B-2', expiryDate: '2027-03-31' }],
    });
    expect(second.statusCode, second.body).toBe(201);
    const delivered = second.json() as PurchaseOrder;
    expect(delivered.status).toBe('delivered');
    expect(delivered.deliveredAt).not.toBeNull();
    expect(await stockAt(f.items.gloves, f.locations.main)).toBe('100.000');
    expect(delivered.receipts.map((r) => [r.status, r.invoiceNo, r.locationId, r.grnNumber?.slice(-5)])).toEqual([
      ['partial', 'INV-1', f.locations.main, '00001'],
      ['completed', null, f.locations.main, '00002'],
    ]);
    expect(
      delivered.receipts.flatMap((r) => r.lines.map((l) => [l.qtyReceived, l.unitCost, l.batchNo, l.expiryDate])),
    ).toEqual([
      ['60.000', '4.20', 'B-1', '2027-06-30'],
      ['40.000', '4.20', 'B-2', '2027-03-31'],
    ]);
    const ledger = await t.db.execute(
      `select reason, to_location_id, qty::text as qty, ref_table from proc_inventory_transactions where item_id = $1 order by created_at`,
      [f.items.gloves],
    );
    expect(ledger.rows).toEqual([
      { reason: 'receipt', to_location_id: f.locations.main, qty: '60.000', ref_table: 'proc_goods_receipts' },
      { reason: 'receipt', to_location_id: f.locations.main, qty: '40.000', ref_table: 'proc_goods_receipts' },
    ]);
    // Nothing more can be received against a delivered order.
    expect((await receive(order.id, { lines: [{ poLineId: line, qtyReceived: 1 }] })).statusCode).toBe(409);
    expect(
      (await t.db.execute(`select id from user_activity where activity_type = 'goods_received'`)).rows,
    ).toHaveLength(2);
  });

  it('refuses receiving more than ordered at 0% tolerance, counted over every receipt, exactly, and changes nothing', async () => {
    const order = await sent({ lines: [{ itemId: f.items.paper, qtyOrdered: 100, unitPrice: 1 }] });
    const line = order.lines[0]?.id;
    expect((await receive(order.id, { lines: [{ poLineId: line, qtyReceived: 60 }] })).statusCode).toBe(201);
    const over = await receive(order.id, { lines: [{ poLineId: line, qtyReceived: '40.001' }] });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors['lines.0.qtyReceived']).toBe(
      'Line 1: receiving 40.001 more would make 100.001 of 100 ordered (60 already received, tolerance 0.00%).',
    );
    expect(await stockAt(f.items.paper, f.locations.main)).toBe('60.000');
    const after = (await http.get(`${PO}/${order.id}`, f.cookies.procurementAdmin)).json() as PurchaseOrder;
    expect(after.lines[0]?.qtyReceived).toBe('60.000');
    expect(after.receipts).toHaveLength(1);
  });

  it('accepts up to the tolerance setting across receipts', async () => {
    const settings = await http.put('/api/procurement/purchasing-settings', f.cookies.procurementAdmin, {
      overReceiptTolerancePercent: '5',
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({ overReceiptTolerancePercent: '5.00', buyerName: null, buyerAddress: null });
    const order = await sent({
      lines: [
        { itemId: f.items.paper, qtyOrdered: 100, unitPrice: 1 },
        { itemId: f.items.toner, qtyOrdered: 10, unitPrice: 1 },
      ],
    });
    const [paper, toner] = order.lines.map((l) => l.id);
    expect((await receive(order.id, { lines: [{ poLineId: paper, qtyReceived: 60 }] })).statusCode).toBe(201);
    expect((await receive(order.id, { lines: [{ poLineId: paper, qtyReceived: '45.001' }] })).statusCode).toBe(409);
    expect((await receive(order.id, { lines: [{ poLineId: paper, qtyReceived: 45 }] })).statusCode).toBe(201);
    expect(await stockAt(f.items.paper, f.locations.main)).toBe('105.000');
    const done = await receive(order.id, { lines: [{ poLineId: toner, qtyReceived: 10 }] });
    expect(done.json().status).toBe('delivered');
  });

  it('records a rejected delivery without stock or received quantity', async () => {
    const order = await sent({ lines: [{ itemId: f.items.paper, qtyOrdered: 10, unitPrice: 1 }] });
    const response = await receive(order.id, {
      rejected: true,
      note: 'Boxes water-damaged',
      lines: [{ poLineId: order.lines[0]?.id, qtyReceived: 10 }],
    });
    expect(response.statusCode).toBe(201);
    const after = response.json() as PurchaseOrder;
    expect(after.status).toBe('sent');
    expect(after.lines[0]?.qtyReceived).toBe('0.000');
    expect(after.receipts[0]).toMatchObject({ status: 'rejected', note: 'Boxes water-damaged' });
    expect(await stockAt(f.items.paper, f.locations.main)).toBeNull();
  });

  it('refuses a line of another order (400), an unknown location (400), a batch with another expiry (409)', async () => {
    const order = await sent({ lines: [{ itemId: f.items.paper, qtyOrdered: 10, unitPrice: 1 }] });
    const other = await sent({ lines: [{ itemId: f.items.paper, qtyOrdered: 10, unitPrice: 1 }] });
    const foreign = await receive(order.id, { lines: [{ poLineId: other.lines[0]?.id, qtyReceived: 1 }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors['lines.0.poLineId']).toBe('This line is not on this purchase order');
    const nowhere = await receive(order.id, {
      locationId: '00000000-0000-4000-8000-000000000000',
      lines: [{ poLineId: order.lines[0]?.id, qtyReceived: 1 }],
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().errors.locationId).toBe('Location not found');
    expect(
      (
        await receive(order.id, {
          lines: [{ poLineId: order.lines[0]?.id, qtyReceived: 1, batchNo: 'L1', expiryDate: '2027-01-01' }],
        })
      ).statusCode,
    ).toBe(201);
    const clash = await receive(other.id, {
      lines: [{ poLineId: other.lines[0]?.id, qtyReceived: 1, batchNo: 'L1', expiryDate: '2028-01-01' }],
    });
    expect(clash.statusCode).toBe(409);
    expect(await stockAt(f.items.paper, f.locations.main)).toBe('1.000');
  });

  it("posts through the stores writer: the batch is on the ledger, and a POS product rises only at its store's selling location", async () => {
    const [category] = await t.db.db
      .insert(categories)
      .values({ name: `Receipts ${process.pid}-${Date.now()}` })
      .returning({ id: categories.id });
    const [product] = await t.db.db
      .insert(products)
      .values({
        name: 'Hand soap',
        price: '2.00',
        sku: `SOAP-${process.pid}-${Date.now()}`,
        categoryId: category?.id as string,
      })
      .returning({ id: products.id });
    const productId = product?.id as string;
    await giveStock(t, { productId }, 4);
    const [item] = await t.db.db
      // ADR 0025: the product's item exists already (the database made it); the stores name it.
      .update(procItems)
      .set({ sku: `SOAP-I-${process.pid}-${Date.now()}`, name: 'Hand soap', uom: 'l' })
      .where(eq(procItems.posProductId, productId))
      .returning({ id: procItems.id });
    const itemId = item?.id as string;
    const shop = { id: await defaultSellingLocation(t) };
    const order = await sent({ lines: [{ itemId, qtyOrdered: 30, unitPrice: '0.90' }] });
    const line = order.lines[0]?.id;
    // Into the back store (not selling): POS stock stays.
    expect((await receive(order.id, { lines: [{ poLineId: line, qtyReceived: 10 }] })).statusCode).toBe(201);
    const posStock = async () => stockOf(t, productId);
    expect(await posStock()).toBe(4);
    // Into the shop floor: the product rises by what arrived, through the POS ledger, same receipt.
    const recorder = recordEvents(t);
    const intoShop = await receive(order.id, {
      locationId: shop?.id,
      lines: [{ poLineId: line, qtyReceived: '12.5', batchNo: 'S-9', expiryDate: '2028-01-31' }],
    });
    expect(intoShop.statusCode, intoShop.body).toBe(201);
    expect(await posStock()).toBe(16);
    // The product's history shows the receipt (the one ledger's row, with its document).
    const moves = (await movementsOf(t, productId)).filter((m) => m.reason === 'receipt');
    expect(moves).toMatchObject([{ quantity: 12, reason: 'receipt', stock_after: 16 }]);
    const ledger = await t.db.execute(
      `select l.qty::text as qty, b.batch_no from proc_inventory_transactions l left join proc_item_batches b on b.id = l.batch_id
        where l.item_id = $1 and l.to_location_id = $2 and l.reason = 'receipt'`,
      [itemId, shop?.id],
    );
    expect(ledger.rows).toEqual([{ qty: '12.500', batch_no: 'S-9' }]);
    await eventually(() => recorder.events.some((e) => e.type === 'stock.changed'));
    recorder.stop();
    // A refused receipt (over the order) changes neither stock.
    const over = await receive(order.id, { locationId: shop?.id, lines: [{ poLineId: line, qtyReceived: 8 }] });
    expect(over.statusCode).toBe(409);
    expect(await posStock()).toBe(16);
  });

  it('two receipts racing for the last units: the total never passes the order', async () => {
    const order = await sent({ lines: [{ itemId: f.items.paper, qtyOrdered: 100, unitPrice: 1 }] });
    const line = order.lines[0]?.id;
    const answers = await Promise.all([
      receive(order.id, { lines: [{ poLineId: line, qtyReceived: 60 }] }),
      receive(order.id, { lines: [{ poLineId: line, qtyReceived: 60 }] }, f.cookies.procurementAdmin2),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await stockAt(f.items.paper, f.locations.main)).toBe('60.000');
  });
});

describe('e-mail and dashboard', () => {
  it('e-mails a sent order to the supplier (outbox without SMTP); refuses a draft or a supplier without e-mail', async () => {
    const draft = await createOrder({ lines: [{ itemId: f.items.paper, qtyOrdered: 2, unitPrice: '3.00' }] });
    expect((await http.post(`${PO}/${draft.id}/email`, f.cookies.procurementAdmin)).statusCode).toBe(409);
    await http.post(`${PO}/${draft.id}/send`, f.cookies.procurementAdmin);
    const mailed = await http.post(`${PO}/${draft.id}/email`, f.cookies.procurementAdmin);
    expect(mailed.statusCode).toBe(200);
    expect(mailed.json()).toEqual({ delivery: 'outbox', to: 'orders@office.example' });
    const [silent] = await t.db.db
      .insert(procSuppliers)
      .values({ name: 'No Mail Co' })
      .returning({ id: procSuppliers.id });
    const order = await sent({
      supplierId: silent?.id,
      lines: [{ itemId: f.items.paper, qtyOrdered: 1, unitPrice: 1 }],
    });
    expect((await http.post(`${PO}/${order.id}/email`, f.cookies.procurementAdmin)).statusCode).toBe(400);
  });

  it('counts requisitions awaiting approval and orders awaiting delivery', async () => {
    const created = await http.post(REQ, f.cookies.departmentManager, {
      departmentId: f.departments.eng,
      lines: [{ itemId: f.items.paper, qtyRequested: 1 }],
    });
    await http.post(`${REQ}/${created.json().id}/submit`, f.cookies.departmentManager);
    await sent({ lines: [{ itemId: f.items.paper, qtyOrdered: 1, unitPrice: 1 }] });
    await createOrder({ lines: [{ itemId: f.items.paper, qtyOrdered: 1, unitPrice: 1 }] });
    const summary = await http.get('/api/procurement/purchasing-summary', f.cookies.procurementAdmin);
    expect(summary.json()).toEqual({ requisitionsAwaitingApproval: 1, ordersAwaitingDelivery: 1, itemsToReorder: 0 });
  });
});

describe('an order within its requisition and its approval threshold (issue #30 item 6)', () => {
  it('a line tied to a requisition line orders no more than was approved, named or matched by item (409, nothing written)', async () => {
    const req = await approvedRequisition([{ itemId: f.items.toner, qtyRequested: '1', estUnitPrice: '10.00' }]);
    const reqLine = req.lines[0]?.id as string;
    const count = async () =>
      Number((await t.db.execute('select count(*)::int as n from proc_purchase_orders')).rows[0]?.n);
    const before = await count();
    for (const line of [
      { itemId: f.items.toner, qtyOrdered: 100000, unitPrice: '10.00', requisitionLineId: reqLine },
      { itemId: f.items.toner, qtyOrdered: '1.5', unitPrice: '10.00' },
    ]) {
      const refused = await http.post(PO, f.cookies.procurementAdmin, {
        supplierId: f.supplier,
        requisitionIds: [req.id],
        lines: [line],
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'purchasing.exceeds_requisition',
        errors: { 'lines.0.qtyOrdered': expect.stringContaining(`can still be ordered on ${req.reqNumber}`) },
      });
    }
    // Two lines tied to the one requisition line count together.
    const split = await http.post(PO, f.cookies.procurementAdmin, {
      supplierId: f.supplier,
      requisitionIds: [req.id],
      lines: [
        { itemId: f.items.toner, qtyOrdered: 1, unitPrice: '10.00', requisitionLineId: reqLine },
        { itemId: f.items.toner, qtyOrdered: 1, unitPrice: '10.00', requisitionLineId: reqLine },
      ],
    });
    expect(split.statusCode, split.body).toBe(409);
    expect(await count()).toBe(before);
    expect((await requisition(req.id)).lines[0]?.qtyOrdered).toBe('0.000');

    // Two drafts may each take the open quantity; only the first one sent goes out.
    const first = await createOrder({ requisitionIds: [req.id] });
    const second = await createOrder({ requisitionIds: [req.id] });
    expect((await http.post(`${PO}/${first.id}/send`, f.cookies.procurementAdmin)).statusCode).toBe(200);
    const late = await http.post(`${PO}/${second.id}/send`, f.cookies.procurementAdmin);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().code).toBe('purchasing.exceeds_requisition');
    expect((await http.get(`${PO}/${second.id}`, f.cookies.manager)).json().status).toBe('draft');
    expect((await requisition(req.id)).lines[0]?.qtyOrdered).toBe('1.000');
  });

  it("an order above its department's threshold is approved on the order by a manager, not its creator, before it is sent", async () => {
    // Engineering's threshold is 1,000.00: 200 × 10.00 = 2,000.00 is above it.
    const order = await createOrder({
      departmentId: f.departments.eng,
      lines: [{ itemId: f.items.toner, qtyOrdered: 200, unitPrice: '10.00' }],
    });
    expect(order).toMatchObject({ approvalThreshold: '1000.00', needsApproval: true, approvedAt: null });
    const send = () => http.post(`${PO}/${order.id}/send`, f.cookies.procurementAdmin);
    const refused = await send();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      code: 'purchasing.order_approval_required',
      message:
        "This order is above the department's approval threshold of 1,000.00: a manager must approve it before it is sent.",
    });
    expect((await http.get(`${PO}/${order.id}`, f.cookies.manager)).json().status).toBe('draft');
    // A procurement admin may not approve it; a manager may.
    expect((await http.post(`${PO}/${order.id}/approve`, f.cookies.procurementAdmin2)).statusCode).toBe(403);
    const approved = await http.post(`${PO}/${order.id}/approve`, f.cookies.manager);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ approvedByName: expect.any(String), approvedAt: expect.any(String) });
    // Editing the draft clears the approval: the edited order is approved again.
    const edited = await http.patch(`${PO}/${order.id}`, f.cookies.procurementAdmin, {
      supplierId: f.supplier,
      departmentId: f.departments.eng,
      lines: [{ itemId: f.items.toner, qtyOrdered: 100000, unitPrice: '10.00' }],
    });
    expect(edited.json()).toMatchObject({ approvedAt: null, needsApproval: true });
    expect((await send()).statusCode).toBe(409);
    expect((await http.post(`${PO}/${order.id}/approve`, f.cookies.superAdmin)).statusCode).toBe(200);
    const out = await send();
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().status).toBe('sent');

    // Its creator never approves their own, manager or not.
    const own = await createOrder(
      { departmentId: f.departments.eng, lines: [{ itemId: f.items.toner, qtyOrdered: 200, unitPrice: '10.00' }] },
      f.cookies.manager,
    );
    const self = await http.post(`${PO}/${own.id}/approve`, f.cookies.manager);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('purchasing.own_approval');
    // At or below the threshold no approval is asked for.
    const small = await createOrder({
      departmentId: f.departments.eng,
      lines: [{ itemId: f.items.toner, qtyOrdered: 100, unitPrice: '10.00' }],
    });
    expect(small.needsApproval).toBe(false);
    expect((await http.post(`${PO}/${small.id}/send`, f.cookies.procurementAdmin)).statusCode).toBe(200);
  });
});

describe('whole units refuse fractions (issue #30 item 10)', () => {
  it("0.5 of an 'each' item, or of an asset item, is refused on requisitions, orders and receipts; a 'kg' item takes fractions", async () => {
    const [bolt, drill] = await t.db.db
      .insert(procItems)
      .values([
        { sku: `BOLT-${process.pid}-${Date.now()}`, name: 'Anchor bolt' },
        { sku: `DRILL-${process.pid}-${Date.now()}`, name: 'Site drill', uom: 'kg', isAsset: true },
      ])
      .returning({ id: procItems.id });
    const boltId = bolt?.id as string;
    const drillId = drill?.id as string;

    const req = await http.post(REQ, f.cookies.departmentManager, {
      departmentId: f.departments.eng,
      lines: [{ itemId: boltId, qtyRequested: '0.5', estUnitPrice: '1.00' }],
    });
    expect(req.statusCode, req.body).toBe(400);
    expect(req.json()).toMatchObject({
      code: 'purchasing.whole_units',
      errors: { 'lines.0.qtyRequested': 'Anchor bolt is counted in whole each: 0.5 is not a whole number.' },
    });
    const fractional = await http.post(PO, f.cookies.procurementAdmin, {
      supplierId: f.supplier,
      lines: [{ itemId: drillId, qtyOrdered: '2.5', unitPrice: '10.00' }],
    });
    expect(fractional.statusCode, fractional.body).toBe(400);
    expect(fractional.json().errors).toEqual({
      'lines.0.qtyOrdered': 'Site drill is counted in whole kg: 2.5 is not a whole number.',
    });

    // Half of a whole unit cannot be received either (the one stock writer refuses it).
    const order = await sent({ lines: [{ itemId: boltId, qtyOrdered: 2, unitPrice: '1.00' }] });
    const line = order.lines[0]?.id as string;
    const half = await receive(order.id, { lines: [{ poLineId: line, qtyReceived: '0.5' }] });
    expect(half.statusCode, half.body).toBe(400);
    expect(half.json()).toMatchObject({
      code: 'stores.whole_units',
      message: 'Anchor bolt is counted in whole each: 0.5 is not a whole number.',
    });
    expect(await stockAt(boltId, f.locations.main)).toBeNull();
    expect((await receive(order.id, { lines: [{ poLineId: line, qtyReceived: 2 }] })).statusCode).toBe(201);
    expect(await stockAt(boltId, f.locations.main)).toBe('2.000');

    // A measured unit takes fractions (the control case).
    const tonerKg = await sent({ lines: [{ itemId: f.items.toner, qtyOrdered: '2.5', unitPrice: '4.00' }] });
    expect(
      (await receive(tonerKg.id, { lines: [{ poLineId: tonerKg.lines[0]?.id, qtyReceived: '0.5' }] })).statusCode,
    ).toBe(201);
  });

  it('an asset item received as 0.5 + 1.5 is refused: stock and registered units stay whole and equal', async () => {
    const [ladder] = await t.db.db
      .insert(procItems)
      .values({ sku: `LAD-${process.pid}-${Date.now()}`, name: 'Ladder', isAsset: true })
      .returning({ id: procItems.id });
    const ladderId = ladder?.id as string;
    const order = await sent({ lines: [{ itemId: ladderId, qtyOrdered: 2, unitPrice: '50.00' }] });
    const line = order.lines[0]?.id as string;
    for (const qtyReceived of ['0.5', '1.5']) {
      const response = await receive(order.id, { lines: [{ poLineId: line, qtyReceived }] });
      expect(response.statusCode, response.body).toBe(400);
    }
    expect((await receive(order.id, { lines: [{ poLineId: line, qtyReceived: 2 }] })).statusCode).toBe(201);
    expect(await stockAt(ladderId, f.locations.main)).toBe('2.000');
    const units = await t.db.execute('select count(*)::int as n from proc_assets where item_id = $1', [ladderId]);
    expect(units.rows[0]).toEqual({ n: 2 });
  });
});
