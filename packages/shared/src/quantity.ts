import { z } from 'zod';
import type { Milli } from './purchasing';

/**
 * Procurement quantities (issue #16) allow a fractional unit of measure (2.5 kg, 0.75 m): integer
 * thousandths ("milli") in code, numeric(12,3) in the database, a 3-decimal string at the API
 * ('12.500'). Like money, never add floats: parse to milli, compute, format back.
 */

/** numeric(12,3) holds at most 999,999,999.999. */
export const MAX_QUANTITY_MILLI = 999_999_999_999;

const QUANTITY_RE = /^(\d{1,9})(?:\.(\d{0,3}))?$/;
const SIGNED_RE = /^(-)?(\d+)(?:\.(\d*))?$/;

/** '12', '12.5', '12.500' → 12500; null for anything else (negative, 4 decimals, 1e3, too large). */
export function parseQuantityMilli(value: string | number): Milli | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = QUANTITY_RE.exec(text);
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
}

/** A numeric the database computed (a sum, a difference: may be negative or large) → milli. Throws on garbage. */
export function decimalToMilli(value: string | number | null | undefined): Milli {
  if (value === null || value === undefined) return 0;
  const match = SIGNED_RE.exec(String(value).trim());
  if (!match) throw new RangeError(`not a decimal quantity: ${String(value)}`);
  const milli = Number(match[2]) * 1000 + Number((match[3] ?? '').slice(0, 3).padEnd(3, '0'));
  return match[1] ? -milli : milli;
}

/** 12500 → '12.500', -250 → '-0.250' (the API and database form). */
export function milliToQuantity(milli: Milli): string {
  if (!Number.isSafeInteger(milli)) throw new RangeError(`not an integer number of thousandths: ${milli}`);
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}

/** A quantity as people read it: '12.500' → '12.5', '100.000' → '100', with thousands separators. */
export function formatQuantity(value: string | number | null | undefined): string {
  const milli = decimalToMilli(value);
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  const whole = Math.floor(abs / 1000).toLocaleString('en-US');
  const fraction = String(abs % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

export const QUANTITY_MESSAGES = {
  required: 'Quantity is required',
  invalid: 'Quantity must be a number with at most 3 decimals',
  positive: 'Quantity must be greater than 0',
  tooLarge: 'Quantity must be at most 999,999,999.999',
} as const;

function quantityField(options: { allowZero: boolean; label: string }) {
  const label = options.label;
  const messages = {
    required: `${label} is required`,
    invalid: `${label} must be a number with at most 3 decimals`,
    positive: options.allowZero ? `${label} must be 0 or more` : `${label} must be greater than 0`,
  };
  return z.union([z.string(), z.number()], { error: messages.required }).transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: messages.required });
      return z.NEVER;
    }
    if (typeof value === 'number' && value < 0) {
      ctx.addIssue({ code: 'custom', message: messages.positive });
      return z.NEVER;
    }
    if (typeof value === 'string' && value.trim().startsWith('-')) {
      ctx.addIssue({ code: 'custom', message: messages.positive });
      return z.NEVER;
    }
    const milli = parseQuantityMilli(value);
    if (milli === null) {
      ctx.addIssue({ code: 'custom', message: messages.invalid });
      return z.NEVER;
    }
    if (milli === 0 && !options.allowZero) {
      ctx.addIssue({ code: 'custom', message: messages.positive });
      return z.NEVER;
    }
    return milli;
  });
}

/** A quantity > 0 in a request body ('12.5' or 12.5), read as integer thousandths. */
export const quantitySchema = (label = 'Quantity') => quantityField({ allowZero: false, label });
/** A quantity ≥ 0 (a counted quantity, a reorder point), read as integer thousandths. */
export const quantityOrZeroSchema = (label = 'Quantity') => quantityField({ allowZero: true, label });
