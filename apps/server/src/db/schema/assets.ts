import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalog';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { checkoutStatusEnum, returnConditionEnum } from './enums';
import { procAssets, procLocations } from './procurement-core';
import { users } from './users';

/**
 * spec §3 asset_checkouts: who has which institutional asset. Active while `returned_at` is
 * empty; overdue when active and `expected_return_at` is in the past (spec §4 Asset checkout).
 */
export const assetCheckouts = pgTable(
  'asset_checkouts',
  {
    id: id(),
    /** The POS product lent; null for a loan of one registered unit (`asset_id`, issue #17). */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    checkedOutAt: timestamptz('checked_out_at').notNull().defaultNow(),
    expectedReturnAt: timestamptz('expected_return_at'),
    returnedAt: timestamptz('returned_at'),
    returnCondition: returnConditionEnum('return_condition'),
    notes: text('notes'),
    /** Return notes, kept apart from the checkout notes so neither overwrites the other. */
    returnNotes: text('return_notes'),
    /** Who lent the asset and who took it back (the signed-in staff member, not the borrower). */
    checkedOutBy: uuid('checked_out_by').references(() => users.id, { onDelete: 'set null' }),
    returnedBy: uuid('returned_by').references(() => users.id, { onDelete: 'set null' }),
    status: checkoutStatusEnum('status').notNull().default('checked_out'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Issue #17: the registered unit lent, so the loan history belongs to that unit. */
    assetId: uuid('asset_id').references(() => procAssets.id, { onDelete: 'restrict' }),
    /** Where the unit was when lent: a return puts it back there unless told otherwise. */
    fromLocationId: uuid('from_location_id').references(() => procLocations.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('asset_checkouts_status_idx').on(t.status),
    index('asset_checkouts_expected_return_at_idx').on(t.expectedReturnAt),
    index('asset_checkouts_product_id_idx').on(t.productId),
    index('asset_checkouts_user_id_idx').on(t.userId),
    // 'returned' and a return time go together.
    check('asset_checkouts_returned_check', sql`(${t.status} = 'returned') = (${t.returnedAt} is not null)`),
    // A loan is of a POS product or of a registered unit.
    check('asset_checkouts_target_check', sql`${t.productId} is not null or ${t.assetId} is not null`),
    index('asset_checkouts_asset_id_idx').on(t.assetId),
    // One open loan per registered unit: the backstop of the conditional UPDATE on proc_assets.
    uniqueIndex('asset_checkouts_open_asset_unique')
      .on(t.assetId)
      .where(sql`${t.returnedAt} is null and ${t.assetId} is not null`),
  ],
);
