import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { shifts } from './pos';
import { stores } from './stores';
import { users } from './users';

/**
 * Issue #15 item 8: a Z report, written once in the transaction that ends its shift, numbered in
 * the store's unbroken sequence, kept as the figures were (jsonb `report`, the shared
 * ShiftReport) so a reprint is identical. A trigger refuses every update and delete.
 */
export const zReports = pgTable(
  'z_reports',
  {
    id: id(),
    number: integer('number').notNull(),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'restrict' }),
    cashierId: uuid('cashier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Issue #32 item 4: Z numbers run per store (the shift's store). */
    storeId: uuid('store_id')
      .notNull()
      // The installation's first store (migration 0024, hand-written): a writer that names no
      // store (the seed, an old client's path) lands where a single-store installation always did.
      .default(sql`default_store_id()`)
      .references(() => stores.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    report: jsonb('report').notNull(),
  },
  (t) => [
    uniqueIndex('z_reports_store_number_unique').on(t.storeId, t.number),
    uniqueIndex('z_reports_shift_id_unique').on(t.shiftId),
    // Issue #32: the "All stores" list pages newest first by (created_at, id).
    index('z_reports_created_at_id_idx').on(t.createdAt, t.id),
    check('z_reports_number_check', sql`${t.number} > 0`),
  ],
);
