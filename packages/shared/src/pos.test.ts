import { describe, expect, it } from 'vitest';
import { saleRequestSchema } from './pos';
import {
  CARD_NUMBER_MESSAGE,
  changeDueCents,
  containsCardNumber,
  looksLikeCardNumber,
  saleTotals,
  storedReference,
} from './pos-rules';

const item = { productId: '00000000-0000-4000-8000-000000000001', quantity: 1, unitPrice: '4.50', totalPrice: '4.50' };
const sale = { subtotal: '4.50', tax: '0.00', total: '4.50', paymentMethod: 'cash', items: [item] };

describe('sale rules', () => {
  it('totals add the 2.5% card fee only for card methods, exact to the cent', () => {
    expect(saleTotals([{ unitCents: 333, quantity: 3 }], 'eftpos')).toEqual({ subtotal: 999, tax: 25, total: 1024 });
    expect(saleTotals([{ unitCents: 333, quantity: 3 }], 'cash')).toEqual({ subtotal: 999, tax: 0, total: 999 });
  });

  it('change never goes below zero', () => {
    expect(changeDueCents(2000, 1525)).toBe(475);
    expect(changeDueCents(1000, 1525)).toBe(0);
  });

  it('references are stored with the VTPD prefix; card numbers are recognised by Luhn', () => {
    expect(storedReference('123456')).toBe('VTPD123456');
    expect(storedReference('')).toBeNull();
    expect(looksLikeCardNumber('4111111111111111')).toBe(true);
    expect(looksLikeCardNumber('4111111111111112')).toBe(false);
    expect(looksLikeCardNumber('123456')).toBe(false);
  });

  it('the sale body refuses fractional, zero, negative and huge quantities, bad amounts and card numbers', () => {
    expect(saleRequestSchema.safeParse(sale).success).toBe(true);
    for (const quantity of [0, -1, 1.5, 1000, Number.POSITIVE_INFINITY]) {
      expect(saleRequestSchema.safeParse({ ...sale, items: [{ ...item, quantity }] }).success, String(quantity)).toBe(
        false,
      );
    }
    for (const total of ['-4.50', '1e3', '4.505', 'abc']) {
      expect(saleRequestSchema.safeParse({ ...sale, total }).success, total).toBe(false);
    }
    expect(saleRequestSchema.safeParse({ ...sale, referenceCode: '4111111111111111' }).success).toBe(false);
    expect(saleRequestSchema.safeParse({ ...sale, items: [] }).success).toBe(false);
  });

  it.each([
    'card 4111111111111111',
    'paid with 4111 1111 1111 1111 exp 12/27',
    'PAN: 4111-1111-1111-1111.',
    'amex 3782 822463 10005 ok',
    '5555555555554444',
    'ref 12 then 6011 0009 9013 9424 12',
  ])('a card number anywhere in the text is found: %s', (text) => {
    expect(containsCardNumber(text)).toBe(true);
  });

  it.each([
    'Paid by phone',
    'call 0412 345 678 after 5',
    'table 12, 2024-05-31, $45.50',
    'approval 123456',
    '4111 1111 1111 1112',
    '',
  ])('ordinary notes are not mistaken for a card number: %j', (text) => {
    expect(containsCardNumber(text)).toBe(false);
  });

  it('a sale whose notes hold a card number is refused with the reference code message', () => {
    const result = saleRequestSchema.safeParse({ ...sale, paymentMethod: 'eftpos', notes: 'card 4111 1111 1111 1111' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['notes', CARD_NUMBER_MESSAGE]]);
    expect(saleRequestSchema.safeParse({ ...sale, notes: 'Paid by phone 0412 345 678' }).success).toBe(true);
  });
});
