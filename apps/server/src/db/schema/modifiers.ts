import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import { categories, products } from './catalog';
import { createdAt, id, money, updatedAt } from './columns';

/**
 * Issue #35 item 1 (docs/adr/0035): a modifier group (Milk, Extras) with how many of its options
 * a line must and may choose. Attached to products (their own list) or to a category (its
 * products without a list of their own).
 */
export const modifierGroups = pgTable(
  'modifier_groups',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull().unique('modifier_groups_name_unique'),
    minChoices: integer('min_choices').notNull().default(0),
    maxChoices: integer('max_choices').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'modifier_groups_choices_check',
      sql`${t.minChoices} >= 0 and ${t.maxChoices} >= 1 and ${t.minChoices} <= ${t.maxChoices}`,
    ),
  ],
);

/** One choice of a group (Oat +0.60). Kept when removed from the group (isActive false): past offline sales name it. */
export const modifierOptions = pgTable(
  'modifier_options',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => modifierGroups.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    price: money('price').notNull().default('0'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check('modifier_options_price_check', sql`${t.price} >= 0`),
    index('modifier_options_group_idx').on(t.groupId),
  ],
);

/** A product's own modifier groups, in the order the till shows them. */
export const productModifierGroups = pgTable(
  'product_modifier_groups',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => modifierGroups.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.groupId] }), index('product_modifier_groups_group_idx').on(t.groupId)],
);

/** A category's modifier groups: those of its products that have none of their own. */
export const categoryModifierGroups = pgTable(
  'category_modifier_groups',
  {
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => modifierGroups.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.groupId] }),
    index('category_modifier_groups_group_idx').on(t.groupId),
  ],
);
