import { asc, count, countDistinct, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userActivity, users } from '../../db/schema/index';

export type ActivityRecord = {
  userId: string | null;
  activityType: string;
  ipAddress: string | null;
  userAgent: string | null;
  sessionId?: string | null;
  details?: Record<string, unknown>;
};

export async function insertActivity(db: DbOrTx, record: ActivityRecord): Promise<void> {
  await db.insert(userActivity).values({
    userId: record.userId,
    activityType: record.activityType,
    ipAddress: record.ipAddress?.slice(0, 64) ?? null,
    userAgent: record.userAgent?.slice(0, 512) ?? null,
    sessionId: record.sessionId ?? null,
    details: record.details ?? null,
  });
}

/** Has this user ever done anything recorded (signed in, sold, changed someone)? */
export async function userHasActivity(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userActivity.id })
    .from(userActivity)
    .where(eq(userActivity.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** Counts since `since` for the developer dashboard: distinct users, logins, and rows by type. */
export async function activityCountsSince(db: DbOrTx, since: Date, loginType: string) {
  const [totals] = await db
    .select({
      activeUsers: countDistinct(userActivity.userId),
      logins: sql<number>`count(*) filter (where ${userActivity.activityType} = ${loginType})`.mapWith(Number),
    })
    .from(userActivity)
    .where(gte(userActivity.timestamp, since));
  const breakdown = await db
    .select({ activityType: userActivity.activityType, count: count() })
    .from(userActivity)
    .where(gte(userActivity.timestamp, since))
    .groupBy(userActivity.activityType)
    .orderBy(desc(count()), asc(userActivity.activityType));
  return {
    activeUsers: Number(totals?.activeUsers ?? 0),
    logins: Number(totals?.logins ?? 0),
    breakdown: breakdown.map((row) => ({ activityType: row.activityType, count: Number(row.count) })),
  };
}

/** The latest rows with the acting user, newest first; only `activityType` rows when given. */
export async function latestActivity(db: DbOrTx, limit: number, activityType?: string) {
  return db
    .select({
      id: userActivity.id,
      activityType: userActivity.activityType,
      ipAddress: userActivity.ipAddress,
      timestamp: userActivity.timestamp,
      details: userActivity.details,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role },
    })
    .from(userActivity)
    .leftJoin(users, eq(users.id, userActivity.userId))
    .where(activityType ? eq(userActivity.activityType, activityType) : undefined)
    .orderBy(desc(userActivity.timestamp), desc(userActivity.id))
    .limit(limit);
}
