import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RECEIPT_EMAIL_MESSAGES, receiptEmailError } from './receipt-email';
import { emailReceiptBodySchema } from './sales-history';

const long = `${'a'.repeat(250)}@b.co`; // 255 characters

describe('the receipt e-mail rule', () => {
  it('accepts an address and refuses what is not one, with the API messages', () => {
    expect(receiptEmailError('customer@example.com')).toBeNull();
    expect(receiptEmailError("o'neil+till@shop.example.org")).toBeNull();
    expect(receiptEmailError(long)).toBeNull();
    expect(receiptEmailError('')).toBe('Enter an e-mail address');
    for (const refused of ['not an address', 'a@b.c', '.a@b.co', 'a..b@c.co', 'a@-b.co', `a${long}`]) {
      expect(receiptEmailError(refused)).toBe('Valid email is required');
    }
  });

  it('is the rule of emailReceiptBodySchema, which trims first', () => {
    expect(emailReceiptBodySchema.parse({ email: ' customer@example.com ' })).toEqual({
      email: 'customer@example.com',
    });
    for (const email of ['', '   ', 'not an address', `a${long}`, ` ${long} `, 'a@b.c', 'x@y.io']) {
      const parsed = emailReceiptBodySchema.safeParse({ email });
      expect(parsed.success ? null : parsed.error.issues.map((i) => i.message)).toEqual(
        receiptEmailError(email.trim()) === null ? null : [receiptEmailError(email.trim())],
      );
    }
    const notText = emailReceiptBodySchema.safeParse({ email: 5 });
    expect(notText.success ? null : notText.error.issues[0]?.message).toBe(RECEIPT_EMAIL_MESSAGES.required);
  });
});

describe("the pattern is zod's z.email()", () => {
  it('accepts and refuses exactly what z.email() does', () => {
    const zodEmail = z.email();
    const sameAsZod = (text: string) =>
      (receiptEmailError(text) === null) === zodEmail.safeParse(text).success || text.length > 255;
    const localChar = fc.constantFrom(..."aZ09._+-'@ ".split(''));
    fc.assert(
      fc.property(fc.string({ unit: localChar, maxLength: 30 }), fc.emailAddress(), (noise, address) => {
        expect(sameAsZod(noise)).toBe(true);
        expect(sameAsZod(address)).toBe(true);
        expect(sameAsZod(`${noise}@${address}`)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
