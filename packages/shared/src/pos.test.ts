import { describe, expect, it } from 'vitest';
import { changeDueCents, looksLikeCardNumber, saleRequestSchema, saleTotals, storedReference } from './pos';

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
});
