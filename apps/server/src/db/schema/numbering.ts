import { sql } from 'drizzle-orm';
import { check, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Every gap-free document number (ADR 0026): one row per sequence, written only by
 * `modules/numbering` (`nextNumber`), with `insert … on conflict do update set last_value =
 * last_value + 1 returning` in the transaction that writes the document, so a rolled-back
 * document gives its number back and two writers (on any app instance) queue on the row lock.
 * PostgreSQL sequences are not used: they skip numbers on rollback.
 *
 * Names: `z_report:<store id>` (Z numbers per store, ADR 0024) and `<KIND>:<year>` for the
 * yearly documents (REQ, PO, GRN, JOB, DN, AST; ADR 0013). Only document numbers live here: the
 * sales revision, a cache version, is in `cache_versions`.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    name: varchar('name', { length: 50 }).primaryKey(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [check('document_counters_last_value_check', sql`${t.lastValue} >= 0`)],
);
