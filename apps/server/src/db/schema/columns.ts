import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, integer, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Column builders shared by every table so the conventions stay in one place:
 * timestamptz everywhere (architecture guide, Data), money numeric(10,2) (spec §9),
 * fractional procurement quantities numeric(12,3).
 */
export const id = () => uuid('id').primaryKey().defaultRandom();

/**
 * A time-ordered id (UUIDv7: 48 bits of Unix milliseconds, then random bits) for the rows the
 * sale path writes (issue #38, docs/adr/0023): consecutive rows land on the right-most page of
 * their indexes instead of a random page each, so a sale after a checkpoint does not log a new
 * full-page image per index. `uuid_v7()` is created by migration 0023: PostgreSQL 18's
 * `uuidv7()`, or the same layout computed from clock_timestamp() and gen_random_uuid() on older
 * servers. Rows written before keep their random ids; the last 6 characters (the receipt's
 * transaction number) stay random.
 */
export const timeOrderedId = () => uuid('id').primaryKey().default(sql`uuid_v7()`);

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

/**
 * Issue #37 (ADR 0036): the cost of one unit of stock, to 4 decimals (a moving average of costs
 * rarely ends on a cent). Money at the API is still cents: reports round Σ quantity × cost.
 */
export const unitCost = (name: string) => numeric(name, { precision: 12, scale: 4 });

/** Issue #37 (ADR 0036): Σ quantity (3 decimals) × unit cost (4 decimals), kept exactly. */
export const stockValue = (name: string) => numeric(name, { precision: 20, scale: 7 });

/** POS stock is a whole number of units. */
export const stockCount = (name: string) => integer(name).notNull().default(0);

/** spec §5 currency codes are 3 characters: upper-case ISO 4217 letters. */
export const currencyCheck = (name: string, column: AnyPgColumn) => check(name, sql`${column} ~ '^[A-Z]{3}$'`);
