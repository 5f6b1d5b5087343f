import { z } from 'zod';
import { chosenModifierSchema } from './modifiers';
import { TENDER_METHODS } from './money';
import { moneyStringSchema, receiptSchema, storeDateSchema } from './pos';
import { RECEIPT_EMAIL_MESSAGES, receiptEmailError } from './receipt-email';
import { refundSchema } from './refunds';
import { transactionPaymentSchema } from './tenders';

/**
 * Issue #15 items 3 and 4: the sales history (find a past sale), one sale in full, its receipt
 * reprinted as a COPY, and a receipt e-mailed to an address typed at the counter.
 */

const isoDateTime = z.string();
const money = z.string();

/** The 6-character number printed on a receipt (the last 6 characters of the sale's id). */
export const saleNumberSchema = z
  .string({ error: 'A sale number is 6 letters or digits, like 7B2DC4' })
  .trim()
  .transform((v) => v.replace(/^#/, '').toUpperCase())
  .refine((v) => /^[0-9A-F]{6}$/.test(v), { error: 'A sale number is 6 letters or digits, like 7B2DC4' });

/** A receipt's line as the history shows it: each line's `id` is what a refund names. */
export const transactionDetailLineSchema = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  name: z.string(),
  variantName: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: money,
  totalPrice: money,
  /** Units of this line refunded so far, over every refund (issue #15 item 5). */
  refundedQuantity: z.number().int().optional(),
  /** Issue #15 item 7: the line's own discount as given and what it came to; null when none. */
  discount: z.object({ type: z.enum(['percent', 'amount']), value: money, amount: money }).nullish(),
  /** Its share of the whole-sale discount. */
  saleDiscountShare: money.optional(),
  /** totalPrice − its discount − its share: what the line was paid (and what a refund pays back). */
  netTotal: money.optional(),
  /** Issue #34 item 2: once the sale is taxed, the rate the line was charged and its tax. */
  taxRate: z.string().optional(),
  tax: money.optional(),
  /** Issue #37 (ADR 0036): the cost of one unit that left, 4 decimals ("2.7500"); null when not known. */
  unitCost: z.string().nullable().optional(),
  /** Issue #35 item 1: present only on a line with modifiers (unitPrice includes them). */
  modifiers: z.array(chosenModifierSchema).optional(),
});
export type TransactionDetailLine = z.infer<typeof transactionDetailLineSchema>;

/** How the sale was paid: one payment per sale today (spec §3 has one payment method). */

/** Something someone did to the sale: sold it, refunded, voided, reprinted or e-mailed it. */
export const transactionEventSchema = z.object({
  type: z.string(),
  at: isoDateTime,
  by: z.object({ id: z.string().nullable(), name: z.string() }),
  /** Issue #30 item 17: the manager whose PIN approved it; null when none was needed. */
  approvedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type TransactionEvent = z.infer<typeof transactionEventSchema>;

/** GET /api/transactions/:id: one sale in full. */
export const transactionDetailSchema = z.object({
  id: z.string(),
  number: z.string(),
  /** spec §3 transactions.status: completed (default) or voided. */
  status: z.string(),
  createdAt: isoDateTime,
  shiftId: z.number().int(),
  cashier: z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }),
  subtotal: money,
  /** The card fee as spec §3 while nothing is taxed; the sales tax once a line is (issue #34 item 2). */
  tax: money,
  /** Issue #34 item 2: once taxed, the card fee apart and whether the prices included the tax. */
  cardFee: money.optional(),
  pricesIncludeTax: z.boolean().optional(),
  total: money,
  paymentMethod: z.enum(TENDER_METHODS),
  referenceCode: z.string().nullable(),
  notes: z.string().nullable(),
  amountReceived: money.nullable(),
  changeDue: money,
  /** Every discount of the sale, lines' and whole-sale (issue #15 item 7). */
  discountTotal: money.optional(),
  /** The whole-sale discount (issue #15 item 7); null when none was given. */
  discount: z
    .object({
      type: z.enum(['percent', 'amount']),
      value: z.string(),
      amount: money,
      approvedBy: z.string().nullable(),
    })
    .nullable(),
  lines: z.array(transactionDetailLineSchema),
  payments: z.array(transactionPaymentSchema),
  /** Refunds against this sale (issue #15 item 5), oldest first. */
  refunds: z.array(refundSchema),
  events: z.array(transactionEventSchema),
  receipt: receiptSchema,
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

/** Largest page of the sales history. */
export const SALES_HISTORY_MAX_PAGE = 100;

/** GET /api/sales-history: filters, all optional, and a keyset cursor for the next page. */
export const salesHistoryQuerySchema = z
  .object({
    number: saleNumberSchema.optional(),
    startDate: storeDateSchema.optional(),
    endDate: storeDateSchema.optional(),
    cashierId: z.uuid({ error: 'Unknown cashier' }).optional(),
    paymentMethod: z.enum(TENDER_METHODS, { error: 'Choose a payment method' }).optional(),
    minTotal: moneyStringSchema.optional(),
    maxTotal: moneyStringSchema.optional(),
    status: z.enum(['completed', 'voided'], { error: "Status is 'completed' or 'voided'" }).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce
      .number({ error: 'Limit must be a whole number' })
      .int({ error: 'Limit must be a whole number' })
      .min(1, { error: 'Limit must be at least 1' })
      .max(SALES_HISTORY_MAX_PAGE, { error: `Limit cannot exceed ${SALES_HISTORY_MAX_PAGE}` })
      .optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    error: 'Start date must be before end date.',
    path: ['startDate'],
  });
export type SalesHistoryQuery = z.infer<typeof salesHistoryQuerySchema>;

export const salesHistoryRowSchema = z.object({
  id: z.string(),
  number: z.string(),
  createdAt: isoDateTime,
  shiftId: z.number().int(),
  status: z.string(),
  cashier: z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }),
  paymentMethod: z.enum(TENDER_METHODS),
  subtotal: money,
  /** The card fee as spec §3 while nothing is taxed; the sales tax once a line is (issue #34 item 2). */
  tax: money,
  /** Issue #34 item 2: once taxed, the card fee apart and whether the prices included the tax. */
  cardFee: money.optional(),
  pricesIncludeTax: z.boolean().optional(),
  total: money,
  itemCount: z.number().int(),
  /** Issue #30 item 18: the refunds given against it and what they paid back (card fee included). */
  refundCount: z.number().int(),
  refundedTotal: money,
});
export type SalesHistoryRow = z.infer<typeof salesHistoryRowSchema>;

export const salesHistoryPageSchema = z.object({
  items: z.array(salesHistoryRowSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** What the reader sees: 'shift' (a cashier: their own current shift) or 'all' (managers). */
  scope: z.enum(['shift', 'all']),
});
export type SalesHistoryPage = z.infer<typeof salesHistoryPageSchema>;

/** POST /api/transactions/:id/receipt/email: the address's rule is receipt-email.ts's. */
export const emailReceiptBodySchema = z.object({
  email: z
    .string({ error: RECEIPT_EMAIL_MESSAGES.required })
    .trim()
    .superRefine((email, ctx) => {
      const message = receiptEmailError(email);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
});
export type EmailReceiptBody = z.infer<typeof emailReceiptBodySchema>;

/** GET /api/receipts/email-status: whether the store has mail set up (the e-mail button shows). */
export const receiptEmailStatusSchema = z.object({ available: z.boolean() });
