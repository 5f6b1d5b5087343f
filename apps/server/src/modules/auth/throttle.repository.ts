import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authThrottle } from '../../db/schema/index';

export type ThrottleRow = { failures: number; lockedUntil: Date | null; updatedAt: Date | null };

export async function findThrottle(db: DbOrTx, key: string): Promise<ThrottleRow | null> {
  const rows = await db
    .select({
      failures: authThrottle.failures,
      lockedUntil: authThrottle.lockedUntil,
      updatedAt: authThrottle.updatedAt,
    })
    .from(authThrottle)
    .where(eq(authThrottle.key, key))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Counts one more consecutive failure for a client in a single statement (safe with several app
 * instances). A failure older than `memorySeconds` starts the count again. From `limit` failures
 * on, the client is locked for baseSeconds × 2^(failures − limit), at most maxSeconds.
 */
export async function recordClientFailure(
  db: DbOrTx,
  key: string,
  rule: { limit: number; baseSeconds: number; maxSeconds: number; memorySeconds: number },
): Promise<ThrottleRow> {
  const next = sql`case when ${authThrottle.lastFailureAt} < now() - make_interval(secs => ${rule.memorySeconds}) then 1 else ${authThrottle.failures} + 1 end`;
  const rows = await db
    .insert(authThrottle)
    .values({
      key,
      failures: 1,
      lastFailureAt: sql`now()`,
      lockedUntil: rule.limit <= 1 ? sql`now() + make_interval(secs => ${rule.baseSeconds})` : null,
      updatedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: next,
        lastFailureAt: sql`now()`,
        updatedAt: sql`now()`,
        lockedUntil: sql`case when (${next}) >= ${rule.limit}
          then now() + make_interval(secs => least(${rule.maxSeconds}, ${rule.baseSeconds} * power(2, (${next}) - ${rule.limit})))
          else null end`,
      },
    })
    .returning({
      failures: authThrottle.failures,
      lockedUntil: authThrottle.lockedUntil,
      updatedAt: authThrottle.updatedAt,
    });
  return rows[0] as ThrottleRow;
}

export async function clearThrottle(db: DbOrTx, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/**
 * Store-wide failure counter over a rolling window: `updated_at` marks the window start and the
 * count restarts when the window has passed.
 */
export async function recordStoreFailure(db: DbOrTx, key: string, windowSeconds: number): Promise<ThrottleRow> {
  const stale = sql`${authThrottle.updatedAt} < now() - make_interval(secs => ${windowSeconds})`;
  const rows = await db
    .insert(authThrottle)
    .values({ key, failures: 1, lastFailureAt: sql`now()`, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${stale} then 1 else ${authThrottle.failures} + 1 end`,
        updatedAt: sql`case when ${stale} then now() else ${authThrottle.updatedAt} end`,
        lastFailureAt: sql`now()`,
      },
    })
    .returning({
      failures: authThrottle.failures,
      lockedUntil: authThrottle.lockedUntil,
      updatedAt: authThrottle.updatedAt,
    });
  return rows[0] as ThrottleRow;
}

/**
 * While the store breaker is tripped, one PIN check may run per `spacingSeconds` across the whole
 * store: this claims the next slot atomically. Returns null when the slot is taken, else the row.
 */
export async function claimStoreSlot(db: DbOrTx, key: string, spacingSeconds: number): Promise<boolean> {
  const rows = await db
    .update(authThrottle)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${spacingSeconds})` })
    .where(
      sql`${authThrottle.key} = ${key} and (${authThrottle.lockedUntil} is null or ${authThrottle.lockedUntil} <= now())`,
    )
    .returning({ key: authThrottle.key });
  return rows.length > 0;
}
