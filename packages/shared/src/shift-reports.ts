import { z } from 'zod';
import { TENDER_METHODS } from './money';
import { lateSaleSchema } from './pos';

/**
 * Issue #15 item 8: the X report (a shift's figures so far, nothing closed) and the Z report
 * (written once when the shift ends, numbered in an unbroken sequence, never changed). Both have
 * this shape; a Z report is stored as it was written and reprinted from the stored copy.
 */

const money = z.string();

export const shiftReportSchema = z.object({
  kind: z.enum(['X', 'Z']),
  /** The Z report's number (1, 2, 3… with no gap); null on an X report. */
  number: z.number().int().nullable(),
  shiftId: z.number().int(),
  /** Issue #32: the store the shift sold at (absent on reports written before stores existed). */
  store: z.object({ id: z.string(), name: z.string() }).optional(),
  cashier: z.object({ id: z.string(), name: z.string() }),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  generatedAt: z.string(),
  /** Completed sales (voided ones are counted apart). */
  salesCount: z.number().int(),
  itemsSold: z.number().int(),
  /** Before discounts. */
  grossSales: money,
  discounts: money,
  /** Net of discounts: what the card fee is computed on. */
  subtotal: money,
  cardFees: money,
  /** Sales total (subtotal + card fees). */
  total: money,
  refunds: z.object({ count: z.number().int(), total: money, cash: money }),
  voids: z.object({ count: z.number().int(), total: money }),
  /** Sales total − refunds. */
  netTotal: money,
  /** Completed sales by payment method (refunds are in `refunds`, cash ones in `cashRefunds`). */
  totalsByMethod: z.array(z.object({ paymentMethod: z.enum(TENDER_METHODS), count: z.number().int(), total: money })),
  openingFloat: money.nullable(),
  cashSales: money,
  cashRefunds: money,
  /** Opening float + cash sales − cash refunds. */
  expectedCash: money,
  countedCash: money.nullable(),
  /** Counted − expected (negative: short); null when nothing was counted. */
  overShort: money.nullable(),
  firstSaleNumber: z.string().nullable(),
  lastSaleNumber: z.string().nullable(),
  /**
   * Issue #19: sales made offline in an earlier, closed shift of this cashier that arrived
   * afterwards: listed here with any difference from the price when they arrived, never added to
   * this report's figures (nor to their own shift's Z, which does not change).
   */
  lateSales: z.array(lateSaleSchema).optional(),
  /**
   * Offline sales of this report (its own, and the late ones listed in it) whose discount above the
   * cashier's cap had no valid manager approval (flagged 'discount_over_cap_unapproved', ADR 0019):
   * how many, their discounts, and their numbers, for the manager closing the shift. Absent on Z
   * reports written before it existed.
   */
  /**
   * Issue #34 item 2 (ADR 0030): the sales tax of the report's sales by the rate each line was
   * charged ('Tax (10%)'), and its sum; absent while every line was charged 0% (spec §9).
   */
  salesTax: z
    .object({
      byRate: z.array(z.object({ rate: z.string(), label: z.string(), tax: money })),
      total: money,
    })
    .optional(),
  /**
   * Issue #34: the sales tax given back by the refunds paid out in this shift (each refunded unit's
   * share of its line's stored tax, at the rate that line was charged), by rate, and its sum; absent
   * while no refund of the shift gave back any tax. `salesTax.total − refundedTax.total` is the tax
   * the shift kept.
   */
  refundedTax: z
    .object({
      byRate: z.array(z.object({ rate: z.string(), label: z.string(), tax: money })),
      total: money,
    })
    .optional(),
  unapprovedDiscounts: z.object({ count: z.number().int(), total: money, saleNumbers: z.array(z.string()) }).optional(),
});
export type ShiftReport = z.infer<typeof shiftReportSchema>;

/** One row of GET /api/z-reports (managers). */
export const zReportListItemSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  shiftId: z.number().int(),
  cashierName: z.string(),
  /** Issue #32 item 4: Z numbers run per store. */
  storeId: z.string(),
  storeName: z.string(),
  endedAt: z.string(),
  total: money,
  overShort: money.nullable(),
});
export type ZReportListItem = z.infer<typeof zReportListItemSchema>;

export const zReportListSchema = z.object({
  items: z.array(zReportListItemSchema),
  /** One store's list (or one paged by `before`): pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
  /**
   * Issue #32: every store's list (no `storeId`, no `before`) pages by closing time, as Z numbers
   * repeat across stores: pass as `cursor` for the next (older) page; null on the last page.
   */
  nextCursor: z.string().nullable(),
});

export const zReportListQuerySchema = z.object({
  /** Issue #32 item 5: one store's Z reports (paged by its numbers); absent: every store's. */
  storeId: z.union([z.guid({ error: 'Unknown store' }), z.literal('')]).optional(),
  before: z.coerce.number({ error: 'Must be a report number' }).int().positive().optional(),
  /** The `nextCursor` of the previous page of every store's list. */
  cursor: z.string().max(200, { error: 'Invalid cursor' }).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: 'Limit must be at least 1' })
    .max(100, { error: 'Limit cannot exceed 100' })
    .optional(),
});
