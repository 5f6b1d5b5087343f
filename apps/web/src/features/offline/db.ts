import type { HoldSaleBody, OfflineSaleRequest } from '@retail-hub/shared';
import { Dexie, type EntityTable } from 'dexie';

/**
 * The terminal's own storage (issue #19, ADR 0014): IndexedDB through Dexie, shared by every tab
 * of this browser profile. It outlives a reload, a closed tab and the network; the app asks the
 * browser to keep it (navigator.storage.persist) so it is not evicted under storage pressure.
 */

/** A sale waiting to reach the server. Sent oldest first (`seq`), always under its own key. */
export type OutboxSale = {
  /** Insertion order: the order the sales were made in. */
  seq?: number;
  /** The Idempotency-Key the sale was first tried online with; unique. */
  key: string;
  body: OfflineSaleRequest;
  /** What the Transaction Complete dialog and the receipt showed (number, change due, ...). */
  receiptNumber: string;
  /** The cashier who made it (the server records it in their shift whoever sends it). */
  userId: string;
  cashierName: string | null;
  createdAt: string;
  /**
   * pending: the sync worker sends it (again) when the server can be reached.
   * refused: the server answered 4xx; kept with the reason until someone retries it. Never dropped.
   * needs_approval: a discount above the seller's cap that no manager approved (issue #30 item 16,
   * needs-approval.ts); not sent until a manager approves it here or it is charged at full price.
   */
  status: 'pending' | 'refused' | 'needs_approval';
  attempts: number;
  /** The last failure, for the cashier and the manager (the server's message or the network's). */
  lastError: string | null;
  /** The server's refusal, e.g. 'pos.offline_amounts'. */
  refusalCode: string | null;
};

/**
 * Issue #35 item 3 (docs/adr/0032): a cart held while the server could not be reached, kept here
 * until it is sent (POST /api/held-sales under its own id, so a resend stores it once). Until then
 * only this terminal lists it and may resume it.
 */
export type OfflineHeldSale = {
  /** The held sale's id (a UUID the till chose). */
  id: string;
  body: HoldSaleBody & { id: string; heldAt: string };
  userId: string;
  cashierName: string | null;
  /** pending: sent when the server can be reached; refused: the server said no (kept, with why). */
  /** 'sending' while a POST of it is on its way: not resumable meanwhile (never resumed twice). */
  status: 'pending' | 'sending' | 'refused';
  lastError: string | null;
};

/** A cached server answer the terminal can show offline (catalogue, sizes, shift, session). */
export type QuerySnapshot = { hash: string; queryKey: unknown[]; data: unknown; savedAt: string };

export type MetaRow = { name: string; value: unknown };

export class TerminalDatabase extends Dexie {
  outbox!: EntityTable<OutboxSale, 'seq'>;
  snapshots!: EntityTable<QuerySnapshot, 'hash'>;
  meta!: EntityTable<MetaRow, 'name'>;
  heldSales!: EntityTable<OfflineHeldSale, 'id'>;

  constructor(name = 'retail-hub-terminal', options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({
      outbox: '++seq, &key, status',
      snapshots: 'hash',
      meta: 'name',
    });
    // Issue #35 item 3: carts held offline.
    this.version(2).stores({ heldSales: 'id, status' });
  }
}

let shared: TerminalDatabase | null = null;

/** The one database of this page (null where IndexedDB does not exist, e.g. a private window of an old browser). */
export function terminalDatabase(): TerminalDatabase | null {
  if (typeof indexedDB === 'undefined') return null;
  shared ??= new TerminalDatabase();
  return shared;
}
