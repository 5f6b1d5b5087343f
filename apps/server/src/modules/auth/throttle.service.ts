import type { Db } from '../../db/client';
import {
  clearThrottle,
  type LockRule,
  type Reservation,
  releaseAttempt,
  releaseBreakerAttempt,
  reserveAttempt,
  reserveBreakerAttempt,
} from './throttle.repository';

/**
 * Security guide, Throttling; docs/adr/0008. Counted in the database so a restart or a second
 * instance does not reset them, and reserved before the PIN is looked at (one upsert per key), so
 * attempts fired at once are counted one by one.
 *
 * Sign-in. A browser that signed in before carries a signed device cookie and is counted on its
 * own: after 5 consecutive failures it waits 30 s, doubling with each further failure up to an
 * hour; failures older than 15 minutes are forgotten; a success clears the count. Any other client
 * is unknown and counted by address with the same rule, and together with every unknown client
 * on a store-wide breaker: past 25 attempts within 5 minutes it lets one unknown PIN check
 * through every 2 seconds until the window passes. Wrong PINs from unknown clients therefore slow
 * down only unknown clients; a known till keeps its own allowance (OWASP, device cookies).
 *
 * PIN changes (issue #13 item 2). Every PIN an administrator sets or generates reveals something
 * about the PINs in use (a refusal says "taken", an acceptance or a generated PIN says "free"), so
 * each counts per acting user (10, then the same growing wait) and store-wide (30, likewise).
 */
export const THROTTLE_RULES = {
  clientLimit: 5,
  clientBaseSeconds: 30,
  clientMaxSeconds: 3600,
  clientMemorySeconds: 15 * 60,
  storeWindowSeconds: 5 * 60,
  storeThreshold: 25,
  storeSpacingSeconds: 2,
  pinChangeActorLimit: 10,
  pinChangeStoreLimit: 30,
} as const;

const STORE_KEY = 'store';
const PIN_CHANGE_STORE_KEY = 'pin-admin:store';
const clientKey = (ip: string) => `client:${ip}`.slice(0, 128);
const deviceKey = (deviceId: string) => `device:${deviceId}`;
const pinChangeKey = (actorId: string) => `pin-admin:${actorId}`;

/** Who is trying a PIN: a browser with a valid device cookie, or an unknown client at an address. */
export type ThrottleClient = { kind: 'device'; deviceId: string } | { kind: 'address'; ip: string };

export type ThrottleDecision =
  | { allowed: true }
  | { allowed: false; retryAfterSeconds: number; scope: 'client' | 'device' | 'store' | 'actor' };

function refusal(reservation: Reservation, scope: 'client' | 'device' | 'store' | 'actor', fallbackSeconds: number) {
  const now = Date.now();
  const until = reservation.lockedUntil?.getTime() ?? now + fallbackSeconds * 1000;
  return {
    allowed: false as const,
    retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)),
    scope,
  };
}

export class LoginThrottle {
  private readonly clientRule: LockRule;

  constructor(
    private readonly db: Db,
    private readonly rules: typeof THROTTLE_RULES = THROTTLE_RULES,
  ) {
    this.clientRule = {
      limit: rules.clientLimit,
      baseSeconds: rules.clientBaseSeconds,
      maxSeconds: rules.clientMaxSeconds,
      memorySeconds: rules.clientMemorySeconds,
    };
  }

  /**
   * Reserves one PIN attempt for this client, or says how long to wait. An allowed attempt counts
   * as a failure until `succeeded` clears it or `giveBack` returns it.
   */
  async reserve(client: ThrottleClient): Promise<ThrottleDecision> {
    if (client.kind === 'device') {
      const device = await reserveAttempt(this.db, deviceKey(client.deviceId), this.clientRule);
      return device.allowed ? { allowed: true } : refusal(device, 'device', this.rules.clientBaseSeconds);
    }
    const key = clientKey(client.ip);
    const own = await reserveAttempt(this.db, key, this.clientRule);
    if (!own.allowed) return refusal(own, 'client', this.rules.clientBaseSeconds);
    const store = await reserveBreakerAttempt(this.db, STORE_KEY, {
      windowSeconds: this.rules.storeWindowSeconds,
      threshold: this.rules.storeThreshold,
      spacingSeconds: this.rules.storeSpacingSeconds,
    });
    if (!store.allowed) {
      // Never checked, so it is not this client's failure.
      await releaseAttempt(this.db, key, this.rules.clientLimit);
      return refusal(store, 'store', this.rules.storeSpacingSeconds);
    }
    return { allowed: true };
  }

  /** The reserved attempt signed someone in: the client's count starts again (the store's loses it). */
  async succeeded(client: ThrottleClient): Promise<void> {
    if (client.kind === 'device') {
      await clearThrottle(this.db, deviceKey(client.deviceId));
      return;
    }
    await clearThrottle(this.db, clientKey(client.ip));
    await releaseBreakerAttempt(this.db, STORE_KEY);
  }

  /** The reserved attempt was not a failure (a PIN an administrator chose was free): it is returned. */
  async giveBack(client: ThrottleClient): Promise<void> {
    if (client.kind === 'device') {
      await releaseAttempt(this.db, deviceKey(client.deviceId), this.rules.clientLimit);
      return;
    }
    await releaseAttempt(this.db, clientKey(client.ip), this.rules.clientLimit);
    await releaseBreakerAttempt(this.db, STORE_KEY);
  }

  /** Reserves one PIN change (set or generate) for this acting user and store-wide; never given back. */
  async reservePinChange(actorId: string): Promise<ThrottleDecision> {
    const rule = (limit: number): LockRule => ({ ...this.clientRule, limit });
    const key = pinChangeKey(actorId);
    const actor = await reserveAttempt(this.db, key, rule(this.rules.pinChangeActorLimit));
    if (!actor.allowed) return refusal(actor, 'actor', this.rules.clientBaseSeconds);
    const store = await reserveAttempt(this.db, PIN_CHANGE_STORE_KEY, rule(this.rules.pinChangeStoreLimit));
    if (!store.allowed) {
      await releaseAttempt(this.db, key, this.rules.pinChangeActorLimit);
      return refusal(store, 'store', this.rules.clientBaseSeconds);
    }
    return { allowed: true };
  }
}
