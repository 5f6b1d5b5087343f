import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import type { ThrottleClient } from './throttle.service';

/** How long a browser stays a known device after its last successful sign-in. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** A device as its cookie names it: its random id and the person whose sign-in minted it. */
export type Device = { deviceId: string; personId: string };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const DEVICE_VALUE = new RegExp(`^([A-Za-z0-9_-]{22})\\.(${UUID})$`);

/**
 * The device cookie of docs/adr/0008 (OWASP "Slow Down Online Guessing Attacks with Device
 * Cookies"): a random 128-bit id and the id of the person whose sign-in minted it (issue #30 item
 * 4: the failures of every device a person minted count against that person), signed with the
 * session secret, set by a successful sign-in. A browser that carries a valid one has its own
 * failure allowance; an absent, unsigned, tampered or older (id-only) cookie makes the client
 * unknown. It is not a session and grants nothing by itself. Same attributes as the session
 * cookie (HttpOnly, SameSite=Strict, Secure and `__Host-` with COOKIE_SECURE), but long-lived and
 * kept at sign-out.
 */
export class DeviceCookie {
  readonly name: string;

  constructor(private readonly config: Config) {
    this.name = config.cookieSecure ? '__Host-rh_device' : 'rh_device';
  }

  /** The device of a request; null when there is no cookie or its signature does not hold. */
  fromRequest(request: FastifyRequest): Device | null {
    const raw = request.cookies[this.name];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    const match = unsigned.valid && unsigned.value ? DEVICE_VALUE.exec(unsigned.value) : null;
    if (!match) return null;
    return { deviceId: match[1] as string, personId: match[2] as string };
  }

  /**
   * Who the throttle counts: the browser's device (and the person who minted it) when its cookie is
   * valid, else its address (docs/adr/0008, issue #30 item 4). A method here, on the server's
   * `devices`, so the users module's PIN changes count the same client without importing auth.
   */
  throttleClient(request: FastifyRequest): ThrottleClient {
    const device = this.fromRequest(request);
    if (device) return { kind: 'device', ...device };
    return { kind: 'address', ip: request.ip ?? 'unknown' };
  }

  /** A new device, minted by `personId`'s sign-in (the caller checks the daily mint quota). */
  mint(personId: string): Device {
    return { deviceId: randomBytes(16).toString('base64url'), personId };
  }

  /** (Re)sets the cookie after a successful sign-in: the same device for another year, or a new one. */
  set(reply: FastifyReply, device: Device): void {
    reply.setCookie(this.name, `${device.deviceId}.${device.personId}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.cookieSecure,
      path: '/',
      signed: true,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  }
}
