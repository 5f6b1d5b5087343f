import { z } from 'zod';
import { parseCents } from './money';

/**
 * Purchasing (issue #16 items 3, 4, 5, 8; ADR 0013): requisitions, purchase orders and goods
 * receipts. Bodies use the spec §3 column names in camelCase; amounts are 2-decimal strings,
 * quantities 3-decimal strings ('12.500'); numbers are accepted on input too.
 */

export const REQUISITION_STATES = ['draft', 'submitted', 'approved', 'rejected', 'ordered'] as const;
export type RequisitionStatus = (typeof REQUISITION_STATES)[number];
export const PURCHASE_ORDER_STATES = ['draft', 'sent', 'confirmed', 'delivered', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATES)[number];
export const GOODS_RECEIPT_STATES = ['pending', 'partial', 'completed', 'rejected'] as const;
export type GoodsReceiptStatus = (typeof GOODS_RECEIPT_STATES)[number];

export const REQUISITION_STATUS_LABELS: Record<RequisitionStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  ordered: 'Ordered',
};
export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  confirmed: 'Confirmed',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** A quantity in thousandths (numeric(12,3)): '12.5' → 12500. */
export type Milli = number;
const MAX_QTY_MILLI = 999_999_999_999;
const QTY_RE = /^\d{1,9}(?:\.\d{0,3})?$/;

/** '12.5' or 12.5 → 12500; null for anything else (negative, 4 places, 1e3, NaN). */
export function parseQtyMilli(value: string | number): Milli | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!QTY_RE.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  return milli <= MAX_QTY_MILLI ? milli : null;
}

/** 12500 → '12.500'. */
export function milliToQty(milli: Milli): string {
  if (!Number.isSafeInteger(milli)) throw new RangeError(`not an integer quantity: ${milli}`);
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}

/** A quantity the database computed ('12.500', '-3.5', null → 0). */
export function qtyToMilli(value: string | number | null | undefined): Milli {
  if (value === null || value === undefined) return 0;
  const text = String(value).trim();
  const negative = text.startsWith('-');
  const milli = parseQtyMilli(negative ? text.slice(1) : text);
  if (milli === null) throw new RangeError(`not a quantity: ${text}`);
  return negative ? -milli : milli;
}

/** Shown without trailing zeros: '12.500' → '12.5', '100.000' → '100'. */
export function formatQty(value: string | Milli): string {
  const milli = typeof value === 'number' ? value : qtyToMilli(value);
  return milliToQty(milli).replace(/\.?0+$/, '');
}

/**
 * Cents of qty × unit price, rounded half away from zero to a whole cent (integer arithmetic:
 * milli × cents / 1000).
 */
export function lineNetCents(qtyMilli: Milli, unitCents: number): number {
  const product = qtyMilli * unitCents;
  if (!Number.isSafeInteger(product)) throw new RangeError('line amount too large');
  return Math.floor((product * 2 + 1000) / 2000);
}

/** Tax of a line: net × rate, the rate in hundredths of a percent (12.50% → 1250). */
export function lineTaxCents(netCents: number, rateBp: number): number {
  return Math.floor((netCents * rateBp * 2 + 10000) / 20000);
}

export const PURCHASING_MESSAGES = {
  departmentRequired: 'Department is required',
  itemRequired: 'Item is required',
  supplierRequired: 'Supplier is required',
  locationRequired: 'Location is required',
  linesRequired: 'Add at least one line',
  qtyInvalid: 'Quantity must be a number greater than 0 with at most 3 decimals',
  priceInvalid: 'Price must be an amount with at most 2 decimals',
  taxRateInvalid: 'Tax rate must be between 0 and 100 with at most 2 decimals',
  currencyInvalid: 'Currency must be 3 letters',
  dateInvalid: 'Date must be YYYY-MM-DD',
  noteTooLong: 'Note must be at most 2000 characters',
  toleranceInvalid: 'Tolerance must be between 0 and 100 with at most 2 decimals',
} as const;

const uuid = (message: string) => z.guid({ error: message });

/** A quantity > 0 with at most 3 decimals, as a string or number; parsed to thousandths. */
export const qtyInputSchema = z
  .union([z.string(), z.number()], { error: PURCHASING_MESSAGES.qtyInvalid })
  .transform((value, ctx) => {
    const milli = parseQtyMilli(value);
    if (milli === null || milli <= 0) {
      ctx.addIssue({ code: 'custom', message: PURCHASING_MESSAGES.qtyInvalid });
      return z.NEVER;
    }
    return milli;
  });

