/**
 * POS stock (issue #32, ADR 0025): the ledger writers every module that changes a product's stock
 * calls inside its own transaction, and the SQL every screen reads stock with.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { stockRoutes } from './stock.routes';
export {
  ALL_STORES,
  applyStockCount,
  applyStockDelta,
  applyStockDeltas,
  ensureLevels,
  postOpeningStock,
  productStockByStore,
  productStockSql,
  putInAtLocation,
  type StockDelta,
  type StockScope,
  type StockTarget,
  stockItemIds,
  throwIfRefused,
  variantStockSql,
} from './stock.service';
