import { sql } from 'drizzle-orm';
import { check, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, taxRate, updatedAt } from './columns';

/**
 * Issue #34 item 2 (ADR 0030): the sales tax rates a manager keeps (GST 10.00, Zero-rated 0.00,
 * Exempt 0.00 …). A category names its rate and a product may override it
 * (`categories.tax_rate_id`, `products.tax_rate_id`); neither means 0%. A sale line copies the rate
 * it was charged at (`transaction_items.tax_rate`), so a refund never reads this table.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull().unique('tax_rates_name_unique'),
    /** A percentage with 2 decimals (spec §9 precision 5,2); 0 for zero-rated or exempt. */
    rate: taxRate('rate').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('tax_rates_rate_check', sql`${t.rate} >= 0 and ${t.rate} <= 100`)],
);
