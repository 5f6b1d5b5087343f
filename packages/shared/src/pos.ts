import { z } from 'zod';
import { discountSchema } from './discounts';
import { HELD_SALE_MESSAGES, HELD_SALES_CHOICES } from './held-sale-rules';
import { parseCents, TENDER_METHODS } from './money';
import { CARD_NUMBER_MESSAGE, containsCardNumber, MAX_LINE_QUANTITY } from './pos-rules';
import { referenceCodeSchema, tendersRequestSchema, transactionPaymentSchema } from './tenders';

/** A 2-decimal money string: digits with up to 2 decimals, no sign, no exponent. */
export const moneyStringSchema = z
  .string({ error: 'Must be an amount like 12.50' })
  .trim()
  .refine((v) => parseCents(v) !== null, { error: 'Must be an amount like 12.50' });

export const saleItemSchema = z.object({
  productId: z.uuid({ error: 'Unknown product' }),
  variantId: z.uuid({ error: 'Unknown size option' }).nullable().optional(),
  variantName: z.string().max(255).nullable().optional(),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int({ error: 'Quantity must be a whole number' })
    .min(1, { error: 'Quantity must be at least 1' })
    .max(MAX_LINE_QUANTITY, { error: `Quantity cannot exceed ${MAX_LINE_QUANTITY}` }),
  unitPrice: moneyStringSchema,
  /** unit × quantity, before any discount (spec §3). */
  totalPrice: moneyStringSchema,
  /** Issue #15 item 7: this line's own discount (ADR 0019). */
  discount: discountSchema.nullish(),
  /**
   * Issue #35 item 1 (docs/adr/0035): the modifier options the line carries; `unitPrice` includes
   * them (size price + Σ option prices). Absent or empty: a line without modifiers, as §3.
   */
  modifiers: z
    .array(z.object({ optionId: z.uuid({ error: 'Unknown modifier option' }) }), {
      error: 'modifiers must be a list',
    })
    .max(20, { error: 'A line can have at most 20 modifiers' })
    .optional(),
});
export type SaleItemInput = z.infer<typeof saleItemSchema>;

/**
 * spec §3 Sale payload. The server recomputes every amount and refuses a disagreement. Issue #15
 * item 7 adds `discount` on a line and on the sale and `approverPin` (a manager's PIN approving
 * a discount above the cashier's cap); with discounts, `subtotal` is after every discount and the
 * card fee is on it (packages/shared/src/discount-rules.ts). Without them it is exactly §3's payload.
 */
export const saleRequestSchema = z.object({
  subtotal: moneyStringSchema,
  tax: moneyStringSchema,
  total: moneyStringSchema,
  paymentMethod: z.enum(TENDER_METHODS, { error: 'Choose a payment method' }),
  referenceCode: referenceCodeSchema,
  notes: z
    .string()
    .max(500)
    .nullable()
    .optional()
    .refine((v) => !v || !containsCardNumber(v), { error: CARD_NUMBER_MESSAGE }),
  amountReceived: moneyStringSchema.nullable().optional(),
  items: z
    .array(saleItemSchema, { error: 'Please add items to cart before checkout.' })
    .min(1, { error: 'Please add items to cart before checkout.' })
    .max(200, { error: 'A sale can have at most 200 lines' }),
  /** The whole-sale discount, on the subtotal after line discounts. */
  discount: discountSchema.nullish(),
  approverPin: z.string().max(20).nullish(),
  /**
   * Issue #34 item 1 (docs/adr/0029): the sale paid by several tenders, in the order taken. Without
   * it, `paymentMethod` (with `referenceCode` and `amountReceived`) is one tender for the whole
   * total, exactly §3's payload. With it, `paymentMethod` must be one of the tenders' methods; the
   * sale is stored and answered with the method of the tender paying the most.
   */
  tenders: tendersRequestSchema.optional(),
  /**
   * Issue #34 item 2 (ADR 0030): once a line is taxed, `tax` is the sales tax and the card fee may
   * be sent here (only compared, like every amount). While every rate is 0 `tax` is the card fee.
   */
  cardFee: moneyStringSchema.optional(),
  /** Issue #34 item 3 (ADR 0034): the customer attached to the sale at the till. */
  customerId: z.uuid({ error: 'Unknown customer' }).nullish(),
});
export type SaleRequest = z.infer<typeof saleRequestSchema>;

