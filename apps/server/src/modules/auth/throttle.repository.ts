import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authThrottle } from '../../db/schema/index';

/** What a reservation answers: whether this attempt may go ahead, and the key's state after it. */
export type Reservation = { allowed: boolean; failures: number; lockedUntil: Date | null };

export type LockRule = { limit: number; baseSeconds: number; maxSeconds: number; memorySeconds: number };

const returned = {
  allowed: authThrottle.lastAllowed,
  failures: authThrottle.failures,
  lockedUntil: authThrottle.lockedUntil,
};

/**
 * Reserves one attempt on a key with a growing lock, in one upsert (docs/adr/0008): the count goes
 * up before the PIN is looked at, so attempts fired at once are counted one after the other by
 * the row lock, never read first and written later. While the key is locked the row is left as
 * it is and the attempt refused. Otherwise it counts (an attempt older than `memorySeconds`
 * starts the count again), and from `limit` counted attempts on the key locks for
 * baseSeconds × 2^(count − limit), at most maxSeconds: the attempt that reaches the limit still
 * runs, the next waits. An attempt that turned out not to be a failure (a success, a PIN that was
 * free) is given back with `releaseAttempt`; earlier failures stay until they are forgotten.
 */
export async function reserveAttempt(db: DbOrTx, key: string, rule: LockRule): Promise<Reservation> {
  const locked = sql`(${authThrottle.lockedUntil} is not null and ${authThrottle.lockedUntil} > now())`;
  // Forgotten `memorySeconds` after the last counted attempt or the end of the lock, whichever is
  // later: a lock longer than the memory must not reset the count to a fresh allowance.
  const next = sql`case when greatest(${authThrottle.lastFailureAt}, coalesce(${authThrottle.lockedUntil}, ${authThrottle.lastFailureAt}))
      < now() - make_interval(secs => ${rule.memorySeconds})
    then 1 else ${authThrottle.failures} + 1 end`;
  const lockFor = (count: unknown) =>
    sql`now() + make_interval(secs => least(${rule.maxSeconds}, ${rule.baseSeconds} * power(2, (${count}) - ${rule.limit})))`;
  const rows = await db
    .insert(authThrottle)
    .values({
      key,
      failures: 1,
      lastFailureAt: sql`now()`,
      lockedUntil: rule.limit <= 1 ? lockFor(1) : null,
      updatedAt: sql`now()`,
      lastAllowed: true,
    })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${locked} then ${authThrottle.failures} else ${next} end`,
        lastFailureAt: sql`case when ${locked} then ${authThrottle.lastFailureAt} else now() end`,
        lockedUntil: sql`case when ${locked} then ${authThrottle.lockedUntil}
          when (${next}) >= ${rule.limit} then ${lockFor(next)} else null end`,
        lastAllowed: sql`not ${locked}`,
        updatedAt: sql`now()`,
      },
    })
    .returning(returned);
  return rows[0] as Reservation;
}

/**
 * Gives back an attempt reserved with `reserveAttempt` that was never checked (another limit
 * refused it) or that revealed nothing. Below the limit again, the lock it may have set goes; a
 * row left with nothing counted is deleted.
 */
export async function releaseAttempt(db: DbOrTx, key: string, limit: number): Promise<void> {
  // Only this attempt was counted: the row goes (issue #30 item 4: every sign-in from a new
  // address left a row of nothing behind).
  const gone = await db
    .delete(authThrottle)
    .where(and(eq(authThrottle.key, key), lte(authThrottle.failures, 1)))
    .returning({ key: authThrottle.key });
  if (gone.length > 0) return;
  await db
    .update(authThrottle)
    .set({
      failures: sql`greatest(${authThrottle.failures} - 1, 0)`,
      lockedUntil: sql`case when ${authThrottle.failures} - 1 < ${limit} then null else ${authThrottle.lockedUntil} end`,
    })
    .where(eq(authThrottle.key, key));
}

export type BreakerRule = { windowSeconds: number; threshold: number; spacingSeconds: number };

/**
 * Reserves one attempt on a store-wide breaker, in one upsert: attempts are counted over a rolling
 * window (`updated_at` marks its start; the count restarts when it has passed). Up to `threshold`
 * attempts in the window go ahead; past it, one attempt per `spacingSeconds` claims the slot
 * (`locked_until`) and every other is refused without being counted.
 */
export async function reserveBreakerAttempt(db: DbOrTx, key: string, rule: BreakerRule): Promise<Reservation> {
  const stale = sql`${authThrottle.updatedAt} < now() - make_interval(secs => ${rule.windowSeconds})`;
  const over = sql`(not ${stale} and ${authThrottle.failures} + 1 > ${rule.threshold})`;
  const slotTaken = sql`(${authThrottle.lockedUntil} is not null and ${authThrottle.lockedUntil} > now())`;
  const refused = sql`(${over} and ${slotTaken})`;
  const rows = await db
    .insert(authThrottle)
    .values({ key, failures: 1, lastFailureAt: sql`now()`, updatedAt: sql`now()`, lastAllowed: true })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${stale} then 1 when ${refused} then ${authThrottle.failures} else ${authThrottle.failures} + 1 end`,
        updatedAt: sql`case when ${stale} then now() else ${authThrottle.updatedAt} end`,
        lockedUntil: sql`case when ${stale} then null
          when ${over} and not ${slotTaken} then now() + make_interval(secs => ${rule.spacingSeconds})
          else ${authThrottle.lockedUntil} end`,
        lastFailureAt: sql`now()`,
        lastAllowed: sql`not ${refused}`,
      },
    })
    .returning(returned);
  return rows[0] as Reservation;
}

