import {
  type ActivityEntry,
  ADMIN_ACTIVITY,
  type DeveloperStats,
  DISCOUNT_ACTIVITY,
  displayName,
  LEDGER_ACTIVITY,
  ROLE_LABELS,
} from '@retail-hub/shared';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import {
  type ActivityRecord,
  activityCountsSince,
  insertActivity,
  latestActivity,
  userHasActivity,
} from './activity.repository';

/**
 * spec §3 user_activity; the security guide asks for every PIN attempt, login and logout, and
 * issue #6 for sales, shifts and every administrative change (who, what, to whom, IP, agent).
 */
export const ACTIVITY = {
  login: 'login',
  loginFailed: 'login_failed',
  loginThrottled: 'login_throttled',
  logout: 'logout',
  sessionExpired: 'session_expired',
  accessDenied: 'access_denied',
  sale: 'sale',
  shiftStarted: 'shift_started',
  shiftEnded: 'shift_ended',
  ...ADMIN_ACTIVITY,
  ...LEDGER_ACTIVITY,
  ...DISCOUNT_ACTIVITY,
} as const;

export async function recordActivity(db: DbOrTx, record: ActivityRecord): Promise<void> {
  await insertActivity(db, record);
}

/** The client facts every activity row carries, taken from the request. */
export function requestFacts(request: FastifyRequest): Pick<ActivityRecord, 'ipAddress' | 'userAgent'> {
  const ua = request.headers['user-agent'];
  return { ipAddress: request.ip ?? null, userAgent: typeof ua === 'string' ? ua : null };
}

export function hasAnyActivity(db: DbOrTx, userId: string): Promise<boolean> {
  return userHasActivity(db, userId);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * spec §7 GET /api/super-admin/stats: users seen, sign-ins and the activity breakdown, all over
 * the last 24 hours (the breakdown too, so it reads as "what happened today", and the query stays
 * on the timestamp index however long the history grows).
 */
export async function developerActivityStats(
  db: DbOrTx,
  now = new Date(),
): Promise<Omit<DeveloperStats, 'totalUsers'>> {
  const counts = await activityCountsSince(db, new Date(now.getTime() - DAY_MS), ACTIVITY.login);
  return {
    activeUsers24h: counts.activeUsers,
    totalLogins24h: counts.logins,
    activityBreakdown: counts.breakdown,
  };
}

/** spec §7 GET /api/super-admin/activity: the latest 100. */
export const ACTIVITY_FEED_LIMIT = 100;

export async function recentActivity(db: DbOrTx, activityType?: string): Promise<ActivityEntry[]> {
  const rows = await latestActivity(db, ACTIVITY_FEED_LIMIT, activityType);
  return rows.map((row) => ({
    id: row.id,
    activityType: row.activityType,
    ipAddress: row.ipAddress,
    timestamp: row.timestamp.toISOString(),
    summary: summarize(row.activityType, row.details),
    user: row.user ? { firstName: row.user.firstName, lastName: row.user.lastName, role: row.user.role } : null,
  }));
}

type AdminDetails = {
  targetName?: unknown;
  from?: unknown;
  to?: unknown;
  outcome?: unknown;
  generated?: unknown;
  recipients?: unknown;
};

const roleLabel = (value: unknown) =>
  typeof value === 'string' && value in ROLE_LABELS ? ROLE_LABELS[value as keyof typeof ROLE_LABELS] : String(value);

/** "To whom, what": one line for an administrative change, from the details it was recorded with. */
function summarize(activityType: string, details: unknown): string | null {
  if (!details || typeof details !== 'object') return null;
  const d = details as AdminDetails;
  const who = typeof d.targetName === 'string' ? d.targetName : null;
  switch (activityType) {
    case ACTIVITY.roleChanged:
      return `${who}: ${roleLabel(d.from)} → ${roleLabel(d.to)}`;
    case ACTIVITY.statusChanged:
      return `${who}: ${d.to ? 'enabled' : 'disabled'}`;
    case ACTIVITY.pinChanged:
      return `${who}: PIN ${d.generated ? 'generated' : 'set'}`;
    case ACTIVITY.pinRefused:
      return `${who}: PIN refused`;
    case ACTIVITY.pinChangeThrottled:
      return `${who ?? 'A user'}: PIN change refused, too many in a row`;
    case ACTIVITY.userCreated:
      return `${who} added as ${roleLabel(d.to)}`;
    case ACTIVITY.userUpdated:
      return `${who}: details edited`;
    case ACTIVITY.userRemoved:
      return `${who}: ${d.outcome === 'deleted' ? 'removed' : 'deactivated (history kept)'}`;
    case ACTIVITY.discountOverCap: {
      const x = details as {
        transactionNumber?: unknown;
        discountTotal?: unknown;
        grossSubtotal?: unknown;
        approverName?: unknown;
      };
      return `#${String(x.transactionNumber)}: $${String(x.discountTotal)} off $${String(x.grossSubtotal)}, approved by ${String(x.approverName)}`;
    }
    case ACTIVITY.discountOverCapUnapproved: {
      const x = details as { transactionNumber?: unknown; discountTotal?: unknown; grossSubtotal?: unknown };
      return `#${String(x.transactionNumber)}: $${String(x.discountTotal)} off $${String(x.grossSubtotal)} offline, above the cap without a manager's approval`;
    }
    case ACTIVITY.discountCapsChanged:
      return 'Discount caps changed';
    case ACTIVITY.emailSent:
    case ACTIVITY.emailQueued:
      return `${typeof d.recipients === 'number' ? d.recipients : '?'} recipient(s)`;
    default:
      return null;
  }
}

/** The name written into details, so the feed still reads after the user is renamed or removed. */
export function nameForDetails(user: { firstName: string | null; lastName: string | null; email: string | null }) {
  return displayName(user, 'Unnamed user');
}
