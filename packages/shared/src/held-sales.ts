import { z } from 'zod';
import { discountSchema } from './discounts';
import { HELD_SALE_LABEL_MAX, HELD_SALE_MAX_LINES, HELD_SALE_MESSAGES } from './held-sale-rules';
import { moneyStringSchema } from './pos';
import { MAX_LINE_QUANTITY } from './pos-rules';

/**
 * Held sales, open tickets (issue #35 item 3, docs/adr/0032): a till parks its cart under a name
 * or a table number and starts a new one; any till of the same store takes it back. A held sale is
 * only the cart as the till held it: it holds no stock and no money; the sale made when it is paid
 * is priced again by the server like any sale.
 *
 * Not to be confused with a *held offline sale* (issue #30, `HeldOfflineSale` in offline.ts): an
 * offline sale the server refused and keeps for a manager's decision.
 */

/** A cart line as the till holds it (a sale line without its total; the price shown when held). */
export const heldSaleLineSchema = z.object({
  productId: z.uuid({ error: 'Unknown product' }),
  /** The product's name as the till showed it (the list shows it; the server re-reads it on resume). */
  productName: z.string().trim().max(255).nullish(),
  variantId: z.uuid({ error: 'Unknown size option' }).nullish(),
  variantName: z.string().max(255).nullish(),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int({ error: 'Quantity must be a whole number' })
    .min(1, { error: 'Quantity must be at least 1' })
    .max(MAX_LINE_QUANTITY, { error: `Quantity cannot exceed ${MAX_LINE_QUANTITY}` }),
  /** The unit price the till showed when the cart was held (re-read from the server on resume). */
  unitPrice: moneyStringSchema,
  discount: discountSchema.nullish(),
  /** Issue #35 item 1 (docs/adr/0035): the line's modifiers, with the names and prices the till showed. */
  modifiers: z
    .array(
      z.object({
        optionId: z.uuid({ error: 'Unknown modifier option' }),
        groupName: z.string().max(100).optional(),
        name: z.string().max(100).optional(),
        price: moneyStringSchema.optional(),
      }),
    )
    .max(20, { error: 'A line can have at most 20 modifiers' })
    .nullish(),
});
export type HeldSaleLine = z.infer<typeof heldSaleLineSchema>;

/** POST /api/held-sales. */
export const holdSaleBodySchema = z.object({
  /**
   * A UUID the till chose (its outbox key when held offline): sending the same hold again answers
   * the one already stored instead of holding it twice. Optional: the server makes one.
   */
  id: z.uuid({ error: 'id must be a UUID' }).optional(),
  label: z
    .string({ error: HELD_SALE_MESSAGES.labelRequired })
    .trim()
    .min(1, { error: HELD_SALE_MESSAGES.labelRequired })
    .max(HELD_SALE_LABEL_MAX, { error: HELD_SALE_MESSAGES.labelTooLong }),
  terminalId: z.uuid({ error: 'terminalId must be a UUID' }).nullish(),
  lines: z
    .array(heldSaleLineSchema, { error: HELD_SALE_MESSAGES.empty })
    .min(1, { error: HELD_SALE_MESSAGES.empty })
    .max(HELD_SALE_MAX_LINES, { error: HELD_SALE_MESSAGES.tooManyLines }),
  /** The whole-cart discount, when the cart had one. */
  discount: discountSchema.nullish(),
  /** When the cart was held (a hold sent later from the outbox); the server keeps the earlier of this and now. */
  heldAt: z.iso.datetime({ offset: true, error: 'heldAt must be a date and time' }).optional(),
});
export type HoldSaleBody = z.infer<typeof holdSaleBodySchema>;

export const heldSaleSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  shiftId: z.number().int(),
  terminalId: z.string().nullable(),
  label: z.string(),
  lines: z.array(heldSaleLineSchema),
  discount: discountSchema.nullable(),
  createdBy: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type HeldSale = z.infer<typeof heldSaleSchema>;
