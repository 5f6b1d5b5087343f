import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardFeeCents, PAYMENT_METHODS, type PaymentMethod } from './money';
import { cardTenderAmount, cardTenderBase, isCardMethod, remainingDue, TENDER_MESSAGES, tenderTotals } from './tenders';

describe('tenderTotals', () => {
  it('one tender is the §9 rule: the fee on the whole subtotal', () => {
    const fee = cardFeeCents(3010, 'credit_card');
    const result = tenderTotals(3010, [{ method: 'credit_card', amount: 3010 + fee }]);
    expect(result).toMatchObject({ ok: true, cardFee: fee, total: 3010 + fee, change: 0, method: 'credit_card' });
  });

  it('10.00 cash + the rest by card: fee on the card part only, to the cent', () => {
    // subtotal 23.90; cash pays 10.00; card pays 13.90 + 0.35 (13.90 × 2.5% = 0.3475 → 0.35).
    const result = tenderTotals(2390, [
      { method: 'cash', amount: 1000, amountReceived: 2000 },
      { method: 'credit_card', amount: 1425 },
    ]);
    expect(result).toEqual({
      ok: true,
      tenders: [
        { method: 'cash', amount: 1000, base: 1000, cardFee: 0, amountReceived: 2000, change: 1000 },
        { method: 'credit_card', amount: 1425, base: 1390, cardFee: 35, amountReceived: null, change: 0 },
      ],
      cardFee: 35,
      total: 2425,
      change: 1000,
      method: 'credit_card',
    });
  });

  it('refuses tenders short of the total, over it, change from non-cash or an earlier cash tender', () => {
    expect(tenderTotals(2000, [{ method: 'cash', amount: 1500 }])).toEqual({
      ok: false,
      errors: [{ field: 'tenders', message: TENDER_MESSAGES.notCovered(500) }],
    });
    expect(tenderTotals(2000, [{ method: 'cash', amount: 2500 }])).toMatchObject({ ok: false });
    expect(
      tenderTotals(2000, [
        { method: 'mobile_payment', amount: 1000, amountReceived: 1200 },
        { method: 'cash', amount: 1000 },
      ]),
    ).toEqual({ ok: false, errors: [{ field: 'tenders.0.amountReceived', message: TENDER_MESSAGES.changeNotCash }] });
    expect(
      tenderTotals(2000, [
        { method: 'cash', amount: 1000, amountReceived: 1200 },
        { method: 'cash', amount: 1000 },
      ]),
    ).toEqual({ ok: false, errors: [{ field: 'tenders.0.amountReceived', message: TENDER_MESSAGES.changeNotLast }] });
    expect(
      tenderTotals(2000, [
        { method: 'cash', amount: 0 },
        { method: 'cash', amount: 2000 },
      ]),
    ).toEqual({ ok: false, errors: [{ field: 'tenders.0.amount', message: TENDER_MESSAGES.amount }] });
  });

  it('refuses a card amount no base reaches (20 cents of base charge 21)', () => {
    expect(cardTenderBase(21)).toBe(20);
    expect(cardTenderBase(20)).toBeNull();
    expect(tenderTotals(20, [{ method: 'debit_card', amount: 20 }])).toMatchObject({ ok: false });
  });

  const method = fc.constantFrom<PaymentMethod>(...PAYMENT_METHODS);

  it('property: any split of a subtotal into bases sums to the total, fee to the cent, change ≥ 0', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ base: fc.integer({ min: 1, max: 500_000 }), method, extra: fc.integer({ min: 0, max: 10_000 }) }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (parts) => {
          const subtotal = parts.reduce((sum, p) => sum + p.base, 0);
          const lastCash = parts.map((p) => p.method).lastIndexOf('cash');
          const inputs = parts.map((p, i) => ({
            method: p.method,
            amount: isCardMethod(p.method) ? cardTenderAmount(p.base) : p.base,
            amountReceived: i === lastCash ? p.base + p.extra : null,
          }));
          const result = tenderTotals(subtotal, inputs);
          if (!result.ok) throw new Error(JSON.stringify(result.errors));
          expect(result.tenders.reduce((sum, t) => sum + t.amount, 0)).toBe(result.total);
          expect(result.total).toBe(subtotal + result.cardFee);
          for (const [i, t] of result.tenders.entries()) {
            expect(t.cardFee).toBe(cardFeeCents(parts[i]?.base ?? 0, t.method));
            expect(t.change).toBeGreaterThanOrEqual(0);
            if (t.change > 0) expect(i).toBe(lastCash);
          }
          expect(result.change).toBe(lastCash >= 0 ? (parts[lastCash]?.extra ?? 0) : 0);
        },
      ),
    );
  });

  it('property: one tender for the whole subtotal is exactly the one-method sale', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_000_000_000 }), method, (subtotal, m) => {
        const fee = cardFeeCents(subtotal, m);
        const result = tenderTotals(subtotal, [{ method: m, amount: subtotal + fee }]);
        expect(result).toMatchObject({ ok: true, cardFee: fee, total: subtotal + fee, method: m });
      }),
    );
  });

  it('property: paying the remaining due by any method covers the sale exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 1_000_000 }),
        fc.integer({ min: 1, max: 99 }),
        method,
        method,
        (subtotal, pct, m1, m2) => {
          const firstBase = Math.max(1, Math.floor((subtotal * pct) / 100));
          if (firstBase >= subtotal) return;
          const first = { method: m1, amount: isCardMethod(m1) ? cardTenderAmount(firstBase) : firstBase };
          const rest = remainingDue(subtotal, [first], m2);
          const result = tenderTotals(subtotal, [first, { method: m2, amount: rest }]);
          expect(result.ok).toBe(true);
        },
      ),
    );
  });
});
