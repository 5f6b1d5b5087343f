import { z } from 'zod';
import { idSchema, importResultSchema } from './catalog';
import { quantityOrZeroSchema, quantitySchema } from './quantity';

/**
 * Stores (issue #16 items 1, 2, 6, 7): the purchasing masters (suppliers, locations, categories,
 * items), stock per location and its ledger, counts, issues, transfers and the reorder list.
 * Bodies use the spec's §3 column names in camelCase; quantities are 3-decimal strings ('12.500')
 * in answers and accept '12.5' or 12.5 in bodies (packages/shared/src/quantity.ts).
 */

export const STORES_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 255 characters',
  codeRequired: 'Code is required',
  codeTooLong: 'Code must be at most 50 characters',
  skuRequired: 'SKU is required',
  skuTooLong: 'SKU must be at most 100 characters',
  emailInvalid: 'Valid email is required',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  wholeNumber: (label: string) => `${label} must be a whole number`,
  locationRequired: 'Location is required',
  itemRequired: 'Item is required',
  departmentRequired: 'Department is required',
  linesRequired: 'Add at least one line',
  sameLocation: 'Choose a destination other than the source',
} as const;

const trimmed = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: STORES_MESSAGES.tooLong(label, max) });

/** An optional text field: '' and null are stored as null. */
const optionalText = (label: string, max: number) =>
  z
    .union([trimmed(label, max), z.null()])
    .optional()
    .transform((value) => (value ? value : null));

const optionalId = z
  .union([idSchema, z.literal(''), z.null()])
  .optional()
  .transform((value) => (value ? value : null));

const optionalWhole = (label: string, min: number) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
      const n = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isInteger(n) || n < min || n > 1_000_000) {
        ctx.addIssue({
          code: 'custom',
          message: min > 0 ? `${label} must be a whole number above 0` : `${label} must be a whole number, 0 or more`,
        });
        return z.NEVER;
      }
      return n;
    });

const nameField = z
  .string({ error: STORES_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: STORES_MESSAGES.nameRequired })
  .max(255, { error: STORES_MESSAGES.nameTooLong });

export const MASTER_STATUSES = ['active', 'archived', 'all'] as const;
export type MasterStatus = (typeof MASTER_STATUSES)[number];

// ---- Suppliers ----

export const supplierBodySchema = z.object({
  name: nameField,
  contactName: optionalText('Contact name', 255),
  phone: optionalText('Phone', 50),
  email: z
    .union([z.string().trim(), z.null()])
    .optional()
    .transform((value) => (value ? value.toLowerCase() : null))
    .refine((value) => value === null || (value.length <= 255 && z.email().safeParse(value).success), {
      error: STORES_MESSAGES.emailInvalid,
    }),
  address: optionalText('Address', 1000),
  notes: optionalText('Notes', 5000),
});
export type SupplierBody = z.output<typeof supplierBodySchema>;
export type SupplierInput = z.input<typeof supplierBodySchema>;

export const supplierSchema = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  isArchived: z.boolean(),
  createdAt: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

// ---- Locations ----

export const locationBodySchema = z.object({
  code: z
    .string({ error: STORES_MESSAGES.codeRequired })
    .trim()
    .min(1, { error: STORES_MESSAGES.codeRequired })
    .max(50, { error: STORES_MESSAGES.codeTooLong }),
  name: nameField,
  departmentId: optionalId,
  building: optionalText('Building', 100),
  floor: optionalText('Floor', 50),
  room: optionalText('Room', 50),
  /** A selling location: receipts of items linked to a POS product raise that product's stock. */
  isSelling: z.boolean().optional().default(false),
});
export type LocationBody = z.output<typeof locationBodySchema>;
export type LocationInput = z.input<typeof locationBodySchema>;

export const locationSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  building: z.string().nullable(),
  floor: z.string().nullable(),
  room: z.string().nullable(),
  isSelling: z.boolean(),
  isArchived: z.boolean(),
  createdAt: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

// ---- Categories ----

export const procCategoryBodySchema = z.object({
  name: nameField,
  description: optionalText('Description', 5000),
});
export type ProcCategoryBody = z.output<typeof procCategoryBodySchema>;

export const procSubcategoryBodySchema = z.object({
  name: nameField,
  description: optionalText('Description', 5000),
  departmentId: optionalId,
});
export type ProcSubcategoryBody = z.output<typeof procSubcategoryBodySchema>;

export const procSubcategorySchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  departmentId: z.string().nullable(),
  isArchived: z.boolean(),
});
export type ProcSubcategory = z.infer<typeof procSubcategorySchema>;

export const procCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isArchived: z.boolean(),
  subcategories: z.array(procSubcategorySchema),
});
export type ProcCategory = z.infer<typeof procCategorySchema>;

// ---- Items ----

export const UNITS_OF_MEASURE = ['each', 'box', 'pack', 'kg', 'g', 'l', 'ml', 'm', 'pair', 'set', 'roll'] as const;

