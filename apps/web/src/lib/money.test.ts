import { describe, expect, it } from 'vitest';
import { sanitizeMoneyInput, toCents } from './money';

const keepPriceCharacters = (raw: string) => sanitizeMoneyInput(raw, { capped: false });

describe('the price field (spec §5: only digits and at most one decimal point)', () => {
  it('drops letters, signs and spaces', () => {
    expect(keepPriceCharacters('$ 1a2-3')).toBe('123');
  });

  it('keeps the first decimal point and drops any later one', () => {
    expect(keepPriceCharacters('4.5.0')).toBe('4.50');
    expect(keepPriceCharacters('..5')).toBe('.5');
  });

  it('leaves a well-formed price alone', () => {
    expect(keepPriceCharacters('12.99')).toBe('12.99');
  });
});

describe('an amount typed at the till (numeric(10,2): 8 digits, 2 decimals)', () => {
  it('keeps digits and one point, and caps the whole and the decimal digits', () => {
    expect(sanitizeMoneyInput('$1,234.5x6')).toBe('1234.56');
    expect(sanitizeMoneyInput('123456789.123')).toBe('12345678.12');
    expect(sanitizeMoneyInput('4.5.0')).toBe('4.50');
  });
});

describe('amounts from the server become integer cents', () => {
  it('reads 2-decimal strings, negatives and numbers; anything unreadable is 0', () => {
    expect(toCents('12.50')).toBe(1250);
    expect(toCents('-3.00')).toBe(-300);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(null)).toBe(0);
    expect(toCents('abc')).toBe(0);
  });
});
