import type { Cents } from '@retail-hub/shared';

/**
 * Cents of a numeric the database computed (a sum can exceed numeric(10,2), so parseCents, which
 * accepts only column-sized amounts, does not fit). Accepts '-12.5', '123456789.05', null (0).
 */
export function decimalToCents(value: string | number | null | undefined): Cents {
  if (value === null || value === undefined) return 0;
  const text = String(value).trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text);
  if (!match) throw new RangeError(`not a decimal amount: ${text}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}
