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
});
