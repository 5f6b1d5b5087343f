import { z } from 'zod';
import { type Cents, cardFeeCents, centsToDecimal, PAYMENT_METHODS, type PaymentMethod, parseCents } from './money';

/** spec §5 Cart: variant lines are capped at 999; the server caps every line at 999. */
export const MAX_LINE_QUANTITY = 999;
/** spec §5 Reference code: digits only, stored with the prefix VTPD. */
export const REFERENCE_PREFIX = 'VTPD';

/** A 2-decimal money string: digits with up to 2 decimals, no sign, no exponent. */
export const moneyStringSchema = z
  .string({ error: 'Must be an amount like 12.50' })
  .trim()
  .refine((v) => parseCents(v) !== null, { error: 'Must be an amount like 12.50' });

/**
 * Luhn check over 13–19 digits: such a string looks like a card number, which must never be
 * stored (security guide, Payments).
 */
export function looksLikeCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Digits of a reference as typed (the input strips non-digits); the stored form adds VTPD. */
export function referenceDigits(raw: string): string {
  return raw.replace(/^VTPD/i, '').replace(/\D/g, '');
}

export function storedReference(raw: string | null | undefined): string | null {
  const digits = referenceDigits(raw ?? '');
  return digits ? `${REFERENCE_PREFIX}${digits}` : null;
}

export const saleItemSchema = z.object({
  productId: z.uuid({ error: 'Unknown product' }),
  variantId: z.uuid({ error: 'Unknown size option' }).nullable().optional(),
  variantName: z.string().max(255).nullable().optional(),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int({ error: 'Quantity must be a whole number' })
    .min(1, { error: 'Quantity must be at least 1' })
    .max(MAX_LINE_QUANTITY, { error: `Quantity cannot exceed ${MAX_LINE_QUANTITY}` }),
  unitPrice: moneyStringSchema,
  totalPrice: moneyStringSchema,
});
export type SaleItemInput = z.infer<typeof saleItemSchema>;

/** spec §3 Sale payload. The server recomputes every amount and refuses a disagreement. */
export const saleRequestSchema = z.object({
  subtotal: moneyStringSchema,
  tax: moneyStringSchema,
  total: moneyStringSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method' }),
  referenceCode: z
    .string()
    .max(50)
    .nullable()
    .optional()
    .refine((v) => !v || /^(VTPD)?\d+$/i.test(v.trim()), { error: 'Reference code must be digits only' })
    .refine((v) => !v || !looksLikeCardNumber(referenceDigits(v)), {
      error: 'That looks like a card number. Enter the approval code, never the card number.',
    }),
  notes: z.string().max(500).nullable().optional(),
  amountReceived: moneyStringSchema.nullable().optional(),
  items: z
    .array(saleItemSchema, { error: 'Please add items to cart before checkout.' })
    .min(1, { error: 'Please add items to cart before checkout.' })
    .max(200, { error: 'A sale can have at most 200 lines' }),
});
export type SaleRequest = z.infer<typeof saleRequestSchema>;

export type SaleTotals = { subtotal: Cents; tax: Cents; total: Cents };

/**
 * spec §9 Money and fees: subtotal = Σ unit × quantity; tax carries the 2.5% card fee for
 * credit_card, debit_card and eftpos (sales tax is 0%); total = subtotal + tax.
 */
export function saleTotals(
  lines: ReadonlyArray<{ unitCents: Cents; quantity: number }>,
  method: PaymentMethod,
): SaleTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const tax = cardFeeCents(subtotal, method);
  return { subtotal, tax, total: subtotal + tax };
}

export function totalsToStrings(totals: SaleTotals): { subtotal: string; tax: string; total: string } {
  return {
    subtotal: centsToDecimal(totals.subtotal),
    tax: centsToDecimal(totals.tax),
    total: centsToDecimal(totals.total),
  };
}

/** spec §4: cash change = received − total, never below 0. */
export function changeDueCents(receivedCents: Cents, totalCents: Cents): Cents {
  return Math.max(0, receivedCents - totalCents);
}

/** spec §9 Quick cash amounts. */
export const QUICK_CASH_AMOUNTS = [5, 10, 20, 50] as const;
