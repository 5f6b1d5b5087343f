import { ERROR_CODES, type HeldSale, type HoldSaleBody, type SessionUser } from '@retail-hub/shared';
import { ApiError, isAuthError, serverMessage } from '@/lib/api-client';
import { isUnreachable } from '@/lib/offline-bridge';
import { type OfflineHeldSale, terminalDatabase } from './db';

/**
 * Issue #35 item 3 (docs/adr/0032): held sales while the server cannot be reached. A cart held
 * offline is kept in the terminal's IndexedDB (it outlives a reload and the outage), listed and
 * resumable on this terminal only, and sent under its own id when the server answers again.
 */

const SHIFT_REQUIRED = ERROR_CODES.shiftRequired;

function fullName(user: SessionUser): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || null;
}

/** Keeps a held cart on this terminal. Throws when there is no IndexedDB (the cart stays on screen). */
export async function keepHeldSaleOffline(
  body: HoldSaleBody & { id: string; heldAt: string },
  user: SessionUser,
): Promise<OfflineHeldSale> {
  const db = terminalDatabase();
  if (!db) throw new Error('This browser cannot keep held sales offline');
  const row: OfflineHeldSale = {
    id: body.id,
    body,
    userId: user.id,
    cashierName: fullName(user),
    status: 'pending',
    lastError: null,
  };
  await db.heldSales.put(row);
  return row;
}

/** The held carts this terminal keeps, oldest first, as the list shows a held sale. */
export async function offlineHeldSales(): Promise<Array<HeldSale & { offline: true; lastError: string | null }>> {
  const db = terminalDatabase();
  if (!db) return [];
  const rows = await db.heldSales.toArray();
  return rows
    .map((r) => ({
      id: r.id,
      storeId: '',
      shiftId: 0,
      terminalId: r.body.terminalId ?? null,
      label: r.body.label,
      lines: r.body.lines,
      discount: r.body.discount ?? null,
      createdBy: r.userId,
      createdByName: r.cashierName,
      createdAt: r.body.heldAt,
      offline: true as const,
      lastError: r.lastError,
    }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Resumes a cart held on this terminal: taken out of IndexedDB (null when it is gone). */
export async function takeOfflineHeldSale(id: string): Promise<OfflineHeldSale | null> {
  const db = terminalDatabase();
  if (!db) return null;
  return db.transaction('rw', db.heldSales, async () => {
    const row = await db.heldSales.get(id);
    // Being sent to the server right now: it will be on the server's list (resumed from there).
    if (!row || row.status === 'sending') return null;
    await db.heldSales.delete(id);
    return row;
  });
}

/**
 * Sends the pending held carts of `userId` (oldest first) with `send` (POST /api/held-sales): each is
 * claimed ('sending', so it can't be resumed here meanwhile) in one IndexedDB transaction first. Sent
 * ones leave IndexedDB; a refusal is kept with its message; an unreachable server, a signed-out
 * session or no open shift yet puts it back and stops the run. Another person's carts wait for them.
 * Returns how many were sent.
 */
export async function sendOfflineHeldSales(
  send: (body: HoldSaleBody) => Promise<unknown>,
  userId: string,
): Promise<number> {
  const db = terminalDatabase();
  if (!db) return 0;
  const pending = (await db.heldSales.where('status').equals('pending').toArray())
    .filter((r) => r.userId === userId)
    .sort((a, b) => a.body.heldAt.localeCompare(b.body.heldAt));
  let sent = 0;
  for (const candidate of pending) {
    const row = await db.transaction('rw', db.heldSales, async () => {
      const current = await db.heldSales.get(candidate.id);
      if (current?.status !== 'pending') return null;
      await db.heldSales.update(candidate.id, { status: 'sending' });
      return current;
    });
    if (!row) continue;
    try {
      await send(row.body);
      await db.heldSales.delete(row.id);
      sent += 1;
    } catch (error) {
      // Unreachable, signed out, or no shift open yet: tried again later, never marked refused for that.
      const later =
        isUnreachable(error) ||
        isAuthError(error) ||
        (error instanceof ApiError && error.body?.code === SHIFT_REQUIRED);
      if (later) {
        await db.heldSales.update(row.id, { status: 'pending' });
        break;
      }
      const message = error instanceof ApiError ? (serverMessage(error) ?? error.message) : String(error);
      await db.heldSales.update(row.id, { status: 'refused', lastError: message });
    }
  }
  return sent;
}
