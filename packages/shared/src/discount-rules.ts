import type { DiscountInput } from './discounts';
import { type Cents, cardFeeCents, centsToDecimal, parseCents, type TenderMethod } from './money';
import type { Role } from './roles';

/**
 * Discounts (issue #15 item 7, docs/adr/0019). THE pricing rule of a discounted sale: the cart
 * shows what this computes and the server recomputes it and refuses a disagreement.
 *
 * The rule, in integer cents:
 * 1. A line's gross is unit price × quantity.
 * 2. A line discount is a percentage of the line's gross, rounded half up to a whole cent, or an
 *    amount; an amount larger than the line's gross is refused (a line is never negative).
 * 3. The sale discount is a percentage of the subtotal after line discounts (rounded half up), or
 *    an amount; an amount larger than that subtotal is refused.
 * 4. The sale discount is spread over the lines in proportion to what each line is after its own
 *    discount: each line takes the whole cents of its share (rounded down) and the cents left
 *    over go one each to the lines with the largest remainders (the earlier line on a tie). So
 *    every line has an exact net (gross − its discount − its share, never below 0) and the nets
 *    add up to the subtotal. A refund pays back a line's net, not its gross.
 * 5. subtotal = Σ nets; the card fee is computed on this discounted subtotal; total = subtotal + fee.
 * Percentages are hundredths of a percent (12.5% is 1250); all products use BigInt where a cents
 * figure times a ratio could pass 2^53.
 *
 * This module is zod-free (discounts.ts holds the schemas of a discount and of the caps): the POS
 * terminal prices its cart with it at start-up, so it must not import zod, nor any module that
 * does (`import type` is fine).
 */

export const DISCOUNT_TYPES = ['percent', 'amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** A positive number or numeric string with up to 2 decimals ('5', 5, '12.5', '2.50'). */
const TWO_DECIMALS = /^\d{1,8}(?:\.\d{1,2})?$/;

/** A discount as the rule uses it: hundredths of a percent, or cents. */
export type Discount = { type: 'percent'; hundredths: number } | { type: 'amount'; cents: Cents };

/** '12.5' / 12.5 → 1250 (hundredths); null when not a plain number with up to 2 decimals. */
export function discountHundredths(value: number | string): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  return TWO_DECIMALS.test(text) ? parseCents(text) : null;
}

/** The parsed form of a valid input (null for none). */
export function toDiscount(input: DiscountInput | null | undefined): Discount | null {
  if (!input) return null;
  const n = discountHundredths(input.value);
  if (n === null || n <= 0) return null;
  return input.type === 'percent' ? { type: 'percent', hundredths: n } : { type: 'amount', cents: n };
}

/** The API form of a discount: value as a 2-decimal string. */
export function discountToInput(discount: Discount): { type: DiscountType; value: string } {
  return discount.type === 'percent'
    ? { type: 'percent', value: centsToDecimal(discount.hundredths) }
    : { type: 'amount', value: centsToDecimal(discount.cents) };
}

/** How a discount reads on the cart and the receipt: '5%', '12.5%', '$2.00'. */
export function discountLabel(discount: Discount): string {
  if (discount.type === 'amount') return `$${centsToDecimal(discount.cents)}`;
  const text = centsToDecimal(discount.hundredths).replace(/\.?0+$/, '');
  return `${text}%`;
}

/** cents × hundredths / 10000, rounded half up (cents ≥ 0). */
function percentOf(cents: Cents, hundredths: number): Cents {
  return Number((BigInt(cents) * BigInt(hundredths) * 2n + 10_000n) / 20_000n);
}

export type DiscountLineInput = { unitCents: Cents; quantity: number; discount?: Discount | null };

export type DiscountedLine = {
  grossCents: Cents;
  /** The line's own discount. */
  discountCents: Cents;
  /** Its share of the sale discount. */
  saleShareCents: Cents;
  /** gross − discount − share: what the line counts for (and what a refund of it pays back). */
  netCents: Cents;
};

export type DiscountedSale = {
  lines: DiscountedLine[];
  /** Σ gross. */
  grossSubtotal: Cents;
  /** Σ line discounts. */
  lineDiscounts: Cents;
  /** The sale discount in cents. */
  saleDiscount: Cents;
  /** lineDiscounts + saleDiscount. */
  discountTotal: Cents;
  /** After every discount: Σ nets. The sale's `subtotal`. */
  subtotal: Cents;
  /** The card fee, on the discounted subtotal. */
  tax: Cents;
  total: Cents;
};

export type DiscountRefusal = { refused: 'line_exceeds'; lineIndex: number } | { refused: 'sale_exceeds' };

/** Messages of the refusals (form and API alike). */
export const DISCOUNT_MESSAGES = {
  lineExceeds: 'A discount cannot be more than the line it is on.',
  saleExceeds: 'A discount cannot be more than the sale.',
  overCap: (cap: number) => `Discounts above ${cap}% need a manager's approval.`,
} as const;

