import { randomInt } from 'node:crypto';
import { isTrivialPin, type StaffPinBody } from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { tooManyRequests } from '../../lib/errors';
import { hashPin } from '../../lib/pin-hash';
import { ACTIVITY, nameForDetails, recordActivity } from '../activity/index';
import { type AdminContext, activityBy } from './admin-context';
import { afterUserChange, assertMayActOn, assertMaySetPinOf, lockActorAndTarget } from './user-rules';
import { isPinInUse, mapUniqueViolation, userErrors } from './users.errors';
import { pinHashHeldByAnother, updateUser } from './users.repository';

/**
 * PINs (security guide, PINs; docs/adr/0005): exactly 4 digits (the body schema), not trivial,
 * unique among active users, stored only as the keyed hash and never logged or returned, except
 * a generated PIN, which the response carries once.
 *
 * Uniqueness makes every PIN change an oracle: "already in use" says a PIN is taken, an accepted
 * or generated PIN says it is free (issue #13 item 2: 110,000 generations revealed every PIN in
 * use). So every set or generated PIN is reserved on the PIN-change throttle of the acting user
 * and of the store before anything is compared, refusals past it are recorded as
 * `pin_change_throttled`; a chosen PIN is also a PIN attempt of this browser on the sign-in
 * throttle, given back when it was free and kept as a failure (`pin_refused`) when it was taken.
 * And a PIN is set only for oneself or someone of a lower role.
 */

export function assertPinAcceptable(pin: string): string {
  if (isTrivialPin(pin)) throw userErrors.pinTrivial();
  return pin;
}

/** The PIN-change throttle (docs/adr/0005): every set or generated PIN counts, per actor and store-wide. */
export async function reservePinChange(ctx: AdminContext, target: { id: string | null; name: string | null }) {
  const decision = await ctx.throttle.reservePinChange(ctx.actor.id);
  if (decision.allowed) return;
  await recordActivity(
    ctx.db,
    activityBy(ctx, ACTIVITY.pinChangeThrottled, {
      targetUserId: target.id,
      targetName: target.name,
      scope: decision.scope,
      retryAfterSeconds: decision.retryAfterSeconds,
    }),
  );
  throw tooManyRequests(
    `Too many PIN changes. Try again in ${decision.retryAfterSeconds} seconds.`,
    decision.retryAfterSeconds,
  );
}

/** The sign-in throttle gate, before a chosen PIN is compared with anyone's: reserves one attempt. */
export async function assertMayTryPin(ctx: AdminContext): Promise<void> {
  const decision = await ctx.throttle.reserve(ctx.signInClient);
  if (!decision.allowed) {
    throw tooManyRequests(
      `Too many PINs refused. Try again in ${decision.retryAfterSeconds} seconds.`,
      decision.retryAfterSeconds,
    );
  }
}

/** The chosen PIN was not found in use (or never compared): its sign-in attempt is given back. */
export async function pinTryNotRefused(ctx: AdminContext): Promise<void> {
  await ctx.throttle.giveBack(ctx.signInClient);
}

/** Keeps the reserved attempt as a failure, records it, and answers 409 (never saying whose PIN it is). */
export async function refusePinInUse(ctx: AdminContext, target: { id: string | null; name: string }): Promise<never> {
  await recordActivity(
    ctx.db,
    activityBy(ctx, ACTIVITY.pinRefused, { targetUserId: target.id, targetName: target.name, reason: 'in_use' }),
  );
  throw userErrors.pinInUse();
}

const GENERATE_ATTEMPTS = 200;

/** A random, non-trivial PIN no other active user holds (crypto.randomInt: uniform, unpredictable). */
async function generateFreePin(tx: DbOrTx, pepper: string, targetId: string): Promise<string> {
  for (let attempt = 0; attempt < GENERATE_ATTEMPTS; attempt++) {
    const pin = String(randomInt(0, 10_000)).padStart(4, '0');
    if (isTrivialPin(pin)) continue;
    if (!(await pinHashHeldByAnother(tx, hashPin(pepper, pin), targetId))) return pin;
  }
  throw userErrors.noFreePin();
}

export type PinChange = {
  /** Present only when the server generated the PIN: shown once by the screen, never stored in clear. */
  generatedPin?: string;
  /** The actor changed their own PIN: their sessions ended too, so the route issues a fresh one. */
  isOwnPin: boolean;
};

/** spec §7 POST /admin/users/{id}/pin, body pin (or generate). Ends the user's sessions. */
export async function setUserPin(ctx: AdminContext, targetId: string, body: StaffPinBody): Promise<PinChange> {
  const chosen = 'pin' in body ? assertPinAcceptable(body.pin) : null;
  await reservePinChange(ctx, { id: targetId, name: null });
  if (chosen) await assertMayTryPin(ctx);
  let targetName = '';
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const { actorRole, target } = await lockActorAndTarget(tx, ctx, targetId);
      assertMayActOn(actorRole, target);
      assertMaySetPinOf({ id: ctx.actor.id, role: actorRole }, target);
      targetName = nameForDetails(target);
      const pin = chosen ?? (await generateFreePin(tx, ctx.config.pinPepper, target.id));
      const pinHash = hashPin(ctx.config.pinPepper, pin);
      if (chosen && (await pinHashHeldByAnother(tx, pinHash, target.id))) throw userErrors.pinInUse();
      await updateUser(tx, target.id, { pinHash });
      await recordActivity(
        tx,
        activityBy(ctx, ACTIVITY.pinChanged, { targetUserId: target.id, targetName, generated: chosen === null }),
      );
      return { generatedPin: chosen === null ? pin : undefined, isOwnPin: target.id === ctx.actor.id };
    });
    if (chosen) await pinTryNotRefused(ctx);
    await afterUserChange(ctx, targetId, true);
    return result.generatedPin ? result : { isOwnPin: result.isOwnPin };
  } catch (error) {
    const mapped = mapUniqueViolation(error);
    if (chosen && isPinInUse(mapped)) return refusePinInUse(ctx, { id: targetId, name: targetName });
    if (chosen) await pinTryNotRefused(ctx);
    throw mapped;
  }
}
