import type { Db } from '../../db/client';
import {
  claimStoreSlot,
  clearThrottle,
  findThrottle,
  recordClientFailure,
  recordStoreFailure,
} from './throttle.repository';

/**
 * Security guide, Throttling. Counted in the database so a restart or a second instance does not
 * reset them. Per client: after 5 consecutive failures the client waits 30 s, doubling with each
 * further failure up to an hour; failures older than 15 minutes are forgotten; a success clears
 * the count. Store-wide: when 25 failures arrive within 5 minutes from any clients, the breaker
 * lets one PIN check through every 2 seconds for the whole store until the window passes, which
 * slows a distributed guesser to a crawl while a cashier still gets in after a short wait.
 */
export const THROTTLE_RULES = {
  clientLimit: 5,
  clientBaseSeconds: 30,
  clientMaxSeconds: 3600,
  clientMemorySeconds: 15 * 60,
  storeWindowSeconds: 5 * 60,
  storeThreshold: 25,
  storeSpacingSeconds: 2,
} as const;

const STORE_KEY = 'store';
const clientKey = (ip: string) => `client:${ip}`.slice(0, 128);

export type ThrottleDecision =
  | { allowed: true }
  | { allowed: false; retryAfterSeconds: number; scope: 'client' | 'store' };

function secondsUntil(date: Date, now: number): number {
  return Math.max(1, Math.ceil((date.getTime() - now) / 1000));
}

export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly rules: typeof THROTTLE_RULES = THROTTLE_RULES,
  ) {}

  /** May this client try a PIN now? Claims a store slot when the breaker is tripped. */
  async check(ip: string): Promise<ThrottleDecision> {
    const now = Date.now();
    const client = await findThrottle(this.db, clientKey(ip));
    if (client?.lockedUntil && client.lockedUntil.getTime() > now) {
      return { allowed: false, retryAfterSeconds: secondsUntil(client.lockedUntil, now), scope: 'client' };
    }
    const store = await findThrottle(this.db, STORE_KEY);
    const windowOpen = store?.updatedAt && now - store.updatedAt.getTime() < this.rules.storeWindowSeconds * 1000;
    if (store && windowOpen && store.failures >= this.rules.storeThreshold) {
      const claimed = await claimStoreSlot(this.db, STORE_KEY, this.rules.storeSpacingSeconds);
      if (!claimed) {
        const retryAt = store.lockedUntil ?? new Date(now + this.rules.storeSpacingSeconds * 1000);
        return { allowed: false, retryAfterSeconds: secondsUntil(retryAt, now), scope: 'store' };
      }
    }
    return { allowed: true };
  }

  async recordFailure(ip: string): Promise<void> {
    await recordClientFailure(this.db, clientKey(ip), {
      limit: this.rules.clientLimit,
      baseSeconds: this.rules.clientBaseSeconds,
      maxSeconds: this.rules.clientMaxSeconds,
      memorySeconds: this.rules.clientMemorySeconds,
    });
    await recordStoreFailure(this.db, STORE_KEY, this.rules.storeWindowSeconds);
  }

  async recordSuccess(ip: string): Promise<void> {
    await clearThrottle(this.db, clientKey(ip));
  }
}
