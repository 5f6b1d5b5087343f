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

/**
 * Issue #30 item 10: units of measure say whether they are whole. A unit that measures (weight,
 * volume, length, area, time) takes fractions ('2.5 kg'); every other unit counts things ('each',
 * 'box', 'pack', 'pair', a unit typed in by hand) and is whole, as is any item registered as an
 * asset (one unit, one tag). A whole unit refuses fractions everywhere: receipts, issues,
 * transfers, counts, job materials, requisition and order lines.
 */
export const FRACTIONAL_UNITS: readonly string[] = [
  'mg',
  'g',
  'kg',
  't',
  'oz',
  'lb',
  'ml',
  'cl',
  'dl',
  'l',
  'gal',
  'mm',
  'cm',
  'm',
  'km',
  'in',
  'ft',
  'yd',
  'm2',
  'm²',
  'sqm',
  'sqft',
  'm3',
  'm³',
  'min',
  'h',
  'hr',
  'hour',
  'hours',
  'gram',
  'grams',
  'kilogram',
  'kilograms',
  'litre',
  'litres',
  'liter',
  'liters',
  'metre',
  'metres',
  'meter',
  'meters',
];

/** Whether quantities of an item in `uom` (an asset item: always) must be whole numbers. */
export function isWholeUnit(uom: string | null | undefined, isAsset = false): boolean {
  if (isAsset) return true;
  return !FRACTIONAL_UNITS.includes((uom ?? 'each').trim().toLowerCase());
}

/** The refusal of a fraction of a whole unit, e.g. "Toner cartridge is counted in whole each: 0.5 is not a whole number." */
export function wholeUnitMessage(name: string, uom: string | null | undefined, milli: Milli): string {
  return `${name} is counted in whole ${(uom ?? 'each').trim() || 'each'}: ${formatQuantity(milliToQuantity(milli))} is not a whole number.`;
}

/** A quantity (thousandths) of an item in `uom` that the unit does not allow (a fraction of a whole unit). */
export function breaksWholeUnit(milli: Milli, uom: string | null | undefined, isAsset = false): boolean {
  return milli % 1000 !== 0 && isWholeUnit(uom, isAsset);
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
