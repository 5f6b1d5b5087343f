import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, money, timestamptz, updatedAt } from './columns';
import { assetTypeEnum, returnConditionEnum } from './enums';
import { procDepartments } from './procurement-core';
import { stores } from './stores';
import { taxRates } from './tax';

/** spec §3 categories. Institutional categories hold assets rather than things for sale. */
export const categories = pgTable('categories', {
  id: id(),
  name: varchar('name', { length: 255 }).notNull().unique('categories_name_unique'),
  description: text('description'),
  department: varchar('department', { length: 255 }),
  isInstitutional: boolean('is_institutional').notNull().default(false),
  /** Issue #34 item 2: the sales tax rate of the category's products (none = 0%). */
  taxRateId: uuid('tax_rate_id').references(() => taxRates.id, { onDelete: 'restrict' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * spec §3 products, including the institutional asset fields. Stock is whole units and can never
 * go below zero: sales decrement it with a conditional update that this CHECK backs up.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    price: money('price').notNull(),
    sku: varchar('sku', { length: 100 }).notNull().unique('products_sku_unique'),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(10),
    isActive: boolean('is_active').notNull().default(true),
    imageUrl: text('image_url'),
    hasVariants: boolean('has_variants').notNull().default(false),
    assetType: assetTypeEnum('asset_type').notNull().default('regular'),
    /** Free text Building-Floor-Room, e.g. Main-2-205 (spec §3); the first segment is the building. */
    location: varchar('location', { length: 255 }),
    isCheckoutRequired: boolean('is_checkout_required').notNull().default(false),
    /** The inventory department filter (spec §2 Inventory Management). */
    departmentId: uuid('department_id').references((): AnyPgColumn => procDepartments.id, { onDelete: 'set null' }),
    /** Issue #34 item 2: overrides the category's tax rate (none = the category's). */
    taxRateId: uuid('tax_rate_id').references(() => taxRates.id, { onDelete: 'restrict' }),
    /**
     * Set when an asset comes back damaged or needing maintenance (issue #7): a flagged asset
     * cannot be checked out until a manager clears the flag. Null means in service.
     */
    serviceFlag: returnConditionEnum('service_flag'),
    serviceFlaggedAt: timestamptz('service_flagged_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_low_stock_threshold_check', sql`${t.lowStockThreshold} >= 0`),
    check('products_service_flag_check', sql`${t.serviceFlag} is null or ${t.serviceFlag} <> 'good'`),
    index('products_category_id_idx').on(t.categoryId),
    index('products_department_id_idx').on(t.departmentId),
    // Case-insensitive substring search (ILIKE '%term%') on name, SKU and description.
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('products_sku_trgm_idx').using('gin', sql`lower(${t.sku}) gin_trgm_ops`),
    index('products_description_trgm_idx').using('gin', sql`lower(${t.description}) gin_trgm_ops`),
  ],
);

/** spec §3 product_variants (size options). */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    price: money('price').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('product_variants_product_id_name_unique').on(t.productId, t.name),
    check('product_variants_price_check', sql`${t.price} >= 0`),
  ],
);

/**
 * Issue #30 item 1 (ADR 0014): every price a product and a stored size option has had, from when
 * to when (`effective_to` null: the price now). Written only by the database triggers on
 * `products.price` and `product_variants.price` (migration 0020, hand-written part), so every writer
 * of a price (the catalogue, the seed, an import) keeps it. Prices that existed before the table
 * were backfilled from 1970. An offline sale is accepted only at a price its product really had
 * while the terminal was offline. A size option of the catalogue's fixed rule (spec §9) has no row:
 * its price follows from its product's.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The stored size option whose price this is; null for the product's own price. */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    /**
     * Issue #32 item 2: the store whose own price (store_products.price) this is; null for the
     * price every store charges unless it has its own. Written by the database's triggers.
     */
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
    effectiveFrom: timestamptz('effective_from').notNull(),
    effectiveTo: timestamptz('effective_to'),
  },
  (t) => [
    index('price_history_product_idx').on(t.productId, t.effectiveFrom),
    check('price_history_price_check', sql`${t.price} >= 0`),
  ],
);
