import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documentCounters } from '../../db/schema/index';

/**
 * The one statement that moves a document counter (ADR 0026): insert the row at 1, or add one to
 * it, and return the new value, all in SQL inside the caller's transaction. The row lock is held
 * until that transaction ends, so concurrent callers (on any app instance) queue on it, and a
 * rolled-back caller gives its number back.
 */
export async function incrementCounter(tx: DbOrTx, name: string): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ name, lastValue: 1 })
    .onConflictDoUpdate({ target: documentCounters.name, set: { lastValue: sql`${documentCounters.lastValue} + 1` } })
    .returning({ value: documentCounters.lastValue });
  if (!row) throw new Error(`document counter ${name} returned no row`);
  return row.value;
}
