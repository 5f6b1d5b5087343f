import { describe, expect, it } from 'vitest';
import { decimalToMilli, formatQuantity, milliToQuantity, parseQuantityMilli, quantitySchema } from './quantity';

describe('quantities in thousandths', () => {
  it('parses what a numeric(12,3) holds and nothing else', () => {
    expect(parseQuantityMilli('12')).toBe(12_000);
    expect(parseQuantityMilli('12.5')).toBe(12_500);
    expect(parseQuantityMilli(' 0.001 ')).toBe(1);
    expect(parseQuantityMilli(2.75)).toBe(2_750);
    expect(parseQuantityMilli('999999999.999')).toBe(999_999_999_999);
    for (const bad of ['1.2345', '-1', '1e3', 'abc', '', '1000000000', Number.NaN]) {
      expect(parseQuantityMilli(bad), String(bad)).toBeNull();
    }
  });

  it('formats back exactly, signed sums included', () => {
    expect(milliToQuantity(12_500)).toBe('12.500');
    expect(milliToQuantity(-250)).toBe('-0.250');
    expect(decimalToMilli('-12.5')).toBe(-12_500);
    expect(decimalToMilli('1234567890123.000')).toBe(1_234_567_890_123_000);
    expect(formatQuantity('100.000')).toBe('100');
    expect(formatQuantity('1234.500')).toBe('1,234.5');
  });

  it('the body schema names the field in its messages', () => {
    const schema = quantitySchema('Quantity received');
    expect(schema.safeParse('0').error?.issues[0]?.message).toBe('Quantity received must be greater than 0');
    expect(schema.safeParse('-2').error?.issues[0]?.message).toBe('Quantity received must be greater than 0');
    expect(schema.safeParse('1.0001').error?.issues[0]?.message).toBe(
      'Quantity received must be a number with at most 3 decimals',
    );
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('Quantity received is required');
    expect(schema.parse('40')).toBe(40_000);
  });
});
