import type { Db } from '../../db/client';
import {
  type BreakerRule,
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
 * own: after 5 failures it waits 30 s, doubling with each further failure up to an hour; failures
 * are forgotten 15 minutes after the last one (or after the lock ends). A success gives back only
 * its own attempt, never the failures before it: otherwise someone who knows one PIN could guess
 * four, sign in, and guess four more without end. Known devices together also sit on their own
 * store-wide breaker (100 failures within 5 minutes, then one check per second), so minting fresh
 * device cookies by signing in again cannot add allowance without bound. Any other client
 * is unknown and counted by address with the same rule, and together with every unknown client
 * on a store-wide breaker: past 25 attempts within 5 minutes it lets one unknown PIN check
 * through every 2 seconds until the window passes. Wrong PINs from unknown clients therefore slow
 * down only unknown clients; a known till keeps its own allowance (OWASP, device cookies).
 *
 * PIN changes (issue #13 item 2). Every PIN an administrator sets or generates reveals something
 * about the PINs in use (a refusal says "taken", an acceptance or a generated PIN says "free"), so
 * each counts per acting user (10, then the same growing wait) and store-wide on a breaker (past
 * 30 within 15 minutes, one PIN change every 30 s), so no single administrator can lock PIN
 * changes for everyone else for long.
 */
export const THROTTLE_RULES = {
  clientLimit: 5,
  clientBaseSeconds: 30,
  clientMaxSeconds: 3600,
  clientMemorySeconds: 15 * 60,
  storeWindowSeconds: 5 * 60,
  storeThreshold: 25,
  storeSpacingSeconds: 2,
  deviceStoreThreshold: 100,
  deviceStoreSpacingSeconds: 1,
  pinChangeActorLimit: 10,
  pinChangeStoreLimit: 30,
  pinChangeStoreWindowSeconds: 15 * 60,
  pinChangeStoreSpacingSeconds: 30,
} as const;

const STORE_KEY = 'store';
const DEVICE_STORE_KEY = 'store:devices';
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
      const key = deviceKey(client.deviceId);
      const device = await reserveAttempt(this.db, key, this.clientRule);
      if (!device.allowed) return refusal(device, 'device', this.rules.clientBaseSeconds);
      const devices = await reserveBreakerAttempt(this.db, DEVICE_STORE_KEY, this.deviceBreaker());
      if (!devices.allowed) {
        await releaseAttempt(this.db, key, this.rules.clientLimit);
        return refusal(devices, 'store', this.rules.deviceStoreSpacingSeconds);
      }
      return { allowed: true };
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

  private deviceBreaker(): BreakerRule {
    return {
      windowSeconds: this.rules.storeWindowSeconds,
      threshold: this.rules.deviceStoreThreshold,
      spacingSeconds: this.rules.deviceStoreSpacingSeconds,
    };
  }

  /**
   * The reserved attempt signed someone in: that attempt is given back, the failures before it
   * stay until forgotten (a success must not buy a fresh allowance of guesses).
   */
  async succeeded(client: ThrottleClient): Promise<void> {
    await this.giveBack(client);
  }

  /** The reserved attempt was not a failure (a PIN an administrator chose was free): it is returned. */
  async giveBack(client: ThrottleClient): Promise<void> {
    if (client.kind === 'device') {
      await releaseAttempt(this.db, deviceKey(client.deviceId), this.rules.clientLimit);
      await releaseBreakerAttempt(this.db, DEVICE_STORE_KEY);
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
    const store = await reserveBreakerAttempt(this.db, PIN_CHANGE_STORE_KEY, {
      windowSeconds: this.rules.pinChangeStoreWindowSeconds,
      threshold: this.rules.pinChangeStoreLimit,
      spacingSeconds: this.rules.pinChangeStoreSpacingSeconds,
    });
    if (!store.allowed) {
      await releaseAttempt(this.db, key, this.rules.pinChangeActorLimit);
      return refusal(store, 'store', this.rules.pinChangeStoreSpacingSeconds);
    }
    return { allowed: true };
  }
}
