import { IDBKeyRange } from 'fake-indexeddb';
import { vi } from 'vitest';

/**
 * Issue #31: the web tests run without per-file isolation (`isolate: false` in vitest.config.ts):
 * one worker keeps its jsdom window and its loaded libraries (React, Mantine, Dexie…) for all its
 * files instead of starting a process per file. This set-up file, run first before every test
 * file, gives each file what isolation gave it:
 * - the app's own modules (apps/web/src) are loaded afresh, so module-level state (the offline
 *   module started once, the offline bridge, the store filter, caches) starts empty;
 * - no IndexedDB (jsdom has none); a file that needs one imports '@/test/fake-indexeddb', which
 *   installs a new, empty one;
 * - empty localStorage and sessionStorage, the page at '/', real timers (the app sets no cookie).
 * Libraries under node_modules stay loaded: they keep no state a test depends on, or setup.ts
 * resets it after each test (toasts, stubs, spies).
 */

const APP_SOURCE = '/apps/web/src/';
const THIS_FILE = '/apps/web/src/test/fresh-file.ts';

type ModuleNode = { promise?: unknown; exports?: unknown; evaluated: boolean; importers: Set<string> };
type WorkerState = { evaluatedModules?: { idToModuleMap: Map<string, ModuleNode> } };

function reloadAppModules(): void {
  const state = (globalThis as { __vitest_worker__?: WorkerState }).__vitest_worker__;
  const modules = state?.evaluatedModules?.idToModuleMap;
  if (!modules) throw new Error('fresh-file.ts: Vitest worker state not found (has Vitest changed?)');
  // What Vitest itself does between files when isolating (resetModules), limited to the app's code.
  for (const [id, node] of modules) {
    if (!id.includes(APP_SOURCE) || id.includes(THIS_FILE)) continue;
    node.promise = undefined;
    node.exports = undefined;
    node.evaluated = false;
    node.importers.clear();
  }
}

const INDEXED_DB_GLOBALS = [
  'indexedDB',
  'IDBCursor',
  'IDBCursorWithValue',
  'IDBDatabase',
  'IDBFactory',
  'IDBIndex',
  'IDBKeyRange',
  'IDBObjectStore',
  'IDBOpenDBRequest',
  'IDBRecord',
  'IDBRequest',
  'IDBTransaction',
  'IDBVersionChangeEvent',
];

function removeIndexedDb(): void {
  for (const name of INDEXED_DB_GLOBALS) Reflect.deleteProperty(globalThis, name);
}

vi.useRealTimers();
reloadAppModules();
// Dexie settles, when first loaded, whether arrays can be keys from the IDBKeyRange it finds (and
// keeps that for the worker): load it once with one, as a file with an IndexedDB would.
Object.defineProperty(globalThis, 'IDBKeyRange', { value: IDBKeyRange, configurable: true, writable: true });
await import('dexie');
removeIndexedDb();
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, '', '/');
