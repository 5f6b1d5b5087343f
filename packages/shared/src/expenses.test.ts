import { describe, expect, it } from 'vitest';
import { EXPENSE_MESSAGES, expenseInputSchema } from './expenses';
import { institutionQuerySchema } from './institution-analytics';
import { CARD_NUMBER_MESSAGE } from './pos-rules';

const base = { category: 'utilities', description: 'Power' };

describe('expenseInputSchema (spec §5 Expense)', () => {
  it.each([
    ['12.5', 1250],
    ['0', 0],
    [' 7.05 ', 705],
    [4.5, 450],
    [1000, 100000],
    ['99999999.99', 9_999_999_999],
  ])('reads the amount %j as %i cents', (amount, cents) => {
    expect(expenseInputSchema.parse({ ...base, amount }).amount).toBe(cents);
  });

  it.each(['1e3', '-1', '1.234', '100000000', '12.', '.5', 'abc', -1, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses the amount %j',
    (amount) => {
      const result = expenseInputSchema.safeParse({ ...base, amount });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(EXPENSE_MESSAGES.amountFormat);
    },
  );

  it('asks for the required fields', () => {
    const result = expenseInputSchema.safeParse({ amount: '', description: ' ' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['category', EXPENSE_MESSAGES.required],
      ['amount', EXPENSE_MESSAGES.required],
      ['description', EXPENSE_MESSAGES.required],
    ]);
  });

  it('defaults the payment method to cash and stores empty optional texts as null', () => {
    expect(
      expenseInputSchema.parse({ ...base, amount: '1', vendor: '  ', notes: null, receiptNumber: ' R1 ' }),
    ).toEqual({
      ...base,
      amount: 100,
      paymentMethod: 'cash',
      vendor: null,
      notes: null,
      receiptNumber: 'R1',
    });
  });
});

describe('card numbers in an expense (security guide, Payments)', () => {
  it.each(['description', 'vendor', 'notes', 'receiptNumber'])('a card number in %s is refused', (field) => {
    const result = expenseInputSchema.safeParse({ ...base, amount: '5', [field]: 'card 5555-5555-5555-4444' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, CARD_NUMBER_MESSAGE]]);
  });
});

describe('institutionQuerySchema (spec §9 Analytics ranges)', () => {
  it('accepts 7, 30, 90 and 365 days, 30 by default, nothing else', () => {
    expect(institutionQuerySchema.parse({}).days).toBe(30);
    for (const days of [7, 30, 90, 365]) expect(institutionQuerySchema.parse({ days: String(days) }).days).toBe(days);
    for (const days of ['14', '0', '30.0', 'x']) expect(institutionQuerySchema.safeParse({ days }).success).toBe(false);
  });
});
