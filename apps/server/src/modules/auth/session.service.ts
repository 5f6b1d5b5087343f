import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../types';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsBeyond,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
  touchSession,
} from './session.repository';

/** What a session row keeps in `sess` (spec §3 sessions: sid, sess, expire). */
export type SessionData = {
  userId: string;
  createdAt: string;
  /** Absolute end: the session dies here whatever the activity (security guide). */
  absoluteExpire: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
};

/** The database keeps only a hash of the cookie token, so a read of the table cannot hijack a session. */
export function sessionIdFromToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Live sessions one person may hold (issue #30 item 4): a sign-in past it ends that person's
 * oldest. A few tills and a back-office browser at once; signing in again and again leaves no
 * trail of live sessions.
 */
export const MAX_LIVE_SESSIONS_PER_USER = 10;

/** Recent lookups kept per instance for `resolveDeferred` (oldest dropped first). */
const RECENT_LOOKUPS = 5_000;

export class SessionManager {
  readonly cookieName: string;
  private readonly touchEveryMs: number;
  /**
   * Sessions this instance looked up lately, by sid, until their next touch is due (or they
   * expire). Never an authority: a request served from here is `deferred`, and the statement that
   * acts re-checks the session in the database (issue #38 item 5, ADR 0028).
   */
  private readonly recent = new Map<string, { auth: AuthContext; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    /** Named prepared statements allowed (false behind a transaction pooler; ADR 0016). */
    private readonly namedStatements = true,
  ) {
    // Security guide: `__Host-` prefix when Secure (pins the cookie to this host, path /).
    this.cookieName = config.cookieSecure ? '__Host-rh_session' : 'rh_session';
    this.touchEveryMs = Math.min(60_000, Math.floor(config.sessionIdleMs / 10));
  }

  /** Reads and unsigns the cookie; null when absent or tampered with. */
  tokenFromRequest(request: FastifyRequest): string | null {
    const raw = request.cookies[this.cookieName];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value || !/^[A-Za-z0-9_-]{22}$/.test(unsigned.value)) return null;
    return unsigned.value;
  }

  /** Validates the session of a request: exists, not idle-expired, not past its absolute end, user active. */
  async resolve(request: FastifyRequest): Promise<AuthContext | null> {
    const token = this.tokenFromRequest(request);
    if (!token) return null;
    const sid = sessionIdFromToken(token);
    this.recent.delete(sid);
    const found = await findSessionWithUser(this.db, sid, this.namedStatements);
    if (!found) return null;
    const now = Date.now();
    const data = found.sess as SessionData;
    const absoluteEnd = Date.parse(data.absoluteExpire);
    if (found.expire.getTime() <= now || !(absoluteEnd > now) || !found.user.isActive) {
      await deleteSession(this.db, sid);
      return null;
    }
    let lastSeen = Date.parse(data.lastSeenAt);
    let expire = found.expire.getTime();
    if (now - lastSeen >= this.touchEveryMs) {
      expire = Math.min(now + this.config.sessionIdleMs, absoluteEnd);
      await touchSession(this.db, sid, { ...data, lastSeenAt: new Date(now).toISOString() }, new Date(expire));
      lastSeen = now;
    }
    const { isActive: _active, ...user } = found.user;
    const auth = { user, sessionId: sid };
    this.remember(sid, auth, Math.min(lastSeen + this.touchEveryMs, expire));
    return auth;
  }

  /**
   * For a route whose statement checks the session itself (`config.sessionInStatement`, the sale;
   * issue #38 item 5, ADR 0028): the session this instance looked up lately, without a round trip,
   * marked `deferred`; otherwise the full lookup. Used only until the session's next touch is due,
   * so sliding expiry is kept exactly as `resolve` keeps it.
   */
  async resolveDeferred(request: FastifyRequest): Promise<AuthContext | null> {
    const token = this.tokenFromRequest(request);
    if (!token) return null;
    const recent = this.recent.get(sessionIdFromToken(token));
    if (recent && recent.until > Date.now()) return { ...recent.auth, deferred: true };
    return this.resolve(request);
  }

  /**
   * Makes a deferred session certain before anything but its statement answers: the full lookup
   * (null when the session ended: sign-out, disable, role or PIN change, expiry, on any instance).
   */
  async verify(request: FastifyRequest, auth: AuthContext): Promise<AuthContext | null> {
    return auth.deferred ? this.resolve(request) : auth;
  }

  /** Drops a session from this instance's recent lookups (its statement found it ended). */
  forget(sid: string): void {
    this.recent.delete(sid);
  }

  private remember(sid: string, auth: AuthContext, until: number): void {
    if (this.recent.size >= RECENT_LOOKUPS) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
    this.recent.set(sid, { auth, until });
  }

  /** Starts a fresh session (a new random id at every login; the caller destroys the old one). */
  async create(
    userId: string,
    facts: { ip: string | null; userAgent: string | null },
  ): Promise<{ token: string; sid: string }> {
    const token = randomBytes(16).toString('base64url'); // 128-bit (security guide)
    const sid = sessionIdFromToken(token);
    const now = Date.now();
    const absoluteExpire = new Date(now + this.config.sessionAbsoluteMs);
    const data: SessionData = {
      userId,
      createdAt: new Date(now).toISOString(),
      absoluteExpire: absoluteExpire.toISOString(),
      lastSeenAt: new Date(now).toISOString(),
      ip: facts.ip,
      userAgent: facts.userAgent?.slice(0, 256) ?? null,
    };
    const expire = new Date(Math.min(now + this.config.sessionIdleMs, absoluteExpire.getTime()));
    await insertSession(this.db, { sid, userId, sess: data, expire });
    await deleteSessionsBeyond(this.db, userId, MAX_LIVE_SESSIONS_PER_USER);
    return { token, sid };
  }

  async destroy(sid: string): Promise<void> {
    this.recent.delete(sid);
    await deleteSession(this.db, sid);
  }

  /** Security guide: deactivation, role change and PIN change end the user's sessions. */
  async destroyAllForUser(userId: string): Promise<void> {
    for (const [sid, { auth }] of this.recent) if (auth.user.id === userId) this.recent.delete(sid);
    await deleteSessionsOfUser(this.db, userId);
  }

  async purgeExpired(): Promise<number> {
    return deleteExpiredSessions(this.db);
  }

  setCookie(reply: FastifyReply, token: string): void {
    reply.setCookie(this.cookieName, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.cookieSecure,
      path: '/',
      signed: true,
      maxAge: Math.floor(this.config.sessionAbsoluteMs / 1000),
    });
  }

  clearCookie(reply: FastifyReply): void {
    reply.clearCookie(this.cookieName, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.cookieSecure,
      path: '/',
    });
  }
}
