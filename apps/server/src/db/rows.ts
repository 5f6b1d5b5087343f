import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * The rows of a raw `db.execute`, the one helper for it (issue #33 item 1): node-postgres and
 * PGlite answer `{ rows }`, and some paths an array.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] } | null)?.rows ?? [];
}

/** Runs a raw statement and answers its rows. */
export async function rows<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Runs a raw statement and answers its first row, if any. */
export async function firstRow<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T | undefined> {
  return (await rows<T>(db, query))[0];
}
