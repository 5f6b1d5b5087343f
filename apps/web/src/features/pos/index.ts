/**
 * The POS feature's public entry (docs/architecture.md, Boundaries): the procurement dashboard shows
 * today's sales from the POS dashboard's daily stats.
 */

/** Issue #15 item 4: the sales history reprints (COPY) and e-mails receipts the way the terminal does. */
export { useReceiptEmailAvailable } from './api/email-receipt';
export { dailyStatsQueryOptions, useDailyStats } from './api/get-daily-stats';
/** Issue #15 item 8: the Z Reports screen prints stored Z reports as the terminal does. */
export { fetchZReport as fetchZReportOf } from './api/shift-reports';
export { EmailReceiptDialog } from './receipt/email-receipt-dialog';
/** Issue #15 items 5 and 6: the sales history prints REFUND receipts in the receipt's print window. */
export { openPrintWindow, PRINT_DELAY_MS } from './receipt/print-receipt';
export { escapeHtml, receiptTimestamp } from './receipt/receipt-html';
export { PRINT_ERROR, reprintReceipt } from './receipt/reprint-receipt';
/** Issue #15 item 7: the super admin's discount caps card (Role Management) reads and saves the caps. */
export { DiscountCapsCard } from './settings/discount-caps-card';
export { printReport as printShiftReportWithToasts, printReportOnPrinter } from './shift/print-report';