export const itemBodySchema = z.object({
  sku: z
    .string({ error: STORES_MESSAGES.skuRequired })
    .trim()
    .min(1, { error: STORES_MESSAGES.skuRequired })
    .max(100, { error: STORES_MESSAGES.skuTooLong }),
  name: nameField,
  description: optionalText('Description', 5000),
  categoryId: optionalId,
  subcategoryId: optionalId,
  departmentId: optionalId,
  isAsset: z.boolean().optional().default(false),
  uom: z
    .string()
    .trim()
    .max(50, { error: STORES_MESSAGES.tooLong('Unit of measure', 50) })
    .optional()
    .transform((value) => value || 'each'),
  barcode: optionalText('Barcode', 100),
  /** spec §9 defaults: minimum reorder quantity 1, reorder point 0. */
  minReorderQty: quantityOrZeroSchema('Minimum reorder quantity').optional().default(1000),
  reorderPoint: quantityOrZeroSchema('Reorder point').optional().default(0),
  warrantyMonths: optionalWhole('Warranty months', 0),
  serviceIntervalDays: optionalWhole('Service interval days', 1),
  expectedLifespanMonths: optionalWhole('Expected lifespan months', 1),
  /** The POS product this item is sold as (receipts into a selling location raise its stock). */
  posProductId: optionalId,
});
export type ItemBody = z.output<typeof itemBodySchema>;
export type ItemInput = z.input<typeof itemBodySchema>;

export const itemSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  subcategoryId: z.string().nullable(),
  subcategoryName: z.string().nullable(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  isAsset: z.boolean(),
  uom: z.string(),
  barcode: z.string().nullable(),
  minReorderQty: z.string(),
  reorderPoint: z.string(),
  warrantyMonths: z.number().nullable(),
  serviceIntervalDays: z.number().nullable(),
  expectedLifespanMonths: z.number().nullable(),
  posProductId: z.string().nullable(),
  posProductName: z.string().nullable(),
  posProductSku: z.string().nullable(),
  /** On hand over every location. */
  onHandQty: z.string(),
  isArchived: z.boolean(),
  createdAt: z.string(),
});
export type Item = z.infer<typeof itemSchema>;

