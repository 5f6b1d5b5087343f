import {
  DEFAULT_DISCOUNT_CAPS,
  type DiscountApproval,
  type DiscountCaps,
  displayName,
  ROLES,
} from '@retail-hub/shared';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../types';
import { ACTIVITY, recordActivity, requestFacts } from '../activity/index';
import { checkApproverPin } from '../auth/index';
import { readStoredCaps, writeStoredCaps } from './discount-caps.repository';

/**
 * The most each role may discount without a manager's PIN (issue #15 item 7, ADR 0019), stored
 * in pos_settings; a role missing from the stored value (a role added later) has its default.
 */
export async function discountCaps(db: DbOrTx): Promise<DiscountCaps> {
  const stored = await readStoredCaps(db);
  const caps: DiscountCaps = { ...DEFAULT_DISCOUNT_CAPS };
  if (stored && typeof stored === 'object') {
    for (const role of ROLES) {
      const value = (stored as Record<string, unknown>)[role];
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100) caps[role] = value;
    }
  }
  return caps;
}

/** PUT /api/settings/discount-caps (super admin): every role's cap, with an activity row of the change. */
export async function setDiscountCaps(
  request: FastifyRequest,
  actor: AuthUser,
  caps: DiscountCaps,
): Promise<DiscountCaps> {
  const db = request.server.database.db;
  const before = await discountCaps(db);
  await db.transaction(async (tx) => {
    await writeStoredCaps(tx, caps, actor.id);
    await recordActivity(tx, {
      userId: actor.id,
      activityType: ACTIVITY.discountCapsChanged,
      ...requestFacts(request),
      details: { from: before, to: caps },
    });
  });
  return discountCaps(db);
}

/**
 * POST /api/discounts/approval-check (issue #30 item 16): the manager's PIN typed for a discount
 * above `actor`'s cap, checked when it is typed so the cart never shows a discount nobody approved.
 * On the PIN throttle like every approval (a refused PIN is recorded and counted); an accepted one
 * writes nothing here: the sale writes its 'approval_granted' row when it is recorded.
 */
export async function checkDiscountApprover(
  request: FastifyRequest,
  actor: AuthUser,
  approverPin: string,
): Promise<DiscountApproval> {
  const { approver } = await checkApproverPin(request, actor, approverPin, { action: 'discount' });
  const caps = await discountCaps(request.server.database.db);
  return { approver: { id: approver.id, name: displayName(approver) }, capPercent: caps[approver.role] };
}
