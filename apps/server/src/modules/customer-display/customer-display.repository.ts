import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerDisplayPairings, posTerminals } from '../../db/schema/index';
import { pgErrorCode } from '../../lib/db-errors';

/** Who may act for a till: its device and creator (as the heartbeat checks them) and the caller's open shift there. */
export type TillOwner = { deviceId: string | null; createdBy: string | null; onShiftHere: boolean };

export async function tillOwner(db: DbOrTx, terminalId: string, userId: string): Promise<TillOwner | null> {
  const [row] = await db
    .select({
      deviceId: posTerminals.deviceId,
      createdBy: posTerminals.createdBy,
      onShiftHere: sql<boolean>`exists (select 1 from shifts s where s.cashier_id = ${userId}
        and s.is_open and s.terminal_id = pos_terminals.id)`,
    })
    .from(posTerminals)
    .where(eq(posTerminals.id, terminalId));
  return row ? { ...row, onShiftHere: Boolean(row.onShiftHere) } : null;
}

/**
 * A new code for the till (the previous one, if any, stops working); its paired display, if any,
 * stays paired until a code is used or the till unpairs. Null when the code's hash is taken by
 * another till's live code (one in a million: the caller draws another).
 */
export async function storeCode(
  db: DbOrTx,
  terminalId: string,
  codeHash: string,
  ttlSeconds: number,
): Promise<Date | null> {
  const expiresAt = sql`now() + make_interval(secs => ${ttlSeconds})`;
  // An expired code of another till holding this hash is let go first.
  await db
    .update(customerDisplayPairings)
    .set({ codeHash: null, codeExpiresAt: null })
    .where(and(eq(customerDisplayPairings.codeHash, codeHash), sql`${customerDisplayPairings.codeExpiresAt} <= now()`));
  const rows = await db
    .insert(customerDisplayPairings)
    .values({ terminalId, codeHash, codeExpiresAt: expiresAt })
    .onConflictDoUpdate({ target: customerDisplayPairings.terminalId, set: { codeHash, codeExpiresAt: expiresAt } })
    .returning({ expiresAt: customerDisplayPairings.codeExpiresAt })
    .catch((err: unknown) => {
      if (pgErrorCode(err) === '23505') return [];
      throw err;
    });
  return rows[0]?.expiresAt ?? null;
}

/**
 * Uses a code: one conditional update, so of two displays entering the same code one gets the
 * till and the other nothing. The new display's token replaces the old one's (which is revoked).
 */
export async function consumeCode(db: DbOrTx, codeHash: string, tokenHash: string): Promise<string | null> {
  const rows = await db
    .update(customerDisplayPairings)
    .set({ codeHash: null, codeExpiresAt: null, tokenHash, pairedAt: sql`now()` })
    .where(and(eq(customerDisplayPairings.codeHash, codeHash), gt(customerDisplayPairings.codeExpiresAt, sql`now()`)))
    .returning({ terminalId: customerDisplayPairings.terminalId });
  return rows[0]?.terminalId ?? null;
}

/** Whether any till has a code that can still be used (read before a guess is counted). */
export async function anyLiveCode(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ terminalId: customerDisplayPairings.terminalId })
    .from(customerDisplayPairings)
    .where(gt(customerDisplayPairings.codeExpiresAt, sql`now()`))
    .limit(1);
  return rows.length > 0;
}

/** The till a display token is paired to, with the till's last state; null when revoked or unknown. */
export async function displayOfToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      terminalId: customerDisplayPairings.terminalId,
      state: customerDisplayPairings.state,
      stateVersion: customerDisplayPairings.stateVersion,
    })
    .from(customerDisplayPairings)
    .where(eq(customerDisplayPairings.tokenHash, tokenHash));
  return row ?? null;
}

export async function pairingOf(db: DbOrTx, terminalId: string): Promise<{ pairedAt: Date | null } | null> {
  const [row] = await db
    .select({ pairedAt: customerDisplayPairings.pairedAt, tokenHash: customerDisplayPairings.tokenHash })
    .from(customerDisplayPairings)
    .where(eq(customerDisplayPairings.terminalId, terminalId));
  return row?.tokenHash ? { pairedAt: row.pairedAt } : null;
}

/** Unpairs: the display's token and any waiting code go. True when a display was paired. */
export async function unpair(db: DbOrTx, terminalId: string): Promise<boolean> {
  const rows = await db
    .update(customerDisplayPairings)
    .set({ tokenHash: null, pairedAt: null, codeHash: null, codeExpiresAt: null })
    .where(eq(customerDisplayPairings.terminalId, terminalId))
    .returning({ terminalId: customerDisplayPairings.terminalId });
  return rows.length > 0;
}

/**
 * The till's latest display state, the version moved in SQL (last write wins). Answers whether a
 * display is paired (only then is it worth waking the streams).
 */
export async function saveState(db: DbOrTx, terminalId: string, state: unknown): Promise<boolean> {
  const rows = await db
    .insert(customerDisplayPairings)
    .values({ terminalId, state, stateVersion: 1, stateAt: sql`now()` })
    .onConflictDoUpdate({
      target: customerDisplayPairings.terminalId,
      set: { state, stateVersion: sql`${customerDisplayPairings.stateVersion} + 1`, stateAt: sql`now()` },
    })
    .returning({ paired: sql<boolean>`${customerDisplayPairings.tokenHash} is not null` });
  return Boolean(rows[0]?.paired);
}
