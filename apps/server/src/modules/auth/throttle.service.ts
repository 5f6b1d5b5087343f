import type { PinGuessingAlert } from '@retail-hub/shared';
import type { Db } from '../../db/client';
import {
  type BreakerRule,
  deleteIdleThrottleRows,
  type LockRule,
  type Reservation,
  releaseAttempt,
  releaseBreakerAttempt,
  reserveAttempt,
  reserveBreakerAttempt,
  reserveQuotaAttempt,
  throttleStates,
} from './throttle.repository';

/** One limit an attempt must pass: how to reserve on it, and how to give the reservation back. */
type Step = {
  reserve: () => Promise<Reservation>;
  release: () => Promise<void>;
  scope: ThrottleScope;
  fallbackSeconds: number;
};

/**
 * Security guide, Throttling; docs/adr/0008. Counted in the database so a restart or a second
 * instance does not reset them, and reserved before the PIN is looked at (one upsert per key), so
 * attempts fired at once are counted one by one.
 *
 * Sign-in. A browser that signed in before carries a signed device cookie and is counted on its
 * own: after 5 failures it waits 30 s, doubling with each further failure up to an hour; failures
 * are forgotten 15 minutes after the last one (or after the lock ends). A success gives back only
 * its own attempt, never the failures before it: otherwise someone who knows one PIN could guess
 * four, sign in, and guess four more without end. Any other client is unknown and counted by
 * address with the same rule, and together with every unknown client on a store-wide breaker:
 * past 25 attempts within 5 minutes it lets one unknown PIN check through every 2 seconds until
 * the window passes. Wrong PINs from unknown clients therefore slow down only unknown clients; a
 * known till keeps its own allowance (OWASP, device cookies).
 *
 * People, not cookies (issue #30 item 4). A device cookie names the person whose sign-in minted
 * it, and a person mints at most 3 a day, so fresh cookies no longer bring fresh allowances: the
 * failures on every device a person minted count against that person (20 a day), wrong approver
 * PINs count against the person asking (10 a day, then a manager approves in person), and an
 * address gets at most 20 unknown failures a day. Wrong PINs from devices that know a PIN (known
 * devices and signed-in people) also count store-wide: past 50 in a day every further one waits
 * for a slot (one per 20 s) and managers see an alert. One person can reach none of these
 * breakers alone, so staff on known tills are not refused by one person's guessing; unknown
 * clients have their own daily breaker (100, then one per minute), which never touches known
 * devices. One insider therefore checks at most 10 + 20 + 20 = 50 PINs a day.
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
  dayWindowSeconds: 24 * 3600,
  personSignInDayLimit: 20,
  approverDayLimit: 10,
  addressDayLimit: 20,
  deviceMintDayLimit: 3,
  knownStoreDayThreshold: 50,
  knownStoreSpacingSeconds: 20,
  unknownStoreDayThreshold: 100,
  unknownStoreSpacingSeconds: 60,
  pinChangeActorLimit: 10,
  pinChangeStoreLimit: 30,
  pinChangeStoreWindowSeconds: 15 * 60,
  pinChangeStoreSpacingSeconds: 30,
  displayCodeLimit: 5,
} as const;

export type ThrottleRules = { [K in keyof typeof THROTTLE_RULES]: number };

const STORE_KEY = 'store';
/** Wrong PINs from devices that know a PIN (known devices, signed-in people asking for approval). */
export const KNOWN_STORE_KEY = 'store:known-day';
/** Unknown clients' daily breaker. */
export const UNKNOWN_STORE_KEY = 'store:unknown-day';
const PIN_CHANGE_STORE_KEY = 'pin-admin:store';
/** Issue #36 item 4: every wrong customer display pairing code, whoever sends it. */
export const DISPLAY_CODE_STORE_KEY = 'display-code:store';
const clientKey = (ip: string) => `client:${ip}`.slice(0, 128);
const clientDayKey = (ip: string) => `client-day:${ip}`.slice(0, 128);
const deviceKey = (deviceId: string) => `device:${deviceId}`;
const personKey = (personId: string) => `person:${personId}`;
const approverKey = (actorId: string) => `approver:${actorId}`;
const mintKey = (personId: string) => `mint:${personId}`;
const pinChangeKey = (actorId: string) => `pin-admin:${actorId}`;

