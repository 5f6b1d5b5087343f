import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Discount, isDiscountRefusal, priceDiscountedSale } from './discount-rules';
import {
  chargesNoTax,
  createTaxRateSchema,
  receiptTaxRows,
  salesLineTaxCents,
  taxLineLabel,
  taxRateHundredths,
  taxRateLabel,
  taxSale,
  updateTaxRateSchema,
} from './tax';
import { tenderTotals } from './tenders';

describe('salesLineTaxCents', () => {
  it('exclusive: net × rate / 100, half up', () => {
    // 3.30 × 10% = 0.33; 4.25 × 15% = 0.6375 → 0.64; 0.05 × 10% = 0.005 → 0.01 (half up).
    expect(salesLineTaxCents(330, 1000, false)).toBe(33);
    expect(salesLineTaxCents(425, 1500, false)).toBe(64);
    expect(salesLineTaxCents(5, 1000, false)).toBe(1);
    expect(salesLineTaxCents(4, 1000, false)).toBe(0);
  });

  it('inclusive: net × rate / (100 + rate), half up', () => {
    // 11.00 incl. 10% holds 1.00; 3.30 incl. 10% holds 0.30; 4.25 incl. 15% holds 0.554… → 0.55.
    expect(salesLineTaxCents(1100, 1000, true)).toBe(100);
    expect(salesLineTaxCents(330, 1000, true)).toBe(30);
    expect(salesLineTaxCents(425, 1500, true)).toBe(55);
    // 2.10 incl. 5% holds exactly 0.10; 0.21 incl. 5% holds 0.01.
    expect(salesLineTaxCents(210, 500, true)).toBe(10);
    expect(salesLineTaxCents(21, 500, true)).toBe(1);
  });

  it('zero-rated, exempt and empty lines carry no tax', () => {
    expect(salesLineTaxCents(12345, 0, false)).toBe(0);
    expect(salesLineTaxCents(12345, 0, true)).toBe(0);
    expect(salesLineTaxCents(0, 2500, false)).toBe(0);
  });
});

describe('taxSale', () => {
  it('exclusive with mixed rates: lines add up to the tax and the total', () => {
    const sale = taxSale(
      [
        { netCents: 330, rate: 1000 },
        { netCents: 425, rate: 1500 },
        { netCents: 1999, rate: 0 },
      ],
      false,
    );
    expect(sale).toEqual({
      lineTaxes: [33, 64, 0],
      tax: 97,
      subtotal: 2754,
      total: 2851,
      byRate: [
        { rate: 0, tax: 0 },
        { rate: 1000, tax: 33 },
        { rate: 1500, tax: 64 },
      ],
    });
  });

  it('inclusive with mixed rates: the total is the sum of the lines', () => {
    const sale = taxSale(
      [
        { netCents: 1100, rate: 1000 },
        { netCents: 425, rate: 1500 },
        { netCents: 330, rate: 1000 },
      ],
      true,
    );
    expect(sale).toEqual({
      lineTaxes: [100, 55, 30],
      tax: 185,
      subtotal: 1855,
      total: 1855,
      byRate: [
        { rate: 1000, tax: 130 },
        { rate: 1500, tax: 55 },
      ],
    });
  });
});

describe('rates', () => {
  it('parses percentages with at most 2 decimals, 0 to 100', () => {
    expect(taxRateHundredths('10')).toBe(1000);
    expect(taxRateHundredths('12.5')).toBe(1250);
    expect(taxRateHundredths(7.25)).toBe(725);
    expect(taxRateHundredths('0.00')).toBe(0);
    expect(taxRateHundredths('100')).toBe(10000);
    expect(taxRateHundredths('100.01')).toBeNull();
    expect(taxRateHundredths('10.555')).toBeNull();
    expect(taxRateHundredths('-1')).toBeNull();
    expect(taxRateHundredths('1e1')).toBeNull();
  });

  it('labels: Tax (0%) exactly as spec §9; Tax (10%), Tax (12.5%)', () => {
    expect(taxLineLabel(0)).toBe('Tax (0%)');
    expect(taxLineLabel(1000)).toBe('Tax (10%)');
    // Inclusive prices: the row says the tax is inside (0% includes nothing).
    expect(taxLineLabel(1000, true)).toBe('Tax (10%) incl.');
    expect(taxLineLabel(0, true)).toBe('Tax (0%)');
    expect(
      receiptTaxRows({
        tax: '1.00',
        cardFee: '0.00',
        pricesIncludeTax: true,
        taxLines: [{ rate: '10.00', label: 'Tax (10%)', amount: '1.00' }],
      }),
    ).toEqual([{ label: 'Tax (10%) incl.', cents: 100 }]);
    expect(receiptTaxRows({ tax: '0.28' })).toEqual([
      { label: 'Tax (0%)', cents: 0 },
      { label: 'Card Fee (2.5%)', cents: 28 },
    ]);
    expect(taxRateLabel(1250)).toBe('12.5%');
    expect(taxRateLabel(725)).toBe('7.25%');
    expect(chargesNoTax([0, 0])).toBe(true);
    expect(chargesNoTax([0, 1])).toBe(false);
  });

  it('the API schemas answer a 2-decimal string and refuse a bad rate', () => {
    expect(createTaxRateSchema.parse({ name: ' GST ', rate: 10 })).toEqual({ name: 'GST', rate: '10.00' });
    expect(createTaxRateSchema.safeParse({ name: 'GST', rate: '10.555' }).success).toBe(false);
    expect(createTaxRateSchema.safeParse({ name: '', rate: '10' }).success).toBe(false);
    expect(updateTaxRateSchema.safeParse({}).success).toBe(false);
    expect(updateTaxRateSchema.parse({ rate: '5.5' })).toEqual({ rate: '5.50' });
  });
});

