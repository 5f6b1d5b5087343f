import type { Database } from '../../db/client';
import type { EventBus } from '../events/index';
import { loadPricing, type PricingEntry } from './sale-write.repository';
import { findOpenShift, shiftStoreId } from './shifts.repository';

/**
 * The catalogue facts sales are priced from, kept in memory so a sale needs one round trip (the
 * write) instead of two. It never decides a price on its own authority: every sale's write checks
 * that the products still have the fingerprints they were priced with, and a stale entry only
 * costs a reload and a second try. 'product.changed' events (from any instance) evict early.
 *
 * Issue #32 item 2: a product is priced at a store (its own price there, or the product's), so
 * entries are kept per store and product. The store a cashier's open shift sells at is kept too
 * (`shiftStore`): a shift's store never changes, and a stale guess (the shift ended and another
 * started elsewhere, on another instance) only fails the write's fingerprint, which covers the
 * shift's store, and the sale is priced again with `fresh`.
 */
export class PricingCache {
  private readonly entries = new Map<string, PricingEntry>();
  private readonly shiftStores = new Map<string, string>();

  constructor(
    private readonly database: Database,
    private readonly maxEntries = 20_000,
  ) {}

  /** Entries at the store for the ids; those missing (or all, when `fresh`) are read from the database. */
  async get(
    storeId: string,
    productIds: readonly string[],
    options: { fresh?: boolean } = {},
  ): Promise<Map<string, PricingEntry>> {
    const found = new Map<string, PricingEntry>();
    const missing: string[] = [];
    for (const id of productIds) {
      const entry = options.fresh ? undefined : this.entries.get(key(storeId, id));
      if (entry) found.set(id, entry);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const id of missing) this.entries.delete(key(storeId, id));
      const loaded = await loadPricing(this.database, storeId, missing);
      // A simple bound: a catalogue bigger than the cache starts over rather than grow forever.
      if (this.entries.size + loaded.length > this.maxEntries) this.entries.clear();
      for (const entry of loaded) {
        this.entries.set(key(storeId, entry.product.id), entry);
        found.set(entry.product.id, entry);
      }
    }
    return found;
  }

  /**
   * The store the cashier's open shift sells at (null without one). Cached per cashier; `fresh`
   * reads it again (after the write answered 'repriced' or 'no shift').
   */
  async shiftStore(cashierId: string, options: { fresh?: boolean } = {}): Promise<string | null> {
    const known = options.fresh ? undefined : this.shiftStores.get(cashierId);
    if (known) return known;
    const shift = await findOpenShift(this.database.db, cashierId);
    if (!shift) {
      this.shiftStores.delete(cashierId);
      return null;
    }
    if (this.shiftStores.size >= this.maxEntries) this.shiftStores.clear();
    this.shiftStores.set(cashierId, shift.storeId);
    return shift.storeId;
  }

  /** The store of a shift by its id (offline sales and held sales name their shift). */
  async storeOfShift(shiftId: number): Promise<string | null> {
    return shiftStoreId(this.database.db, shiftId);
  }

  evict(productIds?: readonly string[]): void {
    if (!productIds || productIds.length === 0) {
      this.entries.clear();
      return;
    }
    const gone = new Set(productIds);
    for (const [k, entry] of this.entries) if (gone.has(entry.product.id)) this.entries.delete(k);
  }

  /** Evicts on 'product.changed'; returns the unsubscribe function. */
  listen(events: EventBus): () => void {
    return events.subscribe((event) => {
      if (event.type === 'product.changed') this.evict(event.ids);
    });
  }
}

const key = (storeId: string, productId: string) => `${storeId}:${productId}`;
