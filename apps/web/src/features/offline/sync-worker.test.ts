import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { type OutboxSale, TerminalDatabase } from './db';
import { enqueueSale, outboxSales, requeueRefused } from './outbox';
import {
  backoffDelay,
  claimLease,
  type LockManagerLike,
  runAsLeader,
  type SendResult,
  SyncWorker,
  WakeSource,
} from './sync-worker';

let dbCount = 0;
function freshDb(): TerminalDatabase {
  dbCount += 1;
  return new TerminalDatabase(`outbox-test-${dbCount}`, { indexedDB: new IDBFactory(), IDBKeyRange });
}

function sale(n: number) {
  return {
    key: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    body: {
      subtotal: '4.00',
      tax: '0.00',
      total: '4.00',
      paymentMethod: 'cash' as const,
      amountReceived: '5.00',
      items: [{ productId: 'p1', quantity: 1, unitPrice: '4.00', totalPrice: '4.00' }],
      soldAt: new Date(Date.UTC(2026, 0, 1, 12, n)).toISOString(),
      shiftId: 1,
    },
    receiptNumber: `S${n}`,
    userId: 'u1',
    cashierName: 'Casey Cashier',
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, n)).toISOString(),
  };
}

async function fill(db: TerminalDatabase, count: number) {
  for (let n = 1; n <= count; n++) await enqueueSale(db, sale(n));
}

/** An in-memory stand-in for navigator.locks: exclusive, first come first served. */
function memoryLocks(): LockManagerLike {
  const queues = new Map<string, Promise<void>>();
  return {
    request: async (name, options, callback) => {
      const before = queues.get(name) ?? Promise.resolve();
      let release = () => {};
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      queues.set(
        name,
        before.then(() => mine),
      );
      await before;
      try {
        if (options.signal?.aborted) return;
        await callback();
      } finally {
        release();
      }
    },
  };
}

