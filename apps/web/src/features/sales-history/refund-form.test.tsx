import type { TransactionDetail } from '@retail-hub/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RefundForm } from './refund-form';

/** A sale of 60.00 paid 40.00 cash + 20.50 by credit card (issue #34): the summary method is cash. */
function splitSale(payments: TransactionDetail['payments']): TransactionDetail {
  return {
    id: '00000000-0000-4000-8000-0000003e5551',
    number: '3E5551',
    status: 'completed',
    createdAt: '2026-11-29T10:00:00.000Z',
    shiftId: 1,
    cashier: { id: 'user-chris', firstName: 'Chris', lastName: 'Cashier' },
    subtotal: '60.00',
    tax: '0.50',
    total: '60.50',
    paymentMethod: 'cash',
    referenceCode: null,
    notes: null,
    amountReceived: '60.50',
    changeDue: '0.00',
    discountTotal: '0.00',
    discount: null,
    lines: [],
    payments,
    refunds: [],
    events: [],
    receipt: {} as TransactionDetail['receipt'],
  } as unknown as TransactionDetail;
}

const tender = (method: string, amount: string) =>
  ({
    method,
    amount,
    cardFee: '0.00',
    referenceCode: null,
    amountReceived: amount,
    changeDue: '0.00',
    refunded: '0.00',
  }) as TransactionDetail['payments'][number];

describe('the refund form of a split sale (review of issue #34, 29 Nov)', () => {
  it('offers card-first or cash from the till when any tender was a card, though the summary method is cash', () => {
    renderWithProviders(
      <RefundForm
        sale={splitSale([tender('cash', '40.00'), tender('credit_card', '20.50')])}
        needsPin={false}
        onDone={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Back to Credit Card first, then Cash' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cash from the till' })).toBeInTheDocument();
    expect(screen.queryByText(/the sale was paid in cash/)).not.toBeInTheDocument();
  });

  it('a sale paid only in cash still says so', () => {
    renderWithProviders(
      <RefundForm sale={splitSale([tender('cash', '60.50')])} needsPin={false} onDone={() => {}} onCancel={() => {}} />,
    );
    expect(screen.getByText('Refund method: cash from the till (the sale was paid in cash).')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});

describe('the refund preview of a taxed sale (issue #34 item 2, ADR 0030)', () => {
  const taxedLine = {
    id: '00000000-0000-4000-8000-0000000000a1',
    productId: 'p',
    variantId: null,
    name: 'Mug',
    variantName: null,
    quantity: 3,
    unitPrice: '10.00',
    totalPrice: '30.00',
    refundedQuantity: 0,
    netTotal: '30.00',
    taxRate: '10.00',
    tax: '3.00',
  } as TransactionDetail['lines'][number];

  const refundOne = (pricesIncludeTax: boolean) => {
    const sale = { ...splitSale([tender('cash', '33.00')]), lines: [taxedLine], pricesIncludeTax };
    renderWithProviders(<RefundForm sale={sale} needsPin={false} onDone={() => {}} onCancel={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity to refund of Mug' }), { target: { value: '1' } });
  };

  it('adds the tax given back to the amount when the prices did not include it', () => {
    refundOne(false);
    expect(screen.getByTestId('refund-total').textContent).toContain('Refund incl. tax$11.00');
    expect(screen.getByTestId('refund-tax').textContent).toContain(
      "Includes $1.00 tax given back at the sale's rates.",
    );
  });

  it('shows the tax inside the amount when the prices included it', () => {
    refundOne(true);
    expect(screen.getByTestId('refund-total').textContent).toContain('Refund incl. tax$10.00');
    expect(screen.getByTestId('refund-tax').textContent).toContain('Includes $1.00 tax');
  });
});
