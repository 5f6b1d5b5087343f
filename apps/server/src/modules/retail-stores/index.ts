/**
 * The installation's stores (issue #32, ADR 0024): a till's store, staff limits, per-store
 * product overrides, the store a shift sells at and the store the catalogue answers at.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { retailStoreRoutes } from './retail-stores.routes';
export {
  checkOpenStore,
  checkStoreExists,
  readableStores,
  retailStoreErrors,
  setStorePricesIncludeTax,
  setStoresOfUser,
  storeFileTag,
  storeForCatalogue,
  storeForNewShift,
  storeForStockChange,
  storePricesIncludeTax,
  tillRefusingUser,
  updateStore,
} from './retail-stores.service';
