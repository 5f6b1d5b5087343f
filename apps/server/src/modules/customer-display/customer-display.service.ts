import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  CUSTOMER_DISPLAY_CODE_LENGTH,
  CUSTOMER_DISPLAY_CODE_TTL_SECONDS,
  type CustomerDisplayCode,
  type CustomerDisplayState,
  can,
  customerDisplayStateSchema,
  idleDisplayState,
} from '@retail-hub/shared';
import type { Db } from '../../db/client';
import { AppError, notFound, tooManyRequests } from '../../lib/errors';
import type { AuthUser } from '../../types';
import {
  anyLiveCode,
  consumeCode,
  displayOfToken,
  pairingOf,
  saveState,
  storeCode,
  tillOwner,
  unpair,
} from './customer-display.repository';

/**
 * Issue #36 item 4 (docs/adr/0033, Pairing a tablet): a customer display on another device. The
 * till asks for a code, the tablet sends it and gets a credential (a random token in an HttpOnly
 * cookie, kept hashed) that reads that till's display stream and nothing else.
 */
export type DisplayDeps = {
  db: Db;
  /** The key codes are hashed under (the session secret): a copy of the table does not give the codes. */
  secret: string;
  events: { publishDisplay(terminalId: string): Promise<void> };
  throttle: { reserveDisplayCode(): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> };
  throttleSucceeded(): Promise<void>;
};

/** The till as it calls: who is signed in and which browser (its device cookie id). */
export type TillCaller = { user: AuthUser; deviceId: string | null };

export const displayErrors = {
  notYours: () =>
    new AppError(403, 'display.terminal_not_yours', "This till is another device's: pair a display from that till."),
  noShift: () =>
    new AppError(403, 'display.no_shift', 'Start a shift at this till (or ask a manager) to pair a customer display.'),
  wrongCode: () =>
    new AppError(400, 'display.wrong_code', 'That code is not right or has expired: ask for a new one at the till.', {
      errors: { code: 'That code is not right or has expired' },
    }),
  throttled: (seconds: number) => tooManyRequests(`Too many wrong codes. Try again in ${seconds} seconds.`, seconds),
};

const codeHash = (deps: DisplayDeps, code: string) =>
  createHmac('sha256', deps.secret).update(`display-code:${code}`).digest('hex');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The till's own browser (its device cookie, as the heartbeat checks it) or the user who created
 * it; with `pairing`, also a manager or the cashier whose open shift is at this till.
 */
async function checkTill(deps: DisplayDeps, terminalId: string, caller: TillCaller, pairing: boolean): Promise<void> {
  const owner = await tillOwner(deps.db, terminalId, caller.user.id);
  if (!owner) throw notFound('Terminal', 'display.terminal_not_found');
  const sameDevice = owner.deviceId !== null && owner.deviceId === caller.deviceId;
  if (!sameDevice && owner.createdBy !== caller.user.id) throw displayErrors.notYours();
  if (pairing && !owner.onShiftHere && !can(caller.user.role, 'pos.approve')) throw displayErrors.noShift();
}

/** POST /api/terminals/:id/display-code: a new 6-digit code, single use, valid 5 minutes. */
export async function mintDisplayCode(
  deps: DisplayDeps,
  terminalId: string,
  caller: TillCaller,
): Promise<CustomerDisplayCode> {
  await checkTill(deps, terminalId, caller, true);
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = String(randomInt(0, 10 ** CUSTOMER_DISPLAY_CODE_LENGTH)).padStart(CUSTOMER_DISPLAY_CODE_LENGTH, '0');
    const expiresAt = await storeCode(deps.db, terminalId, codeHash(deps, code), CUSTOMER_DISPLAY_CODE_TTL_SECONDS);
    if (expiresAt) return { code, expiresAt: expiresAt.toISOString() };
  }
  throw new AppError(503, 'display.no_code', 'Could not make a pairing code. Please try again.');
}

/**
 * POST /api/display/pair: the tablet's code. Throttled for the whole installation before the code
 * is looked at. The code is compared as its keyed hash in one conditional update (single use; the
 * time it takes says nothing about the code). Answers the new display token.
 */
export async function pairDisplay(deps: DisplayDeps, code: string): Promise<{ terminalId: string; token: string }> {
  // No till has a code to use: nothing can be guessed, so the attempt is not counted (a stranger
  // typing codes while nobody pairs cannot lock pairing out for the installation; ADR 0033 §9).
  if (!(await anyLiveCode(deps.db))) throw displayErrors.wrongCode();
  const decision = await deps.throttle.reserveDisplayCode();
  if (!decision.allowed) throw displayErrors.throttled(decision.retryAfterSeconds);
  const token = randomBytes(32).toString('base64url');
  const terminalId = await consumeCode(deps.db, codeHash(deps, code), tokenHash(token));
  if (!terminalId) throw displayErrors.wrongCode();
  await deps.throttleSucceeded();
  // The display paired before (if any) is revoked: its stream hears this and ends.
  await deps.events.publishDisplay(terminalId);
  return { terminalId, token };
}

export async function displayPairing(deps: DisplayDeps, terminalId: string, caller: TillCaller) {
  await checkTill(deps, terminalId, caller, false);
  const pairing = await pairingOf(deps.db, terminalId);
  return { paired: pairing !== null, pairedAt: pairing?.pairedAt?.toISOString() ?? null };
}

/** DELETE /api/terminals/:id/display: anyone at the till may unpair (it only takes access away). */
export async function unpairDisplay(deps: DisplayDeps, terminalId: string, caller: TillCaller) {
  await checkTill(deps, terminalId, caller, false);
  if (await unpair(deps.db, terminalId)) await deps.events.publishDisplay(terminalId);
  return { paired: false, pairedAt: null };
}

/** PUT /api/terminals/:id/display/state: the till's latest state; its paired display is woken. */
export async function publishDisplayState(
  deps: DisplayDeps,
  terminalId: string,
  caller: TillCaller,
  state: CustomerDisplayState,
): Promise<void> {
  await checkTill(deps, terminalId, caller, false);
  if (await saveState(deps.db, terminalId, state)) await deps.events.publishDisplay(terminalId);
}

/** What a display token may read: its till's id and latest state (idle when the till sent none). */
export async function displayForToken(
  deps: Pick<DisplayDeps, 'db'>,
  token: string | undefined,
): Promise<{ terminalId: string; state: CustomerDisplayState; version: number } | null> {
  if (!token || token.length > 100) return null;
  const row = await displayOfToken(deps.db, tokenHash(token));
  if (!row) return null;
  const parsed = customerDisplayStateSchema.safeParse(row.state);
  return {
    terminalId: row.terminalId,
    state: parsed.success ? parsed.data : idleDisplayState(null),
    version: row.stateVersion,
  };
}
