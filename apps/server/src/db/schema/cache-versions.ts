import { sql } from 'drizzle-orm';
import { check, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Version numbers of caches that several app instances keep (ADR 0007, ADR 0026): one row per
 * cache, bumped in the transaction of the change that makes the cache stale. Not document
 * numbers: a version may skip (a rolled-back bump is simply not seen). Written only by
 * `modules/analytics` (`sales_revision`: every change to a recorded sale).
 */
export const cacheVersions = pgTable(
  'cache_versions',
  {
    name: varchar('name', { length: 50 }).primaryKey(),
    version: integer('version').notNull().default(0),
  },
  (t) => [check('cache_versions_version_check', sql`${t.version} >= 0`)],
);
