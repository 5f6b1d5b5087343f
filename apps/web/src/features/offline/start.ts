import { can, type Role } from '@retail-hub/shared';
import type { QueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeyMatchesPath } from '@/lib/live-updates';
import {
  isSellingTerminal,
  markTerminalIdUnavailable,
  type OutboxEntry,
  registerQueryFallback,
  registerTerminalSyncActions,
  setTerminalSyncState,
} from '@/lib/offline-bridge';
import { SESSION_QUERY_KEY, sessionEnded } from '@/lib/query-client';
import { refreshApprovalKey } from './approval-key';
import { type OutboxSale, terminalDatabase } from './db';
import { approveHeldSale, chargeHeldSaleFullPrice } from './needs-approval';
import { countsOf, OUTBOX_CHANNEL, type OutboxNudge, outboxSales, requeueRefused } from './outbox';
import { answerFromSnapshot, forgetSnapshots, keepQueriesOffline } from './query-snapshots';
import { sendOfflineSale } from './send-offline-sale';
import { runAsLeader, SyncWorker, WakeSource } from './sync-worker';
import { terminalId } from './terminal-id';

/** The heartbeat (issue #19): the manager's terminal list shows when this terminal last synced. */
export const HEARTBEAT_MS = 60_000;

/** What a synced sale refreshes: the catalogue's stock, the sales lists and the day's figures. */
const PATHS_REFRESHED_BY_SYNC = [
  '/api/products',
  '/api/transactions',
  '/api/analytics/daily-stats',
  '/api/analytics/top-products',
  '/api/shifts',
];

let started = false;

function entryOf(sale: OutboxSale): OutboxEntry {
  return {
    key: sale.key,
    receiptNumber: sale.receiptNumber,
    total: sale.body.total,
    paymentMethod: sale.body.paymentMethod,
    cashierName: sale.cashierName,
    createdAt: sale.createdAt,
    status: sale.status,
    attempts: sale.attempts,
    lastError: sale.lastError,
  };
}

/**
 * Starts the terminal's offline side once per page (issue #19, ADR 0014): the copy of the
 * catalogue, the outbox's state for the screens, the sync worker (one per terminal, whatever the
 * tabs), the heartbeat, persistent storage and the service worker.
 */
export function startTerminalOffline(queryClient: QueryClient): void {
  if (started) return;
  started = true;
  const db = terminalDatabase();
  if (!db) {
    markTerminalIdUnavailable();
    return;
  }

  void navigator.storage?.persist?.().catch(() => false);
  registerServiceWorker();

  // The catalogue, sizes and the open shift, kept for a reload without network.
  keepQueriesOffline(db, queryClient);
  registerQueryFallback((query) => {
    void answerFromSnapshot(db, queryClient, query).catch((error: unknown) =>
      console.warn('No offline copy for', query.queryKey, error),
    );
  });

  // Size options are read fresh for each sale online; offline, the copy of each sized product's.
  setTimeout(() => prefetchSizeOptions(queryClient), SIZE_PREFETCH_DELAY_MS);

  // Issue #30 item 22: heartbeats only while someone is signed in (the server answers 401
  // otherwise); a 401 to one means the session ended under us, which signs the tab out.
  type SessionData = { user?: { id: string; role: Role } } | null | undefined;
  let signedIn = Boolean(queryClient.getQueryData<SessionData>(SESSION_QUERY_KEY)?.user);

  // Online / offline, as the browser and the last request see it.
  const wake = new WakeSource();
  /** Reports this terminal's outbox to the server (set once this tab leads the sync). */
  let heartbeat = () => {};
  window.addEventListener('online', () => {
    setTerminalSyncState({ online: true });
    wake.wake(true);
    // Report in at once with what the outbox holds: should the sales not go through, the manager
    // sees this terminal flagged without waiting for the next beat.
    heartbeat();
  });
  window.addEventListener('offline', () => setTerminalSyncState({ online: false }));

  // The outbox as the screens show it; Dexie's live query follows every tab's writes.
  let counts = { pending: 0, refused: 0, oldestAt: null as string | null };
  liveQuery(() => outboxSales(db)).subscribe({
    next: (sales) => {
      const all = countsOf(sales);
      // The heartbeat counts a sale held for a manager's approval as unsynced (issue #30 item 16).
      counts = { pending: all.pending + all.needsApproval, refused: all.refused, oldestAt: all.oldestAt };
      setTerminalSyncState({
        ready: true,
        sales: sales.map(entryOf),
        pending: all.pending,
        refused: all.refused,
        needsApproval: all.needsApproval,
      });
    },
    error: (error: unknown) => console.warn('The outbox could not be read', error),
  });

  // Sign-in and sign-out: a sale refused as another cashier's goes again once someone signs in;
  // sign-out forgets the kept catalogue (the outbox stays: it is the terminal's, not the person's).
  // A seller's terminal also refreshes the server's key for sealing a manager's PIN offline.
  const refreshKeyFor = (session: SessionData) => {
    if (session?.user && can(session.user.role, 'pos.sell')) void refreshApprovalKey(db);
  };
  refreshKeyFor(queryClient.getQueryData<SessionData>(SESSION_QUERY_KEY));
  let lastUserId: string | null | undefined;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== SESSION_QUERY_KEY[0]) return;
    const session = event.query.state.data as SessionData;
    const userId = session?.user?.id ?? null;
    signedIn = userId !== null;
    if (userId === lastUserId) return;
    lastUserId = userId;
    if (userId) {
      void requeueRefused(db, (sale) => sale.refusalCode === 'pos.offline_other_cashier');
      wake.wake(true);
      refreshKeyFor(session);
      heartbeat();
    } else {
      void forgetSnapshots(db);
    }
  });

  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
  channel?.addEventListener('message', (event: MessageEvent<OutboxNudge>) =>
    wake.wake(event.data?.type === 'sync-now'),
  );

  registerTerminalSyncActions({
    syncNow: () => {
      wake.wake(true);
      const broadcast = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
      broadcast?.postMessage({ type: 'sync-now' } satisfies OutboxNudge);
      broadcast?.close();
    },
    retryRefused: async () => {
      await requeueRefused(db);
      wake.wake(true);
    },
    approveHeld: async (key, pin) => {
      const approved = await approveHeldSale(db, key, pin);
      if (approved) wake.wake(true);
      return approved;
    },
    chargeHeldFullPrice: async (key) => {
      const charged = await chargeHeldSaleFullPrice(db, key);
      if (charged) wake.wake(true);
      return charged;
    },
  });

  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  const refreshAfterSync = () => {
    // One refresh for a burst of confirmations (Biome does not count `??=` as a read: spelled out).
    if (refreshTimer !== null) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      heartbeat();
      void queryClient.invalidateQueries({
        predicate: (query) => PATHS_REFRESHED_BY_SYNC.some((path) => queryKeyMatchesPath(query.queryKey, path)),
      });
    }, 300);
  };

  const controller = new AbortController();
  window.addEventListener('pagehide', (event) => {
    if (!event.persisted) controller.abort();
  });
  const owner = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  terminalId(db).catch((error: unknown) => {
    markTerminalIdUnavailable();
    console.warn('This terminal has no id', error);
  });
  void terminalId(db).then((id) => {
    setTerminalSyncState({ terminalId: id });
    const worker = new SyncWorker({
      db,
      send: async (sale) => {
        const result = await sendOfflineSale(sale, id);
        // The indicator follows what the server answered, not only what the browser believes.
        setTerminalSyncState({ online: result.kind !== 'retry' || /sign in/i.test(result.reason) });
        return result;
      },
      onConfirmed: refreshAfterSync,
    });
    void runAsLeader(
      async (signal) => {
        const beat = () => {
          if (!signedIn || !shouldReport(counts, isSellingTerminal())) return;
          void sendHeartbeat(id, counts).then((status) => {
            if (status === 401) {
              signedIn = false;
              sessionEnded(queryClient);
            }
          });
        };
        heartbeat = beat;
        beat();
        const timer = setInterval(beat, HEARTBEAT_MS);
        try {
          await worker.run(signal, wake);
        } finally {
          clearInterval(timer);
        }
      },
      { signal: controller.signal, locks: navigator.locks, db, owner },
    );
  });
}

