import { sql } from 'drizzle-orm';
import { index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { procLocations } from './procurement-core';

/**
 * Issue #32 (docs/adr/0022): the store backbone. A store is a place that sells (a café, a shop);
 * its selling location is the stores location whose stock its tills sell from, so a product's
 * stock at a store is the one stock level of the product's item at that location
 * (`proc_stock_levels`). Migration 0023 creates ONE default store (and a selling location when
 * none is marked `is_selling`); the default store is the oldest one (`default_store_id()`), and
 * every shift belongs to a store (`shifts.store_id`, defaulting to the default store). Binding
 * terminals, per-store prices and store pickers build on this later (issue #32 item 2).
 */
export const stores = pgTable(
  'stores',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    code: varchar('code', { length: 50 }).notNull().unique('stores_code_unique'),
    /** Where its tills take stock from and refunds put it back. */
    sellingLocationId: uuid('selling_location_id')
      .notNull()
      .references(() => procLocations.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stores_code_upper_unique').on(sql`upper(${t.code})`),
    // default_store_id(): the oldest store.
    index('stores_created_at_idx').on(t.createdAt, t.id),
  ],
);
