import {
  CUSTOMER_DISPLAY_CHANNEL,
  type CustomerDisplayMessage,
  customerDisplayStateSchema,
  idleDisplayState,
} from '@retail-hub/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTerminalSyncState } from '@/lib/offline-bridge';
import { createQueryClient } from '@/lib/query-client';
import { json, mockServer } from '@/test/server';
import { type CartLine, cartReducer, emptyCart } from '../cart/cart-reducer';
import { emptyPayment } from '../payment/payment';
import type { RecordedSale } from '../types';
import { type CustomerDisplayInput, customerDisplayState, useCustomerDisplay } from './use-customer-display';

/** Two $4.50 lattes (10% off the line) and a $4.00 muffin. */
const lines: CartLine[] = (() => {
  const latte = {
    productId: 'p-latte',
    variantId: 'v-big',
    name: 'Latte',
    variantName: 'Takeaway Big Cup',
    priceCents: 450,
    imageUrl: null,
    stock: 10,
  };
  const muffin = {
    ...latte,
    productId: 'p-muffin',
    variantId: null,
    name: 'Muffin',
    variantName: null,
    priceCents: 400,
  };
  let cart = cartReducer(emptyCart, { type: 'add', item: latte });
  cart = cartReducer(cart, { type: 'add', item: latte });
  cart = cartReducer(cart, { type: 'add', item: muffin });
  const key = cart.lines[0]?.key ?? '';
  return cartReducer(cart, { type: 'setLineDiscount', key, discount: { type: 'percent', hundredths: 1000 } }).lines;
})();

const base = { storeName: 'Library Café', lines, payment: emptyPayment, saleDiscount: null, completedSale: null };

describe("the till's customer display state (issue #36 item 4)", () => {
  it('an empty till is idle with the store name', () => {
    expect(customerDisplayState({ ...base, lines: [] })).toEqual(idleDisplayState('Library Café'));
  });

  it('a sale in progress: each line with its size, quantity, amount and discount, the discounts and the total', () => {
    const state = customerDisplayState({ ...base, saleDiscount: { type: 'amount', cents: 100 } });
    expect(state).toEqual({
      phase: 'sale',
      storeName: 'Library Café',
      lines: [
        { name: 'Latte', size: 'Takeaway Big Cup', quantity: 2, amount: '9.00', discount: '0.90' },
        { name: 'Muffin', size: null, quantity: 1, amount: '4.00', discount: null },
      ],
      discount: '1.90',
      cardFee: null,
      total: '11.10',
      paidBy: null,
      tendered: null,
      changeDue: null,
    });
    expect(customerDisplayStateSchema.safeParse(state).success).toBe(true);
  });

  it('paying by card adds the card fee (spec §9: 2.5% of 12.10, rounded) to the total', () => {
    const state = customerDisplayState({ ...base, payment: { ...emptyPayment, method: 'credit_card' } });
    expect(state).toMatchObject({ cardFee: '0.30', total: '12.40', discount: '0.90' });
  });

  it('a recorded cash sale shows the server figures: tendered and change due, and nothing of the cashier', () => {
    const sale = {
      id: '01890000-0000-7000-8000-000000000001',
      number: '000001',
      createdAt: '2026-11-29T08:00:00.000Z',
      subtotal: '12.10',
      tax: '0.00',
      total: '12.10',
      paymentMethod: 'cash',
      referenceCode: null,
      notes: null,
      amountReceived: '20.00',
      changeDue: '7.90',
      status: 'completed',
      discountTotal: '0.90',
      items: [
        {
          productId: 'p-latte',
          variantId: 'v-big',
          name: 'Latte',
          variantName: 'Takeaway Big Cup',
          quantity: 2,
          unitPrice: '4.50',
          totalPrice: '9.00',
          saleDiscountShare: '0.00',
          netTotal: '8.10',
        },
        {
          productId: 'p-muffin',
          variantId: null,
          name: 'Muffin',
          variantName: null,
          quantity: 1,
          unitPrice: '4.00',
          totalPrice: '4.00',
        },
      ],
      receipt: {
        items: [],
        subtotal: '12.10',
        tax: '0.00',
        total: '12.10',
        paymentMethod: 'cash',
        amountReceived: '20.00',
        changeDue: '7.90',
        referenceCode: null,
        notes: null,
        cashierName: 'Casey Cash',
        timestamp: '2026-11-29T08:00:00.000Z',
      },
    } as RecordedSale;
    const state = customerDisplayState({ ...base, lines: [], completedSale: sale });
    expect(state).toEqual({
      phase: 'paid',
      storeName: 'Library Café',
      lines: [
        { name: 'Latte', size: 'Takeaway Big Cup', quantity: 2, amount: '9.00', discount: '0.90' },
        { name: 'Muffin', size: null, quantity: 1, amount: '4.00', discount: null },
      ],
      discount: '0.90',
      cardFee: null,
      total: '12.10',
      paidBy: 'Cash',
      tendered: '20.00',
      changeDue: '7.90',
    });
    expect(JSON.stringify(state)).not.toContain('Casey');
    expect(customerDisplayStateSchema.safeParse(state).success).toBe(true);
  });

  it('a split sale: tendered is the cash handed over plus the card tender; paid by both', () => {
    const sale = {
      subtotal: '12.10',
      tax: '0.10',
      total: '12.20',
      paymentMethod: 'cash',
      amountReceived: null,
      changeDue: '1.00',
      items: [],
      payments: [
        {
          method: 'cash',
          amount: '8.00',
          cardFee: '0.00',
          referenceCode: null,
          amountReceived: '9.00',
          changeDue: '1.00',
        },
        {
          method: 'credit_card',
          amount: '4.20',
          cardFee: '0.10',
          referenceCode: null,
          amountReceived: null,
          changeDue: '0.00',
        },
      ],
    } as unknown as RecordedSale;
    expect(customerDisplayState({ ...base, lines: [], completedSale: sale })).toMatchObject({
      paidBy: 'Cash + Credit Card',
      tendered: '13.20',
      changeDue: '1.00',
      cardFee: '0.10',
      total: '12.20',
    });
  });
});

