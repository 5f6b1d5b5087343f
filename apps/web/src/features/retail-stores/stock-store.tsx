import { ALL_STORES, type RetailStore } from '@retail-hub/shared';
import { useSyncExternalStore } from 'react';
import { subscribeTerminalSync, terminalSyncState } from '@/lib/offline-bridge';
import { severalStores, useStores, useTerminalStore } from './api';
import { StorePicker } from './store-filter';

/** The "All stores" choice: every store's stock together (issue #32 API `storeId=all`; packages/shared). */
export { ALL_STORES };

const KEY = 'retail-hub.stock-store';
const listeners = new Set<() => void>();

function readSaved(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function save(choice: string): void {
  try {
    window.localStorage.setItem(KEY, choice);
  } catch {
    // A browser that keeps nothing still follows the choice until the page reloads.
  }
  remembered = choice;
  for (const listener of listeners) listener();
}

let remembered: string | null = null;
const snapshot = () => remembered ?? readSaved();

export type StockStoreChoice = {
  /** The open stores when there are several, else [] (one store: nothing new appears). */
  stores: RetailStore[];
  /** null with one store; ALL_STORES; or the chosen store's id. */
  choice: string | null;
  /** The chosen store (null for one store or "All stores"). */
  store: RetailStore | null;
  setChoice: (choice: string) => void;
  /**
   * Whether `choice` is known: the store list (and this till's store) has arrived. Until then a
   * read would ask for the wrong store's stock (every store's), and a write would go to the
   * default store, so the screens wait for it.
   */
  ready: boolean;
};

/**
 * Issue #32: whose stock the back office's inventory screen and product form show and change,
 * shared by both and remembered per browser: the last choice, else the store this terminal is
 * bound to, else the default store (listed first). With one store: no choice at all.
 */
export function useStockStore(): StockStoreChoice {
  const list = useStores();
  const stores = severalStores(list.data);
  const saved = useSyncExternalStore(subscribe, snapshot, () => null);
  const { terminalId } = useSyncExternalStore(subscribeTerminalSync, terminalSyncState, terminalSyncState);
  const bound = useTerminalStore(terminalId, { enabled: stores.length > 0 });
  // A failed list is one store's view (as before); a disabled till query is never loading.
  const ready = !list.isPending && !bound.isLoading;
  if (stores.length === 0) return { stores, choice: null, store: null, setChoice: save, ready };
  const known = (id: string | null | undefined): id is string =>
    Boolean(id) && (id === ALL_STORES || stores.some((s) => s.id === id));
  const boundId = bound.data?.storeId;
  const choice = known(saved) ? saved : known(boundId) ? boundId : (stores[0] as RetailStore).id;
  return { stores, choice, store: stores.find((s) => s.id === choice) ?? null, setChoice: save, ready };
}

/** The "Store" picker of the inventory screen and the product form (only with several stores). */
export function StockStoreSelect({ value, style }: { value: StockStoreChoice; style?: React.CSSProperties }) {
  if (value.choice === null) return null;
  return (
    <StorePicker
      stores={value.stores}
      value={value.choice === ALL_STORES ? null : value.choice}
      onChange={(storeId) => value.setChoice(storeId ?? ALL_STORES)}
      style={style}
      testId="stock-store-select"
    />
  );
}