/** An amount ≥ 0 with at most 2 decimals, as a string or number; parsed to cents. */
export const moneyInputSchema = z
  .union([z.string(), z.number()], { error: PURCHASING_MESSAGES.priceInvalid })
  .transform((value, ctx) => {
    const cents = typeof value === 'number' && !Number.isFinite(value) ? null : parseCents(String(value));
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: PURCHASING_MESSAGES.priceInvalid });
      return z.NEVER;
    }
    return cents;
  });

/** A percentage 0–100 with at most 2 decimals; parsed to hundredths of a percent (basis points). */
export const percentInputSchema = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const cents = typeof value === 'number' && !Number.isFinite(value) ? null : parseCents(String(value));
    if (cents === null || cents > 10000) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

const dateSchema = z.iso.date({ error: PURCHASING_MESSAGES.dateInvalid });
const noteSchema = z.string().trim().max(2000, { error: PURCHASING_MESSAGES.noteTooLong });

export const requisitionBodySchema = z.object({
  departmentId: uuid(PURCHASING_MESSAGES.departmentRequired),
  neededByDate: dateSchema.nullish(),
  note: noteSchema.nullish(),
  lines: z
    .array(
      z.object({
        itemId: uuid(PURCHASING_MESSAGES.itemRequired),
        qtyRequested: qtyInputSchema,
        /** Optional estimate; the item's last purchase price when absent. */
        estUnitPrice: moneyInputSchema.optional(),
      }),
      { error: PURCHASING_MESSAGES.linesRequired },
    )
    .min(1, { error: PURCHASING_MESSAGES.linesRequired })
    .max(200),
});
export type RequisitionBody = z.output<typeof requisitionBodySchema>;

export const decisionBodySchema = z.object({ note: noteSchema.nullish() }).default({});

export const requisitionLineSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  itemSku: z.string(),
  itemName: z.string(),
  uom: z.string(),
  qtyRequested: z.string(),
  qtyOrdered: z.string(),
  estUnitPrice: z.string(),
  estTotal: z.string(),
});
export type RequisitionLine = z.infer<typeof requisitionLineSchema>;

export const requisitionSchema = z.object({
  id: z.string(),
  reqNumber: z.string().nullable(),
  requesterId: z.string(),
  requesterName: z.string(),
  departmentId: z.string(),
  departmentCode: z.string(),
  departmentName: z.string(),
  status: z.enum(REQUISITION_STATES),
  neededByDate: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  estimatedTotal: z.string(),
  approvalThreshold: z.string(),
  /** Above the department's threshold: only a manager or super_admin approves. */
  needsManagerApproval: z.boolean(),
  /** Some but not every line is (fully) ordered. */
  partiallyOrdered: z.boolean(),
  lines: z.array(requisitionLineSchema),
});
export type Requisition = z.infer<typeof requisitionSchema>;

export const requisitionListQuerySchema = z.object({
  status: z.enum(REQUISITION_STATES, { error: 'Unknown status' }).optional(),
  departmentId: uuid('Invalid department').optional(),
});

export const purchaseOrderLineBodySchema = z.object({
  itemId: uuid(PURCHASING_MESSAGES.itemRequired),
  description: z.string().trim().max(2000).nullish(),
  qtyOrdered: qtyInputSchema,
  unitPrice: moneyInputSchema,
  taxRate: percentInputSchema(PURCHASING_MESSAGES.taxRateInvalid).optional(),
  /** The requisition line this fills; matched by item when absent and requisitionIds are given. */
  requisitionLineId: uuid('Invalid requisition line').optional(),
});

export const purchaseOrderBodySchema = z.object({
  supplierId: uuid(PURCHASING_MESSAGES.supplierRequired),
  requisitionIds: z.array(uuid('Invalid requisition')).max(50).optional(),
  departmentId: uuid('Invalid department').nullish(),
  neededByDate: dateSchema.nullish(),
  /** Issue #30 item 21: where the supplier delivers (a stores location). */
  deliveryLocationId: uuid('Invalid location').nullish(),
  currency: z
    .string({ error: PURCHASING_MESSAGES.currencyInvalid })
    .trim()
    .regex(/^[A-Za-z]{3}$/, { error: PURCHASING_MESSAGES.currencyInvalid })
    .transform((c) => c.toUpperCase())
    .optional(),
  note: noteSchema.nullish(),
  /** Omitted or empty with requisitionIds: the requisitions' open quantities at their estimates. */
  lines: z.array(purchaseOrderLineBodySchema).max(200).optional(),
});
export type PurchaseOrderBody = z.output<typeof purchaseOrderBodySchema>;

