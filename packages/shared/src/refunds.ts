import { z } from 'zod';
import { TENDER_METHODS } from './money';
import { refundTenderRequestSchema } from './tenders';

/** issue #15 item 5: the reasons a refund is given for (plus a free note). */
export const REFUND_REASONS = [
  'Customer changed mind',
  'Damaged or faulty',
  'Wrong item',
  'Overcharged',
  'Other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** How the money goes back: cash from the drawer, or the way the sale was paid. */
export const REFUND_METHODS = ['original', 'cash'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const REFUND_MESSAGES = {
  linesRequired: 'Choose at least one line to refund',
  quantity: 'Quantity must be a whole number of at least 1',
  reason: 'Choose a reason',
} as const;

const approverPin = z.string({ error: 'Manager PIN must be 4 digits' }).max(20).nullable().optional();

/**
 * POST /api/transactions/:id/refunds (with an Idempotency-Key). `lines[].itemId` is a sale
 * line's id (GET /api/transactions/:id). `restock` defaults to true; `method` to 'original'.
 */
export const refundRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        itemId: z.guid({ error: 'Unknown sale line' }),
        quantity: z
          .number({ error: REFUND_MESSAGES.quantity })
          .int({ error: REFUND_MESSAGES.quantity })
          .min(1, { error: REFUND_MESSAGES.quantity })
          .max(1_000_000, { error: REFUND_MESSAGES.quantity }),
      }),
      { error: REFUND_MESSAGES.linesRequired },
    )
    .min(1, { error: REFUND_MESSAGES.linesRequired })
    .max(200, { error: 'At most 200 lines' }),
  reason: z.enum(REFUND_REASONS, { error: REFUND_MESSAGES.reason }),
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .max(500, { error: 'Note must be at most 500 characters' })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  restock: z.boolean({ error: 'Restock must be true or false' }).default(true),
  method: z.enum(REFUND_METHODS, { error: "Method is 'original' or 'cash'" }).default('original'),
  approverPin,
  /**
   * Issue #34 item 1 (docs/adr/0029): how much of the refund goes back to the sale's tenders of
   * each method; the amounts add up to the refund's total. Without it: back to the non-cash tenders
   * first, newest first, then to the cash ones (REFUND_TENDER_ORDER). Never more to a tender than it paid.
   */
  tenders: z
    .array(refundTenderRequestSchema, { error: 'tenders must be a list of payments' })
    .min(1, { error: 'Add at least one payment' })
    .max(10, { error: 'At most 10 payments' })
    .optional(),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const refundLineSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  name: z.string(),
  variantName: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.string(),
  totalPrice: z.string(),
  /** Issue #34 item 2: once the refund gives back tax, the rate the line was charged ('10.00') and its tax given back. */
  taxRate: z.string().optional(),
  tax: z.string().optional(),
  /** Issue #37 (ADR 0036): the cost of one unit given back (the sale line's), 4 decimals; null when not known. */
  unitCost: z.string().nullable().optional(),
});

/** A refund as the API answers it: its own document, with a 'REFUND' receipt's facts. */
export const refundSchema = z.object({
  id: z.string(),
  /** Its own number, 'R' + 6 characters, printed on the REFUND receipt. */
  number: z.string(),
  transactionId: z.string(),
  /** The number of the sale it refunds (the 6 characters on the sale's receipt). */
  transactionNumber: z.string(),
  shiftId: z.number().int(),
  createdAt: z.string(),
  reason: z.string(),
  note: z.string().nullable(),
  restock: z.boolean(),
  paymentMethod: z.enum(TENDER_METHODS),
  subtotal: z.string(),
  cardFee: z.string(),
  /** Issue #34 item 2: the sales tax given back, at the rate of the sale (present once any). */
  salesTax: z.string().optional(),
  /** With `salesTax`: true when the sale's prices included the tax (its rows read 'incl.'). */
  pricesIncludeTax: z.boolean().optional(),
  total: z.string(),
  /**
   * Issue #34: how the money went back, per tender of the sale (`tenderSeq`, 1-based, as the sale's
   * `payments` list them): paid out by `method` (cash from the drawer, or the tender's own method).
   */
  payments: z
    .array(z.object({ tenderSeq: z.number().int(), method: z.enum(TENDER_METHODS), amount: z.string() }))
    .optional(),
  cashier: z.object({ id: z.string(), name: z.string() }),
  approvedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  lines: z.array(refundLineSchema),
});
export type Refund = z.infer<typeof refundSchema>;

/** A refund's own number: 'R' and the last 6 characters of its id, upper case. */
export function refundNumber(id: string): string {
  return `R${id.slice(-6).toUpperCase()}`;
}

/**
 * What `quantity` more units of a line give back out of `cents` (the line's net after its
 * discounts, or its stored tax), having sold `sold` and refunded `before`: the part of all units
 * refunded so far minus the part of those refunded before, each rounded half up, so every refund
 * of a line together gives back exactly its net (and its tax). The server's rule; the refund
 * form's preview uses it too.
 */
export function refundedPart(cents: number, sold: number, before: number, quantity: number): number {
  const upTo = (units: number) => Math.floor((cents * units * 2 + sold) / (2 * sold));
  return upTo(before + quantity) - upTo(before);
}

/**
 * The card fee given back with a refund, proportional to the refunded subtotal and exact to the
 * cent: computed on the running total of everything refunded from the sale so far, so the fees
 * of all refunds add up to exactly the sale's fee when the whole sale is refunded.
 */
export function proportionalFeeCents(
  sale: { subtotalCents: number; feeCents: number },
  refundedBefore: { subtotalCents: number; feeCents: number },
  refundSubtotalCents: number,
): number {
  if (sale.subtotalCents <= 0 || sale.feeCents <= 0) return 0;
  const cumulative = refundedBefore.subtotalCents + refundSubtotalCents;
  // Round half up on integers: fee × cumulative / subtotal.
  const cumulativeFee = Math.floor((sale.feeCents * cumulative * 2 + sale.subtotalCents) / (2 * sale.subtotalCents));
  return Math.max(0, Math.min(sale.feeCents, cumulativeFee) - refundedBefore.feeCents);
}

export const REFUND_TENDER_MESSAGES = {
  sum: (total: string) => `Refund payments must add up to the refund, ${total}`,
  notTendered: 'The sale was not paid that way',
  exceeds: (left: string, method: string) => `Only ${left} can still be refunded to ${method}.`,
} as const;

/**
 * The default order a refund goes back to a sale's tenders (issue #34): the non-cash ones first,
 * the last taken first (the card slip the customer holds), then cash, the last taken first, so the
 * drawer pays out only what the other tenders cannot take back. Returns tender indexes.
 */
export function refundTenderOrder(methods: readonly string[]): number[] {
  const indexes = methods.map((_, i) => i).reverse();
  return [...indexes.filter((i) => methods[i] !== 'cash'), ...indexes.filter((i) => methods[i] === 'cash')];
}

/** issue #15 item 6: why a sale is voided (free text, required). */
export const VOID_MESSAGES = {
  reason: 'Give a reason for the void',
} as const;

/**
 * POST /api/transactions/:id/void. Only in the shift that made the sale, only before any refund;
 * a cashier adds a manager's PIN (approverPin), a manager does not.
 */
export const voidRequestSchema = z.object({
  reason: z
    .string({ error: VOID_MESSAGES.reason })
    .trim()
    .min(1, { error: VOID_MESSAGES.reason })
    .max(200, { error: 'Reason must be at most 200 characters' }),
  approverPin,
});
export type VoidRequest = z.input<typeof voidRequestSchema>;
