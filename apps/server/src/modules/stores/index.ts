/**
 * Stores (issue #16): suppliers, locations, categories, items; postInventoryMovement (the one writer
 * of proc_stock_levels and proc_inventory_transactions, ADR 0012); counts, issues, transfers.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { storesDocumentsRoutes } from './documents.routes';
export { approveTransfer, createTransfer, dispatchTransfer, receiveTransfer, scopeOf } from './documents.service';
export { postInventoryMovement } from './inventory.service';
export { storesMastersRoutes } from './masters.routes';
export { writeItem, writeLocation, writeSupplier } from './masters.service';
