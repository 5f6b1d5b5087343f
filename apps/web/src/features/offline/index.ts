/**
 * Issue #19 (ADR 0014): the terminal's offline side. Loaded lazily (dynamic import) so a cold
 * start never waits for IndexedDB or Dexie.
 */

export { keepHeldSaleOffline, offlineHeldSales, sendOfflineHeldSales, takeOfflineHeldSale } from './held-sales';
export { queueOfflineSale } from './offline-sale';
export { startTerminalOffline } from './start';
