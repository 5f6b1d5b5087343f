/**
 * Money is integer cents in code, numeric(10,2) in the database and a 2-decimal string at the
 * API (docs/architecture.md Data rules, docs/product.md §9 Money and fees). Never add floats.
 */
export type Cents = number;

/** numeric(10,2) holds at most 99,999,999.99. */
export const MAX_CENTS = 9_999_999_999;

/** What a numeric(10,2) column or a money field holds: up to 8 digits, up to 2 decimals, no sign. */
const DECIMAL_RE = /^\d{1,8}(?:\.\d{0,2})?$/;
/** Any decimal amount, signed: what the database computes (sums can exceed numeric(10,2)). */
const SIGNED_DECIMAL_RE = /^(-)?(\d+)(?:\.(\d*))?$/;

/**
 * The one decimal-string → cents parser: '12.5' → 1250, '-3.00' → -300, '123456789.05'. Digits past
 * the cent are dropped (numeric(10,2) and its sums have two). null for anything else ('1e3', 'abc').
 */
export function parseDecimalCents(value: string): Cents | null {
  const match = SIGNED_DECIMAL_RE.exec(value.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').slice(0, 2).padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Parses '12', '12.3', '12.30' into cents; null for anything else (negative, 3 places, 1e3). */
export function parseCents(value: string): Cents | null {
  return DECIMAL_RE.test(value.trim()) ? parseDecimalCents(value) : null;
}

/**
 * Cents of a numeric the database computed (a sum can exceed numeric(10,2), so parseCents, which
 * accepts only column-sized amounts, does not fit). Accepts '-12.5', '123456789.05', null (0);
 * anything else is a programming error and throws.
 */
export function decimalToCents(value: string | number | null | undefined): Cents {
  if (value === null || value === undefined) return 0;
  const cents = parseDecimalCents(String(value));
  if (cents === null) throw new RangeError(`not a decimal amount: ${String(value).trim()}`);
  return cents;
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
  return formatMoneyIn(cents, STORE_CURRENCY);
}

/** spec §9: the store's own amounts are dollars (documents default to it). */
export const STORE_CURRENCY = 'USD';

/**
 * The one money format (issue #30 item 21): 2 decimals with thousands separators, "$1,022.00" in
 * the store's currency; an amount in another currency names it instead, "1,022.00 EUR".
 */
export function formatMoneyIn(cents: Cents, currency: string = STORE_CURRENCY): string {
  const sign = cents < 0 ? '-' : '';
  const [whole, fraction] = centsToDecimal(Math.abs(cents)).split('.');
  const amount = `${Number(whole).toLocaleString('en-US')}.${fraction}`;
  const code = currency.trim().toUpperCase();
  return code === STORE_CURRENCY || code === '' ? `${sign}$${amount}` : `${sign}${amount} ${code}`;
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
/**
 * Issue #34 item 3 (ADR 0034): the methods a tender may have: spec §3's, and 'account' (charged to
 * a customer's or a department's account; never a method the §3 payment buttons offer).
 */
export const TENDER_METHODS = [...PAYMENT_METHODS, 'account'] as const;
export type TenderMethod = (typeof TENDER_METHODS)[number];

/** spec §9: card surcharge 2.5% of the subtotal for credit_card, debit_card and eftpos. */
export const CARD_FEE_METHODS: readonly TenderMethod[] = ['credit_card', 'debit_card', 'eftpos'];
/** The one card-fee rate, as a ratio of whole numbers so the fee stays integer arithmetic: 25/1000 = 2.5%. */
export const CARD_FEE_RATE = { num: 25, den: 1000 } as const;
/** The fee's label on the payment panel and the receipt, derived from the rate: 'Card Fee (2.5%)'. */
export const CARD_FEE_LABEL = `Card Fee (${(CARD_FEE_RATE.num * 100) / CARD_FEE_RATE.den}%)`;

export function cardFeeCents(subtotal: Cents, method: TenderMethod): Cents {
  return (CARD_FEE_METHODS as readonly string[]).includes(method)
    ? mulRatio(subtotal, CARD_FEE_RATE.num, CARD_FEE_RATE.den)
    : 0;
}

/** spec §3 paymentMethod: underscores shown as spaces. */
export function paymentMethodLabel(method: string): string {
  return method.replace(/_/g, ' ');
}

/** 'credit_card' → 'Credit Card' (spec §3: underscores shown as spaces): the title the POS screens and receipt show. */
export function paymentMethodTitle(method: string): string {
  return paymentMethodLabel(method).replace(/\b\w/g, (c) => c.toUpperCase());
}
