import { describe, expect, it } from 'vitest';
import {
  CARD_FEE_LABEL,
  CARD_FEE_RATE,
  cardFeeCents,
  centsToDecimal,
  decimalToCents,
  formatMoney,
  formatMoneyIn,
  mulRatio,
  parseCents,
  parseDecimalCents,
  paymentMethodLabel,
  paymentMethodTitle,
} from './money';

describe('money', () => {
  it('parses 2-decimal strings into whole cents and refuses anything else', () => {
    expect(parseCents('12')).toBe(1200);
    expect(parseCents('12.3')).toBe(1230);
    expect(parseCents('0.05')).toBe(5);
    expect(parseCents('99999999.99')).toBe(9_999_999_999);
    for (const bad of ['-1', '1.234', '1e3', '', '.5', 'abc', '1,00', '100000000']) {
      expect(parseCents(bad), bad).toBeNull();
    }
  });

  it('writes cents as the API string with exactly two decimals', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(() => centsToDecimal(1.5)).toThrow();
  });

  it('shows money with a $ sign and two decimals (spec §9)', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('charges the 2.5% card fee only for credit, debit and EFTPOS, rounded half up to the cent', () => {
    expect(cardFeeCents(1000, 'credit_card')).toBe(25);
    expect(cardFeeCents(1000, 'debit_card')).toBe(25);
    expect(cardFeeCents(1000, 'eftpos')).toBe(25);
    expect(cardFeeCents(1000, 'cash')).toBe(0);
    expect(cardFeeCents(1000, 'bank_transfer')).toBe(0);
    // 2.5% of $0.20 is 0.5 cent: rounds up to 1 cent; of $0.19 is 0.475 cent: rounds to 0.
    expect(cardFeeCents(20, 'eftpos')).toBe(1);
    expect(cardFeeCents(19, 'eftpos')).toBe(0);
  });

  it('multiplies by ratios without floating-point drift', () => {
    expect(mulRatio(450, 4, 5)).toBe(360); // Small = 0.8 × $4.50
    expect(mulRatio(450, 9, 8)).toBe(506); // Large = 1.125 × $4.50 = 506.25 → 506
    expect(mulRatio(1, 1, 2)).toBe(1);
  });

  it('shows payment methods with spaces for underscores', () => {
    expect(paymentMethodLabel('credit_card')).toBe('credit card');
  });
});

describe('decimal strings from the database and the API', () => {
  it('become cents through the one parser, signed and of any size', () => {
    expect(parseDecimalCents('12.5')).toBe(1250);
    expect(parseDecimalCents('-3.00')).toBe(-300);
    expect(parseDecimalCents('123456789.05')).toBe(12345678905);
    expect(parseDecimalCents('1e3')).toBeNull();
  });

  it('decimalToCents reads database sums, treats null as 0 and refuses what is not an amount', () => {
    expect(decimalToCents('123456789.05')).toBe(12345678905);
    expect(decimalToCents('-12.5')).toBe(-1250);
    expect(decimalToCents(null)).toBe(0);
    expect(() => decimalToCents('abc')).toThrow(RangeError);
  });
});

describe('payment labels', () => {
  it('the card-fee label comes from the one rate', () => {
    expect(CARD_FEE_LABEL).toBe('Card Fee (2.5%)');
    expect(cardFeeCents(10000, 'eftpos')).toBe((10000 * CARD_FEE_RATE.num) / CARD_FEE_RATE.den);
  });

  it('a payment method is shown with spaces and capitals', () => {
    expect(paymentMethodTitle('credit_card')).toBe('Credit Card');
    expect(paymentMethodTitle('mobile_payment')).toBe('Mobile Payment');
  });
});

describe('one money format (issue #30 item 21)', () => {
  it("shows the store's currency as $ with thousands separators, another currency by its code", () => {
    expect(formatMoneyIn(102200)).toBe('$1,022.00');
    expect(formatMoneyIn(102200, 'USD')).toBe('$1,022.00');
    expect(formatMoneyIn(102200, 'usd')).toBe('$1,022.00');
    expect(formatMoneyIn(102200, 'EUR')).toBe('1,022.00 EUR');
    expect(formatMoneyIn(-2550, 'GBP')).toBe('-25.50 GBP');
    expect(formatMoney(15000)).toBe('$150.00');
  });
});
