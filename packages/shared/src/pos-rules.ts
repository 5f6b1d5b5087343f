import { type Cents, cardFeeCents, centsToDecimal, type TenderMethod } from './money';

/**
 * The zod-free rules of a sale (pos.ts holds the API's schemas, and imports these): quantities, the
 * reference code and card-number check, the totals and the change. The POS terminal imports them at
 * start-up, so this module must not import zod, nor any module that does (`import type` is fine).
 */

/** spec §5 Cart: variant lines are capped at 999; the server caps every line at 999. */
export const MAX_LINE_QUANTITY = 999;
/** spec §5 Reference code: digits only, stored with the prefix VTPD. */
export const REFERENCE_PREFIX = 'VTPD';

/** Luhn checksum of a digit string (ISO/IEC 7812 check digit). */
function passesLuhn(digits: string): boolean {
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

/** What a payment text that holds a card number is refused with (form and API alike). */
export const CARD_NUMBER_MESSAGE = 'That looks like a card number. Enter the approval code, never the card number.';

/**
 * Luhn check over 13–19 digits: such a string looks like a card number, which must never be
 * stored (security guide, Payments).
 */
export function looksLikeCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{13,19}$/.test(digits) && passesLuhn(digits);
}

/** Runs of digits where single spaces or dashes may separate groups ('4111 1111-1111 1111'). */
const DIGIT_RUN = /\d+(?:[\s-]\d+)*/g;

/**
 * Does free text (a sale's notes, an expense's notes) hold a card number anywhere? The reference
 * code's rule (13–19 digits passing Luhn, spaces and dashes ignored), applied to every run of
 * whole digit groups in the text, so 'card 4111 1111 1111 1111 exp 12/27' is caught while a phone
 * number, a date or an amount is not. Issue #13 item 5: notes were stored and shown to every role.
 */
export function containsCardNumber(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_RUN)) {
    const groups = run.split(/[\s-]/);
    for (let start = 0; start < groups.length; start++) {
      let digits = '';
      for (let end = start; end < groups.length && digits.length < 19; end++) {
        digits += groups[end];
        if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits)) return true;
      }
    }
  }
  return false;
}

/** Digits of a reference as typed (the input strips non-digits); the stored form adds VTPD. */
export function referenceDigits(raw: string): string {
  return raw.replace(/^VTPD/i, '').replace(/\D/g, '');
}

export function storedReference(raw: string | null | undefined): string | null {
  const digits = referenceDigits(raw ?? '');
  return digits ? `${REFERENCE_PREFIX}${digits}` : null;
}

export type SaleTotals = { subtotal: Cents; tax: Cents; total: Cents };

/**
 * spec §9 Money and fees: subtotal = Σ unit × quantity; tax carries the 2.5% card fee for
 * credit_card, debit_card and eftpos (sales tax is 0%); total = subtotal + tax.
 */
export function saleTotals(
  lines: ReadonlyArray<{ unitCents: Cents; quantity: number }>,
  method: TenderMethod,
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

/** spec §3 transactions: the number shown is the last 6 characters of the id, upper case. */
export function transactionNumber(id: string): string {
  return id.slice(-6).toUpperCase();
}
