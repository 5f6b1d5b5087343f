import { maySetPinOf, outranksOrEquals, type Role } from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { unauthorized } from '../../lib/errors';
import type { AdminContext } from './admin-context';
import { userErrors } from './users.errors';
import { lockUsersForChange } from './users.repository';

/**
 * The rank rules of docs/adr/0005, shared by every administrative change. Checks run on rows
 * locked for the rest of the transaction, in this order: the target exists, it is not the actor
 * (own role or status), the actor outranks or equals the target, and the role granted.
 */

export type LockedUser = Awaited<ReturnType<typeof lockUsersForChange>> extends Map<string, infer Row> ? Row : never;

/** Locks actor and target; the actor's role is re-read under the lock (it may have changed since sign-in). */
export async function lockActorAndTarget(
  tx: DbOrTx,
  ctx: AdminContext,
  targetId: string,
): Promise<{ actorRole: Role; target: LockedUser }> {
  const locked = await lockUsersForChange(tx, [ctx.actor.id, targetId]);
  const actor = locked.get(ctx.actor.id);
  if (!actor?.isActive) throw unauthorized();
  const target = locked.get(targetId);
  if (!target) throw userErrors.notFound();
  return { actorRole: actor.role, target };
}

/** Locks the actor alone (creating a user) and returns their current role. */
export async function lockActor(tx: DbOrTx, ctx: AdminContext): Promise<Role> {
  const actor = (await lockUsersForChange(tx, [ctx.actor.id])).get(ctx.actor.id);
  if (!actor?.isActive) throw unauthorized();
  return actor.role;
}

/** Nobody edits someone above their own level. */
export function assertMayActOn(actorRole: Role, target: { role: Role }): void {
  if (!outranksOrEquals(actorRole, target.role)) throw userErrors.userAboveOwn();
}

/** A PIN only for oneself or someone below (issue #13 item 2): a peer's PIN would let one sign in as them. */
export function assertMaySetPinOf(actor: { id: string; role: Role }, target: { id: string; role: Role }): void {
  if (!maySetPinOf(actor, target)) throw userErrors.pinOfPeer();
}

/** Nobody grants a role above their own level. */
export function assertMayGrant(actorRole: Role, role: Role): void {
  if (!outranksOrEquals(actorRole, role)) throw userErrors.roleAboveOwn();
}

/** After commit: end the target's sessions when their role, status or PIN changed; tell live clients. */
export async function afterUserChange(ctx: AdminContext, targetId: string, endSessions: boolean): Promise<void> {
  if (endSessions) await ctx.sessions.destroyAllForUser(targetId);
  await ctx.events.publish('user.changed', [targetId]);
}
