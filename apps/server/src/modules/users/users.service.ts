import type { Role, StaffCreateBody, StaffUpdateBody, UserRemovalResult, UserSummary } from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { hashPin } from '../../lib/pin-hash';
import type { AuthUser } from '../../types';
import { ACTIVITY, hasAnyActivity, nameForDetails, recordActivity } from '../activity/index';
import { type AdminContext, activityBy } from './admin-context';
import {
  assertMayTryPin,
  assertPinAcceptable,
  pinTryNotRefused,
  refusePinInUse,
  reservePinChange,
} from './user-pin.service';
import {
  afterUserChange,
  assertMayActOn,
  assertMayGrant,
  assertMaySetPinOf,
  lockActor,
  lockActorAndTarget,
} from './user-rules';
import { isPinInUse, isStillReferenced, mapUniqueViolation, userErrors } from './users.errors';
import {
  countUsers,
  deleteUserRow,
  findActiveUserByPinHash,
  findActiveUsersByEmails,
  insertUser,
  listUsers,
  pinHashHeldByAnother,
  setProcDepartment,
  type UserPatch,
  type UserRow,
  updateUser,
} from './users.repository';

/**
 * User administration (spec §5 Users and roles, §6; docs/adr/0005). Every change runs in a
 * transaction that first locks the actor's and the target's rows, then checks, in this order:
 * the target exists, it is not the actor (own role/status), the actor outranks or equals the
 * target, the actor outranks or equals the role granted. After commit the target's sessions end
 * (role, status, PIN: security guide) and `user.changed` goes to live clients.
 */