/**
 * Who is trying a PIN: a browser with a valid device cookie (and the person whose sign-in minted
 * it), or an unknown client at an address.
 */
export type ThrottleClient = { kind: 'device'; deviceId: string; personId: string } | { kind: 'address'; ip: string };

export type ThrottleScope = 'client' | 'device' | 'person' | 'store' | 'actor';

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; scope: ThrottleScope };

type BreakerState = PinGuessingAlert['known'];

function refusal(reservation: Reservation, scope: ThrottleScope, fallbackSeconds: number) {
  const now = Date.now();
  const until = reservation.lockedUntil?.getTime() ?? now + fallbackSeconds * 1000;
  return {
    allowed: false as const,
    retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)),
    scope,
  };
}

/** One reservation taken, and how to give it back if a later one refuses or the PIN was right. */
type Taken = { release: () => Promise<void> };

export class LoginThrottle {
  private readonly clientRule: LockRule;

  constructor(
    private readonly db: Db,
    private readonly rules: ThrottleRules = THROTTLE_RULES,
  ) {
    this.clientRule = {
      limit: rules.clientLimit,
      baseSeconds: rules.clientBaseSeconds,
      maxSeconds: rules.clientMaxSeconds,
      memorySeconds: rules.clientMemorySeconds,
    };
  }

  /**
   * Reserves one sign-in PIN attempt for this client, or says how long to wait. An allowed attempt
   * counts as a failure until `succeeded` clears it or `giveBack` returns it.
   */
  async reserve(client: ThrottleClient): Promise<ThrottleDecision> {
    const steps = this.signInSteps(client);
    return this.reserveAll(steps);
  }

  /**
   * Reserves one approver-PIN check asked for by a signed-in person (issue #30 item 4): counted
   * against that person (10 wrong a day, then a manager must approve in person) and on the
   * store's breaker for devices that know a PIN. Not on the device: one person's wrong approver
   * PINs must not lock a shared till for the others.
   */
  async reserveApproval(actorId: string): Promise<ThrottleDecision> {
    return this.reserveAll(this.approvalSteps(actorId));
  }

  /** The approver PIN was a manager's: its reservations are given back. */
  async approvalSucceeded(actorId: string): Promise<void> {
    await this.releaseAll(this.approvalSteps(actorId));
  }

  /**
   * Whether this person's sign-in may mint one more device cookie today (issue #30 item 4: at most
   * 3 a day, so signing in again without a cookie does not buy a fresh allowance). Counted when
   * allowed; never given back.
   */
  async reserveDeviceMint(personId: string): Promise<boolean> {
    const mint = await reserveQuotaAttempt(
      this.db,
      mintKey(personId),
      this.rules.deviceMintDayLimit,
      this.rules.dayWindowSeconds,
    );
    return mint.allowed;
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
    await this.releaseAll(this.signInSteps(client));
  }

  /** The store-wide daily breakers as the managers' alert shows them (issue #30 item 4). */
  async alert(): Promise<PinGuessingAlert> {
    const rows = await throttleStates(this.db, [KNOWN_STORE_KEY, UNKNOWN_STORE_KEY]);
    const windowMs = this.rules.dayWindowSeconds * 1000;
    const state = (key: string, threshold: number): BreakerState => {
      const row = rows.find((r) => r.key === key);
      if (!row || row.windowStart.getTime() < Date.now() - windowMs) {
        return { failures: 0, threshold, tripped: false, since: null };
      }
      return {
        failures: row.failures,
        threshold,
        tripped: row.failures >= threshold,
        since: row.windowStart.toISOString(),
      };
    };
    return {
      known: state(KNOWN_STORE_KEY, this.rules.knownStoreDayThreshold),
      unknown: state(UNKNOWN_STORE_KEY, this.rules.unknownStoreDayThreshold),
    };
  }

  /** Rows idle past every window (a day and its memory) go (issue #30 item 4: bounded rows). */
  async purgeIdle(): Promise<number> {
    return deleteIdleThrottleRows(this.db, this.rules.dayWindowSeconds + this.rules.clientMaxSeconds);
  }

