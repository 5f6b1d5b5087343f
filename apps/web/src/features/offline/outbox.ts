import type { OutboxSale, TerminalDatabase } from './db';

/**
 * The outbox of sales the server has not confirmed (issue #19, ADR 0014). Written before the
 * Transaction Complete dialog shows; emptied only by the server's confirmation. A sale the server
 * refuses stays here, marked with the reason, until someone retries it: nothing is dropped.
 */

/** Tabs of this terminal tell each other the outbox changed (the sync worker may live in another tab). */
export const OUTBOX_CHANNEL = 'retail-hub-outbox';

export type OutboxNudge = { type: 'added' } | { type: 'sync-now' };

export function broadcastNudge(nudge: OutboxNudge): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage(nudge);
  channel.close();
}

export type NewOutboxSale = Omit<OutboxSale, 'seq' | 'status' | 'attempts' | 'lastError' | 'refusalCode'>;

/**
 * Adds a sale; resolves once IndexedDB has committed it. The same key twice (a double tap) keeps
 * the first: the sale is queued once. A sale that needs a manager's approval first is kept as
 * 'needs_approval' (issue #30 item 16).
 */
export async function enqueueSale(
  db: TerminalDatabase,
  sale: NewOutboxSale,
  status: 'pending' | 'needs_approval' = 'pending',
): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const existing = await db.outbox.where('key').equals(sale.key).first();
    if (existing) return;
    await db.outbox.add({ ...sale, status, attempts: 0, lastError: null, refusalCode: null });
  });
  broadcastNudge({ type: 'added' });
}

/** Every sale in the outbox, oldest first. */
export function outboxSales(db: TerminalDatabase): Promise<OutboxSale[]> {
  return db.outbox.orderBy('seq').toArray();
}

/** The next sale to send: the oldest pending one. */
export function nextPending(db: TerminalDatabase): Promise<OutboxSale | undefined> {
  // The 'status' index orders equal statuses by primary key: oldest first.
  return db.outbox.where('status').equals('pending').first();
}

/** Refused sales go back in the queue (a manager or the right cashier signed in, or the cause was fixed). */
export async function requeueRefused(db: TerminalDatabase, filter?: (sale: OutboxSale) => boolean): Promise<number> {
  const count = await db.outbox
    .where('status')
    .equals('refused')
    .filter((sale) => !filter || filter(sale))
    .modify({ status: 'pending' });
  if (count > 0) broadcastNudge({ type: 'sync-now' });
  return count;
}

export type OutboxCounts = { pending: number; refused: number; needsApproval: number; oldestAt: string | null };

export function countsOf(sales: readonly OutboxSale[]): OutboxCounts {
  let pending = 0;
  let refused = 0;
  let needsApproval = 0;
  for (const sale of sales) {
    if (sale.status === 'refused') refused += 1;
    else if (sale.status === 'needs_approval') needsApproval += 1;
    else pending += 1;
  }
  return { pending, refused, needsApproval, oldestAt: sales[0]?.createdAt ?? null };
}
