import type { TerminalHeartbeat, TerminalStatus } from '@retail-hub/shared';
import type { Db } from '../../db/client';
import { listTerminals, upsertHeartbeat } from './terminals.repository';

/** An installed terminal reports in with what its outbox holds (issue #19). */
export async function recordHeartbeat(
  db: Db,
  userId: string,
  beat: TerminalHeartbeat,
  userAgent: string | null,
): Promise<void> {
  await upsertHeartbeat(db, {
    terminalId: beat.terminalId,
    userId,
    unsyncedCount: beat.unsyncedCount,
    refusedCount: beat.refusedCount ?? 0,
    oldestUnsyncedAt: beat.oldestUnsyncedAt ? new Date(beat.oldestUnsyncedAt) : null,
    userAgent: userAgent ? userAgent.slice(0, 255) : null,
  });
}

/**
 * The terminals a manager sees on the dashboard: those whose sales have not reached the server
 * first; `staleMinutes` is the config's TERMINAL_STALE_MINUTES (default 5, STALE_SYNC_MINUTES).
 */
export async function terminalStatuses(db: Db, staleMinutes: number): Promise<TerminalStatus[]> {
  const rows = await listTerminals(db, staleMinutes);
  return rows.map((r) => ({
    id: r.id,
    userName: [r.firstName, r.lastName].filter(Boolean).join(' ').trim() || null,
    lastSeenAt: r.lastSeenAt.toISOString(),
    lastSyncAt: r.lastSyncAt ? r.lastSyncAt.toISOString() : null,
    unsyncedCount: r.unsyncedCount,
    refusedCount: r.refusedCount,
    oldestUnsyncedAt: r.oldestUnsyncedAt ? r.oldestUnsyncedAt.toISOString() : null,
    stale: Boolean(r.stale),
  }));
}
