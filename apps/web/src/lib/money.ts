import { type Cents, formatMoney, parseCents } from '@retail-hub/shared';

/**
 * Amounts from the server are 2-decimal strings ('12.50', '-3.00' for a cash shortfall); a few
 * aggregates may come as numbers. Both become integer cents here, never floats in arithmetic.
 */
export function toCents(value: string | number | null | undefined): Cents {
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : 0;
  const trimmed = value.trim();
  const negative = trimmed.startsWith('-');
  const cents = parseCents(negative ? trimmed.slice(1) : trimmed);
  if (cents === null) {
    const asNumber = Number(trimmed);
    return Number.isFinite(asNumber) ? Math.round(asNumber * 100) : 0;
  }
  return negative ? -cents : cents;
}

/** spec §9: $ and 2 decimals, for a server amount. */
export function money(value: string | number | null | undefined): string {
  return formatMoney(toCents(value));
}
