import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/errors';
import type { AuthUser } from '../../types';
import { requestFacts } from '../activity/index';
import type { EventBus } from '../events/index';

/**
 * Everything an administrative change needs: the app's services, who acts, and from where. The auth
 * module's services are named by the app's decorations (FastifyInstance), so this module does not
 * import auth, which imports it (issue #33: no cycle between modules).
 */
export type AdminContext = {
  db: Db;
  config: Config;
  sessions: FastifyInstance['sessions'];
  throttle: FastifyInstance['loginThrottle'];
  /** The acting browser as the sign-in throttle counts it (its device, else its address). */
  signInClient: ReturnType<FastifyInstance['devices']['throttleClient']>;
  events: EventBus;
  log: FastifyBaseLogger;
  actor: AuthUser;
  sessionId: string;
  ipAddress: string | null;
  userAgent: string | null;
};

export function adminContextOf(request: FastifyRequest): AdminContext {
  const app = request.server;
  if (!request.auth) throw unauthorized();
  return {
    db: app.database.db,
    config: app.config,
    sessions: app.sessions,
    throttle: app.loginThrottle,
    signInClient: app.devices.throttleClient(request),
    events: app.events,
    log: request.log,
    actor: request.auth.user,
    sessionId: request.auth.sessionId,
    ...requestFacts(request),
  };
}

/** The activity row of an administrative change: the actor, the session and the client. */
export function activityBy(ctx: AdminContext, activityType: string, details: Record<string, unknown>) {
  return {
    userId: ctx.actor.id,
    activityType,
    ipAddress: ctx.ipAddress,
    userAgent: ctx.userAgent,
    sessionId: ctx.sessionId,
    details,
  };
}
