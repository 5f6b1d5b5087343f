import { describe, expect, it } from 'vitest';
import type { CartLine } from '../cart/cart-reducer';
import { receiptHtml } from '../receipt/receipt-html';
import { buildSaleRequest, emptyPayment, receiptTax, summarizePayment } from './payment';

/** Issue #34 item 2 (ADR 0030): the till computes the sales tax with the shared rule, as the server does. */
const line = (
  key: string,
  priceCents: number,
  quantity: number,
  taxRate?: number,
  pricesIncludeTax = false,
): CartLine => ({
  key,
  productId: `00000000-0000-4000-8000-00000000000${key}`,
  variantId: null,
  name: `Item ${key}`,
  variantName: null,
  price: (priceCents / 100).toFixed(2),
  priceCents,
  quantity,
  imageUrl: null,
  stock: 100,
  ...(taxRate === undefined ? {} : { taxRate, pricesIncludeTax }),
});

describe('the cart with sales tax', () => {
  it('untaxed lines give exactly the body as before (tax = the card fee, no cardFee field)', () => {
    const lines = [line('1', 450, 2), line('2', 335, 1)];
    const body = buildSaleRequest(lines, { ...emptyPayment, method: 'credit_card', referenceCode: '12' });
    expect(body).toMatchObject({ subtotal: '12.35', tax: '0.31', total: '12.66' });
    expect(body).not.toHaveProperty('cardFee');
  });

  it('exclusive, mixed rates: tax per line to the cent, the card fee on the taxed amount', () => {
    const lines = [line('1', 450, 2, 1000), line('2', 335, 1, 500), line('3', 200, 1, 0)];
    const payment = { ...emptyPayment, method: 'credit_card' as const, referenceCode: '12' };
    const summary = summarizePayment(lines, payment);
    expect(summary.salesTax).toMatchObject({ charged: true, salesTax: 107, base: 1542 });
    expect(summary).toMatchObject({ subtotal: 1435, cardFee: 39, total: 1581 });
    expect(buildSaleRequest(lines, payment)).toMatchObject({
      subtotal: '14.35',
      tax: '1.07',
      cardFee: '0.39',
      total: '15.81',
    });
    expect(receiptTax(summary)).toEqual({
      taxLines: [
        { rate: '0.00', label: 'Tax (0%)', amount: '0.00' },
        { rate: '5.00', label: 'Tax (5%)', amount: '0.17' },
        { rate: '10.00', label: 'Tax (10%)', amount: '0.90' },
      ],
      pricesIncludeTax: false,
    });
  });

  it('inclusive: the tax is inside the prices; the total is the subtotal', () => {
    const lines = [line('1', 450, 2, 1000, true), line('2', 335, 1, 500, true)];
    const summary = summarizePayment(lines, emptyPayment);
    expect(summary).toMatchObject({ subtotal: 1235, total: 1235 });
    expect(summary.salesTax.salesTax).toBe(82 + 16);
    // The receipt printed offline reads 'incl.', so 11.00 of goods holding 1.00 of tax is no sum.
    expect(receiptTax(summary)).toEqual({
      taxLines: [
        { rate: '5.00', label: 'Tax (5%) incl.', amount: '0.16' },
        { rate: '10.00', label: 'Tax (10%) incl.', amount: '0.82' },
      ],
      pricesIncludeTax: true,
    });
  });

  it("the printed receipt shows one line per rate and 'Tax (0%)' exactly while untaxed", () => {
    const base = {
      items: [{ name: 'Muffin', quantity: 2, total: '9.00' }],
      subtotal: '9.00',
      total: '9.90',
      paymentMethod: 'cash' as const,
      amountReceived: '9.90',
      changeDue: '0.00',
      referenceCode: null,
      notes: null,
      cashierName: 'Maria Manager',
      timestamp: '2026-11-29T10:00:00.000Z',
    };
    const taxed = receiptHtml({
      ...base,
      tax: '0.90',
      cardFee: '0.00',
      taxLines: [{ rate: '10.00', label: 'Tax (10%)', amount: '0.90' }],
    });
    expect(taxed).toContain('Tax (10%)');
    expect(taxed).not.toContain('Tax (0%)');
    const untaxed = receiptHtml({ ...base, tax: '0.00', total: '9.00' });
    expect(untaxed).toContain('Tax (0%)');
    // Inclusive (issue #34 item 2 review): 'Subtotal 11.00, Tax (10%) incl. 1.00, Total 11.00'.
    const included = receiptHtml({
      ...base,
      items: [{ name: 'Muffin', quantity: 2, total: '11.00' }],
      subtotal: '11.00',
      total: '11.00',
      tax: '1.00',
      cardFee: '0.00',
      pricesIncludeTax: true,
      taxLines: [{ rate: '10.00', label: 'Tax (10%)', amount: '1.00' }],
    });
    const text = new DOMParser().parseFromString(included, 'text/html').body.textContent?.replace(/\s+/g, ' ');
    expect(text).toContain('Subtotal $11.00 Tax (10%) incl. $1.00 Total $11.00');
    expect(taxed).not.toContain('incl.');
  });
});
