import type { OutboxSale, TerminalDatabase } from './db';
import { nextPending } from './outbox';

/**
 * The one sync worker of a terminal (issue #19, ADR 0014). Every tab starts one; a lock makes
 * exactly one of them the sender at any time, so two tabs never send the same sale at once (the
 * fault of odoo#152259). It sends the outbox oldest first, each sale under its own
 * Idempotency-Key, backs off exponentially while the server cannot be reached, and keeps going
 * until every sale is confirmed. A refusal (4xx) is recorded on the sale, which stays.
 */

/** What one attempt to send a sale ended in. */
export type SendResult =
  | { kind: 'confirmed' }
  /** The server refused it for a reason other than the network: kept, with the reason. */
  | { kind: 'refused'; reason: string; code: string | null }
  /** Not reached, 5xx, timeout, signed out: try again later, same key. */
  | { kind: 'retry'; reason: string };

export type Backoff = { baseMs: number; maxMs: number };

export const DEFAULT_BACKOFF: Backoff = { baseMs: 2_000, maxMs: 60_000 };
/** With nothing to send, the worker looks again this often (a sale added in any tab wakes it at once). */
export const IDLE_CHECK_MS = 30_000;

/** The wait after `failures` consecutive failures: base × 2^(failures−1), capped, with ±20% jitter. */
export function backoffDelay(failures: number, backoff: Backoff = DEFAULT_BACKOFF, random = Math.random): number {
  const exponent = Math.max(0, failures - 1);
  const plain = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(exponent, 30));
  return Math.round(plain * (0.8 + 0.4 * random()));
}

export type DrainResult = { sent: number; refused: number; retryInMs: number | null };

export type SyncWorkerOptions = {
  db: TerminalDatabase;
  send: (sale: OutboxSale) => Promise<SendResult>;
  backoff?: Backoff;
  random?: () => number;
  /** A sale reached the server (refresh what depends on it). */
  onConfirmed?: (sale: OutboxSale) => void;
  /** The outbox changed (sent, refused, failed). */
  onProgress?: () => void;
};

export class SyncWorker {
  /** Consecutive failed attempts; the backoff grows with it and a confirmation resets it. */
  failures = 0;
  private readonly options: SyncWorkerOptions;

  constructor(options: SyncWorkerOptions) {
    this.options = options;
  }

  /**
   * Sends pending sales, oldest first, until the outbox has none left (retryInMs null) or one
   * could not be delivered (retryInMs: when to try again). Never sends a later sale before an
   * earlier one that failed for the network.
   */
  async drain(signal?: AbortSignal): Promise<DrainResult> {
    const { db, send } = this.options;
    let sent = 0;
    let refused = 0;
    while (!signal?.aborted) {
      const sale = await nextPending(db);
      if (!sale || sale.seq === undefined) {
        this.failures = 0;
        return { sent, refused, retryInMs: null };
      }
      let result: SendResult;
      try {
        result = await send(sale);
      } catch (error) {
        result = { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
      }
      const attempts = sale.attempts + 1;
      if (result.kind === 'confirmed') {
        await db.outbox.delete(sale.seq);
        this.failures = 0;
        sent += 1;
        this.options.onConfirmed?.(sale);
      } else if (result.kind === 'refused') {
        await db.outbox.update(sale.seq, {
          status: 'refused',
          attempts,
          lastError: result.reason,
          refusalCode: result.code,
        });
        refused += 1;
      } else {
        await db.outbox.update(sale.seq, { attempts, lastError: result.reason });
        this.failures += 1;
        this.options.onProgress?.();
        return { sent, refused, retryInMs: backoffDelay(this.failures, this.options.backoff, this.options.random) };
      }
      this.options.onProgress?.();
    }
    return { sent, refused, retryInMs: null };
  }

  /**
   * Drains, waits (the backoff, or IDLE_CHECK_MS when empty) and drains again until `signal`
   * aborts. `wake` resolves early: `urgent` wakes from any wait (back online, 'Sync now'); a
   * plain wake (a new sale) only from the idle wait, so a dead network is not hammered.
   */
  async run(signal: AbortSignal, wakeups: WakeSource, idleMs = IDLE_CHECK_MS): Promise<void> {
    while (!signal.aborted) {
      const result = await this.drain(signal);
      if (signal.aborted) return;
      const backingOff = result.retryInMs !== null;
      await wakeups.wait(result.retryInMs ?? idleMs, { urgentOnly: backingOff, signal });
    }
  }
}

/**
 * Something that can cut a worker's wait short. A wake that comes while the worker is busy
 * sending (no one waiting) is kept for its next wait, so 'back online' during a send is not lost.
 */
export class WakeSource {
  private waiters = new Set<{ urgentOnly: boolean; resolve: () => void }>();
  private pending: 'urgent' | 'plain' | null = null;

