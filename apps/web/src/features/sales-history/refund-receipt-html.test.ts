import type { Refund } from '@retail-hub/shared';
import { describe, expect, it } from 'vitest';
import { refundReceiptHtml } from './refund-receipt-html';

const refund: Refund = {
  id: '00000000-0000-4000-8000-00000000ab12',
  number: 'R00AB12',
  transactionId: '00000000-0000-4000-8000-0000007b2dc4',
  transactionNumber: '7B2DC4',
  shiftId: 3,
  createdAt: '2026-11-24T10:00:00.000Z',
  reason: 'Damaged or faulty',
  note: 'Cracked <lid>',
  restock: false,
  paymentMethod: 'eftpos',
  subtotal: '9.00',
  cardFee: '0.23',
  total: '9.23',
  cashier: { id: 'c', name: 'Casey Cashier' },
  approvedBy: { id: 'm', name: 'Morgan Manager' },
  lines: [
    {
      id: 'l',
      itemId: 'i',
      productId: 'p',
      variantId: 'v',
      name: 'Latte',
      variantName: 'Takeaway Big Cup',
      quantity: 2,
      unitPrice: '4.50',
      totalPrice: '9.00',
    },
  ],
};

const text = (html: string) =>
  new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ');

describe('the REFUND receipt (issue #15 item 5)', () => {
  it('is marked REFUND at the top and the bottom, with its own number, the sale it refunds and negative amounts', () => {
    const html = refundReceiptHtml(refund);
    expect(html.match(/data-refund/g)).toHaveLength(2);
    const body = text(html) ?? '';
    expect(body).toContain('Refund #R00AB12 · for Sale #7B2DC4');
    expect(body).toContain('2 × Latte (Takeaway Big Cup) -$9.00');
    expect(body).toContain('Card Fee (2.5%) -$0.23');
    expect(body).toContain('Total Refunded -$9.23');
    expect(body).toContain('Refunded To Eftpos');
    expect(body).toContain('Goods Written off');
    expect(body).toContain('Approved by Morgan Manager');
    // The note is the cashier's free text: escaped, never markup.
    expect(html).toContain('Cracked &lt;lid&gt;');
  });

  it("prints spec §9's 'Tax (0%)' 0.00 while nothing was taxed", () => {
    const body = text(refundReceiptHtml(refund)) ?? '';
    expect(body).toContain('Subtotal -$9.00 Tax (0%) $0.00 Card Fee (2.5%) -$0.23');
  });

  it('gives back the tax by rate once the refund carries salesTax (issue #34 item 2)', () => {
    const line = refund.lines[0] as Refund['lines'][number];
    const taxed: Refund = {
      ...refund,
      subtotal: '10.00',
      salesTax: '1.00',
      pricesIncludeTax: false,
      cardFee: '0.00',
      total: '11.00',
      lines: [
        { ...line, quantity: 1, unitPrice: '6.00', totalPrice: '6.00', taxRate: '10.00', tax: '0.60' },
        { ...line, id: 'l2', quantity: 1, unitPrice: '4.00', totalPrice: '4.00', taxRate: '10.00', tax: '0.40' },
      ],
    };
    const body = text(refundReceiptHtml(taxed)) ?? '';
    expect(body).toContain('Subtotal -$10.00 Tax (10%) -$1.00 Total Refunded -$11.00');
    expect(body).not.toContain('Tax (0%)');
    // Two rates: a row each; prices that included the tax read 'incl.' (11.00 holds 1.00).
    const mixed = text(
      refundReceiptHtml({
        ...taxed,
        subtotal: '11.00',
        salesTax: '0.60',
        pricesIncludeTax: true,
        lines: [
          { ...line, quantity: 1, totalPrice: '6.60', taxRate: '10.00', tax: '0.60' },
          { ...line, id: 'l2', quantity: 1, totalPrice: '4.40', taxRate: '0.00', tax: '0.00' },
        ],
      }),
    );
    expect(mixed).toContain('Tax (0%) $0.00 Tax (10%) incl. -$0.60');
    // Lines that do not say their rate: one 'Tax' row.
    const bare = text(refundReceiptHtml({ ...taxed, lines: [line] }));
    expect(bare).toContain('Subtotal -$10.00 Tax -$1.00 Total Refunded');
  });
});
