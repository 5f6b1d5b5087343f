import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalog';
import { timeOrderedId, timestamptz } from './columns';
import { users } from './users';

/**
 * The stock ledger (issue #15 item 1, docs/adr/0010): one append-only row per change of a POS
 * product's or size option's stock, written in the same statement or transaction as the change.
 * `products.stock` / `product_variants.stock` stay the fast current value and always equal the
 * sum of their movements (a row with `variant_id` null is the product's own stock; a row with a
 * variant is that size option's stock). Rows are never updated (a trigger refuses it); they go
 * only with the product or size option they belong to, which can be deleted only when it was
 * never sold or lent.
 *
 * `reason` is the kind of change (STOCK_MOVEMENT_REASONS in packages/shared); `note` is the
 * human reason typed with an adjustment or a count; the document is what caused it (a sale, a
 * refund, ...), by type and id.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: timeOrderedId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    /** Signed: negative takes units out of stock, positive puts them in. Never 0. */
    quantity: integer('quantity').notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    /** The stock of the product (or size option) right after this movement. */
    stockAfter: integer('stock_after').notNull(),
    documentType: varchar('document_type', { length: 30 }),
    documentId: uuid('document_id'),
    note: text('note'),
    /** Who made the change (null for the opening balance written by the database). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The manager whose PIN approved it, when someone else's was needed. */
    approverId: uuid('approver_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // GET /api/stock-movements?productId=: one product's ledger, newest first, keyset-paged.
    index('stock_movements_product_created_idx').on(t.productId, t.createdAt, t.id),
    check('stock_movements_quantity_check', sql`${t.quantity} <> 0`),
    check('stock_movements_stock_after_check', sql`${t.stockAfter} >= 0`),
    check(
      'stock_movements_reason_check',
      sql`${t.reason} in ('opening', 'sale', 'refund', 'void', 'receipt', 'count', 'adjustment', 'writeoff', 'edit', 'import', 'checkout', 'checkin', 'discrepancy')`,
    ),
  ],
);