  /** Wakes the waiting worker: `urgent` from any wait, otherwise only from the idle one. */
  wake(urgent: boolean): void {
    let woke = false;
    for (const waiter of [...this.waiters]) {
      if (urgent || !waiter.urgentOnly) {
        this.waiters.delete(waiter);
        waiter.resolve();
        woke = true;
      }
    }
    if (!woke && this.waiters.size === 0) this.pending = urgent || this.pending === 'urgent' ? 'urgent' : 'plain';
  }

  wait(ms: number, { urgentOnly, signal }: { urgentOnly: boolean; signal?: AbortSignal }): Promise<void> {
    if (this.pending === 'urgent' || (this.pending === 'plain' && !urgentOnly)) {
      this.pending = null;
      return Promise.resolve();
    }
    this.pending = null;
    return new Promise<void>((resolve) => {
      const waiter = {
        urgentOnly,
        resolve: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve();
      }, ms);
      this.waiters.add(waiter);
      signal?.addEventListener('abort', () => waiter.resolve(), { once: true });
    });
  }
}

/** The part of the Web Locks API the worker uses (navigator.locks). */
export type LockManagerLike = {
  request: (name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>) => Promise<unknown>;
};

export const SYNC_LOCK_NAME = 'retail-hub-outbox-sync';
/** Where Web Locks are missing: a lease in IndexedDB, renewed while held, taken over when it runs out. */
export const LEASE_MS = 10_000;

/**
 * Runs `task` in at most one worker of this terminal at a time, whatever the number of tabs.
 * With Web Locks: the browser's exclusive lock (released when the tab closes or crashes, and the
 * next waiting tab takes over). Without: an IndexedDB lease (IndexedDB transactions are atomic
 * across tabs) that the holder renews and another takes over once it has run out.
 */
export async function runAsLeader(
  task: (signal: AbortSignal) => Promise<void>,
  {
    signal,
    locks,
    db,
    owner,
    leaseMs = LEASE_MS,
    now = Date.now,
  }: {
    signal: AbortSignal;
    locks: LockManagerLike | null | undefined;
    db: TerminalDatabase;
    owner: string;
    leaseMs?: number;
    now?: () => number;
  },
): Promise<void> {
  if (locks) {
    try {
      await locks.request(SYNC_LOCK_NAME, { signal }, () => task(signal));
    } catch (error) {
      if (!signal.aborted) throw error;
    }
    return;
  }
  const sleep = (ms: number) => new WakeSource().wait(ms, { urgentOnly: true, signal });
  while (!signal.aborted) {
    if (!(await claimLease(db, owner, leaseMs, now))) {
      await sleep(leaseMs / 3);
      continue;
    }
    const held = new AbortController();
    const stop = () => held.abort();
    signal.addEventListener('abort', stop, { once: true });
    const renew = setInterval(() => {
      void claimLease(db, owner, leaseMs, now).then((ok) => {
        if (!ok) held.abort();
      });
    }, leaseMs / 3);
    try {
      await task(held.signal);
    } finally {
      clearInterval(renew);
      signal.removeEventListener('abort', stop);
      if (signal.aborted) await releaseLease(db, owner);
    }
  }
}

type Lease = { owner: string; until: number };

/** Takes or renews the lease in one IndexedDB transaction: true when `owner` holds it now. */
export async function claimLease(
  db: TerminalDatabase,
  owner: string,
  leaseMs: number,
  now = Date.now,
): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get('sync-lease');
    const lease = row?.value as Lease | undefined;
    const at = now();
    if (lease && lease.owner !== owner && lease.until > at) return false;
    await db.meta.put({ name: 'sync-lease', value: { owner, until: at + leaseMs } satisfies Lease });
    return true;
  });
}

async function releaseLease(db: TerminalDatabase, owner: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const lease = (await db.meta.get('sync-lease'))?.value as Lease | undefined;
    if (lease?.owner === owner) await db.meta.delete('sync-lease');
  });
}
