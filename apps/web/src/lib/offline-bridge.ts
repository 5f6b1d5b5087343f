import type { Query } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The small part of offline selling (issue #19, ADR 0014) that lives in the main bundle. The
 * terminal's storage (Dexie, the outbox, the sync worker) loads lazily after the first screen
 * (features/offline/start.ts) so a cold start stays fast; until then, what it must not miss waits here.
 */

/** True for a failure where the server was not reached or could not answer (not a refusal). */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500;
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');
}

// biome-ignore lint/suspicious/noExplicitAny: any query of the cache
type AnyQuery = Query<any, any, any, any>;
type Fallback = (query: AnyQuery) => void;

let fallback: Fallback | null = null;
const waiting: AnyQuery[] = [];

/**
 * A read failed for the network: the offline module answers it from the terminal's cache (the
 * catalogue, size options, the open shift) when it has nothing to show yet.
 */
export function reportUnreachableQuery(query: AnyQuery, error: unknown): void {
  if (!isUnreachable(error) || query.state.data !== undefined) return;
  if (fallback) fallback(query);
  else waiting.push(query);
}

export function registerQueryFallback(handler: Fallback): void {
  fallback = handler;
  for (const query of waiting.splice(0)) handler(query);
}

// ---- The session, kept for a reload without network ----

const SESSION_KEY = 'retail-hub.session';

/**
 * The last session answer (who is signed in, the store's zone) in localStorage, so a terminal
 * reloaded while offline stays with its cashier. Only what the session answer shows: no secret
 * (the session cookie stays httpOnly). Cleared on sign-out and on a 401.
 */
export function saveSessionSnapshot(session: unknown): void {
  try {
    if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else localStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage full or disabled: the terminal just cannot reload offline.
  }
}

export function readSessionSnapshot(): unknown {
  try {
    const text = localStorage.getItem(SESSION_KEY);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

// ---- Whether this browser is a till ----

const TERMINAL_KEY = 'retail-hub.terminal';

/**
 * The POS terminal screen has been opened in this browser: from then on it reports to the
 * manager's terminal list (heartbeats), on every screen. A back-office browser that never opened
 * /pos and holds no unsynced sale is not a terminal, so it is not listed (issue #19).
 */
export function markSellingTerminal(): void {
  try {
    if (localStorage.getItem(TERMINAL_KEY) !== '1') localStorage.setItem(TERMINAL_KEY, '1');
  } catch {
    // Storage disabled: the terminal reports while it holds unsynced sales only.
  }
}

export function isSellingTerminal(): boolean {
  try {
    return localStorage.getItem(TERMINAL_KEY) === '1';
  } catch {
    return false;
  }
}

// ---- What the terminal shows about its outbox ----

export type OutboxEntry = {
  key: string;
  receiptNumber: string;
  total: string;
  paymentMethod: string;
  cashierName: string | null;
  createdAt: string;
  /** needs_approval: issue #30 item 16, a discount above the cap waiting for a manager. */
  status: 'pending' | 'refused' | 'needs_approval';
  attempts: number;
  lastError: string | null;
};

export type TerminalSyncState = {
  /** The browser says it has a network, and the last call to the server did not fail for it. */
  online: boolean;
  /** The outbox could be read (IndexedDB exists and the offline module has loaded). */
  ready: boolean;
  sales: OutboxEntry[];
  pending: number;
  refused: number;
  /** Held for a manager's approval of a discount above the cap (issue #30 item 16). */
  needsApproval: number;
  /**
   * This browser's terminal id once the offline module has read it: a shift started here is bound
   * to it (issue #30 item 3), so offline sales are dated only into shifts of this terminal.
   */
  terminalId: string | null;
};

let state: TerminalSyncState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  ready: false,
  sales: [],
  pending: 0,
  refused: 0,
  needsApproval: 0,
  terminalId: null,
};
const listeners = new Set<() => void>();

export function setTerminalSyncState(patch: Partial<TerminalSyncState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function terminalSyncState(): TerminalSyncState {
  return state;
}

export function subscribeTerminalSync(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The offline module starts a moment after the first screen (app/index.tsx). A PIN sign-in or a
 * Start Shift typed before then would go without this till's id, so a cashier of another store
 * would not be refused at the keypad (issue #32) and the shift would not be this terminal's
 * (issue #30 item 3). The app registers how to start the module at once; these calls use it.
 */
let startOfflineNow: (() => void) | null = null;
let terminalIdUnavailable = false;
const TERMINAL_ID_WAIT_MS = 3_000;

export function registerOfflineStarter(start: (() => void) | null): void {
  startOfflineNow = start;
}

/** The offline module could not load or has no IndexedDB: no terminal id will come. */
export function markTerminalIdUnavailable(): void {
  terminalIdUnavailable = true;
  for (const listener of listeners) listener();
}

/**
 * This browser's terminal id for a call that names the till: at once when read; otherwise the
 * offline module is started now and its read awaited (at most a few seconds). Null without one.
 */
export function settledTerminalId(timeoutMs = TERMINAL_ID_WAIT_MS): Promise<string | null> {
  if (state.terminalId || terminalIdUnavailable || !startOfflineNow) return Promise.resolve(state.terminalId);
  startOfflineNow();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve(state.terminalId);
    };
    const timer = setTimeout(finish, timeoutMs);
    const unsubscribe = subscribeTerminalSync(() => {
      if (state.terminalId || terminalIdUnavailable) finish();
    });
  });
}

/**
 * Actions the offline module provides once loaded (retry refused sales, sync now; a held sale's
 * manager approval with a PIN the server accepted, or its charge at full price: issue #30 item 16).
 */
export type TerminalSyncActions = {
  syncNow: () => void;
  retryRefused: () => Promise<void>;
  approveHeld?: (key: string, pin: string) => Promise<boolean>;
  chargeHeldFullPrice?: (key: string) => Promise<boolean>;
};
let actions: TerminalSyncActions | null = null;
export function registerTerminalSyncActions(value: TerminalSyncActions): void {
  actions = value;
}
export function terminalSyncActions(): TerminalSyncActions | null {
  return actions;
}
