import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalog';
import { createdAt, id, money, quantity, stockValue, taxRate, timestamptz, unitCost, updatedAt } from './columns';
import { users } from './users';

/**
 * Procurement master data (spec §3 Procurement data model, all tables prefixed proc_):
 * departments, locations, suppliers, categories, items, assets, batches and stock levels.
 */

/** A department's approval threshold until a manager sets one (also an order without a department's). */
export const DEFAULT_APPROVAL_THRESHOLD = '5000.00';

/**
 * The one department table (ADR 0027): spec §3 proc departments (code and name unique ignoring
 * case, spec §5; archived instead of deleted) and the POS-side departments of /departments
 * (manager, building; `isActive` in the API is `not is_archived`). A department made on either
 * screen is the same row; one made on /departments gets a code from its name.
 */
export const procDepartments = pgTable(
  'proc_departments',
  {
    id: id(),
    code: varchar('code', { length: 50 }).notNull().unique('proc_departments_code_unique'),
    name: varchar('name', { length: 255 }).notNull().unique('proc_departments_name_unique'),
    description: text('description'),
    /** Null for a root department (spec §2 hierarchy filter "root"). */
    parentId: uuid('parent_id').references((): AnyPgColumn => procDepartments.id, { onDelete: 'set null' }),
    isArchived: boolean('is_archived').notNull().default(false),
    /** spec §2 Department Management "Department Manager" (a manager, super_admin or department_manager). */
    managerId: uuid('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** spec §2 Department Management "Building/Location". */
    building: varchar('building', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Issue #16 item 3 (ADR 0013): a requisition whose estimated value is above this amount is
     * approved only by a manager or super_admin; at or below it a procurement_admin may approve.
     */
    approvalThreshold: money('approval_threshold').notNull().default(DEFAULT_APPROVAL_THRESHOLD),
    /** Issue #18: the workshop labour rate per hour (quotes: planned hours × rate; actual cost). */
    labourRate: money('labour_rate').notNull().default('0'),
  },
  (t) => [
    index('proc_departments_parent_id_idx').on(t.parentId),
    check('proc_departments_approval_threshold_check', sql`${t.approvalThreshold} >= 0`),
    check('proc_departments_labour_rate_check', sql`${t.labourRate} >= 0`),
    // Code and name are unique ignoring letter case (the service answers 409), also under races.
    uniqueIndex('proc_departments_code_upper_unique').on(sql`upper(${t.code})`),
    uniqueIndex('proc_departments_name_lower_unique').on(sql`lower(${t.name})`),
    check('proc_departments_not_own_parent_check', sql`${t.parentId} <> ${t.id}`),
  ],
);

/**
 * spec §3 proc locations: code unique (also ignoring case), belonging to a procurement department;
 * building/floor/room make the Building-Floor-Room code (Main-2-205). A selling location's receipts
 * of an item linked to a POS product raise that product's stock (issue #16 item 1).
 */
export const procLocations = pgTable(
  'proc_locations',
  {
    id: id(),
    code: varchar('code', { length: 50 }).notNull().unique('proc_locations_code_unique'),
    name: varchar('name', { length: 255 }).notNull(),
    departmentId: uuid('department_id').references(() => procDepartments.id, { onDelete: 'set null' }),
    building: varchar('building', { length: 100 }),
    floor: varchar('floor', { length: 50 }),
    room: varchar('room', { length: 50 }),
    isSelling: boolean('is_selling').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('proc_locations_department_id_idx').on(t.departmentId),
    uniqueIndex('proc_locations_code_upper_unique').on(sql`upper(${t.code})`),
  ],
);

export const procSuppliers = pgTable(
  'proc_suppliers',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    contactName: varchar('contact_name', { length: 255 }),
    phone: varchar('phone', { length: 50 }),
    email: varchar('email', { length: 255 }),
    address: text('address'),
    notes: text('notes'),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('proc_suppliers_name_lower_unique').on(sql`lower(${t.name})`)],
);

export const procCategories = pgTable('proc_categories', {
  id: id(),
  name: varchar('name', { length: 255 }).notNull().unique('proc_categories_name_unique'),
  description: text('description'),
  isArchived: boolean('is_archived').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const procSubcategories = pgTable(
  'proc_subcategories',
  {
    id: id(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => procCategories.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id').references(() => procDepartments.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('proc_subcategories_category_id_name_unique').on(t.categoryId, t.name)],
);

/** spec §3 proc items: sku unique; defaults min reorder 1 and reorder point 0 (spec §9). */
export const procItems = pgTable(
  'proc_items',
  {
    id: id(),
    sku: varchar('sku', { length: 100 }).notNull().unique('proc_items_sku_unique'),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    categoryId: uuid('category_id').references(() => procCategories.id, { onDelete: 'set null' }),
    subcategoryId: uuid('subcategory_id').references(() => procSubcategories.id, { onDelete: 'set null' }),
    departmentId: uuid('department_id').references(() => procDepartments.id, { onDelete: 'set null' }),
    isAsset: boolean('is_asset').notNull().default(false),
    /** Unit of measure: each, box, kg, m, l ... */
    uom: varchar('uom', { length: 50 }).notNull().default('each'),
    barcode: varchar('barcode', { length: 100 }),
    minReorderQty: quantity('min_reorder_qty').notNull().default('1'),
    reorderPoint: quantity('reorder_point').notNull().default('0'),
    warrantyMonths: integer('warranty_months'),
    serviceIntervalDays: integer('service_interval_days'),
    expectedLifespanMonths: integer('expected_lifespan_months'),
    /**
     * The POS product this item is sold as (ADR 0025: every POS product has exactly one item; the
     * database creates it with the product). Receipts into a selling location raise its stock.
     */
    posProductId: uuid('pos_product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The POS size option this item is sold as: every stored size option has its own item (ADR 0025). */
    posVariantId: uuid('pos_variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /**
     * Created by the database for a product or size option (ADR 0025). Such an item, while nothing
     * references it, gives way when a stores user links another item to its product.
     */
    createdForPos: boolean('created_for_pos').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('proc_items_sku_upper_unique').on(sql`upper(${t.sku})`),
    // The reorder list walks the items with a reorder point in SKU order (bench/stores).
    index('proc_items_reorder_sku_idx')
      .on(sql`upper(${t.sku})`)
      .where(sql`${t.reorderPoint} > 0 and not ${t.isArchived}`),
    uniqueIndex('proc_items_pos_product_id_unique').on(t.posProductId),
    uniqueIndex('proc_items_pos_variant_id_unique').on(t.posVariantId),
    index('proc_items_category_id_idx').on(t.categoryId),
    index('proc_items_department_id_idx').on(t.departmentId),
    index('proc_items_barcode_idx').on(t.barcode),
    check('proc_items_min_reorder_qty_check', sql`${t.minReorderQty} >= 0`),
    check('proc_items_reorder_point_check', sql`${t.reorderPoint} >= 0`),
    check('proc_items_warranty_months_check', sql`${t.warrantyMonths} >= 0`),
    check('proc_items_service_interval_days_check', sql`${t.serviceIntervalDays} > 0`),
    check('proc_items_expected_lifespan_months_check', sql`${t.expectedLifespanMonths} > 0`),
  ],
);

export const procAssets = pgTable(
  'proc_assets',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => procItems.id, { onDelete: 'restrict' }),
    serialNumber: varchar('serial_number', { length: 100 }),
    assetTag: varchar('asset_tag', { length: 100 }).unique('proc_assets_asset_tag_unique'),
    purchasePrice: money('purchase_price'),
    depreciationClass: varchar('depreciation_class', { length: 50 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Issue #17 (ADR 0018): the unit's department (a department manager reads their own), where it
     * is now (null while lent without a destination) and who has it (null when not lent).
     */
    departmentId: uuid('department_id').references(() => procDepartments.id, { onDelete: 'set null' }),
    locationId: uuid('location_id').references(() => procLocations.id, { onDelete: 'set null' }),
    custodianId: uuid('custodian_id').references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    /**
     * Where the unit sits in the stock ledger (a received unit); a write-off takes it out of there.
     * Null for a unit registered by hand or by import: it never entered stock.
     */
    stockLocationId: uuid('stock_location_id').references(() => procLocations.id, { onDelete: 'restrict' }),
    /** manual, import or receipt; a received unit names its goods receipt. */
    source: varchar('source', { length: 20 }).notNull().default('manual'),
    goodsReceiptId: uuid('goods_receipt_id'),
    notes: text('notes'),
    /** Set when its write-off is disposed: from then on the unit is read-only. */
    disposedAt: timestamptz('disposed_at'),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('proc_assets_item_id_serial_number_unique').on(t.itemId, t.serialNumber),
    check('proc_assets_purchase_price_check', sql`${t.purchasePrice} >= 0`),
    check('proc_assets_source_check', sql`${t.source} in ('manual', 'import', 'receipt')`),
    uniqueIndex('proc_assets_asset_tag_upper_unique').on(sql`upper(${t.assetTag})`),
    index('proc_assets_item_id_idx').on(t.itemId),
    index('proc_assets_department_id_idx').on(t.departmentId),
    index('proc_assets_custodian_id_idx').on(t.custodianId),
  ],
);

/**
 * One history per asset (issue #17 item 6): an append-only line per thing that happened to the
 * unit (registered, received, checked out, returned, moved, maintenance, safety checks, write-off),
 * written in the same transaction as the change itself.
 */
export const procAssetEvents = pgTable(
  'proc_asset_events',
  {
    id: id(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => procAssets.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    at: timestamptz('at').notNull().defaultNow(),
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    summary: text('summary').notNull(),
    refTable: varchar('ref_table', { length: 60 }),
    refId: uuid('ref_id'),
    /** Inserted after `at` ties are broken by this counter (several events of one transaction). */
    seq: integer('seq').generatedAlwaysAsIdentity(),
  },
  (t) => [index('proc_asset_events_asset_id_at_idx').on(t.assetId, t.at)],
);

export const procItemBatches = pgTable(
  'proc_item_batches',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => procItems.id, { onDelete: 'restrict' }),
    supplierId: uuid('supplier_id').references(() => procSuppliers.id, { onDelete: 'set null' }),
    batchNo: varchar('batch_no', { length: 100 }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    unitCost: money('unit_cost'),
    taxRate: taxRate('tax_rate').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('proc_item_batches_item_id_batch_no_unique').on(t.itemId, t.batchNo),
    check('proc_item_batches_unit_cost_check', sql`${t.unitCost} >= 0`),
    check('proc_item_batches_tax_rate_check', sql`${t.taxRate} >= 0 and ${t.taxRate} <= 100`),
  ],
);

/** spec §3 proc stock levels: one row per item and location (spec §5). */
export const procStockLevels = pgTable(
  'proc_stock_levels',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => procItems.id, { onDelete: 'restrict' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => procLocations.id, { onDelete: 'restrict' }),
    onHandQty: quantity('on_hand_qty').notNull().default('0'),
    reservedQty: quantity('reserved_qty').notNull().default('0'),
    /**
     * Issue #37 item 1 (ADR 0036): the moving weighted average cost of one unit here, the cost at
     * which anything leaves (sales, issues, transfers out, write-offs, counts). Recomputed IN SQL by
     * the put-in statement from `stock_value` when costed stock comes in (receipts, transfers in).
     */
    avgCost: unitCost('avg_cost').notNull().default('0'),
    /**
     * Issue #37 (ADR 0036): Σ signed quantity × unit_cost of this level's ledger rows, kept exactly
     * by every writer in the statement that writes the row (so valuation now = this, and valuation
     * as of a date = this − the movements after it).
     */
    stockValue: stockValue('stock_value').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('proc_stock_levels_item_id_location_id_unique').on(t.itemId, t.locationId),
    index('proc_stock_levels_location_id_idx').on(t.locationId),
    check('proc_stock_levels_on_hand_qty_check', sql`${t.onHandQty} >= 0`),
    check('proc_stock_levels_reserved_qty_check', sql`${t.reservedQty} >= 0`),
    check('proc_stock_levels_avg_cost_check', sql`${t.avgCost} >= 0`),
  ],
);
