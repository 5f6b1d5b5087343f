import cookie from '@fastify/cookie';
import { can, isPermission } from '@retail-hub/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { forbidden, unauthorized } from '../../lib/errors';
import { ACTIVITY, recordActivity, requestFacts } from '../activity/index';
import { DeviceCookie } from './device-cookie';
import { SessionManager } from './session.service';
import { LoginThrottle } from './throttle.service';

/**
 * Sessions and permissions. Every route must declare `config.permission` from the shared map:
 * a route without one stops the boot. Before the handler runs, the session is resolved and the
 * permission checked: no session → 401, wrong role → 403 (logged to user_activity).
 */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  await app.register(cookie, { secret: app.config.sessionSecret });
  app.decorate('sessions', new SessionManager(app.database.db, app.config, app.database.preparedStatements));
  app.decorate('loginThrottle', new LoginThrottle(app.database.db));
  app.decorate('devices', new DeviceCookie(app.config));
  app.decorate('routePermissions', []);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    const permission = route.config?.permission;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!isPermission(permission)) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no permission (config.permission)`);
    }
    for (const method of methods) {
      app.routePermissions.push({ method, url: route.url, permission });
    }
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission || permission === 'public') return;
    // Issue #38 item 5 (ADR 0028): the sale's statement checks its session itself (one round trip).
    request.auth = request.routeOptions.config.sessionInStatement
      ? await app.sessions.resolveDeferred(request)
      : await app.sessions.resolve(request);
    // A refusal writes an activity row: only for a session known to be live.
    if (request.auth?.deferred && !can(request.auth.user.role, permission)) {
      request.auth = await app.sessions.verify(request, request.auth);
    }
    if (!request.auth) throw unauthorized();
    if (!can(request.auth.user.role, permission)) {
      await recordActivity(app.database.db, {
        userId: request.auth.user.id,
        activityType: ACTIVITY.accessDenied,
        ...requestFacts(request),
        sessionId: request.auth.sessionId,
        details: { method: request.method, route: request.routeOptions.url, permission },
      });
      throw forbidden();
    }
  });

  // Issue #13 item 6: no answer of the API may be kept by a browser or proxy cache (session
  // reads, staff lists, sales, sign-in answers, their errors). A route that chose its own policy
  // keeps it: the web app's files (/assets/* immutable, index.html no-cache, modules/system/web.routes.ts).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