const SIZE_PREFETCH_DELAY_MS = 3_000;
const SIZE_PREFETCH_MAX = 40;

/** Reads the size options of the sized products the terminal has shown, so they are kept for offline sales. */
function prefetchSizeOptions(queryClient: QueryClient): void {
  if (navigator.onLine === false) return;
  const ids = new Set<string>();
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: ['/api/products'] })) {
    const items = Array.isArray(data) ? data : (data as { items?: unknown[] } | undefined)?.items;
    for (const item of items ?? []) {
      const product = item as { id?: unknown; hasVariants?: unknown };
      if (product.hasVariants === true && typeof product.id === 'string') ids.add(product.id);
    }
  }
  for (const id of [...ids].slice(0, SIZE_PREFETCH_MAX)) {
    void queryClient.prefetchQuery({ queryKey: [`/api/products/${id}/size-options`], staleTime: 60_000 });
  }
}

/**
 * A browser reports to the manager's terminal list once it has opened the POS terminal, or while
 * it holds sales the server has not confirmed (they must never go unseen): a manager's back-office
 * browser is not a terminal.
 */
export function shouldReport(counts: { pending: number; refused: number }, sellingTerminal: boolean): boolean {
  return sellingTerminal || counts.pending + counts.refused > 0;
}

/** POST /api/terminals/heartbeat: the answer's status, or null offline (the next beat reports the same counts). */
async function sendHeartbeat(
  id: string,
  counts: { pending: number; refused: number; oldestAt: string | null },
): Promise<number | null> {
  try {
    const response = await apiRequest('POST', '/api/terminals/heartbeat', {
      terminalId: id,
      unsyncedCount: counts.pending + counts.refused,
      refusedCount: counts.refused,
      oldestUnsyncedAt: counts.oldestAt,
    });
    return response.status;
  } catch (error) {
    // A refusal (401: the session ended) is an answer too; only no answer at all is null.
    return error instanceof ApiError ? error.status : null;
  }
}

/**
 * The service worker (vite-plugin-pwa's generated Workbox worker) precaches the app shell so /pos
 * opens without network. Production builds only: the dev server serves modules, not a shell.
 */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('workbox-window')
    .then(({ Workbox }) => new Workbox('/sw.js', { scope: '/' }).register())
    .catch((error: unknown) => console.warn('The service worker could not be registered', error));
}
