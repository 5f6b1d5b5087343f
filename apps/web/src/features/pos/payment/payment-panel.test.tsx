import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { mockServer, sessionHandlers } from '@/test/server';
import { type CartLine, cartReducer, emptyCart } from '../cart/cart-reducer';
import { buildSaleRequest, emptyPayment, type PaymentInput, summarizePayment } from './payment';
import { PaymentPanel } from './payment-panel';

/** A $13.00 sale: two $4.50 lattes and a $4.00 muffin. */
const lines: CartLine[] = [
  {
    productId: 'p-latte',
    variantId: 'v-big',
    name: 'Latte',
    variantName: 'Takeaway Big Cup',
    priceCents: 450,
    imageUrl: null,
    stock: 10,
  },
  {
    productId: 'p-muffin',
    variantId: null,
    name: 'Muffin',
    variantName: null,
    priceCents: 400,
    imageUrl: null,
    stock: 5,
  },
].reduce((cart, item, index) => {
  const added = cartReducer(cart, { type: 'add', item });
  return index === 0 ? cartReducer(added, { type: 'add', item }) : added;
}, emptyCart).lines;

let lastPayment: PaymentInput = emptyPayment;

function Harness({ onCheckout = () => {} }: { onCheckout?: () => void }) {
  const [payment, setPayment] = useState<PaymentInput>(emptyPayment);
  lastPayment = payment;
  return (
    <PaymentPanel
      lines={lines}
      payment={payment}
      onPaymentChange={setPayment}
      onCheckout={onCheckout}
      isSubmitting={false}
    />
  );
}

function renderPanel(onCheckout?: () => void) {
  mockServer(sessionHandlers(null));
  renderWithProviders(<Harness onCheckout={onCheckout} />);
  return userEvent.setup();
}

const amountReceived = () => screen.getByLabelText('Amount Received') as HTMLInputElement;
const changeDue = () => screen.getByTestId('change-due').textContent;

