import { type SQL, sql } from 'drizzle-orm';
import { transactions } from '../../db/schema/index';

/**
 * Issue #38 item 3: finding a sale by the 6-character number on its receipt (the id's last 6
 * characters, lower case in the uuid's text form). The index `transactions_day_number_idx` is keyed
 * by the sale's UTC day first and the number second, so a new sale's entry lands among today's
 * entries (a few hot pages) instead of at a random page of every sale ever made: a random page
 * costs a full-page image in the WAL after each checkpoint, about 8 KB per sale on a store with
 * history (ADR 0023). A lookup names every day from the first sale to the last (one index probe
 * per day: a few milliseconds for years of sales; PostgreSQL 18 could skip-scan it, 15 cannot).
 * The day expressions here and in the index (db/schema/pos.ts) must stay the same text.
 */
export function saleNumberIs(numberSuffix: string): SQL {
  return sql`(((${transactions.createdAt} at time zone 'UTC')::date) = any(array(
      select generate_series(
        ((select min(created_at) from transactions) at time zone 'UTC')::date,
        ((select max(created_at) from transactions) at time zone 'UTC')::date,
        interval '1 day')::date))
    and right((${transactions.id})::text, 6) = ${numberSuffix})`;
}
