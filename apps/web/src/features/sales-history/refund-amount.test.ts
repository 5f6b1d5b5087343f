import type { TransactionDetail } from '@retail-hub/shared';
import { describe, expect, it } from 'vitest';
import { refundCents } from './refund-form';

const line = (over: Partial<TransactionDetail['lines'][number]>): TransactionDetail['lines'][number] => ({
  id: 'l',
  productId: 'p',
  variantId: null,
  name: 'Mug',
  variantName: null,
  quantity: 3,
  unitPrice: '4.00',
  totalPrice: '12.00',
  refundedQuantity: 0,
  ...over,
});

describe("the refund form's amount (as the server computes it)", () => {
  it('is unit × quantity without a discount', () => {
    expect(refundCents(line({}), 2)).toBe(800);
  });

  it("is a share of a discounted line's net, and every refund of the line adds up to exactly that net", () => {
    const discounted = line({ netTotal: '10.00' });
    const first = refundCents(discounted, 1);
    const rest = refundCents({ ...discounted, refundedQuantity: 1 }, 2);
    expect(first).toBe(333);
    expect(first + rest).toBe(1000);
  });
});
