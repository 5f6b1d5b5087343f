import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { type ActivityRecord, insertActivity } from './activity.repository';

/** spec §3 user_activity; the security guide asks for every PIN attempt, login and logout. */
export const ACTIVITY = {
  login: 'login',
  loginFailed: 'login_failed',
  loginThrottled: 'login_throttled',
  logout: 'logout',
  sessionExpired: 'session_expired',
  accessDenied: 'access_denied',
} as const;

export async function recordActivity(db: DbOrTx, record: ActivityRecord): Promise<void> {
  await insertActivity(db, record);
}

/** The client facts every activity row carries, taken from the request. */
export function requestFacts(request: FastifyRequest): Pick<ActivityRecord, 'ipAddress' | 'userAgent'> {
  const ua = request.headers['user-agent'];
  return { ipAddress: request.ip ?? null, userAgent: typeof ua === 'string' ? ua : null };
}