/** Applies the rule above; a refusal when an amount is larger than what it discounts. */
export function priceDiscountedSale(
  lines: readonly DiscountLineInput[],
  saleDiscount: Discount | null | undefined,
  method: TenderMethod,
): DiscountedSale | DiscountRefusal {
  const afterLine: Array<{ grossCents: Cents; discountCents: Cents }> = [];
  for (const [index, line] of lines.entries()) {
    const grossCents = line.unitCents * line.quantity;
    let discountCents = 0;
    if (line.discount?.type === 'percent') discountCents = percentOf(grossCents, line.discount.hundredths);
    else if (line.discount?.type === 'amount') {
      if (line.discount.cents > grossCents) return { refused: 'line_exceeds', lineIndex: index };
      discountCents = line.discount.cents;
    }
    afterLine.push({ grossCents, discountCents });
  }
  const base = afterLine.reduce((sum, l) => sum + l.grossCents - l.discountCents, 0);
  let saleCents = 0;
  if (saleDiscount?.type === 'percent') saleCents = percentOf(base, saleDiscount.hundredths);
  else if (saleDiscount?.type === 'amount') {
    if (saleDiscount.cents > base) return { refused: 'sale_exceeds' };
    saleCents = saleDiscount.cents;
  }
  const shares = spread(
    saleCents,
    afterLine.map((l) => l.grossCents - l.discountCents),
  );
  const discounted = afterLine.map((l, i) => {
    const saleShareCents = shares[i] as number;
    return { ...l, saleShareCents, netCents: l.grossCents - l.discountCents - saleShareCents };
  });
  const grossSubtotal = afterLine.reduce((sum, l) => sum + l.grossCents, 0);
  const lineDiscounts = afterLine.reduce((sum, l) => sum + l.discountCents, 0);
  const subtotal = base - saleCents;
  const tax = cardFeeCents(subtotal, method);
  return {
    lines: discounted,
    grossSubtotal,
    lineDiscounts,
    saleDiscount: saleCents,
    discountTotal: lineDiscounts + saleCents,
    subtotal,
    tax,
    total: subtotal + tax,
  };
}

export function isDiscountRefusal(value: DiscountedSale | DiscountRefusal): value is DiscountRefusal {
  return 'refused' in value;
}

/** Largest-remainder split of `amount` over `weights` (Σ weights ≥ amount ≥ 0). */
function spread(amount: Cents, weights: readonly Cents[]): Cents[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (amount === 0 || total === 0) return weights.map(() => 0);
  const big = BigInt(amount);
  const bigTotal = BigInt(total);
  const parts = weights.map((w, index) => {
    const scaled = big * BigInt(w);
    return { index, whole: Number(scaled / bigTotal), remainder: scaled % bigTotal };
  });
  let left = amount - parts.reduce((sum, p) => sum + p.whole, 0);
  const order = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const part of order) {
    if (left === 0) break;
    part.whole += 1;
    left -= 1;
  }
  return parts.map((p) => p.whole);
}

// ---- Caps per role ----

/** The most each role may discount on its own, in whole percent (0–100). */
export type DiscountCaps = Record<Role, number>;

/** Defaults (issue #15): cashier 10%, manager 100%; the other POS roles as a cashier, super admin 100%. */
export const DEFAULT_DISCOUNT_CAPS: DiscountCaps = {
  cashier: 10,
  manager: 100,
  department_manager: 10,
  procurement_admin: 10,
  super_admin: 100,
};

/**
 * Does this sale's discount go above a cap of `capPercent`? Checked in cents on what the customer
 * really gets (issue #30 item 9): each line's own discount at most cap% of the line's gross, and
 * the whole discount (line discounts + sale discount, as rounded into the prices) at most cap% of
 * the gross subtotal, that allowance rounded half up once for the sale, never line by line (200
 * lines of $0.05 with $0.01 off each are 20% off, not 10%). So cap% on the sale passes; cap% on
 * every line passes unless rounding each line gives the customer more than cap% of the whole;
 * cap% on a line and cap% on the sale stacked does not.
 */
export function isOverCap(sale: DiscountedSale, capPercent: number): boolean {
  const cap = capPercent * 100;
  for (const line of sale.lines) {
    if (line.discountCents > percentOf(line.grossCents, cap)) return true;
  }
  return sale.discountTotal > percentOf(sale.grossSubtotal, cap);
}

/** Activity rows of discounts (issue #15 item 9). */
export const DISCOUNT_ACTIVITY = {
  /** A sale with a discount above the seller's cap, approved by a manager's PIN. */
  discountOverCap: 'discount_over_cap',
  /**
   * An offline sale (ADR 0014) with a discount above its cashier's cap and no valid manager
   * approval: already paid, so recorded anyway and flagged here for a manager.
   */
  discountOverCapUnapproved: 'discount_over_cap_unapproved',
  /** A super admin changed the caps. */
  discountCapsChanged: 'discount_caps_changed',
} as const;
