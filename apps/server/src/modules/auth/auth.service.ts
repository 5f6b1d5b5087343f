import { displayName } from '@retail-hub/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, tooManyRequests } from '../../lib/errors';
import { hashPin } from '../../lib/pin-hash';
import type { AuthUser } from '../../types';
import { ACTIVITY, recordActivity, requestFacts } from '../activity/index';
import { retailStoreErrors, tillRefusingUser } from '../retail-stores/index';
import { activeUserByPinHash } from '../users/index';
import type { ThrottleClient } from './throttle.service';

/** Who the throttle counts (DeviceCookie.throttleClient: the device, else the address). */
export function throttleClientOf(request: FastifyRequest): ThrottleClient {
  return request.server.devices.throttleClient(request);
}

/** Wrong, deactivated and unknown PINs answer alike (security guide). */
export const INVALID_PIN_MESSAGE = 'Invalid PIN';

/**
 * spec §7 POST /auth/pin. Order matters: the throttle is consulted before the PIN is looked at,
 * so a locked-out client learns nothing from a correct guess.
 */
export async function signInWithPin(
  request: FastifyRequest,
  reply: FastifyReply,
  pin: string,
  terminalId: string | null = null,
): Promise<AuthUser> {
  const { database, config } = request.server;
  const db = database.db;
  const facts = requestFacts(request);
  const throttle = request.server.loginThrottle;
  const client = throttleClientOf(request);

  // docs/adr/0008: the attempt is reserved (counted) before the PIN is looked at.
  const decision = await throttle.reserve(client);
  if (!decision.allowed) {
    await recordActivity(db, {
      userId: null,
      activityType: ACTIVITY.loginThrottled,
      ...facts,
      details: { scope: decision.scope, retryAfterSeconds: decision.retryAfterSeconds },
    });
    throw tooManyRequests(
      `Too many failed attempts. Try again in ${decision.retryAfterSeconds} seconds.`,
      decision.retryAfterSeconds,
    );
  }

  const user = await activeUserByPinHash(db, hashPin(config.pinPepper, pin));
  if (!user) {
    // The reservation stands as this client's failure.
    await recordActivity(db, {
      userId: null,
      activityType: ACTIVITY.loginFailed,
      ...facts,
      details: { reason: 'invalid_pin', client: client.kind },
    });
    throw new AppError(401, 'auth.invalid_pin', INVALID_PIN_MESSAGE);
  }

  // Issue #32: a till bound to a store this user may not sell at refuses them here, not only at
  // Start Shift. The PIN was right, so the attempt is given back (not a wrong guess) and their
  // failures stand as after a sign-in; the answer names only the till's store, which its header
  // shows anyway, and a guesser learns no more than a sign-in at an unbound till would tell them.
  const refusingStore = await tillRefusingUser(db, user.id, {
    terminalId: terminalId?.toLowerCase() ?? null,
    deviceId: client.kind === 'device' ? client.deviceId : null,
  });
  if (refusingStore !== null) {
    await throttle.giveBack(client);
    await recordActivity(db, {
      userId: user.id,
      activityType: ACTIVITY.loginFailed,
      ...facts,
      details: { reason: 'store_not_allowed', store: refusingStore, client: client.kind },
    });
    throw retailStoreErrors.notOnThisTill(refusingStore);
  }

  await throttle.succeeded(client);
  // A known device keeps its id and minter for another year. A browser without one becomes a
  // known device only while this person has mints left today (issue #30 item 4): otherwise
  // signing in again without a cookie would buy a fresh allowance each time.
  if (client.kind === 'device') {
    request.server.devices.set(reply, { deviceId: client.deviceId, personId: client.personId });
  } else if (await throttle.reserveDeviceMint(user.id)) {
    request.server.devices.set(reply, request.server.devices.mint(user.id));
  }
  // Session fixation: whatever session the browser carried is destroyed; a new id is issued.
  const previousToken = request.server.sessions.tokenFromRequest(request);
  if (previousToken) {
    const previous = await request.server.sessions.resolve(request);
    if (previous) await request.server.sessions.destroy(previous.sessionId);
  }
  const { token, sid } = await request.server.sessions.create(user.id, {
    ip: facts.ipAddress,
    userAgent: facts.userAgent,
  });
  request.server.sessions.setCookie(reply, token);
  await recordActivity(db, {
    userId: user.id,
    activityType: ACTIVITY.login,
    ...facts,
    sessionId: sid,
    details: { role: user.role, name: displayName(user) },
  });
  return user;
}

export async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const auth = request.auth ?? (await request.server.sessions.resolve(request));
  if (auth) {
    await request.server.sessions.destroy(auth.sessionId);
    await recordActivity(request.server.database.db, {
      userId: auth.user.id,
      activityType: ACTIVITY.logout,
      ...requestFacts(request),
      sessionId: auth.sessionId,
    });
  }
  request.server.sessions.clearCookie(reply);
}
