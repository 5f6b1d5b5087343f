import { can, displayName } from '@retail-hub/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, tooManyRequests } from '../../lib/errors';
import { hashPin } from '../../lib/pin-hash';
import type { AuthUser } from '../../types';
import { ACTIVITY, recordActivity, requestFacts } from '../activity/index';
import { activeUserByPinHash } from '../users/index';

/**
 * A manager's PIN typed on someone else's screen to approve one action (issue #15: refunds,
 * voids, discounts above the cap). Reusable by every module: call `approvalFor` in the route's
 * service before writing anything.
 *
 * The attempt is reserved before the PIN is looked at (docs/adr/0008) against the person asking
 * and the store, not the browser (issue #30 item 4: fresh device cookies brought fresh
 * allowances): 10 wrong approver PINs a day per person, after which that person's actions need a
 * manager in person (signed in), and the store's daily breaker for devices that know a PIN. This
 * covers every path that takes a manager's PIN, the sealed offline approvals included (ADR 0014:
 * they are opened and checked here). A PIN that is wrong, unknown, deactivated or not a manager's
 * is refused alike (403) and stays counted as a failure; a manager's PIN gives its attempt back.
 * The signed-in user's session is never touched.
 */

export const APPROVAL_MESSAGES = {
  required: "A manager's PIN is required to approve this.",
  invalid: 'Invalid manager PIN',
  /** Issue #30 item 4: the asking person's wrong approver PINs for the day are used up. */
  exhausted: 'Too many wrong manager PINs today. A manager must sign in to approve this.',
} as const;

export type Approval = {
  /** The approving manager; null when the acting user's own role approves (no PIN needed). */
  approver: AuthUser | null;
};

/** The action being approved and what the activity row should say about it. */
export type ApprovalContext = { action: string; details?: Record<string, unknown> };

/**
 * The approval an action needs: none when `actor` may approve by role ('pos.approve'), else a
 * valid manager PIN in `approverPin` (403 without one, 429 when throttled).
 */
export async function approvalFor(
  request: FastifyRequest,
  actor: AuthUser,
  approverPin: string | null | undefined,
  context: ApprovalContext,
): Promise<Approval> {
  if (can(actor.role, 'pos.approve')) return { approver: null };
  return { approver: await verifyApproverPin(request, actor, approverPin, context) };
}

/**
 * The 'approval_granted' row of a PIN that was accepted, not yet written: an action that may still
 * be refused after the PIN (a sale short of stock) writes it together with what it approved, so the
 * feed never shows an approval of something that did not happen.
 */
export type GrantedApproval = {
  activityType: string;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
};

/**
 * Checks a manager PIN for `actor`'s action and returns the manager. Writes an activity row
 * either way ('approval_granted' with both names, or 'approval_refused' / 'approval_throttled').
 */
export async function verifyApproverPin(
  request: FastifyRequest,
  actor: AuthUser,
  approverPin: string | null | undefined,
  context: ApprovalContext,
): Promise<AuthUser> {
  const { approver, granted } = await checkApproverPin(request, actor, approverPin, context);
  await recordActivity(request.server.database.db, { userId: actor.id, ...granted });
  return approver;
}

/**
 * verifyApproverPin without writing the 'approval_granted' row: a refused or throttled PIN is
 * recorded at once (and counted), an accepted one comes back with its row for the caller to write
 * in the same transaction as the approved action (the one-statement sale, ADR 0019).
 */
export async function checkApproverPin(
  request: FastifyRequest,
  actor: AuthUser,
  approverPin: string | null | undefined,
  context: ApprovalContext,
): Promise<{ approver: AuthUser; granted: GrantedApproval }> {
  const { database, config, loginThrottle } = request.server;
  const db = database.db;
  const facts = requestFacts(request);
  const details = { action: context.action, requestedBy: displayName(actor), ...context.details };
  const pin = typeof approverPin === 'string' ? approverPin.trim() : '';
  if (!pin) {
    throw new AppError(403, 'pos.approval_required', APPROVAL_MESSAGES.required);
  }
  const decision = await loginThrottle.reserveApproval(actor.id);
  if (!decision.allowed) {
    await recordActivity(db, {
      userId: actor.id,
      activityType: ACTIVITY.approvalThrottled,
      ...facts,
      details: { ...details, retryAfterSeconds: decision.retryAfterSeconds },
    });
    throw tooManyRequests(
      decision.scope === 'actor'
        ? APPROVAL_MESSAGES.exhausted
        : `Too many failed attempts. Try again in ${decision.retryAfterSeconds} seconds.`,
      decision.retryAfterSeconds,
    );
  }
  const approver = /^[0-9]{4}$/.test(pin) ? await activeUserByPinHash(db, hashPin(config.pinPepper, pin)) : null;
  if (!approver || !can(approver.role, 'pos.approve') || approver.id === actor.id) {
    // The reservation stands as this person's (and the store's) failure.
    await recordActivity(db, {
      userId: actor.id,
      activityType: ACTIVITY.approvalRefused,
      ...facts,
      details,
    });
    throw new AppError(403, 'pos.approval_invalid', APPROVAL_MESSAGES.invalid);
  }
  await loginThrottle.approvalSucceeded(actor.id);
  return {
    approver,
    granted: {
      activityType: ACTIVITY.approvalGranted,
      ...facts,
      details: { ...details, approverId: approver.id, approverName: displayName(approver) },
    },
  };
}