const discountArb: fc.Arbitrary<Discount | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 10_000 }).map((hundredths) => ({ type: 'percent' as const, hundredths })),
  fc.integer({ min: 1, max: 500 }).map((cents) => ({ type: 'amount' as const, cents })),
);

const cartArb = fc.record({
  lines: fc.array(
    fc.record({
      unitCents: fc.integer({ min: 0, max: 50_000 }),
      quantity: fc.integer({ min: 1, max: 999 }),
      discount: discountArb,
      rate: fc.integer({ min: 0, max: 2_500 }),
    }),
    { minLength: 1, maxLength: 12 },
  ),
  saleDiscount: discountArb,
  inclusive: fc.boolean(),
  cardShare: fc.integer({ min: 0, max: 100 }),
});

describe('property: random carts, rates 0–25.00, inclusive/exclusive, discounts', () => {
  it('lines sum exactly to the tax and the total, no negative tax, tenders cover the total', () => {
    fc.assert(
      fc.property(cartArb, ({ lines, saleDiscount, inclusive, cardShare }) => {
        const priced = priceDiscountedSale(lines, saleDiscount, 'cash');
        fc.pre(!isDiscountRefusal(priced));
        if (isDiscountRefusal(priced)) return;
        const taxed = taxSale(
          priced.lines.map((l, i) => ({ netCents: l.netCents, rate: lines[i]?.rate ?? 0 })),
          inclusive,
        );
        expect(taxed.lineTaxes.every((t) => t >= 0)).toBe(true);
        expect(taxed.lineTaxes.reduce((s, t) => s + t, 0)).toBe(taxed.tax);
        expect(taxed.byRate.reduce((s, r) => s + r.tax, 0)).toBe(taxed.tax);
        expect(taxed.subtotal).toBe(priced.subtotal);
        expect(taxed.total).toBe(inclusive ? priced.subtotal : priced.subtotal + taxed.tax);
        // Inclusive: the tax inside a line never exceeds the line; exclusive: never above 25% of it.
        priced.lines.forEach((l, i) => {
          const t = taxed.lineTaxes[i] as number;
          if (inclusive) expect(t).toBeLessThanOrEqual(l.netCents);
          else expect(t).toBeLessThanOrEqual(Math.ceil(l.netCents / 4));
        });
        // The card fee stays on what the card pays, sales tax included: cash + card cover the total.
        const cashBase = Math.floor((taxed.total * (100 - cardShare)) / 100);
        const cardBase = taxed.total - cashBase;
        const cardAmount = cardBase + Math.floor((cardBase * 25 * 2 + 1000) / 2000);
        const inputs = [
          ...(cashBase > 0 ? [{ method: 'cash' as const, amount: cashBase, amountReceived: cashBase }] : []),
          ...(cardBase > 0 ? [{ method: 'credit_card' as const, amount: cardAmount }] : []),
        ];
        fc.pre(inputs.length > 0);
        const tendered = tenderTotals(taxed.total, inputs);
        expect(tendered.ok).toBe(true);
        if (tendered.ok) {
          expect(tendered.total).toBe(taxed.total + tendered.cardFee);
          expect(tendered.tenders.reduce((s, t) => s + t.amount, 0)).toBe(tendered.total);
          expect(tendered.change).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});