/** A $10.00 book taxed at 10% (ADR 0030), exclusive unless told. */
function taxedLines(pricesIncludeTax = false): CartLine[] {
  const book = {
    productId: 'p-book',
    variantId: null,
    name: 'Book',
    variantName: null,
    priceCents: 1000,
    imageUrl: null,
    stock: 10,
    taxRate: 1000,
    pricesIncludeTax,
  };
  return cartReducer(emptyCart, { type: 'add', item: book }).lines;
}

/** The server's answer for that book paid in cash once taxed: `tax` the sales tax, `cardFee` apart. */
function taxedSale(fields: Partial<RecordedSale>): RecordedSale {
  return {
    subtotal: '10.00',
    tax: '1.00',
    cardFee: '0.00',
    pricesIncludeTax: false,
    total: '11.00',
    paymentMethod: 'cash',
    amountReceived: '20.00',
    changeDue: '9.00',
    items: [
      {
        productId: 'p-book',
        variantId: null,
        name: 'Book',
        variantName: null,
        quantity: 1,
        unitPrice: '10.00',
        totalPrice: '10.00',
        taxRate: '10.00',
        tax: '1.00',
      },
    ],
    ...fields,
  } as RecordedSale;
}

describe('a taxed sale on the display (issue #34 item 2): the sales tax is a Tax row, never the card fee', () => {
  it('while rung up: a Tax row, no card fee for cash, and the lines add up to the total', () => {
    const state = customerDisplayState({ ...base, lines: taxedLines() });
    expect(state).toMatchObject({ tax: '1.00', taxIncluded: false, cardFee: null, total: '11.00' });
    expect(customerDisplayStateSchema.safeParse(state).success).toBe(true);
    const card = customerDisplayState({ ...base, lines: taxedLines(), payment: { ...emptyPayment, method: 'eftpos' } });
    // The card fee on the taxed amount: 2.5% of 11.00.
    expect(card).toMatchObject({ tax: '1.00', cardFee: '0.28', total: '11.28' });
  });

  it('prices that include the tax: the tax is shown as included, the total is the prices', () => {
    expect(customerDisplayState({ ...base, lines: taxedLines(true) })).toMatchObject({
      tax: '0.91',
      taxIncluded: true,
      total: '10.00',
    });
  });

  it('paid in cash: tax 1.00 is the Tax row and there is no card fee', () => {
    const state = customerDisplayState({ ...base, lines: [], completedSale: taxedSale({}) });
    expect(state).toMatchObject({ phase: 'paid', tax: '1.00', taxIncluded: false, cardFee: null, total: '11.00' });
    expect(customerDisplayStateSchema.safeParse(state).success).toBe(true);
  });

  it('paid by card: the card fee is the sale’s cardFee, the tax its sales tax', () => {
    const sale = taxedSale({ cardFee: '0.28', total: '11.28', paymentMethod: 'eftpos', amountReceived: null });
    expect(customerDisplayState({ ...base, lines: [], completedSale: sale })).toMatchObject({
      tax: '1.00',
      cardFee: '0.28',
      total: '11.28',
    });
  });

  it('an untaxed state carries no tax field (what a display on the older code reads), and one without validates', () => {
    const state = customerDisplayState(base);
    expect('tax' in state).toBe(false);
    expect(customerDisplayStateSchema.safeParse({ ...state, tax: null }).success).toBe(true);
  });
});