describe('the payment panel (spec §4, §5 Cash sale, §9 Money and fees)', () => {
  it('amount paid defaults to the total and change due to $0.00, so an exact cash sale completes at once', async () => {
    const onCheckout = vi.fn();
    const user = renderPanel(onCheckout);
    expect(screen.getByTestId('total-Total').textContent).toBe('$13.00');
    expect(changeDue()).toBe('$0.00');
    await user.click(screen.getByRole('button', { name: 'Complete Sale' }));
    expect(onCheckout).toHaveBeenCalledOnce();
  });

  it('the $20 quick amount gives $7.00 change', async () => {
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Quick amount $20' }));
    expect(amountReceived().value).toBe('20');
    expect(changeDue()).toBe('$7.00');
  });

  it('too little cash reads Insufficient Payment and says how much more is needed', async () => {
    const user = renderPanel();
    await user.type(amountReceived(), '10');
    expect(screen.getByRole('button', { name: 'Insufficient Payment' })).toBeDisabled();
    expect(screen.getByText('Insufficient payment - need $3.00 more')).toBeInTheDocument();
    expect(changeDue()).toBe('$0.00');
  });

  it('the amount field keeps digits and one point with two decimals', async () => {
    const user = renderPanel();
    await user.type(amountReceived(), 'a15.999x');
    expect(amountReceived().value).toBe('15.99');
    expect(changeDue()).toBe('$2.99');
  });

  it('switching to a non-cash method clears the amount received and shows the card fee', async () => {
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Quick amount $50' }));
    await user.click(screen.getByRole('button', { name: 'Eftpos' }));
    expect(screen.queryByLabelText('Amount Received')).toBeNull();
    expect(screen.getByTestId('total-Card Fee (2.5%)').textContent).toBe('$0.33');
    expect(screen.getByTestId('total-Total').textContent).toBe('$13.33');
    await user.click(screen.getByRole('button', { name: 'Cash' }));
    expect(amountReceived().value).toBe('');
    expect(screen.queryByText('Card Fee (2.5%)')).toBeNull();
  });

  it('methods are labelled with spaces, not underscores', () => {
    renderPanel();
    for (const label of ['Cash', 'Credit Card', 'Debit Card', 'Eftpos', 'Bank Transfer', 'Mobile Payment', 'Other']) {
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    }
  });

  it('a non-cash reference keeps only digits, shown after VTPD, and refuses a card number', async () => {
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Credit Card' }));
    const reference = screen.getByLabelText('Reference Code (optional)') as HTMLInputElement;
    expect(screen.getByText('VTPD')).toBeInTheDocument();
    await user.type(reference, 'ab12-34');
    expect(reference.value).toBe('1234');
    await user.clear(reference);
    await user.type(reference, '4111111111111111');
    expect(screen.getByText(/looks like a card number/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Sale' })).toBeDisabled();
  });

  it('payment notes holding a card number show the same message and block the sale', async () => {
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Eftpos' }));
    const notes = screen.getByLabelText('Payment Notes (optional)');
    await user.type(notes, 'Call 0412 345 678');
    expect(screen.queryByText(/looks like a card number/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Sale' })).toBeEnabled();
    await user.type(notes, ', card 4111 1111 1111 1111');
    expect(
      screen.getByText('That looks like a card number. Enter the approval code, never the card number.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Sale' })).toBeDisabled();
  });
});

describe('the sale payload (spec §3 Sale payload)', () => {
  it('a cash sale sends the amount paid, defaulting to the total', () => {
    const sale = buildSaleRequest(lines, emptyPayment);
    expect(sale).toMatchObject({ subtotal: '13.00', tax: '0.00', total: '13.00', amountReceived: '13.00' });
    expect(sale.referenceCode).toBeNull();
    expect(sale.items).toEqual([
      {
        productId: 'p-latte',
        variantId: 'v-big',
        variantName: 'Takeaway Big Cup',
        quantity: 2,
        unitPrice: '4.50',
        totalPrice: '9.00',
      },
      { productId: 'p-muffin', variantId: null, variantName: null, quantity: 1, unitPrice: '4.00', totalPrice: '4.00' },
    ]);
  });

  it('a card sale carries the fee in tax, the VTPD reference and the notes, and no cash received', () => {
    const payment: PaymentInput = { method: 'eftpos', amountReceived: '', referenceCode: '778899', notes: ' tip jar ' };
    expect(buildSaleRequest(lines, payment)).toMatchObject({
      subtotal: '13.00',
      tax: '0.33',
      total: '13.33',
      paymentMethod: 'eftpos',
      referenceCode: 'VTPD778899',
      notes: 'tip jar',
      amountReceived: null,
    });
  });

  it('change is received minus total, never below zero', () => {
    expect(summarizePayment(lines, { ...emptyPayment, amountReceived: '20' }).changeDue).toBe(700);
    expect(summarizePayment(lines, { ...emptyPayment, amountReceived: '5' })).toMatchObject({
      changeDue: 0,
      shortBy: 800,
    });
  });
});

describe('split tenders (issue #34)', () => {
  it('10.00 cash, then the rest by card with its 2.5% fee on the card part only', async () => {
    const user = renderPanel();
    await user.type(amountReceived(), '10');
    await user.click(screen.getByRole('button', { name: 'Add $10.00 Cash Payment' }));
    expect(screen.getByTestId('remaining-due').textContent).toBe('$3.00');
    await user.click(screen.getByRole('button', { name: 'Credit Card' }));
    // 3.00 by card: fee 0.075 → 0.08; total 13.00 + 0.08.
    expect(screen.getByTestId('total-Card Fee (2.5%)').textContent).toBe('$0.08');
    expect(screen.getByTestId('total-Total').textContent).toBe('$13.08');
    expect(screen.getByTestId('remaining-due').textContent).toBe('$3.08');
    const request = buildSaleRequest(lines, lastPayment);
    expect(request).toMatchObject({
      subtotal: '13.00',
      tax: '0.08',
      total: '13.08',
      paymentMethod: 'cash',
      amountReceived: null,
      tenders: [
        { method: 'cash', amount: '10.00', amountReceived: '10.00' },
        { method: 'credit_card', amount: '3.08' },
      ],
    });
    // Removing the part payment brings back the one-payment sale.
    await user.click(screen.getByRole('button', { name: 'Remove Cash payment of $10.00' }));
    expect(screen.queryByTestId('remaining-due')).toBeNull();
    expect(screen.getByTestId('total-Total').textContent).toBe('$13.33');
    expect(buildSaleRequest(lines, lastPayment)).not.toHaveProperty('tenders');
  });

  it('the rest in cash gives change from the last cash payment only', () => {
    const payment: PaymentInput = {
      ...emptyPayment,
      amountReceived: '5',
      tenders: [{ method: 'mobile_payment', amount: 1000, amountReceived: null, referenceCode: '42' }],
    };
    const summary = summarizePayment(lines, payment);
    expect(summary).toMatchObject({ total: 1300, cardFee: 0, remaining: 300, changeDue: 200, shortBy: 0 });
    expect(buildSaleRequest(lines, payment).tenders).toEqual([
      { method: 'mobile_payment', amount: '10.00', referenceCode: 'VTPD42' },
      { method: 'cash', amount: '3.00', amountReceived: '5.00' },
    ]);
  });
});
