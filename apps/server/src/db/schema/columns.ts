import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, integer, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Column builders shared by every table so the conventions stay in one place:
 * timestamptz everywhere (architecture guide, Data), money numeric(10,2) (spec §9),
 * fractional procurement quantities numeric(12,3).
 */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** A timestamptz read as a JS Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** Set by the database on insert and by Drizzle on every update. */
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** spec §9: money is decimal(10,2); read and written as a 2-decimal string, computed in integer cents. */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2 });

/** spec §9: tax rate decimal(5,2), a percentage such as 12.50. */
export const taxRate = (name: string) => numeric(name, { precision: 5, scale: 2 });

/** spec §9: hours decimal(5,2). */
export const hours = (name: string) => numeric(name, { precision: 5, scale: 2 });

/** Procurement quantities allow a fractional unit of measure (2.5 kg, 0.75 m). */
export const quantity = (name: string) => numeric(name, { precision: 12, scale: 3 });

/** POS stock is a whole number of units. */
export const stockCount = (name: string) => integer(name).notNull().default(0);

/** spec §5 currency codes are 3 characters: upper-case ISO 4217 letters. */
export const currencyCheck = (name: string, column: AnyPgColumn) => check(name, sql`${column} ~ '^[A-Z]{3}$'`);