export const itemPageSchema = z.object({
  items: z.array(itemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ItemPage = z.infer<typeof itemPageSchema>;

// ---- Stock and movements ----

export const stockLevelSchema = z.object({
  itemId: z.string(),
  sku: z.string(),
  itemName: z.string(),
  uom: z.string(),
  locationId: z.string(),
  locationCode: z.string(),
  locationName: z.string(),
  onHandQty: z.string(),
  reservedQty: z.string(),
  reorderPoint: z.string(),
  /** At or under the item's reorder point (and the reorder point is above 0). */
  atReorderPoint: z.boolean(),
  /** The soonest expiry among the batches held here, YYYY-MM-DD. */
  nextExpiry: z.string().nullable(),
  updatedAt: z.string(),
});
export type StockLevel = z.infer<typeof stockLevelSchema>;

export const stockPageSchema = z.object({
  rows: z.array(stockLevelSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type StockPage = z.infer<typeof stockPageSchema>;

export const INVENTORY_REASONS = [
  'receipt',
  'issue',
  'transfer',
  'wip_issue',
  'wip_return',
  'job_delivery',
  'writeoff',
  'count',
  // ADR 0025 (issue #32): every writer of stock posts to the one ledger.
  'opening',
  'sale',
  'refund',
  'void',
  'discrepancy',
  'checkout',
  'checkin',
  'adjustment',
  'edit',
  'import',
  'asset_registered',
  'asset_disposed',
  'migration',
] as const;
export type InventoryReason = (typeof INVENTORY_REASONS)[number];

export const INVENTORY_REASON_LABELS: Record<InventoryReason, string> = {
  receipt: 'Receipt',
  issue: 'Issue',
  transfer: 'Transfer',
  wip_issue: 'Issued to job',
  wip_return: 'Returned from job',
  job_delivery: 'Job delivery',
  writeoff: 'Write-off',
  count: 'Stock count',
  opening: 'Opening stock',
  sale: 'Sale',
  refund: 'Refund',
  void: 'Void',
  discrepancy: 'Offline shortfall',
  checkout: 'Asset checkout',
  checkin: 'Asset return',
  adjustment: 'Adjustment',
  edit: 'Product edit',
  import: 'Import',
  asset_registered: 'Asset registered',
  asset_disposed: 'Asset disposed',
  migration: 'Migration',
};

export const movementSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  sku: z.string(),
  itemName: z.string(),
  fromLocationId: z.string().nullable(),
  fromLocationCode: z.string().nullable(),
  toLocationId: z.string().nullable(),
  toLocationCode: z.string().nullable(),
  qty: z.string(),
  reason: z.enum(INVENTORY_REASONS),
  refTable: z.string().nullable(),
  refId: z.string().nullable(),
  batchId: z.string().nullable(),
  batchNo: z.string().nullable(),
  expiryDate: z.string().nullable(),
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

export const movementPageSchema = z.object({
  movements: z.array(movementSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type MovementPage = z.infer<typeof movementPageSchema>;

export const batchBalanceSchema = z.object({
  batchId: z.string().nullable(),
  batchNo: z.string().nullable(),
  expiryDate: z.string().nullable(),
  locationId: z.string(),
  locationCode: z.string(),
  onHandQty: z.string(),
});
export type BatchBalance = z.infer<typeof batchBalanceSchema>;

// ---- Counts ----

export const stockCountBodySchema = z.object({
  locationId: idSchema,
  note: optionalText('Note', 2000),
  lines: z
    .array(z.object({ itemId: idSchema, countedQty: quantityOrZeroSchema('Counted quantity') }), {
      error: STORES_MESSAGES.linesRequired,
    })
    .min(1, { error: STORES_MESSAGES.linesRequired })
    .max(1000, { error: 'A count has at most 1,000 lines' }),
});
export type StockCountBody = z.output<typeof stockCountBodySchema>;

export const stockCountSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  locationCode: z.string(),
  countedBy: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(
    z.object({
      itemId: z.string(),
      sku: z.string(),
      itemName: z.string(),
      bookQty: z.string(),
      countedQty: z.string(),
      /** counted − book: positive found, negative missing. */
      difference: z.string(),
    }),
  ),
});
export type StockCount = z.infer<typeof stockCountSchema>;

// ---- Issues ----

export const ISSUE_STATUSES = ['pending', 'approved', 'completed', 'cancelled'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export const issueBodySchema = z.object({
  itemId: idSchema,
  locationId: idSchema,
  departmentId: idSchema,
  qty: quantitySchema('Quantity'),
  note: optionalText('Note', 2000),
});
export type IssueBody = z.output<typeof issueBodySchema>;

export const issueSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  sku: z.string(),
  itemName: z.string(),
  uom: z.string(),
  locationId: z.string(),
  locationCode: z.string(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  qty: z.string(),
  status: z.enum(ISSUE_STATUSES),
  note: z.string().nullable(),
  requestedBy: z.string().nullable(),
  requestedByName: z.string().nullable(),
  approvedBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Issue = z.infer<typeof issueSchema>;

// ---- Transfers ----

export const TRANSFER_STATUSES = ['pending', 'approved', 'in_transit', 'completed', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const transferBodySchema = z
  .object({
    itemId: idSchema,
    fromLocationId: idSchema,
    toLocationId: idSchema,
    qty: quantitySchema('Quantity'),
    note: optionalText('Note', 2000),
  })
  .refine((body) => body.fromLocationId !== body.toLocationId, {
    path: ['toLocationId'],
    error: STORES_MESSAGES.sameLocation,
  });
export type TransferBody = z.output<typeof transferBodySchema>;

export const transferReceiveBodySchema = z.object({
  /** What arrived; less than dispatched records a shortfall. Defaults to everything dispatched. */
  qtyReceived: quantityOrZeroSchema('Quantity received').optional(),
  note: optionalText('Note', 2000),
});

export const transferSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  sku: z.string(),
  itemName: z.string(),
  uom: z.string(),
  fromLocationId: z.string(),
  fromLocationCode: z.string(),
  toLocationId: z.string(),
  toLocationCode: z.string(),
  qty: z.string(),
  qtyReceived: z.string().nullable(),
  /** qty − qtyReceived once received, else null. */
  shortfall: z.string().nullable(),
  status: z.enum(TRANSFER_STATUSES),
  note: z.string().nullable(),
  requestedBy: z.string().nullable(),
  requestedByName: z.string().nullable(),
  dispatchedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

// ---- Reorder ----

export const reorderRowSchema = z.object({
  itemId: z.string(),
  sku: z.string(),
  itemName: z.string(),
  uom: z.string(),
  departmentId: z.string().nullable(),
  locationId: z.string().nullable(),
  locationCode: z.string().nullable(),
  onHandQty: z.string(),
  reorderPoint: z.string(),
  minReorderQty: z.string(),
  /** max(minimum reorder quantity, 2 × reorder point − on hand): back above the reorder point. */
  suggestedQty: z.string(),
});
export type ReorderRow = z.infer<typeof reorderRowSchema>;

// ---- CSV ----

export const supplierImportResultSchema = importResultSchema('name');
export type SupplierImportResult = z.infer<typeof supplierImportResultSchema>;
export const locationImportResultSchema = importResultSchema('code');
export type LocationImportResult = z.infer<typeof locationImportResultSchema>;
export const itemImportResultSchema = importResultSchema('sku');
export type ItemImportResult = z.infer<typeof itemImportResultSchema>;
/** A categories import names each row "Category" or "Category / Subcategory". */
export const procCategoryImportResultSchema = importResultSchema('name');
export type ProcCategoryImportResult = z.infer<typeof procCategoryImportResultSchema>;
