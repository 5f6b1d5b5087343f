/**
 * The printers feature (issue #36 items 1–3, docs/adr/0031): the Printers card of /terminals, the
 * terminal's printer, printing a sale's receipt on it, the till's print jobs and Open Drawer.
 */
export { openDrawerForFloat, printRefundOn, printSaleOn, printShiftReportOn } from './api';
export { PrintJobsTray } from './print-jobs-tray';
export { PrintersPanel } from './printers-panel';
export { useTerminalPrinter } from './use-terminal-printer';
