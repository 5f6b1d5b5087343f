import { CARD_FEE_LABEL, type TransactionDetail } from '@retail-hub/shared';
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

describe('a taxed sale’s totals (issue #34 item 2): the sales tax by rate, the card fee apart', () => {
  const line = (id: string, name: string, totalPrice: string, taxRate: string, tax: string) => ({
    id,
    productId: `p-${id}`,
    variantId: null,
    name,
    variantName: null,
    quantity: 1,
    unitPrice: totalPrice,
    totalPrice,
    refundedQuantity: 0,
    discount: null,
    taxRate,
    tax,
  });

  function taxedDetail(fields: Partial<TransactionDetail>): TransactionDetail {
    return {
      ...detail([]),
      status: 'completed',
      discountTotal: '0.00',
      discount: null,
      subtotal: '15.00',
      lines: [line('l1', 'Book', '10.00', '10.00', '1.00'), line('l2', 'Pen', '5.00', '5.00', '0.25')],
      ...fields,
    } as TransactionDetail;
  }

  async function totalsOf(sale: TransactionDetail) {
    mockServer({
      ...sessionHandlers(userWithRole('manager')),
      'GET /api/receipts/email-status': () => json(200, { available: false }),
      [`GET /api/transactions/${SALE_ID}`]: () => json(200, sale),
    });
    renderWithProviders(<SaleDetailDialog id={SALE_ID} opened onClose={() => {}} />);
    const totals = await screen.findByTestId('sale-totals');
    return [...totals.children].map((row) => row.textContent);
  }

  it('paid in cash: a row per rate and no card fee (tax is not the fee)', async () => {
    const rows = await totalsOf(taxedDetail({ tax: '1.25', cardFee: '0.00', pricesIncludeTax: false, total: '16.25' }));
    expect(rows).toEqual(['Subtotal$15.00', 'Tax (5%)$0.25', 'Tax (10%)$1.00', 'Total$16.25']);
  });

  it('paid by card: the card fee is the sale’s cardFee; prices that include the tax say so', async () => {
    const rows = await totalsOf(taxedDetail({ tax: '1.25', cardFee: '0.38', pricesIncludeTax: true, total: '15.38' }));
    expect(rows).toEqual([
      'Subtotal$15.00',
      'Tax (5%) included$0.25',
      'Tax (10%) included$1.00',
      `${CARD_FEE_LABEL}$0.38`,
      'Total$15.38',
    ]);
  });

  it('an untaxed sale: tax is the card fee, as spec §7, and there is no tax row', async () => {
    const rows = await totalsOf(
      taxedDetail({ tax: '0.38', total: '15.38', lines: [line('l1', 'Book', '15.00', '0.00', '0.00')] }),
    );
    expect(rows).toEqual(['Subtotal$15.00', `${CARD_FEE_LABEL}$0.38`, 'Total$15.38']);
  });
});