// ---- API shapes of the POS (spec §3, §7). Dates are ISO strings, money 2-decimal strings. ----

const isoDateTime = z.string();
const money = z.string();

/** spec §3 shifts, plus the opening float and counted cash every serious POS records. */
export const shiftSchema = z.object({
  id: z.number().int(),
  cashierId: z.string(),
  startedAt: isoDateTime,
  endedAt: isoDateTime.nullable(),
  isOpen: z.boolean(),
  openingFloat: money.nullable(),
  countedCash: money.nullable(),
  /** Issue #32 item 2: the store the shift sells at. */
  storeId: z.string(),
});
export type Shift = z.infer<typeof shiftSchema>;

export const startShiftBodySchema = z.object({
  openingFloat: moneyStringSchema.nullish(),
  /**
   * Issue #30 item 3 (ADR 0014): the installed terminal the shift starts on. Offline sales may be
   * dated into the shift only from that terminal. Optional: the spec's client sends none.
   */
  terminalId: z.uuid({ error: 'terminalId must be a UUID' }).nullish(),
  /**
   * Issue #32 item 2: the store the shift sells at. Needed only when the user may sell at more
   * than one store and the terminal is not bound to one.
   */
  storeId: z.guid({ error: 'Unknown store' }).nullish(),
});
export type StartShiftBody = z.infer<typeof startShiftBodySchema>;

/**
 * What to do with the shift's held sales when it ends (issue #35 item 3, docs/adr/0032): a
 * manager's choice (a manager's own role, or a cashier with a manager's PIN in `approverPin`).
 */
export const heldSalesChoiceSchema = z
  .object({
    action: z.enum(HELD_SALES_CHOICES, { error: "Choose 'keep' or 'discard'" }),
    reason: z.string().trim().max(500).nullish(),
  })
  .superRefine((c, ctx) => {
    if (c.action === 'discard' && !c.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: HELD_SALE_MESSAGES.reasonRequired });
    }
  });
export type HeldSalesChoiceBody = z.infer<typeof heldSalesChoiceSchema>;

export const endShiftBodySchema = z.object({
  countedCash: moneyStringSchema.nullish(),
  /** Issue #35 item 3: needed only when the shift has held sales still waiting (else 409). */
  heldSales: heldSalesChoiceSchema.optional(),
  /** A manager's PIN approving `heldSales` when the cashier's role may not choose. */
  approverPin: z.string().max(20).nullish(),
});
export type EndShiftBody = z.infer<typeof endShiftBodySchema>;

/** A late sale as a shift report lists it (issue #19): made in an earlier, closed shift. */
export const lateSaleSchema = z.object({
  id: z.string(),
  number: z.string(),
  /** The closed shift it was made in (whose figures do not include it). */
  shiftId: z.number().int(),
  soldAt: z.string(),
  receivedAt: z.string(),
  paymentMethod: z.enum(TENDER_METHODS),
  subtotal: z.string(),
  total: z.string(),
  /** The same lines at the prices when it arrived; null when a product has no current price. */
  currentSubtotal: z.string().nullable(),
  /** Paid − current (negative: the customer paid less than today's price); null with currentSubtotal. */
  priceDifference: z.string().nullable(),
});
export type LateSale = z.infer<typeof lateSaleSchema>;

