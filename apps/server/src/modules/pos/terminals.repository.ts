import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { posTerminals, users } from '../../db/schema/index';

/** A sale of this terminal reached the server: its last sync is now (the server's clock). */
export async function markTerminalSynced(db: DbOrTx, terminalId: string): Promise<void> {
  await db.update(posTerminals).set({ lastSyncAt: sql`now()` }).where(eq(posTerminals.id, terminalId));
}

export type HeartbeatValues = {
  terminalId: string;
  userId: string;
  deviceId: string | null;
  unsyncedCount: number;
  refusedCount: number;
  oldestUnsyncedAt: Date | null;
  userAgent: string | null;
};

/** The terminal's owner, its row locked for the rest of the transaction; null when it is new. */
export async function lockTerminalOwner(
  tx: DbOrTx,
  terminalId: string,
): Promise<{ createdBy: string | null; deviceId: string | null } | null> {
  const [row] = await tx
    .select({ createdBy: posTerminals.createdBy, deviceId: posTerminals.deviceId })
    .from(posTerminals)
    .where(eq(posTerminals.id, terminalId))
    .for('update');
  return row ?? null;
}

/**
 * Holds the user's row until the transaction ends, so the same user's new terminals are counted
 * and created one at a time (the bound cannot be raced past). NO KEY UPDATE: foreign-key checks
 * against the row are not blocked.
 */
export async function lockUserForTerminals(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for no key update`);
}

/** Terminals `userId` created that were seen in the last 30 days (the list's window). */
export async function countRecentTerminalsOf(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(posTerminals)
    .where(and(eq(posTerminals.createdBy, userId), sql`${posTerminals.lastSeenAt} > now() - interval '30 days'`));
  return Number(row?.n ?? 0);
}

/**
 * Forgets the user's least recently seen terminal that holds nothing (no unsynced and no refused
 * sales); false when every one of them holds something. The caller holds the user's row lock.
 */
export async function forgetOldestIdleTerminalOf(tx: DbOrTx, userId: string): Promise<boolean> {
  const [oldest] = await tx
    .select({ id: posTerminals.id })
    .from(posTerminals)
    .where(and(eq(posTerminals.createdBy, userId), eq(posTerminals.unsyncedCount, 0), eq(posTerminals.refusedCount, 0)))
    .orderBy(asc(posTerminals.lastSeenAt))
    .limit(1);
  if (!oldest) return false;
  await tx.delete(posTerminals).where(eq(posTerminals.id, oldest.id));
  return true;
}

/** A new terminal reports in for the first time: it belongs to this user and device. */
export async function insertTerminal(tx: DbOrTx, beat: HeartbeatValues): Promise<void> {
  await tx.insert(posTerminals).values({
    id: beat.terminalId,
    userId: beat.userId,
    createdBy: beat.userId,
    deviceId: beat.deviceId,
    unsyncedCount: beat.unsyncedCount,
    refusedCount: beat.refusedCount,
    oldestUnsyncedAt: beat.oldestUnsyncedAt,
    userAgent: beat.userAgent,
    lastSyncAt: beat.unsyncedCount === 0 ? sql`now()` : null,
  });
}

/**
 * A known terminal reports in (issue #19): seen now; with nothing left to send it is also synced
 * now. A terminal recorded before it had a device takes the reporting one's; `rebind` (its
 * creator on a new device) moves it to the reporting device.
 */
export async function updateTerminal(tx: DbOrTx, beat: HeartbeatValues, rebind = false): Promise<void> {
  await tx
    .update(posTerminals)
    .set({
      userId: beat.userId,
      lastSeenAt: sql`now()`,
      unsyncedCount: beat.unsyncedCount,
      refusedCount: beat.refusedCount,
      oldestUnsyncedAt: beat.oldestUnsyncedAt,
      userAgent: beat.userAgent,
      deviceId: rebind ? beat.deviceId : sql`coalesce(${posTerminals.deviceId}, ${beat.deviceId})`,
      lastSyncAt: beat.unsyncedCount === 0 ? sql`now()` : sql`${posTerminals.lastSyncAt}`,
    })
    .where(eq(posTerminals.id, beat.terminalId));
}

/** Terminals seen in the last 30 days, those holding unsynced sales first. */
export async function listTerminals(db: DbOrTx, staleMinutes: number) {
  return db
    .select({
      id: posTerminals.id,
      firstName: users.firstName,
      lastName: users.lastName,
      lastSeenAt: posTerminals.lastSeenAt,
      lastSyncAt: posTerminals.lastSyncAt,
      unsyncedCount: posTerminals.unsyncedCount,
      refusedCount: posTerminals.refusedCount,
      oldestUnsyncedAt: posTerminals.oldestUnsyncedAt,
      stale: sql<boolean>`(${posTerminals.unsyncedCount} + ${posTerminals.refusedCount} > 0 and
        coalesce(${posTerminals.lastSyncAt}, ${posTerminals.createdAt}) < now() - make_interval(secs => ${staleMinutes * 60}::float8))`,
    })
    .from(posTerminals)
    .leftJoin(users, eq(users.id, posTerminals.userId))
    .where(sql`${posTerminals.lastSeenAt} > now() - interval '30 days'`)
    .orderBy(desc(sql`${posTerminals.unsyncedCount} + ${posTerminals.refusedCount} > 0`), desc(posTerminals.lastSeenAt))
    .limit(200);
}
