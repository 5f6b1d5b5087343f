import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/errors';
import type { AuthUser } from '../../types';
import { requestFacts } from '../activity/activity.service';
import { throttleClientOf } from '../auth/auth.service';
import type { SessionManager } from '../auth/session.service';
import type { LoginThrottle, ThrottleClient } from '../auth/throttle.service';
import type { EventBus } from '../events/event-bus';

/** Everything an administrative change needs: the app's services, who acts, and from where. */
export type AdminContext = {
  db: Db;
  config: Config;
  sessions: SessionManager;
  throttle: LoginThrottle;
  /** The acting browser as the sign-in throttle counts it (its device, else its address). */
  signInClient: ThrottleClient;
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
    signInClient: throttleClientOf(request),
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