describe('a recorded sale missing fields (an older or offline answer)', () => {
  it('still gives a state: no payment method means no "Paid by"', () => {
    const sale = { total: '4.00', changeDue: '1.00', amountReceived: '5.00', tax: '0.00' } as unknown as RecordedSale;
    expect(customerDisplayState({ ...base, lines: [], completedSale: sale })).toMatchObject({
      phase: 'paid',
      lines: [],
      paidBy: null,
      tendered: '5.00',
      changeDue: '1.00',
    });
  });
});

/** The hook asks the server whether a display is paired to this till (react-query). */
function withQueries() {
  const client = createQueryClient();
  return ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
}

afterEach(() => {
  setTerminalSyncState({ terminalId: null });
  vi.unstubAllGlobals();
});

describe('useCustomerDisplay on the same machine (BroadcastChannel)', () => {
  it('publishes each change, answers a display that opens later, and says idle when the till closes', async () => {
    const display = new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL);
    const heard: CustomerDisplayMessage[] = [];
    display.onmessage = (event) => heard.push(event.data);
    const phases = () => heard.map((m) => (m.kind === 'state' ? `${m.state.phase}:${m.state.total}` : m.kind));
    try {
      const { rerender, unmount } = renderHook((props: CustomerDisplayInput) => useCustomerDisplay(props), {
        initialProps: { ...base, lines: [] } as CustomerDisplayInput,
        wrapper: withQueries(),
      });
      await vi.waitFor(() => expect(phases()).toEqual(['idle:0.00']));
      rerender({ ...base });
      await vi.waitFor(() => expect(phases()).toEqual(['idle:0.00', 'sale:12.10']));
      display.postMessage({ kind: 'hello' });
      await vi.waitFor(() => expect(phases()).toEqual(['idle:0.00', 'sale:12.10', 'sale:12.10']));
      unmount();
      await vi.waitFor(() => expect(phases()).toEqual(['idle:0.00', 'sale:12.10', 'sale:12.10', 'idle:0.00']));
      expect(heard.at(-1)).toEqual({ kind: 'state', state: idleDisplayState('Library Café') });
    } finally {
      display.close();
    }
  });
});

describe('useCustomerDisplay with a display paired on another device (ADR 0033)', () => {
  it("sends the till's states to the server only while a display is paired, and idle when the till closes", async () => {
    const TILL = '5d1c3b2a-0f9e-4d8c-8b7a-6f5e4d3c2b1a';
    const sent: string[] = [];
    let paired = false;
    mockServer({
      [`GET /api/terminals/${TILL}/display`]: () =>
        json(200, { paired, pairedAt: paired ? new Date().toISOString() : null }),
      [`PUT /api/terminals/${TILL}/display/state`]: ({ init }) => {
        const state = JSON.parse(String(init?.body));
        sent.push(`${state.phase}:${state.total}`);
        return new Response(null, { status: 204 });
      },
    });
    setTerminalSyncState({ terminalId: TILL });
    const first = renderHook((props: CustomerDisplayInput) => useCustomerDisplay(props), {
      initialProps: { ...base } as CustomerDisplayInput,
      wrapper: withQueries(),
    });
    await new Promise((r) => setTimeout(r, 120));
    expect(sent).toEqual([]);
    first.unmount();

    paired = true;
    const { rerender, unmount } = renderHook((props: CustomerDisplayInput) => useCustomerDisplay(props), {
      initialProps: { ...base, lines: [] } as CustomerDisplayInput,
      wrapper: withQueries(),
    });
    await vi.waitFor(() => expect(sent).toEqual(['idle:0.00']));
    rerender({ ...base });
    await vi.waitFor(() => expect(sent).toEqual(['idle:0.00', 'sale:12.10']));
    unmount();
    await vi.waitFor(() => expect(sent).toEqual(['idle:0.00', 'sale:12.10', 'idle:0.00']));
  });
});
