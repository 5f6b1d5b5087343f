/**
 * Money is integer cents in code, numeric(10,2) in the database and a 2-decimal string at the
 * API (DEVELOPERS.md, spec §9 Money and fees). Never add floats.
 */
export type Cents = number;

/** numeric(10,2) holds at most 99,999,999.99. */
export const MAX_CENTS = 9_999_999_999;

const DECIMAL_RE = /^(\d{1,8})(?:\.(\d{0,2}))?$/;

/** Parses '12', '12.3', '12.30' into cents; null for anything else (negative, 3 places, 1e3). */
export function parseCents(value: string): Cents | null {
  const match = DECIMAL_RE.exec(value.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Cents to the API/database string form: 1234 -> '12.34', -5 -> '-0.05'. */
export function centsToDecimal(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an integer number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** spec §9: money is shown with 2 decimals and a $ sign. */
export function formatMoney(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const [whole, fraction] = centsToDecimal(Math.abs(cents)).split('.');
  return `${sign}$${Number(whole).toLocaleString('en-US')}.${fraction}`;
}

/**
 * Multiplies cents by a rational factor num/den and rounds half away from zero to a whole cent,
 * in integer arithmetic (used for percentages and size-option multipliers).
 */
export function mulRatio(cents: Cents, num: number, den: number): Cents {
  const product = cents * num;
  const sign = product < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(product) * 2 + den) / (2 * den));
}

export const PAYMENT_METHODS = [
  'cash',
  'credit_card',
  'debit_card',
  'eftpos',
  'bank_transfer',
  'mobile_payment',
  'other',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** spec §9: card surcharge 2.5% of the subtotal for credit_card, debit_card and eftpos. */
export const CARD_FEE_METHODS: readonly PaymentMethod[] = ['credit_card', 'debit_card', 'eftpos'];

export function cardFeeCents(subtotal: Cents, method: PaymentMethod): Cents {
  return CARD_FEE_METHODS.includes(method) ? mulRatio(subtotal, 25, 1000) : 0;
}

/** spec §3 paymentMethod: underscores shown as spaces. */
export function paymentMethodLabel(method: string): string {
  return method.replace(/_/g, ' ');
}
