import type { TerminalHeartbeat, TerminalStatus } from '@retail-hub/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  countRecentTerminalsOf,
  forgetOldestIdleTerminalOf,
  type HeartbeatValues,
  insertTerminal,
  listTerminals,
  lockTerminalOwner,
  lockUserForTerminals,
  updateTerminal,
} from './terminals.repository';

/**
 * Issue #30 item 11: how many terminals one user keeps among those seen in the last 30 days. A
 * till is one browser; a cashier works a few of them, never hundreds. A new one past the bound
 * takes the place of the user's least recently seen terminal that holds nothing (a browser whose
 * data was cleared, a tablet replaced), so real tills are never refused and rows stay bounded; only
 * when every one of them holds unsynced or refused sales is the new one refused (429).
 */
export const MAX_TERMINALS_PER_USER = 10;

export const terminalErrors = {
  notYours: () =>
    new AppError(403, 'pos.terminal_not_yours', 'This terminal belongs to another device: it cannot report for it.'),
  tooMany: () =>
    new AppError(
      429,
      'pos.too_many_terminals',
      `Your ${MAX_TERMINALS_PER_USER} terminals all hold sales the server does not have: ask a manager to check them.`,
    ),
};

/**
 * An installed terminal reports in with what its outbox holds (issue #19). Issue #30 item 11: a
 * terminal id belongs to the device and user that first reported it. A known terminal is updated
 * from its device (the signed device cookie: anyone signed in on that till) or by the user who
 * created it (from a new device the terminal moves there); anyone else gets 403 and nothing
 * changes. A new
 * terminal counts against its user's bound (429 beyond it), under a lock on the user's row.
 */
export async function recordHeartbeat(
  db: Db,
  userId: string,
  beat: TerminalHeartbeat,
  userAgent: string | null,
  deviceId: string | null = null,
): Promise<void> {
  const values: HeartbeatValues = {
    terminalId: beat.terminalId,
    userId,
    deviceId,
    unsyncedCount: beat.unsyncedCount,
    refusedCount: beat.refusedCount ?? 0,
    oldestUnsyncedAt: beat.oldestUnsyncedAt ? new Date(beat.oldestUnsyncedAt) : null,
    userAgent: userAgent ? userAgent.slice(0, 255) : null,
  };
  await db.transaction(async (tx) => {
    // The user's lock first, then the terminal's: two first heartbeats of one new terminal queue
    // here and the second finds the row the first created.
    await lockUserForTerminals(tx, userId);
    const owner = await lockTerminalOwner(tx, beat.terminalId);
    if (owner) {
      const sameDevice = owner.deviceId !== null && owner.deviceId === deviceId;
      // Its creator may report from a new device cookie (the old one cleared, the outbox kept):
      // the terminal follows them there. Anyone else only from the terminal's own device.
      const creator = owner.createdBy === userId;
      if (!sameDevice && !creator) throw terminalErrors.notYours();
      await updateTerminal(tx, values, creator && deviceId !== null);
      return;
    }
    if (
      (await countRecentTerminalsOf(tx, userId)) >= MAX_TERMINALS_PER_USER &&
      !(await forgetOldestIdleTerminalOf(tx, userId))
    ) {
      throw terminalErrors.tooMany();
    }
    await insertTerminal(tx, values);
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
