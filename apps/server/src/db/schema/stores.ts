import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { createdAt, id, money } from './columns';
import { procLocations } from './procurement-core';
import { users } from './users';

/**
 * Issue #32 item 2: a store of the installation (a café, a shop, a branch). Its tills, its
 * shifts, its Z numbers and its reports are its own; the catalogue is shared. Every installation
 * has at least one (the migration creates `Main Store`, code `MAIN`). Not the procurement
 * "stores" (the stock locations of issue #16): those are `proc_locations`; a store sells from its
 * `selling_location_id`.
 */
export const stores = pgTable('stores', {
  id: id(),
  name: varchar('name', { length: 255 }).notNull(),
  code: varchar('code', { length: 50 }).notNull().unique('stores_code_unique'),
  sellingLocationId: uuid('selling_location_id')
    .notNull()
    .references(() => procLocations.id),
  /** A closed store: kept with its history and reports; no new shifts, not counted as a store. */
  isArchived: boolean('is_archived').notNull().default(false),
  /**
   * Issue #34 item 2: whether the store's prices include sales tax; null = the installation's
   * default (`pos_settings` key `tax`, tax-exclusive when absent).
   */
  pricesIncludeTax: boolean('prices_include_tax'),
  createdAt: createdAt(),
});

/**
 * Issue #32 item 2: the stores a user may sell at. A user without rows may sell at every store;
 * with rows, only at those (a cashier limited to one store starts shifts there only).
 */
export const userStores = pgTable(
  'user_stores',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] }), index('user_stores_store_id_idx').on(t.storeId)],
);

/**
 * Issue #32 item 2: a product's per-store overrides (Square's per-location price and
 * availability). No row: the catalogue's price, available. `price` null: the catalogue's price.
 */
export const storeProducts = pgTable(
  'store_products',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: money('price'),
    isAvailable: boolean('is_available').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.productId] }),
    index('store_products_product_id_idx').on(t.productId),
    check('store_products_price_check', sql`${t.price} >= 0`),
  ],
);