export const poTotalsSchema = z.object({ subtotal: z.string(), tax: z.string(), total: z.string() });
export type PoTotals = z.infer<typeof poTotalsSchema>;

export const purchaseOrderLineSchema = z.object({
  id: z.string(),
  lineNo: z.number(),
  itemId: z.string().nullable(),
  itemSku: z.string().nullable(),
  itemName: z.string().nullable(),
  /** The item is flagged as an asset: receiving it registers one unit per whole unit (issue #17). */
  itemIsAsset: z.boolean(),
  uom: z.string().nullable(),
  description: z.string().nullable(),
  qtyOrdered: z.string(),
  qtyReceived: z.string(),
  unitPrice: z.string(),
  taxRate: z.string(),
  lineTotal: z.string(),
  requisitionLineId: z.string().nullable(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

export const goodsReceiptLineSchema = z.object({
  id: z.string(),
  poLineId: z.string().nullable(),
  itemId: z.string(),
  itemName: z.string(),
  qtyReceived: z.string(),
  unitCost: z.string().nullable(),
  batchNo: z.string().nullable(),
  expiryDate: z.string().nullable(),
});

export const goodsReceiptSchema = z.object({
  id: z.string(),
  grnNumber: z.string().nullable(),
  poId: z.string().nullable(),
  locationId: z.string(),
  locationCode: z.string(),
  locationName: z.string(),
  status: z.enum(GOODS_RECEIPT_STATES),
  invoiceNo: z.string().nullable(),
  deliveryNote: z.string().nullable(),
  note: z.string().nullable(),
  receivedBy: z.string().nullable(),
  receivedByName: z.string().nullable(),
  receivedAt: z.string(),
  lines: z.array(goodsReceiptLineSchema),
  /** The asset units this receipt registered (issue #17), in the order received, with their tags. */
  units: z.array(z.object({ id: z.string(), assetTag: z.string().nullable(), itemId: z.string() })),
});
export type GoodsReceipt = z.infer<typeof goodsReceiptSchema>;

export const purchaseOrderSchema = z.object({
  id: z.string(),
  poNumber: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  supplierEmail: z.string().nullable(),
  supplierAddress: z.string().nullable(),
  requesterId: z.string().nullable(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  status: z.enum(PURCHASE_ORDER_STATES),
  neededByDate: z.string().nullable(),
  deliveryLocationId: z.string().nullable(),
  deliveryLocationCode: z.string().nullable(),
  deliveryLocationName: z.string().nullable(),
  currency: z.string(),
  totals: poTotalsSchema,
  note: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  sentAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  requisitionIds: z.array(z.string()),
  /** Issue #30 item 21: the buyer (Purchasing Settings) a supplier delivers to and invoices. */
  buyerName: z.string().nullable(),
  buyerAddress: z.string().nullable(),
  /**
   * Issue #30 item 6: the department's approval threshold (the default without a department); an
   * order whose total is above it (`needsApproval`) is sent only once approved on the order itself.
   */
  approvalThreshold: z.string(),
  needsApproval: z.boolean(),
  approvedAt: z.string().nullable(),
  approvedByName: z.string().nullable(),
  lines: z.array(purchaseOrderLineSchema),
  receipts: z.array(goodsReceiptSchema),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

export const purchaseOrderSummarySchema = purchaseOrderSchema.omit({
  lines: true,
  receipts: true,
  buyerName: true,
  buyerAddress: true,
});
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummarySchema>;

export const purchaseOrderListQuerySchema = z.object({
  status: z.enum(PURCHASE_ORDER_STATES, { error: 'Unknown status' }).optional(),
  supplierId: uuid('Invalid supplier').optional(),
});

export const cancelBodySchema = z.object({ reason: noteSchema.nullish() }).default({});

export const goodsReceiptBodySchema = z.object({
  locationId: uuid(PURCHASING_MESSAGES.locationRequired),
  invoiceNo: z.string().trim().max(100, { error: 'Invoice number must be at most 100 characters' }).nullish(),
  deliveryNote: z.string().trim().max(255, { error: 'Delivery note must be at most 255 characters' }).nullish(),
  note: noteSchema.nullish(),
  /** The whole delivery refused at the door: recorded, no stock moves, nothing counts as received. */
  rejected: z.boolean().optional(),
  lines: z
    .array(
      z.object({
        poLineId: uuid('Invalid order line'),
        qtyReceived: qtyInputSchema,
        batchNo: z.string().trim().max(100, { error: 'Batch must be at most 100 characters' }).nullish(),
        expiryDate: dateSchema.nullish(),
        /**
         * Issue #17: scanned asset tags for an item flagged as an asset, one per unit received in
         * order; units without one get a generated tag.
         */
        assetTags: z
          .array(z.string().trim().max(100, { error: 'Asset tag must be at most 100 characters' }))
          .max(1000)
          .optional(),
      }),
      { error: PURCHASING_MESSAGES.linesRequired },
    )
    .min(1, { error: PURCHASING_MESSAGES.linesRequired })
    .max(200),
});
export type GoodsReceiptBody = z.output<typeof goodsReceiptBodySchema>;

export const purchasingSettingsSchema = z.object({
  overReceiptTolerancePercent: z.string(),
  /** Issue #30 item 21: the buyer printed on every purchase order (the institution and its address). */
  buyerName: z.string().nullable(),
  buyerAddress: z.string().nullable(),
});
export type PurchasingSettings = z.infer<typeof purchasingSettingsSchema>;
export const purchasingSettingsBodySchema = z.object({
  overReceiptTolerancePercent: percentInputSchema(PURCHASING_MESSAGES.toleranceInvalid),
  /** Left out: unchanged; empty: cleared. */
  buyerName: z.string().trim().max(255, { error: 'Buyer name must be at most 255 characters' }).nullish(),
  buyerAddress: noteSchema.nullish(),
});

/**
 * PUT /api/procurement/departments/:id/approval-threshold (issue #16 item 3): above this estimated
 * value only a manager or super_admin approves a department's requisition.
 */
export const approvalThresholdBodySchema = z.object({ approvalThreshold: moneyInputSchema });
export const approvalThresholdSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  approvalThreshold: z.string(),
});
export type ApprovalThreshold = z.infer<typeof approvalThresholdSchema>;

/**
 * GET /api/procurement/department-managers: the active department managers and the procurement
 * department each runs (users.proc_department_id): the department their requisitions, stock and
 * issues are scoped to. PUT …/:userId `{ departmentId }` (null: none) sets it.
 */
export const departmentManagerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
});
export type DepartmentManager = z.infer<typeof departmentManagerSchema>;
export const departmentManagerBodySchema = z.object({
  departmentId: uuid('Choose a department').nullable(),
});

/** The procurement dashboard's purchasing cards (issue #16 item 7). */
export const purchasingSummarySchema = z.object({
  requisitionsAwaitingApproval: z.number(),
  ordersAwaitingDelivery: z.number(),
  itemsToReorder: z.number(),
});
export type PurchasingSummary = z.infer<typeof purchasingSummarySchema>;

export const poEmailResultSchema = z.object({ delivery: z.enum(['smtp', 'outbox']), to: z.string() });

/** GET /api/procurement/purchasing-lookups: what the purchasing forms choose from. */
export const purchasingLookupsSchema = z.object({
  /** The procurement department the signed-in user runs (users.proc_department_id), or null. */
  ownDepartmentId: z.string().nullable(),
  /**
   * True for a department manager: requisitions only for `ownDepartmentId` (the server refuses
   * another with 403 purchasing.not_your_department, and any while it is null).
   */
  departmentLocked: z.boolean(),
  departments: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), approvalThreshold: z.string() })),
  suppliers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string().nullable() })),
  locations: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
});
export type PurchasingLookups = z.infer<typeof purchasingLookupsSchema>;

/** GET /api/procurement/purchasing-lookups/items?search=: items for a line picker. */
export const purchasingItemOptionSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  uom: z.string(),
});
export type PurchasingItemOption = z.infer<typeof purchasingItemOptionSchema>;
export const itemSearchQuerySchema = z.object({
  search: z.string().max(255, { error: 'Search must be at most 255 characters' }).default(''),
});