  private signInSteps(client: ThrottleClient): Step[] {
    if (client.kind === 'device') {
      return [
        this.lockStep(deviceKey(client.deviceId), 'device'),
        this.quotaStep(personKey(client.personId), this.rules.personSignInDayLimit, 'person'),
        this.knownStoreStep(),
      ];
    }
    return [
      this.lockStep(clientKey(client.ip), 'client'),
      this.quotaStep(clientDayKey(client.ip), this.rules.addressDayLimit, 'client'),
      this.breakerStep(
        STORE_KEY,
        {
          windowSeconds: this.rules.storeWindowSeconds,
          threshold: this.rules.storeThreshold,
          spacingSeconds: this.rules.storeSpacingSeconds,
        },
        this.rules.storeSpacingSeconds,
      ),
      this.breakerStep(
        UNKNOWN_STORE_KEY,
        {
          windowSeconds: this.rules.dayWindowSeconds,
          threshold: this.rules.unknownStoreDayThreshold,
          spacingSeconds: this.rules.unknownStoreSpacingSeconds,
        },
        this.rules.unknownStoreSpacingSeconds,
      ),
    ];
  }

  private approvalSteps(actorId: string): Step[] {
    return [this.quotaStep(approverKey(actorId), this.rules.approverDayLimit, 'actor'), this.knownStoreStep()];
  }

  private knownStoreStep(): Step {
    return this.breakerStep(
      KNOWN_STORE_KEY,
      {
        windowSeconds: this.rules.dayWindowSeconds,
        threshold: this.rules.knownStoreDayThreshold,
        spacingSeconds: this.rules.knownStoreSpacingSeconds,
      },
      this.rules.knownStoreSpacingSeconds,
    );
  }

  private lockStep(key: string, scope: ThrottleScope): Step {
    return {
      reserve: () => reserveAttempt(this.db, key, this.clientRule),
      release: () => releaseAttempt(this.db, key, this.rules.clientLimit),
      scope,
      fallbackSeconds: this.rules.clientBaseSeconds,
    };
  }

  private quotaStep(key: string, limit: number, scope: ThrottleScope): Step {
    return {
      reserve: () => reserveQuotaAttempt(this.db, key, limit, this.rules.dayWindowSeconds),
      release: () => releaseAttempt(this.db, key, limit),
      scope,
      fallbackSeconds: this.rules.dayWindowSeconds,
    };
  }

  private breakerStep(key: string, rule: BreakerRule, fallbackSeconds: number): Step {
    return {
      reserve: () => reserveBreakerAttempt(this.db, key, rule),
      release: () => releaseBreakerAttempt(this.db, key),
      scope: 'store',
      fallbackSeconds,
    };
  }

  /**
   * Takes each reservation in order; when one refuses, those already taken are given back (the
   * attempt was never checked, so it is nobody's failure) and the refusal says how long to wait.
   */
  private async reserveAll(steps: Step[]): Promise<ThrottleDecision> {
    const taken: Taken[] = [];
    for (const step of steps) {
      const reservation = await step.reserve();
      if (!reservation.allowed) {
        for (const done of taken.reverse()) await done.release();
        return refusal(reservation, step.scope, step.fallbackSeconds);
      }
      taken.push(step);
    }
    return { allowed: true };
  }

  private async releaseAll(steps: Step[]): Promise<void> {
    for (const step of steps) await step.release();
  }

  /**
   * Reserves one customer display pairing attempt (issue #36 item 4, ADR 0033). Counted for the
   * whole installation, never per cookie or address: a wrong code from anywhere counts, so a fresh
   * cookie or another address buys no fresh guesses. The same growing lock as a client's sign-in
   * (5 wrong codes, then 30 s doubling up to an hour, forgotten 15 minutes later): at most a few
   * dozen guesses a day against codes of one in a million that live 5 minutes.
   */
  async reserveDisplayCode(): Promise<ThrottleDecision> {
    const reservation = await reserveAttempt(this.db, DISPLAY_CODE_STORE_KEY, {
      ...this.clientRule,
      limit: this.rules.displayCodeLimit,
    });
    return reservation.allowed ? { allowed: true } : refusal(reservation, 'store', this.rules.clientBaseSeconds);
  }

  /** The code was right: its own attempt is given back (the wrong ones before it stay). */
  async displayCodeSucceeded(): Promise<void> {
    await releaseAttempt(this.db, DISPLAY_CODE_STORE_KEY, this.rules.displayCodeLimit);
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