/** What a shift took: counts, totals by payment method, and the cash drawer reconciliation. */
export const shiftSummarySchema = z.object({
  shiftId: z.number().int(),
  startedAt: isoDateTime,
  endedAt: isoDateTime.nullable(),
  salesCount: z.number().int(),
  itemsSold: z.number().int(),
  totalsByMethod: z.array(z.object({ paymentMethod: z.enum(TENDER_METHODS), count: z.number().int(), total: money })),
  subtotal: money,
  cardFees: money,
  total: money,
  openingFloat: money.nullable(),
  cashSales: money,
  /** Refunds given from this shift (issue #15 item 5): how many and their total, all methods. */
  refundsCount: z.number().int().optional(),
  refundsTotal: money.optional(),
  /** Refunds paid out of this shift's drawer in cash. */
  cashRefunds: money.optional(),
  /** Opening float (0 when none was entered) plus cash sales, minus cash refunds. */
  expectedCash: money,
  countedCash: money.nullable(),
  /** Counted − expected: negative when the drawer is short; null when nothing was counted. */
  overShort: money.nullable(),
  /**
   * Issue #19: sales made offline in an earlier shift of this cashier that arrived after that
   * shift had closed. Not part of this shift's figures (nor of theirs: a Z report never changes).
   */
  lateSales: z.array(lateSaleSchema).optional(),
});
export type ShiftSummary = z.infer<typeof shiftSummarySchema>;

/** Issue #35 item 1: a line's modifiers as charged (name and price snapshots). */
const lineModifiersSchema = z
  .array(z.object({ optionId: z.string(), groupName: z.string(), name: z.string(), price: money }))
  .optional();

