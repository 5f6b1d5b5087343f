import { z } from 'zod';
import { saleItemSchema, saleRequestSchema, saleResponseSchema } from './pos';
import { SEALED_APPROVAL_ALG } from './sealed-approval';
import { taxRateHundredths } from './tax';

const RESOLUTION_NOTE_MESSAGE_HELD = 'Say why the sale is recorded or voided';

/**
 * Issue #19 (ADR 0014): selling through a network outage. A sale the terminal could not send is
 * kept in its outbox and sent later to POST /api/transactions/offline with the same
 * Idempotency-Key: the body of §3 plus when it was made and in which shift. The server records it
 * at the prices the customer paid (it checks only that the amounts add up), in that shift.
 */

/** GET /api/terminals/approval-key: the public key a signed-in terminal caches for offline sales. */
export const approvalKeySchema = z.object({
  kid: z.string(),
  alg: z.literal(SEALED_APPROVAL_ALG),
  jwk: z.looseObject({ kty: z.literal('RSA'), n: z.string(), e: z.string() }),
});
export type ApprovalKey = z.infer<typeof approvalKeySchema>;

/** What is sealed: the PIN and the Idempotency-Key of the one sale it approves. */
export const sealedApprovalContentSchema = z.object({
  pin: z.string().max(20),
  idempotencyKey: z.string().max(64),
});
export type SealedApprovalContent = z.infer<typeof sealedApprovalContentSchema>;

export const sealedApprovalSchema = z.object({
  /** The id of the key it was sealed with. */
  kid: z.string({ error: 'The sealed approval needs its key id' }).min(1).max(64),
  /** base64url of the RSA-OAEP ciphertext. */
  ciphertext: z
    .string({ error: 'The sealed approval is not readable' })
    .min(1)
    .max(2048)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'The sealed approval is not readable' }),
});
export type SealedApproval = z.infer<typeof sealedApprovalSchema>;

/**
 * Issue #34 item 2 (ADR 0030): an offline line says the tax rate the terminal rang it up at, and the
 * sale whether the store's prices included tax, so a sale made before a rate changed and sent after
 * is checked at what it charged and held for a manager (`tax_rate_changed`), never refused for good.
 * Optional: a terminal on older code (or the spec's client) sends none and is checked at the rates
 * in force.
 */
const offlineSaleItemSchema = saleItemSchema.extend({
  taxRate: z
    .string({ error: 'taxRate must be a percentage like 10.00' })
    .refine((v) => taxRateHundredths(v) !== null, { error: 'taxRate must be a percentage like 10.00' })
    .optional(),
});

const offlineSaleFieldsSchema = saleRequestSchema.extend({
  items: z
    .array(offlineSaleItemSchema, { error: 'Please add items to cart before checkout.' })
    .min(1, { error: 'Please add items to cart before checkout.' })
    .max(200, { error: 'A sale can have at most 200 lines' }),
  pricesIncludeTax: z.boolean({ error: 'pricesIncludeTax must be true or false' }).optional(),
  /** When the terminal made the sale (ISO 8601 with offset). */
  soldAt: z.iso.datetime({ offset: true, error: 'soldAt must be a date and time' }),
  /** The shift the sale was made in (the terminal's open shift at the time). */
  shiftId: z
    .number({ error: 'shiftId must be a shift number' })
    .int({ error: 'shiftId must be a shift number' })
    .positive({ error: 'shiftId must be a shift number' }),
  /** The installed terminal that made it. */
  terminalId: z.uuid({ error: 'terminalId must be a UUID' }).nullish(),
  /**
   * A manager's PIN approving a discount above the cashier's cap, sealed on the terminal (see
   * SEALED_APPROVAL_ALG). A terminal too old to seal (or the spec's client) may send the plain
   * `approverPin` instead; never both.
   */
  sealedApproval: sealedApprovalSchema.nullish(),
});

export const offlineSaleRequestSchema = offlineSaleFieldsSchema.refine(
  (sale) => !(sale.approverPin && sale.sealedApproval),
  { path: ['sealedApproval'], error: "Send the manager's approval sealed or as a PIN, not both" },
);
export type OfflineSaleRequest = z.infer<typeof offlineSaleRequestSchema>;

export const offlineSaleResponseSchema = saleResponseSchema.extend({
  shiftId: z.number().int(),
  /** Its shift had closed when it arrived: listed as a late sale in the cashier's next shift report. */
  late: z.boolean(),
  /** Lines whose stock no longer covered them: stock was floored at 0 and a discrepancy opened. */
  stockShortfalls: z.number().int(),
});
export type OfflineSaleResponse = z.infer<typeof offlineSaleResponseSchema>;

/**
 * Issue #30 items 1 and 3 (ADR 0014): why an offline sale was refused (409) and held for a
 * manager: a line at a price its product did not have while the terminal was offline, or a sale
 * dated into a shift of another terminal or closed longer ago than the outbox may hold a sale.
 */
export const HELD_SALE_REASONS = ['price_unknown', 'other_terminal', 'shift_too_old', 'tax_rate_changed'] as const;
export type HeldSaleReason = (typeof HELD_SALE_REASONS)[number];

