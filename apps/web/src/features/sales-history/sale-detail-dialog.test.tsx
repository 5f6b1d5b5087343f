import type { TransactionDetail } from '@retail-hub/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { SaleDetailDialog } from './sale-detail-dialog';

const SALE_ID = '00000000-0000-4000-8000-0000003e5550';
const chris = { id: 'user-chris', name: 'Chris Cashier' };
const morgan = { id: 'user-morgan', name: 'Morgan Manager' };

function detail(events: TransactionDetail['events']): TransactionDetail {
  const receipt = {
    items: [],
    subtotal: '20.00',
    tax: '0.00',
    total: '20.00',
    paymentMethod: 'cash',
    amountReceived: '20.00',
    changeDue: '0.00',
  } as unknown as TransactionDetail['receipt'];
  return {
    id: SALE_ID,
    number: '3E5550',
    status: 'voided',
    createdAt: '2026-11-21T10:00:00.000Z',
    shiftId: 1,
    cashier: { id: chris.id, firstName: 'Chris', lastName: 'Cashier' },
    subtotal: '20.00',
    tax: '0.00',
    total: '20.00',
    paymentMethod: 'cash',
    referenceCode: null,
    notes: null,
    amountReceived: '20.00',
    changeDue: '0.00',
    discountTotal: '20.00',
    discount: { type: 'percent', value: '50', amount: '20.00', approvedBy: 'Morgan Manager' },
    lines: [],
    payments: [],
    refunds: [],
    events,
    receipt,
  } as TransactionDetail;
}

describe('a sale’s history names who did each thing and who approved it (issue #30 item 17)', () => {
  it('the discount, its PIN approval and the void name Chris as the doer and Morgan as the approver', async () => {
    const at = '2026-11-21T10:00:00.000Z';
    mockServer({
      ...sessionHandlers(userWithRole('manager')),
      'GET /api/receipts/email-status': () => json(200, { available: false }),
      [`GET /api/transactions/${SALE_ID}`]: () =>
        json(
          200,
          detail([
            { type: 'sale', at, by: chris, approvedBy: morgan, details: null },
            { type: 'approval_granted', at, by: chris, approvedBy: morgan, details: null },
            { type: 'discount_over_cap', at, by: chris, approvedBy: morgan, details: null },
            { type: 'sale_voided', at, by: chris, approvedBy: morgan, details: null },
            { type: 'receipt_reprinted', at, by: chris, approvedBy: null, details: null },
          ]),
        ),
    });
    renderWithProviders(<SaleDetailDialog id={SALE_ID} opened onClose={() => {}} />);
    const list = await screen.findByTestId('sale-events');
    const lines = [...list.children].map((child) => child.textContent?.replace(/^.* · /, ''));
    expect(lines).toEqual([
      'Sold by Chris Cashier, approved by Morgan Manager',
      'Manager approval asked by Chris Cashier, approved by Morgan Manager',
      'Discount above cap given by Chris Cashier, approved by Morgan Manager',
      'Voided by Chris Cashier, approved by Morgan Manager',
      'Receipt reprinted (COPY) by Chris Cashier',
    ]);
  });
});
