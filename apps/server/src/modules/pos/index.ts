/**
 * The point of sale: shifts and their summaries, sales (ADR 0006), refunds, voids, receipts,
 * transactions, discount caps, offline sales and terminals.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { discountCapsRoutes } from './discount-caps.routes';
export { historyRoutes } from './history.routes';
export { posRoutes } from './pos.routes';
export { saleReceipt } from './receipts.service';
export { refundRoutes } from './refunds.routes';
export { getRefund } from './refunds.service';
export { zReportOfShift } from './shift-reports.service';
export { readableShift, writeZReportOfClosedShift, xReport } from './shifts.service';
export { type SaleReader, saleReaderOf, visibleSale } from './transactions.service';
