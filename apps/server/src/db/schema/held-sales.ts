import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { shifts } from './pos';
import { stores } from './stores';
import { users } from './users';

/**
 * Issue #35 item 3 (docs/adr/0032): held sales, open tickets. A till's cart parked under a name or a
 * table number, as the till held it (product, size, quantity, the unit price shown, discounts),
 * waiting to be resumed on any till of its store. It holds no stock and no money. Resuming or
 * discarding it marks it resolved (one conditional update: two tills resuming one, one wins); the
 * row stays as the record of who held and who took it.
 *
 * Not `held_offline_sales` (issue #30): offline sales the server refused and keeps for a manager.
 */
export const heldSales = pgTable(
  'held_sales',
  {
    /** The till's own UUID (its outbox key when held offline), so a resend holds it once. */
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    /** The shift that held it: that shift cannot end while it waits without a manager's choice. */
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'restrict' }),
    terminalId: uuid('terminal_id'),
    /** The name or table number. */
    label: varchar('label', { length: 40 }).notNull(),
    /** The cart lines (packages/shared heldSaleLineSchema). */
    lines: jsonb('lines').notNull(),
    /** The whole-cart discount, if any. */
    discount: jsonb('discount'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'restrict' }),
    /** 'resumed' (a till took it back) | 'discarded' (at the end of its shift, with a reason). */
    resolution: varchar('resolution', { length: 20 }),
    resolutionReason: text('resolution_reason'),
  },
  (t) => [
    index('held_sales_waiting_store_idx').on(t.storeId, t.createdAt).where(sql`${t.resolvedAt} is null`),
    index('held_sales_waiting_shift_idx').on(t.shiftId).where(sql`${t.resolvedAt} is null`),
    check(
      'held_sales_resolution_check',
      sql`(${t.resolvedAt} is null) = (${t.resolution} is null) and (${t.resolution} is null or ${t.resolution} in ('resumed', 'discarded'))`,
    ),
  ],
);
