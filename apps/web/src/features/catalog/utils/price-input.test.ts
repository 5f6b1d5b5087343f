import { describe, expect, it } from 'vitest';
import { keepPriceCharacters } from './price-input';

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
