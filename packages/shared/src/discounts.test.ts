import { describe, expect, it } from 'vitest';
import { type DiscountedSale, discountLabel, isOverCap, priceDiscountedSale, toDiscount } from './discount-rules';
import { discountSchema } from './discounts';

const pct = (value: number) => toDiscount({ type: 'percent', value });
const amt = (value: string) => toDiscount({ type: 'amount', value });

describe('the discount rule', () => {
  it('rounds a percentage half up per line, spreads the sale discount by largest remainder, fee on the discounted subtotal', () => {
    const sale = priceDiscountedSale(
      [
        { unitCents: 1999, quantity: 2, discount: pct(5) },
        { unitCents: 333, quantity: 3 },
      ],
      pct(10),
      'credit_card',
    ) as DiscountedSale;
    expect(sale.lines.map((l) => [l.grossCents, l.discountCents, l.saleShareCents, l.netCents])).toEqual([
      [3998, 200, 380, 3418],
      [999, 0, 100, 899],
    ]);
    expect(sale).toMatchObject({ grossSubtotal: 4997, discountTotal: 680, subtotal: 4317, tax: 108, total: 4425 });
  });

  it('the sale discount always adds up over the lines, to the cent', () => {
    const sale = priceDiscountedSale(
      [
        { unitCents: 100, quantity: 1 },
        { unitCents: 100, quantity: 1 },
        { unitCents: 100, quantity: 1 },
      ],
      amt('1.00'),
      'cash',
    ) as DiscountedSale;
    expect(sale.lines.map((l) => l.saleShareCents)).toEqual([34, 33, 33]);
    expect(sale.subtotal).toBe(200);
  });

  it('refuses an amount larger than its line or the sale; 100% makes a line 0, never negative', () => {
    expect(priceDiscountedSale([{ unitCents: 400, quantity: 1, discount: amt('4.01') }], null, 'cash')).toEqual({
      refused: 'line_exceeds',
      lineIndex: 0,
    });
    expect(priceDiscountedSale([{ unitCents: 400, quantity: 1 }], amt('4.01'), 'cash')).toEqual({
      refused: 'sale_exceeds',
    });
    const free = priceDiscountedSale([{ unitCents: 400, quantity: 1, discount: pct(100) }], pct(50), 'eftpos');
    expect(free).toMatchObject({ subtotal: 0, tax: 0, total: 0 });
  });

  it('a cap allows cap% on every line or on the sale, not both stacked', () => {
    const lines = [
      { unitCents: 1500, quantity: 1, discount: pct(10) },
      { unitCents: 1500, quantity: 1, discount: pct(10) },
    ];
    expect(isOverCap(priceDiscountedSale(lines, null, 'cash') as DiscountedSale, 10)).toBe(false);
    expect(
      isOverCap(priceDiscountedSale([{ unitCents: 1000, quantity: 1 }], pct(10), 'cash') as DiscountedSale, 10),
    ).toBe(false);
    expect(
      isOverCap(priceDiscountedSale([{ unitCents: 1000, quantity: 1 }], pct(10.1), 'cash') as DiscountedSale, 10),
    ).toBe(true);
    const stacked = priceDiscountedSale([{ unitCents: 1000, quantity: 1, discount: pct(5) }], pct(20), 'cash');
    expect(isOverCap(stacked as DiscountedSale, 10)).toBe(true);
    expect(isOverCap(stacked as DiscountedSale, 100)).toBe(false);
  });

  it('checks the cap on the whole discount in cents, not line by line after rounding (issue #30 item 9)', () => {
    // 200 lines of $0.05 with $0.01 off each: $2.00 off $10.00 is 20%, above a 10% cap.
    const pennies = Array.from({ length: 200 }, () => ({ unitCents: 5, quantity: 1, discount: amt('0.01') }));
    const sale = priceDiscountedSale(pennies, null, 'cash') as DiscountedSale;
    expect(sale).toMatchObject({ grossSubtotal: 1000, discountTotal: 200 });
    expect(isOverCap(sale, 10)).toBe(true);
    expect(isOverCap(sale, 20)).toBe(false);
    // The same with 10% on each line: each rounds half up to a cent, 20% in all.
    const rounded = pennies.map((l) => ({ ...l, discount: pct(10) }));
    expect(isOverCap(priceDiscountedSale(rounded, null, 'cash') as DiscountedSale, 10)).toBe(true);
    // 10% on the whole $10.00 sale (one rounding) is within the cap; a cent more is not.
    expect(
      isOverCap(
        priceDiscountedSale(
          pennies.map(({ unitCents, quantity }) => ({ unitCents, quantity })),
          pct(10),
          'cash',
        ) as DiscountedSale,
        10,
      ),
    ).toBe(false);
    expect(
      isOverCap(priceDiscountedSale([{ unitCents: 1000, quantity: 1 }], amt('1.01'), 'cash') as DiscountedSale, 10),
    ).toBe(true);
  });

  it('validates input and labels discounts', () => {
    expect(discountSchema.safeParse({ type: 'percent', value: 12.5 }).success).toBe(true);
    expect(discountSchema.safeParse({ type: 'percent', value: 100.01 }).success).toBe(false);
    expect(discountSchema.safeParse({ type: 'amount', value: '0' }).success).toBe(false);
    expect(discountSchema.safeParse({ type: 'amount', value: '1e3' }).success).toBe(false);
    expect(discountLabel(pct(12.5) as never)).toBe('12.5%');
    expect(discountLabel(pct(5) as never)).toBe('5%');
    expect(discountLabel(amt('2.5') as never)).toBe('$2.50');
  });
});