describe('outbox and sync worker (issue #19)', () => {
  it('sends the sales oldest first, each under its own key, and empties the outbox', async () => {
    const db = freshDb();
    await fill(db, 5);
    const sent: string[] = [];
    const worker = new SyncWorker({
      db,
      send: async (s) => {
        sent.push(s.key);
        return { kind: 'confirmed' };
      },
    });
    const result = await worker.drain();
    expect(result).toEqual({ sent: 5, refused: 0, retryInMs: null });
    expect(sent).toEqual([1, 2, 3, 4, 5].map((n) => sale(n).key));
    expect(await outboxSales(db)).toEqual([]);
  });

  it('the same key queued twice (a double tap) is one sale', async () => {
    const db = freshDb();
    await enqueueSale(db, sale(1));
    await enqueueSale(db, sale(1));
    expect(await db.outbox.count()).toBe(1);
  });

  it('stops at a network failure without skipping ahead, then retries the same sale with the same key', async () => {
    const db = freshDb();
    await fill(db, 3);
    const sent: string[] = [];
    let down = true;
    const worker = new SyncWorker({
      db,
      random: () => 0.5,
      send: async (s) => {
        sent.push(s.key);
        if (down) return { kind: 'retry', reason: 'Failed to fetch' };
        return { kind: 'confirmed' };
      },
    });
    const first = await worker.drain();
    expect(first.sent).toBe(0);
    expect(first.retryInMs).toBe(2_000);
    expect(sent).toEqual([sale(1).key]);
    const kept = await outboxSales(db);
    expect(kept).toHaveLength(3);
    expect(kept[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Failed to fetch' });

    down = false;
    const second = await worker.drain();
    expect(second).toEqual({ sent: 3, refused: 0, retryInMs: null });
    expect(sent).toEqual([sale(1).key, sale(1).key, sale(2).key, sale(3).key]);
    expect(worker.failures).toBe(0);
  });

  it('a thrown error (fetch failing) counts as a network failure, not a refusal', async () => {
    const db = freshDb();
    await fill(db, 1);
    const worker = new SyncWorker({
      db,
      send: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect((await worker.drain()).retryInMs).not.toBeNull();
    expect((await outboxSales(db))[0]).toMatchObject({ status: 'pending', lastError: 'Failed to fetch' });
  });

  it('backs off exponentially while the server cannot be reached, capped, with jitter', async () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, { baseMs: 1_000, maxMs: 30_000 }, () => 0.5))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(3, { baseMs: 1_000, maxMs: 30_000 }, () => 0)).toBe(3_200);
    expect(backoffDelay(3, { baseMs: 1_000, maxMs: 30_000 }, () => 1)).toBe(4_800);

    const db = freshDb();
    await fill(db, 1);
    const worker = new SyncWorker({
      db,
      random: () => 0.5,
      backoff: { baseMs: 1_000, maxMs: 30_000 },
      send: async () => ({ kind: 'retry', reason: '503: Service Unavailable' }),
    });
    const waits: Array<number | null> = [];
    for (let i = 0; i < 4; i++) waits.push((await worker.drain()).retryInMs);
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect((await outboxSales(db))[0]?.attempts).toBe(4);
  });

  it('a refused sale stays in the outbox with the reason, and the later sales still go', async () => {
    const db = freshDb();
    await fill(db, 3);
    const worker = new SyncWorker({
      db,
      send: async (s): Promise<SendResult> =>
        s.key === sale(2).key
          ? { kind: 'refused', reason: 'The amounts of this sale do not add up.', code: 'pos.offline_amounts' }
          : { kind: 'confirmed' },
    });
    expect(await worker.drain()).toEqual({ sent: 2, refused: 1, retryInMs: null });
    const kept = await outboxSales(db);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      key: sale(2).key,
      status: 'refused',
      lastError: 'The amounts of this sale do not add up.',
      refusalCode: 'pos.offline_amounts',
    });
    // Not sent again on its own...
    const again = vi.fn(async (): Promise<SendResult> => ({ kind: 'confirmed' }));
    const next = new SyncWorker({ db, send: again });
    await next.drain();
    expect(again).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(1);
    // ...until someone retries it.
    expect(await requeueRefused(db)).toBe(1);
    await next.drain();
    expect(again).toHaveBeenCalledTimes(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('two workers (two tabs) behind the lock never send the same sale twice', async () => {
    const db = freshDb();
    await fill(db, 20);
    const locks = memoryLocks();
    const sends = new Map<string, number>();
    const send = async (s: OutboxSale): Promise<SendResult> => {
      sends.set(s.key, (sends.get(s.key) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { kind: 'confirmed' };
    };
    const tab = () => {
      const worker = new SyncWorker({ db, send });
      return (signal: AbortSignal) => worker.drain(signal).then(() => undefined);
    };
    const controller = new AbortController();
    await Promise.all([
      runAsLeader(tab(), { signal: controller.signal, locks, db, owner: 'tab-a' }),
      runAsLeader(tab(), { signal: controller.signal, locks, db, owner: 'tab-b' }),
    ]);
    expect(sends.size).toBe(20);
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });

  it('without Web Locks, an IndexedDB lease lets one tab send and the other wait', async () => {
    const db = freshDb();
    let clock = 1_000;
    const now = () => clock;
    expect(await claimLease(db, 'tab-a', 10_000, now)).toBe(true);
    expect(await claimLease(db, 'tab-b', 10_000, now)).toBe(false);
    expect(await claimLease(db, 'tab-a', 10_000, now)).toBe(true);
    // tab-a stopped renewing (closed, frozen): its lease runs out and tab-b takes over.
    clock += 10_001;
    expect(await claimLease(db, 'tab-b', 10_000, now)).toBe(true);
    expect(await claimLease(db, 'tab-a', 10_000, now)).toBe(false);

    await fill(db, 10);
    const sends = new Map<string, number>();
    const leaders: string[] = [];
    const controller = new AbortController();
    const tab = (owner: string) => {
      const worker = new SyncWorker({
        db,
        send: async (s) => {
          sends.set(s.key, (sends.get(s.key) ?? 0) + 1);
          return { kind: 'confirmed' };
        },
      });
      return runAsLeader(
        async (signal) => {
          leaders.push(owner);
          await worker.drain(signal);
          controller.abort();
        },
        { signal: controller.signal, locks: null, db, owner, leaseMs: 60_000 },
      );
    };
    await Promise.all([tab('tab-c'), tab('tab-d')]);
    // tab-b's lease (from the first half) is still running on the real clock: whoever ran waited for it.
    expect(leaders.length).toBeLessThanOrEqual(1);
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
  });

  it('run() waits out the backoff; a new sale does not cut it short, going back online does', async () => {
    const db = freshDb();
    await fill(db, 1);
    const calls: number[] = [];
    const worker = new SyncWorker({
      db,
      random: () => 0.5,
      backoff: { baseMs: 300, maxMs: 30_000 },
      send: async () => {
        calls.push(Date.now());
        return { kind: 'retry', reason: 'offline' };
      },
    });
    const wake = new WakeSource();
    const controller = new AbortController();
    const running = worker.run(controller.signal, wake, 60_000);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await pause(100);
    wake.wake(false);
    await pause(50);
    expect(calls).toHaveLength(1);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect((calls[1] ?? 0) - (calls[0] ?? 0)).toBeGreaterThanOrEqual(290);
    // Now 600 ms of backoff: the 'online' event wakes it at once.
    wake.wake(true);
    await vi.waitFor(() => expect(calls).toHaveLength(3), { timeout: 300 });
    controller.abort();
    await running;
  });
});