/** spec §3 Receipt data: enough to print (or reprint) the receipt of a sale. */
export const receiptSchema = z.object({
  items: z.array(
    z.object({
      name: z.string(),
      quantity: z.number().int(),
      total: money,
      /** Issue #15 item 7: the line's own discount, e.g. { label: '5%', amount: '0.50' }. */
      discount: z.object({ label: z.string(), amount: money }).nullish(),
      /** Issue #35 item 1: present only on a line with modifiers. */
      modifiers: lineModifiersSchema,
    }),
  ),
  /** Before discounts; present when the sale has any. */
  grossSubtotal: money.nullish(),
  /** The whole-sale discount, e.g. { label: '20%', amount: '4.00' }. */
  saleDiscount: z.object({ label: z.string(), amount: money }).nullish(),
  /** Every discount of the sale (0.00 without). */
  discountTotal: money.nullish(),
  subtotal: money,
  tax: money,
  total: money,
  paymentMethod: z.enum(TENDER_METHODS),
  /** Cash handed over; the total for non-cash payments (spec §4: amount paid defaults to the total). */
  amountReceived: money,
  changeDue: money,
  referenceCode: z.string().nullable(),
  notes: z.string().nullable(),
  /** "First Last"; null when the cashier has no name (the receipt shows 'Unknown Cashier'). */
  cashierName: z.string().nullable(),
  timestamp: isoDateTime,
  /** Issue #34: every tender of a sale paid by more than one (absent for a one-tender sale, as §3). */
  payments: z.array(transactionPaymentSchema).optional(),
  /**
   * Issue #34 item 2 (ADR 0030): present only once a line is taxed (then `tax` is the sales tax):
   * one line per rate ('Tax (10%)') and the card fee apart. Absent: 'Tax (0%)' and `tax` is the fee.
   */
  taxLines: z.array(z.object({ rate: z.string(), label: z.string(), amount: money })).optional(),
  cardFee: money.optional(),
  /** True when the prices charged include the tax (the tax lines are 'incl.'). */
  pricesIncludeTax: z.boolean().optional(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** A discount as stored: what was given (type, value) and what it came to (amount). */
export function saleDiscountViewSchema() {
  return z.object({ type: z.enum(['percent', 'amount']), value: money, amount: money });
}
export type DiscountView = { type: 'percent' | 'amount'; value: string; amount: string };

/** The answer of POST /api/transactions (also replayed for a retried Idempotency-Key). */
export const saleResponseSchema = z.object({
  id: z.string(),
  /** spec §3: the last 6 characters of the id, upper case. */
  number: z.string(),
  createdAt: isoDateTime,
  subtotal: money,
  tax: money,
  total: money,
  paymentMethod: z.enum(TENDER_METHODS),
  referenceCode: z.string().nullable(),
  notes: z.string().nullable(),
  amountReceived: money.nullable(),
  changeDue: money,
  status: z.string(),
  /** Issue #15 item 7: every discount of the sale, and the whole-sale one as given (null when none). */
  discountTotal: money.optional(),
  discount: saleDiscountViewSchema().nullish(),
  /** The manager who approved a discount above the cashier's cap. */
  discountApprovedBy: z.object({ id: z.string(), name: z.string() }).nullish(),
  items: z.array(
    z.object({
      productId: z.string(),
      variantId: z.string().nullable(),
      name: z.string(),
      variantName: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: money,
      totalPrice: money,
      discount: saleDiscountViewSchema().nullish(),
      /** Its share of the whole-sale discount. */
      saleDiscountShare: money.optional(),
      /** totalPrice − its discount − its share. */
      netTotal: money.optional(),
      /** Issue #34 item 2: once the sale is taxed, the rate the line was charged ('10.00') and its tax. */
      taxRate: z.string().optional(),
      tax: money.optional(),
      /** Issue #35 item 1: present only on a line with modifiers (unitPrice includes them). */
      modifiers: lineModifiersSchema,
    }),
  ),
  /** Issue #34 item 2: once the sale is taxed, the card fee apart (`tax` is then the sales tax). */
  cardFee: money.optional(),
  pricesIncludeTax: z.boolean().optional(),
  receipt: receiptSchema,
  /** Issue #34: every tender of a sale paid by more than one (absent for a one-tender sale, as §7). */
  payments: z.array(transactionPaymentSchema).optional(),
});
export type SaleResponse = z.infer<typeof saleResponseSchema>;

/** One row of GET /api/transactions (spec §3 transactions with items and user). */
export const transactionListItemSchema = z.object({
  id: z.string(),
  userId: z.string(),
  shiftId: z.number().int(),
  createdAt: isoDateTime,
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
  status: z.string(),
  items: z.array(
    z.object({
      quantity: z.number().int(),
      variantName: z.string().nullable(),
      product: z.object({ id: z.string(), name: z.string() }),
    }),
  ),
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }),
});
export type TransactionListItem = z.infer<typeof transactionListItemSchema>;

/** spec §3 Daily stats, for today in the store's time zone. */
export const dailyStatsSchema = z.object({
  totalSales: money,
  totalTransactions: z.number().int(),
  totalItemsSold: z.number().int(),
  /** Issue #15 item 7: discounts given today (already taken off totalSales). */
  totalDiscounts: money.optional(),
});
export type DailyStats = z.infer<typeof dailyStatsSchema>;

/** spec §3 Top product entry. */
export const topProductSchema = z.object({
  product: z.object({ id: z.string(), name: z.string(), imageUrl: z.string().nullable() }),
  totalSold: z.number().int(),
  totalRevenue: money,
  /** Issue #37 item 2 (ADR 0036), with `margin=true` or `sort=margin`: cost of goods sold, revenue − cost, and its %. */
  totalCost: money.optional(),
  grossMargin: money.optional(),
  marginPercent: z.number().nullable().optional(),
});
export type TopProduct = z.infer<typeof topProductSchema>;

/** A calendar day in the store's time zone, as the reports send it. */
export const storeDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dates must look like 2024-05-31' })
  .refine(
    (v) => {
      const [y, m, d] = v.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    },
    { error: 'Dates must look like 2024-05-31' },
  );

/** Query of the sales lists (transactions, top products): inclusive days, default today. */
export const salesRangeQuerySchema = z.object({
  startDate: storeDateSchema.optional(),
  endDate: storeDateSchema.optional(),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
});
export type SalesRangeQuery = z.infer<typeof salesRangeQuerySchema>;