export function toUserSummary(row: UserRow): UserSummary {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    isActive: row.isActive,
    department: row.department,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUserSummaries(db: DbOrTx): Promise<UserSummary[]> {
  return (await listUsers(db)).map(toUserSummary);
}

export function totalUsers(db: DbOrTx): Promise<number> {
  return countUsers(db);
}

/** spec §7 PATCH/PUT /api/users/{id}/role. */
export async function changeUserRole(ctx: AdminContext, targetId: string, role: Role): Promise<UserSummary> {
  const { row, changed } = await ctx.db.transaction(async (tx) => {
    const { actorRole, target } = await lockActorAndTarget(tx, ctx, targetId);
    if (target.id === ctx.actor.id) throw userErrors.ownRole();
    assertMayActOn(actorRole, target);
    assertMayGrant(actorRole, role);
    if (target.role === role) return { row: target, changed: false };
    const updated = await updateUser(tx, target.id, { role });
    await recordActivity(
      tx,
      activityBy(ctx, ACTIVITY.roleChanged, {
        targetUserId: target.id,
        targetName: nameForDetails(target),
        from: target.role,
        to: role,
      }),
    );
    return { row: updated, changed: true };
  });
  if (changed) await afterUserChange(ctx, targetId, true);
  return toUserSummary(row);
}

/** spec §7 PUT /api/users/{id}/status and the staff screen's Disable/Enable and Delete. */
export async function changeUserStatus(ctx: AdminContext, targetId: string, isActive: boolean): Promise<UserSummary> {
  const { row, changed } = await ctx.db
    .transaction(async (tx) => {
      const { actorRole, target } = await lockActorAndTarget(tx, ctx, targetId);
      if (target.id === ctx.actor.id) throw userErrors.ownStatus();
      assertMayActOn(actorRole, target);
      if (target.isActive === isActive) return { row: target, changed: false };
      // Enabling someone whose PIN an active colleague now holds would make sign-in ambiguous.
      if (isActive && target.pinHash && (await pinHashHeldByAnother(tx, target.pinHash, target.id))) {
        throw userErrors.pinClashOnEnable();
      }
      const updated = await updateUser(tx, target.id, { isActive });
      await recordActivity(
        tx,
        activityBy(ctx, ACTIVITY.statusChanged, {
          targetUserId: target.id,
          targetName: nameForDetails(target),
          from: target.isActive,
          to: isActive,
        }),
      );
      return { row: updated, changed: true };
    })
    .catch((error: unknown) => {
      // A colleague took the PIN between the check and the write: the same answer as the check's.
      throw isPinInUse(mapUniqueViolation(error)) ? userErrors.pinClashOnEnable() : error;
    });
  if (changed) await afterUserChange(ctx, targetId, true);
  return toUserSummary(row);
}

/**
 * spec §7 DELETE /api/users/{id}; spec §6 'Remove User' only for cashiers other than oneself.
 * A user with any history (a sale, a shift, an expense, a checkout, a recorded sign-in) is
 * deactivated instead: their records keep pointing at them and nothing is ever deleted with them.
 */
export async function removeUser(ctx: AdminContext, targetId: string): Promise<UserRemovalResult> {
  const { outcome, target } = await ctx.db.transaction(async (tx) => {
    const { target } = await lockActorAndTarget(tx, ctx, targetId);
    if (target.id === ctx.actor.id) throw userErrors.ownRemoval();
    if (target.role !== 'cashier') throw userErrors.cashiersOnly();
    let outcome: UserRemovalResult['outcome'] = 'deactivated';
    if (!(await hasAnyActivity(tx, target.id))) {
      try {
        // A savepoint: a foreign key from a sale or a shift refuses the delete without aborting the transaction.
        await tx.transaction(async (savepoint) => deleteUserRow(savepoint, target.id));
        outcome = 'deleted';
      } catch (error) {
        if (!isStillReferenced(error)) throw error;
      }
    }
    if (outcome === 'deactivated' && target.isActive) await updateUser(tx, target.id, { isActive: false });
    await recordActivity(
      tx,
      activityBy(ctx, ACTIVITY.userRemoved, { targetUserId: target.id, targetName: nameForDetails(target), outcome }),
    );
    return { outcome, target };
  });
  await afterUserChange(ctx, target.id, outcome === 'deactivated');
  return {
    outcome,
    message:
      outcome === 'deleted'
        ? `${nameForDetails(target)} was removed.`
        : `${nameForDetails(target)} has history, so they were deactivated instead: their sales and records are kept.`,
  };
}

/** spec §7 POST /admin/users. A PIN given here follows the same rules as Set PIN. */
export async function createStaffUser(ctx: AdminContext, body: StaffCreateBody): Promise<UserSummary> {
  assertMayGrant(ctx.actor.role, body.role);
  let pinHash: string | null = null;
  if (body.pin) {
    assertPinAcceptable(body.pin);
    assertMaySetPinOf(ctx.actor, { id: '', role: body.role });
    // The same gates as Set PIN (docs/adr/0005): a PIN given at creation is as much an oracle.
    await reservePinChange(ctx, { id: null, name: nameForDetails(body) });
    await assertMayTryPin(ctx);
    pinHash = hashPin(ctx.config.pinPepper, body.pin);
    if (await pinHashHeldByAnother(ctx.db, pinHash, null)) {
      await refusePinInUse(ctx, { id: null, name: nameForDetails(body) });
    }
    await pinTryNotRefused(ctx);
  }
  const row = await ctx.db
    .transaction(async (tx) => {
      const actorRole = await lockActor(tx, ctx);
      assertMayGrant(actorRole, body.role);
      if (pinHash) assertMaySetPinOf({ id: ctx.actor.id, role: actorRole }, { id: '', role: body.role });
      const created = await insertUser(tx, {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        role: body.role,
        pinHash,
      });
      await recordActivity(
        tx,
        activityBy(ctx, ACTIVITY.userCreated, {
          targetUserId: created.id,
          targetName: nameForDetails(created),
          to: created.role,
          withPin: pinHash !== null,
        }),
      );
      return created;
    })
    .catch((error: unknown) => {
      throw mapUniqueViolation(error);
    });
  await afterUserChange(ctx, row.id, false);
  return toUserSummary(row);
}

/**
 * spec §7 PATCH /admin/users/{id} with firstName, lastName, email, role. Editing one's own
 * details is fine; a role in the body that differs from the current one is a role change and
 * follows its rules (so the edit dialog may always send the role it shows).
 */
export async function updateStaffProfile(
  ctx: AdminContext,
  targetId: string,
  body: Omit<StaffUpdateBody, 'isActive'>,
): Promise<UserSummary> {
  const { row, roleChanged } = await ctx.db
    .transaction(async (tx) => {
      const { actorRole, target } = await lockActorAndTarget(tx, ctx, targetId);
      assertMayActOn(actorRole, target);
      const roleChanged = body.role !== undefined && body.role !== target.role;
      if (roleChanged && body.role) {
        if (target.id === ctx.actor.id) throw userErrors.ownRole();
        assertMayGrant(actorRole, body.role);
      }
      const patch: UserPatch = {};
      if (body.firstName !== undefined) patch.firstName = body.firstName;
      if (body.lastName !== undefined) patch.lastName = body.lastName;
      if (body.email !== undefined) patch.email = body.email;
      if (roleChanged) patch.role = body.role;
      const fields = Object.keys(patch).filter((key) => key !== 'role');
      if (Object.keys(patch).length === 0) return { row: target, roleChanged: false };
      const updated = await updateUser(tx, target.id, patch);
      if (fields.length > 0) {
        await recordActivity(
          tx,
          activityBy(ctx, ACTIVITY.userUpdated, {
            targetUserId: target.id,
            targetName: nameForDetails(updated),
            fields,
          }),
        );
      }
      if (roleChanged) {
        await recordActivity(
          tx,
          activityBy(ctx, ACTIVITY.roleChanged, {
            targetUserId: target.id,
            targetName: nameForDetails(updated),
            from: target.role,
            to: body.role,
          }),
        );
      }
      return { row: updated, roleChanged };
    })
    .catch((error: unknown) => {
      throw mapUniqueViolation(error);
    });
  await afterUserChange(ctx, targetId, roleChanged);
  return toUserSummary(row);
}

/** The active users among `emails` (spec §5: recipients only from staff with an e-mail). */
export async function activeStaffEmails(db: DbOrTx, emails: string[]): Promise<Set<string>> {
  const rows = await findActiveUsersByEmails(db, emails);
  return new Set(rows.map((row) => (row.email ?? '').toLowerCase()).filter(Boolean));
}

/** The active user whose PIN hash this is (sign-in, spec §7 POST /auth/pin); null for none or an inactive one. */
export function activeUserByPinHash(db: DbOrTx, pinHash: string): Promise<AuthUser | null> {
  return findActiveUserByPinHash(db, pinHash);
}

/**
 * The procurement department a department manager runs (the purchasing settings' assignment, issue
 * #22): the users module owns the row; purchasing checks the department, records its activity and
 * calls this inside its own transaction.
 */
export function setManagedProcDepartment(db: DbOrTx, userId: string, departmentId: string | null): Promise<void> {
  return setProcDepartment(db, userId, departmentId);
}
