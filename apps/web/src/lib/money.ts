import { type Cents, formatMoneyIn, parseDecimalCents } from '@retail-hub/shared';

/**
 * Amounts from the server are 2-decimal strings ('12.50', '-3.00' for a cash shortfall); a few
 * aggregates may come as numbers. Both become integer cents here (the string through the shared
 * parser), never floats in arithmetic; anything unreadable shows as 0.
 */
export function toCents(value: string | number | null | undefined): Cents {
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : 0;
  return parseDecimalCents(value) ?? 0;
}

/**
 * spec §9: $ and 2 decimals, for a server amount; an amount in another currency than the store's
 * names its code instead (issue #30 item 21: one format on every screen and print).
 */
export function money(value: string | number | null | undefined, currency?: string | null): string {
  return formatMoneyIn(toCents(value), currency ?? undefined);
}

/** The shape of an amount typed at the till (numeric(10,2)): 8 digits, a point, 2 decimals. */
const AMOUNT_LIMITS = { whole: 8, decimals: 2 };

/**
 * The one money-field sanitiser (spec §5): keeps digits and the first decimal point; a later point
 * is dropped, its digits kept. The till's amount fields also cap at numeric(10,2)'s 8 digits and 2
 * decimals; the catalogue's price fields pass `capped: false` and let validation name the problem.
 */
export function sanitizeMoneyInput(raw: string, { capped = true }: { capped?: boolean } = {}): string {
  const [whole = '', ...rest] = raw.replace(/[^\d.]/g, '').split('.');
  const wholePart = capped ? whole.slice(0, AMOUNT_LIMITS.whole) : whole;
  if (rest.length === 0) return wholePart;
  const fraction = rest.join('');
  return `${wholePart}.${capped ? fraction.slice(0, AMOUNT_LIMITS.decimals) : fraction}`;
}
