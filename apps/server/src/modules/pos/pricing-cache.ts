import type { Database } from '../../db/client';
import type { EventBus } from '../events/event-bus';
import { loadPricing, type PricingEntry } from './sale-write.repository';

/**
 * The catalogue facts sales are priced from, kept in memory so a sale needs one round trip (the
 * write) instead of two. It never decides a price on its own authority: every sale's write checks
 * that the products still have the fingerprints they were priced with, and a stale entry only
 * costs a reload and a second try. 'product.changed' events (from any instance) evict early.
 */
export class PricingCache {
  private readonly entries = new Map<string, PricingEntry>();

  constructor(
    private readonly database: Database,
    private readonly maxEntries = 20_000,
  ) {}

  /** Entries for the ids; those missing (or all, when `fresh`) are read from the database. */
  async get(productIds: readonly string[], options: { fresh?: boolean } = {}): Promise<Map<string, PricingEntry>> {
    const found = new Map<string, PricingEntry>();
    const missing: string[] = [];
    for (const id of productIds) {
      const entry = options.fresh ? undefined : this.entries.get(id);
      if (entry) found.set(id, entry);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const id of missing) this.entries.delete(id);
      const loaded = await loadPricing(this.database, missing);
      // A simple bound: a catalogue bigger than the cache starts over rather than grow forever.
      if (this.entries.size + loaded.length > this.maxEntries) this.entries.clear();
      for (const entry of loaded) {
        this.entries.set(entry.product.id, entry);
        found.set(entry.product.id, entry);
      }
    }
    return found;
  }

  evict(productIds?: readonly string[]): void {
    if (!productIds || productIds.length === 0) this.entries.clear();
    else for (const id of productIds) this.entries.delete(id);
  }

  /** Evicts on 'product.changed'; returns the unsubscribe function. */
  listen(events: EventBus): () => void {
    return events.subscribe((event) => {
      if (event.type === 'product.changed') this.evict(event.ids);
    });
  }
}