/** Activity rows of offline sales (issue #30 item 1). */
export const OFFLINE_ACTIVITY = {
  /** An accepted offline sale charged at prices other than today's (a catalogue a few hours old). */
  priceDiffers: 'offline_sale_price_differs',
  /** Issue #32 item 2: an accepted offline sale with a product its shift's store does not sell. */
  unavailableAtStore: 'offline_sale_unavailable_at_store',
  /** An offline sale refused and held for a manager. */
  saleHeld: 'offline_sale_held',
  /** A manager recorded a held sale at the current prices, or voided it. */
  heldSaleRecorded: 'offline_sale_held_recorded',
  heldSaleVoided: 'offline_sale_held_voided',
} as const;

/** GET /api/stock-discrepancies/held-sales?status=: the held offline sales a manager resolves. */
export const heldOfflineSaleSchema = z.object({
  id: z.string(),
  number: z.string(),
  cashierName: z.string().nullable(),
  shiftId: z.number().int(),
  terminalId: z.string().nullable(),
  soldAt: z.string(),
  receivedAt: z.string(),
  reason: z.enum(HELD_SALE_REASONS),
  /** What the manager reads: which lines, at which prices, or when the shift closed. */
  message: z.string(),
  paymentMethod: z.string(),
  total: z.string(),
  items: z.array(
    z.object({
      productId: z.string(),
      productName: z.string().nullable(),
      variantName: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: z.string(),
      /** The product's (or size option's) price now; null when it can no longer be sold. */
      currentUnitPrice: z.string().nullable(),
    }),
  ),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolution: z.enum(['recorded', 'voided']).nullable(),
  resolutionNote: z.string().nullable(),
  transactionId: z.string().nullable(),
});
export type HeldOfflineSale = z.infer<typeof heldOfflineSaleSchema>;

/** POST /api/stock-discrepancies/held-sales/:id/resolve */
export const resolveHeldSaleBodySchema = z.object({
  action: z.enum(['record', 'void'], { error: 'Choose to record the sale at the current prices or void it' }),
  note: z
    .string({ error: RESOLUTION_NOTE_MESSAGE_HELD })
    .trim()
    .min(1, { error: RESOLUTION_NOTE_MESSAGE_HELD })
    .max(500),
});
export type ResolveHeldSaleBody = z.infer<typeof resolveHeldSaleBodySchema>;

/** GET /api/stock-discrepancies?status= */
export const discrepancyStatusSchema = z.enum(['open', 'resolved', 'all']);
export const discrepanciesQuerySchema = z.object({ status: discrepancyStatusSchema.optional() });

export const stockDiscrepancySchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  variantId: z.string().nullable(),
  variantName: z.string().nullable(),
  transactionId: z.string(),
  transactionNumber: z.string(),
  cashierName: z.string().nullable(),
  soldAt: z.string(),
  quantityShort: z.number().int(),
  stockBefore: z.number().int(),
  /** The stock of the product (or size option) now. */
  currentStock: z.number().int().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  countedStock: z.number().int().nullable(),
});
export type StockDiscrepancy = z.infer<typeof stockDiscrepancySchema>;

export const RESOLUTION_NOTE_MESSAGE = 'Say how the discrepancy was resolved';

/** POST /api/stock-discrepancies/:id/resolve */
export const resolveDiscrepancyBodySchema = z.object({
  note: z.string({ error: RESOLUTION_NOTE_MESSAGE }).trim().min(1, { error: RESOLUTION_NOTE_MESSAGE }).max(500),
  /** The stock counted on the shelf; it becomes the stock. Omit to leave the stock as it is. */
  countedStock: z
    .number({ error: 'Counted stock must be a whole number' })
    .int({ error: 'Counted stock must be a whole number' })
    .min(0, { error: 'Counted stock cannot be negative' })
    .max(1_000_000, { error: 'Counted stock is too large' })
    .nullish(),
});
export type ResolveDiscrepancyBody = z.infer<typeof resolveDiscrepancyBodySchema>;

/** POST /api/terminals/heartbeat: an installed terminal reports in. */
export const terminalHeartbeatSchema = z.object({
  terminalId: z.uuid({ error: 'terminalId must be a UUID' }),
  unsyncedCount: z.number().int().min(0).max(1_000_000),
  refusedCount: z.number().int().min(0).max(1_000_000).optional(),
  oldestUnsyncedAt: z.iso.datetime({ offset: true }).nullish(),
});
export type TerminalHeartbeat = z.infer<typeof terminalHeartbeatSchema>;

/** A terminal is flagged when it holds unsynced sales and has not synced for this long (the default of TERMINAL_STALE_MINUTES). */
export const STALE_SYNC_MINUTES = 5;

export const terminalStatusSchema = z.object({
  id: z.string(),
  userName: z.string().nullable(),
  lastSeenAt: z.string(),
  lastSyncAt: z.string().nullable(),
  unsyncedCount: z.number().int(),
  refusedCount: z.number().int(),
  oldestUnsyncedAt: z.string().nullable(),
  /** Holds sales and its last sync (or its first unsynced sale) is older than STALE_SYNC_MINUTES. */
  stale: z.boolean(),
});
export type TerminalStatus = z.infer<typeof terminalStatusSchema>;
