import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { posTerminals, users } from '../../db/schema/index';

/** A sale of this terminal reached the server: its last sync is now (the server's clock). */
export async function markTerminalSynced(db: DbOrTx, terminalId: string): Promise<void> {
  await db.update(posTerminals).set({ lastSyncAt: sql`now()` }).where(eq(posTerminals.id, terminalId));
}

/**
 * A terminal reports in (issue #19). Seen now; with nothing left to send it is also synced now.
 * One upsert: two heartbeats racing cannot create two rows.
 */
export async function upsertHeartbeat(
  db: DbOrTx,
  beat: {
    terminalId: string;
    userId: string;
    unsyncedCount: number;
    refusedCount: number;
    oldestUnsyncedAt: Date | null;
    userAgent: string | null;
  },
): Promise<void> {
  const synced = beat.unsyncedCount === 0;
  await db
    .insert(posTerminals)
    .values({
      id: beat.terminalId,
      userId: beat.userId,
      unsyncedCount: beat.unsyncedCount,
      refusedCount: beat.refusedCount,
      oldestUnsyncedAt: beat.oldestUnsyncedAt,
      userAgent: beat.userAgent,
      lastSyncAt: synced ? sql`now()` : null,
    })
    .onConflictDoUpdate({
      target: posTerminals.id,
      set: {
        userId: beat.userId,
        lastSeenAt: sql`now()`,
        unsyncedCount: beat.unsyncedCount,
        refusedCount: beat.refusedCount,
        oldestUnsyncedAt: beat.oldestUnsyncedAt,
        userAgent: beat.userAgent,
        lastSyncAt: synced ? sql`now()` : sql`${posTerminals.lastSyncAt}`,
      },
    });
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
