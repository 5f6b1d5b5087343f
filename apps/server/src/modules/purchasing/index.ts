/**
 * Purchasing (ADR 0013): requisitions, purchase orders, goods receipts, purchasing settings.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { createPurchaseOrder, getPurchaseOrder, receiveGoods, sendPurchaseOrder } from './purchase-orders.service';
export { purchasingRoutes } from './purchasing.routes';
export { type Actor, createRequisition, submitRequisition } from './requisitions.service';