/** Gives back a breaker attempt that succeeded (the breaker counts failures, not sign-ins). */
export async function releaseBreakerAttempt(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(authThrottle)
    .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
    .where(eq(authThrottle.key, key));
}

/**
 * Reserves one attempt on a daily quota (issue #30 item 4): at most `limit` counted attempts in a
 * window of `windowSeconds` that starts with the first one (`updated_at`); past it every attempt
 * is refused, uncounted, until the window ends (`locked_until`, the Retry-After). No slots: what a
 * quota bounds is one person's (or one address's) guesses per day, not a rate.
 */
export async function reserveQuotaAttempt(
  db: DbOrTx,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<Reservation> {
  const stale = sql`${authThrottle.updatedAt} < now() - make_interval(secs => ${windowSeconds})`;
  const full = sql`(not ${stale} and ${authThrottle.failures} >= ${limit})`;
  const windowEnd = (start: unknown) => sql`${start} + make_interval(secs => ${windowSeconds})`;
  const rows = await db
    .insert(authThrottle)
    .values({
      key,
      failures: 1,
      lastFailureAt: sql`now()`,
      updatedAt: sql`now()`,
      lockedUntil: limit <= 1 ? windowEnd(sql`now()`) : null,
      lastAllowed: true,
    })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${stale} then 1 when ${full} then ${authThrottle.failures} else ${authThrottle.failures} + 1 end`,
        updatedAt: sql`case when ${stale} then now() else ${authThrottle.updatedAt} end`,
        lockedUntil: sql`case when ${stale} then (case when 1 >= ${limit} then ${windowEnd(sql`now()`)} else null end)
          when ${full} then ${authThrottle.lockedUntil}
          when ${authThrottle.failures} + 1 >= ${limit} then ${windowEnd(authThrottle.updatedAt)}
          else null end`,
        lastFailureAt: sql`case when ${full} then ${authThrottle.lastFailureAt} else now() end`,
        lastAllowed: sql`not ${full}`,
      },
    })
    .returning(returned);
  return rows[0] as Reservation;
}

/** A breaker's or quota's state as stored: counted attempts in its window and when that began. */
export async function throttleStates(
  db: DbOrTx,
  keys: string[],
): Promise<{ key: string; failures: number; windowStart: Date; lockedUntil: Date | null }[]> {
  return db
    .select({
      key: authThrottle.key,
      failures: authThrottle.failures,
      windowStart: authThrottle.updatedAt,
      lockedUntil: authThrottle.lockedUntil,
    })
    .from(authThrottle)
    .where(inArray(authThrottle.key, keys));
}

/**
 * Deletes rows that no longer hold anything back (issue #30 item 4: minting left thousands): no
 * lock in force and nothing counted for `olderThanSeconds`, which must outlast every window and
 * memory of the rules.
 */
export async function deleteIdleThrottleRows(db: DbOrTx, olderThanSeconds: number): Promise<number> {
  const cutoff = sql`now() - make_interval(secs => ${olderThanSeconds})`;
  const deleted = await db
    .delete(authThrottle)
    .where(
      and(
        lt(authThrottle.updatedAt, cutoff),
        or(sql`${authThrottle.lastFailureAt} is null`, lt(authThrottle.lastFailureAt, cutoff)),
        or(sql`${authThrottle.lockedUntil} is null`, lt(authThrottle.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ key: authThrottle.key });
  return deleted.length;
}
