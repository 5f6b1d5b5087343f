import { randomInt } from 'node:crypto';
import { isTrivialPin, type StaffPinBody } from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { tooManyRequests } from '../../lib/errors';
import { hashPin } from '../../lib/pin-hash';
import { ACTIVITY, nameForDetails, recordActivity } from '../activity/activity.service';
import { type AdminContext, activityBy } from './admin-context';
import { afterUserChange, assertMayActOn, lockActorAndTarget } from './user-rules';
import { isPinInUse, mapUniqueViolation, userErrors } from './users.errors';
import { pinHashHeldByAnother, updateUser } from './users.repository';

/**
 * PINs (security guide, PINs; docs/adr/0005): exactly 4 digits (the body schema), not trivial,
 * unique among active users, stored only as the keyed hash and never logged or returned, except
 * a generated PIN, which the response carries once.
 *
 * Uniqueness makes "that PIN is already in use" an oracle: an administrator could learn a
 * colleague's PIN by trying PINs on a cashier. So a chosen PIN is checked only after the same
 * throttle sign-in uses lets this client try, and each refusal counts as a failed PIN attempt
 * (and is recorded as `pin_refused`). Generating a PIN reveals nothing and is not throttled.
 */

export function assertPinAcceptable(pin: string): string {
  if (isTrivialPin(pin)) throw userErrors.pinTrivial();
  return pin;
}

/** The sign-in throttle gate, before a chosen PIN is compared with anyone's. */
export async function assertMayTryPin(ctx: AdminContext): Promise<void> {
  const decision = await ctx.throttle.check(ctx.ipAddress ?? 'unknown');
  if (!decision.allowed) {
    throw tooManyRequests(
      `Too many PINs refused. Try again in ${decision.retryAfterSeconds} seconds.`,
      decision.retryAfterSeconds,
    );
  }
}

/** Counts the refusal like a failed PIN attempt, records it, and answers 409 (never saying whose PIN it is). */
export async function refusePinInUse(ctx: AdminContext, target: { id: string | null; name: string }): Promise<never> {
  await ctx.throttle.recordFailure(ctx.ipAddress ?? 'unknown');
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
  if (chosen) await assertMayTryPin(ctx);
  let targetName = '';
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const { actorRole, target } = await lockActorAndTarget(tx, ctx, targetId);
      assertMayActOn(actorRole, target);
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
    await afterUserChange(ctx, targetId, true);
    return result.generatedPin ? result : { isOwnPin: result.isOwnPin };
  } catch (error) {
    const mapped = mapUniqueViolation(error);
    if (chosen && isPinInUse(mapped)) return refusePinInUse(ctx, { id: targetId, name: targetName });
    throw mapped;
  }
}
