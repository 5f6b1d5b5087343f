import type { DbOrTx } from '../../db/client';
import { userActivity } from '../../db/schema/index';

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
