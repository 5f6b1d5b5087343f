import type { TransactionDetail } from '@retail-hub/shared';
import { describe, expect, it } from 'vitest';
import { refundCents, refundPreview } from './refund-form';

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

describe("the refund form's tax (issue #34 item 2): each line's share of its stored tax, as the server", () => {
  it('gives back the tax by the running-total rounding, exactly the line tax over every refund', () => {
    const taxed = line({ netTotal: '10.00', tax: '1.00', taxRate: '10.00' });
    const first = refundPreview({ pricesIncludeTax: false }, [{ line: taxed, quantity: 1 }]);
    expect(first).toEqual({ subtotalCents: 333, taxCents: 33, amountCents: 366 });
    const rest = refundPreview({ pricesIncludeTax: false }, [{ line: { ...taxed, refundedQuantity: 1 }, quantity: 2 }]);
    expect(first.taxCents + rest.taxCents).toBe(100);
    // Inclusive prices already hold the tax: the amount is the lines' share alone.
    expect(refundPreview({ pricesIncludeTax: true }, [{ line: taxed, quantity: 1 }]).amountCents).toBe(333);
  });
});
