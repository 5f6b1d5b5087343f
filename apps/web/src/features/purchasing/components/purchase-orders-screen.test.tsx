import type { PurchaseOrder } from '@retail-hub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';

const ID = '0c9f2a51-3d4e-4b7a-8f10-6a2b3c4d5e6f';
const DRAFT: PurchaseOrder = {
  id: ID,
  poNumber: 'PO-2026-00042',
  supplierId: 'sup-1',
  supplierName: 'Timber Co',
  supplierEmail: 'orders@timber.test',
  supplierAddress: '1 Mill Road',
  requesterId: 'user-procurement_admin',
  departmentId: 'dep-1',
  departmentName: 'Joinery',
  status: 'draft',
  neededByDate: '2026-12-10',
  deliveryLocationId: 'loc-2',
  deliveryLocationCode: 'Main-2-205',
  deliveryLocationName: 'Workshop store',
  currency: 'USD',
  totals: { subtotal: '1022.00', tax: '0.00', total: '1022.00' },
  note: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  createdByName: 'Pat Rowe',
  sentAt: null,
  confirmedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  cancelReason: null,
  requisitionIds: ['req-1'],
  buyerName: 'Riverside College',
  buyerAddress: '1 College Road\nRiverside RS1 2AB',
  approvalThreshold: '5000.00',
  needsApproval: false,
  approvedAt: null,
  approvedByName: null,
  lines: [
    {
      id: 'line-1',
      lineNo: 1,
      itemId: 'item-1',
      itemSku: 'OAK-18',
      itemName: 'Oak board',
      itemIsAsset: false,
      uom: 'm',
      description: null,
      qtyOrdered: '10.000',
      qtyReceived: '0.000',
      unitPrice: '102.20',
      taxRate: '0.00',
      lineTotal: '1022.00',
      requisitionLineId: 'req-line-1',
    },
  ],
  receipts: [],
};

// jsdom has no document.fonts; Mantine's autosize Textarea listens to it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

describe('Purchase orders', { timeout: 40_000 }, () => {
  it('edits a draft order in place (issue #30 item 20): same number, lines kept with their requisition line', async () => {
    const patches: unknown[] = [];
    mockServer({
      ...sessionHandlers(userWithRole('procurement_admin')),
      'GET /api/procurement/purchase-orders': () => json(200, []),
      [`GET /api/procurement/purchase-orders/${ID}`]: () => json(200, DRAFT),
      'GET /api/procurement/purchasing-lookups': () =>
        json(200, {
          ownDepartmentId: null,
          departmentLocked: false,
          departments: [],
          suppliers: [{ id: 'sup-1', name: 'Timber Co', email: null }],
          locations: [],
        }),
      'GET /api/procurement/purchasing-lookups/items': () => json(200, []),
      [`PATCH /api/procurement/purchase-orders/${ID}`]: ({ init }) => {
        patches.push(JSON.parse(String(init?.body)));
        return json(200, { ...DRAFT, neededByDate: '2026-12-20' });
      },
    });
    renderApp(`/purchase-orders?id=${ID}`);
    const details = await screen.findByTestId('order-details', {}, { timeout: 15_000 });
    // Issue #30 item 21: the store's money format, as on requisitions ("$1,022.00", not "USD 1022.00").
    expect(within(details).getByTestId('order-totals').textContent).toContain('Total $1,022.00');
    expect(within(details).getByTestId('order-lines').textContent).toContain('$102.20');
    const user = userEvent.setup();
    await user.click(within(details).getByRole('button', { name: 'Edit Order' }));
    const form = await screen.findByRole('dialog', { name: 'Edit PO-2026-00042' });
    const neededBy = within(form).getByLabelText('Needed by');
    await user.clear(neededBy);
    await user.type(neededBy, '2026-12-20');
    const qty = within(form).getByLabelText(/Quantity/);
    await user.clear(qty);
    await user.type(qty, '12');
    await user.click(within(form).getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      supplierId: 'sup-1',
      currency: 'USD',
      neededByDate: '2026-12-20',
      deliveryLocationId: 'loc-2',
      note: null,
      requisitionIds: ['req-1'],
      lines: [{ itemId: 'item-1', qtyOrdered: '12', unitPrice: '102.20', requisitionLineId: 'req-line-1' }],
    });
  });

  it('prints a PO a supplier can deliver against (issue #30 item 21): buyer, delivery location, needed-by, money', async () => {
    mockServer({
      ...sessionHandlers(userWithRole('procurement_admin')),
      [`GET /api/procurement/purchase-orders/${ID}`]: () => json(200, { ...DRAFT, status: 'sent' }),
    });
    renderApp(`/purchase-orders/print?id=${ID}`);
    const buyer = await screen.findByTestId('po-print-buyer', {}, { timeout: 15_000 });
    expect(buyer.textContent).toContain('Riverside College');
    expect(buyer.textContent).toContain('1 College Road');
    const delivery = screen.getByTestId('po-print-delivery');
    expect(delivery.textContent).toContain('Main-2-205 · Workshop store');
    expect(delivery.textContent).toContain('Needed by: 2026-12-10');
    expect(screen.getByTestId('po-print-totals').textContent).toContain('Total: $1,022.00');
  });

  it('offers no edit once the order is sent', async () => {
    mockServer({
      ...sessionHandlers(userWithRole('procurement_admin')),
      'GET /api/procurement/purchase-orders': () => json(200, []),
      [`GET /api/procurement/purchase-orders/${ID}`]: () => json(200, { ...DRAFT, status: 'sent' }),
    });
    renderApp(`/purchase-orders?id=${ID}`);
    const details = await screen.findByTestId('order-details', {}, { timeout: 15_000 });
    expect(within(details).queryByRole('button', { name: 'Edit Order' })).toBeNull();
  });
});
