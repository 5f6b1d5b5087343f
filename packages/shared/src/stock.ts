import { z } from 'zod';
import { idSchema } from './catalog';
import { ALL_STORES } from './retail-stores';
import { INVENTORY_REASON_LABELS, INVENTORY_REASONS, type InventoryReason } from './stores';

/**
 * The kinds of stock movement: the one ledger's reasons (issue #32, docs/adr/0025), listed once in
 * INVENTORY_REASONS with their on-screen names.
 */
export const STOCK_MOVEMENT_REASONS = INVENTORY_REASONS;
export type StockMovementReason = InventoryReason;

/** How each kind of movement is named on screen. */
export const STOCK_MOVEMENT_LABELS: Record<StockMovementReason, string> = INVENTORY_REASON_LABELS;

/** The most units one adjustment may move, and the most a count may find (the product form's limit). */
export const MAX_STOCK_UNITS = 1_000_000;

const adjustmentReason = z
  .string({ error: 'Reason is required' })
  .trim()
  .min(1, { error: 'Reason is required', abort: true })
  .max(200, { error: 'Reason must be at most 200 characters' });

const wholeUnits = (message: string) =>
  z
    .number({ error: message })
    .int({ error: 'Must be a whole number' })
    .min(-MAX_STOCK_UNITS, { error: `Must be at least -${MAX_STOCK_UNITS}` })
    .max(MAX_STOCK_UNITS, { error: `Must be at most ${MAX_STOCK_UNITS}` });

/**
 * POST /api/products/:id/stock-adjustments (issue #15 API): `{ quantity, reason }` is a signed
 * delta ('Adjust stock'); `{ counted, reason }` is a stock count, recorded as a `count` movement
 * of (counted − stock at the moment of writing). `variantId` names a size option's stock.
 */
export const stockAdjustmentSchema = z
  .object({
    quantity: wholeUnits('Quantity must be a whole number')
      .refine((n) => n !== 0, { error: 'Quantity must not be 0' })
      .optional(),
    counted: wholeUnits('Counted quantity must be a whole number')
      .min(0, { error: 'Counted quantity must be 0 or greater' })
      .optional(),
    reason: adjustmentReason,
    variantId: z.guid({ error: 'Unknown size option' }).nullable().optional(),
    /** Issue #32: the store whose stock changes (the default store's when absent). */
    storeId: z.guid({ error: 'Store not found' }).optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.quantity === undefined) === (body.counted === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['quantity'],
        message: 'Send either a quantity to add or remove, or a counted quantity',
      });
    }
  });
export type StockAdjustmentInput = z.input<typeof stockAdjustmentSchema>;

export const stockMovementSchema = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  variantName: z.string().nullable(),
  /** Issue #32: the store whose selling location it moved stock at (with `storeId=all`, every store's rows). */
  storeId: z.string(),
  storeName: z.string(),
  /** Signed: negative took units out of stock. */
  quantity: z.number(),
  reason: z.enum(STOCK_MOVEMENT_REASONS),
  stockAfter: z.number(),
  documentType: z.string().nullable(),
  documentId: z.string().nullable(),
  note: z.string().nullable(),
  user: z.object({ id: z.string(), name: z.string() }).nullable(),
  approver: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementsQuerySchema = z.object({
  productId: z.guid({ error: 'Unknown product' }),
  variantId: z.guid({ error: 'Unknown size option' }).optional(),
  /**
   * Issue #32: the movements at this store's selling location (default: the default store's);
   * `all` (ALL_STORES): every store's, each row naming its store.
   */
  storeId: z.union([z.literal(ALL_STORES), z.guid()], { error: 'Store not found' }).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int({ error: 'Limit must be a whole number' })
    .min(1, { error: 'Limit must be at least 1' })
    .max(500, { error: 'Limit must be at most 500' })
    .default(100),
  /** Keyset paging: the id of the last movement of the previous page. */
  before: z.guid({ error: 'Unknown movement' }).optional(),
});

export const stockMovementPageSchema = z.object({
  movements: z.array(stockMovementSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type StockMovementPage = z.infer<typeof stockMovementPageSchema>;

export const stockAdjustmentResultSchema = z.object({
  movement: stockMovementSchema.nullable(),
  stock: z.number(),
});
export type StockAdjustmentResult = z.infer<typeof stockAdjustmentResultSchema>;

/** Activity rows of the after-sale work (issue #15 item 9): who, approver, what, amounts. */
export const LEDGER_ACTIVITY = {
  stockAdjusted: 'stock_adjusted',
  stockCounted: 'stock_counted',
  /** A manager's PIN approved something on another user's screen. */
  approvalGranted: 'approval_granted',
  /** A manager's PIN was asked for and was wrong, missing or not a manager's. */
  approvalRefused: 'approval_refused',
  approvalThrottled: 'approval_throttled',
  refund: 'refund',
  saleVoided: 'sale_voided',
} as const;

/** Issue #32 item 5: `GET /api/stock-audit` (super_admin) and `npm run audit:stock`. */
export const stockDisagreementSchema = z.object({
  kind: z.enum(['level', 'pos_stock', 'document']),
  subject: z.string(),
  actual: z.string(),
  expected: z.string(),
});
export const stockAuditSchema = z.object({
  checked: z.number().int(),
  disagreements: z.array(stockDisagreementSchema),
});
export type StockAuditResult = z.infer<typeof stockAuditSchema>;

/**
 * Issue #37 item 2 (ADR 0036): stock valuation as of a date and time, from the one ledger. `asOf`
 * absent: now. `locationId`, `storeId` (its selling location) and `categoryId` (the item's stores
 * category or its POS product's category) narrow it; `format=csv` answers the same rows as a CSV.
 */
export const stockValuationQuerySchema = z.object({
  asOf: z.iso.datetime({ offset: true, error: 'As of must be a date and time' }).optional(),
  locationId: idSchema.optional(),
  storeId: idSchema.optional(),
  categoryId: idSchema.optional(),
  format: z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).optional(),
});
export type StockValuationQuery = z.infer<typeof stockValuationQuerySchema>;

export const stockValuationRowSchema = z.object({
  itemId: z.string(),
  sku: z.string(),
  name: z.string(),
  locationId: z.string(),
  location: z.string(),
  /** On hand at asOf ("12" or "1.5"). */
  quantity: z.string(),
  /** value ÷ quantity, 4 decimals ("2.1250"); "0.0000" when nothing is on hand. */
  unitCost: z.string(),
  /** Σ signed quantity × unit cost of the ledger up to asOf, in money ("25.50"). */
  value: z.string(),
});
export const stockValuationSchema = z.object({
  asOf: z.string(),
  rows: z.array(stockValuationRowSchema),
  totalValue: z.string(),
});
export type StockValuationRow = z.infer<typeof stockValuationRowSchema>;
export type StockValuation = z.infer<typeof stockValuationSchema>;
