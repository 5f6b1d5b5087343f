import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';

/** How long a browser stays a known device after its last successful sign-in. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * The device cookie of docs/adr/0008 (OWASP "Slow Down Online Guessing Attacks with Device
 * Cookies"): a random 128-bit id, signed with the session secret, set by every successful sign-in.
 * A browser that carries a valid one has its own failure allowance; an absent, unsigned or
 * tampered cookie makes the client unknown. The id means nothing else: it is not a session and
 * grants nothing by itself. Same attributes as the session cookie (HttpOnly, SameSite=Strict,
 * Secure and `__Host-` with COOKIE_SECURE), but long-lived and kept at sign-out.
 */
export class DeviceCookie {
  readonly name: string;

  constructor(private readonly config: Config) {
    this.name = config.cookieSecure ? '__Host-rh_device' : 'rh_device';
  }

  /** The device id of a request; null when there is no cookie or its signature does not hold. */
  idFromRequest(request: FastifyRequest): string | null {
    const raw = request.cookies[this.name];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value || !/^[A-Za-z0-9_-]{22}$/.test(unsigned.value)) return null;
    return unsigned.value;
  }

  /** (Re)sets the cookie after a successful sign-in, keeping the browser's id when it had one. */
  set(reply: FastifyReply, deviceId: string | null): void {
    reply.setCookie(this.name, deviceId ?? randomBytes(16).toString('base64url'), {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.cookieSecure,
      path: '/',
      signed: true,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  }
}
