import type { Permission, Role } from '@retail-hub/shared';
import type { Config } from './config/config';
import type { Database } from './db/client';
import type { ReadRouter } from './db/read-replica';
import type { DeviceCookie, LoginThrottle, SessionManager } from './modules/auth/index';
import type { EventBus } from './modules/events/index';
import type { AppMetrics } from './modules/system/index';

/** The signed-in user as every route sees it (loaded fresh from the database on each request). */
export type AuthUser = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  role: Role;
};

export type AuthContext = {
  user: AuthUser;
  /** Hash of the session token (the `sessions.sid` value); never the token itself. */
  sessionId: string;
  /**
   * Issue #38 item 5 (ADR 0028): true when this request's session was NOT looked up in the
   * database (a route with `config.sessionInStatement`, the sale): the statement that acts checks
   * it, and any other answer re-checks it first (`SessionManager.verify`, the error handler).
   */
  deferred?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    events: EventBus;
    /** Report reads: the replica of DATABASE_READ_URL when set and close behind (ADR 0016). */
    reads: ReadRouter;
    /** Prometheus metrics of this app (modules/system/metrics.ts). */
    metrics: AppMetrics;
    /** The auth module's services, decorated by registerAuth (modules/auth/auth.plugin.ts). */
    sessions: SessionManager;
    loginThrottle: LoginThrottle;
    devices: DeviceCookie;
    /** Every registered route with its declared permission (for the route-permission test). */
    routePermissions: Array<{ method: string; url: string; permission: Permission }>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Every route declares the permission it needs (security guide; checked in modules/auth/auth.plugin.ts). */
    permission?: Permission;
    /**
     * Issue #38 item 5 (ADR 0028): the route's one statement checks the session itself (the sale);
     * the session is then taken from this instance's recent lookups without a round trip.
     */
    sessionInStatement?: boolean;
  }
}
