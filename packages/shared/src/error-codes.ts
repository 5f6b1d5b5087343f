/**
 * The error codes a client switches on (the POS terminal's sale refusals, the product form's SKU
 * field). The server's error factories use these constants, so a renamed code breaks the build on
 * both sides instead of a screen silently falling back to a generic message. Zod-free (errors.ts
 * holds the error body's schema): the POS terminal imports it at start-up.
 */
export const ERROR_CODES = {
  shiftRequired: 'pos.shift_required',
  insufficientStock: 'pos.insufficient_stock',
  totalsMismatch: 'pos.totals_mismatch',
  skuTaken: 'catalog.sku_taken',
  /** Issue #35 item 3: the shift has held sales waiting; a manager must keep or discard them. */
  heldSalesUnresolved: 'pos.held_sales_unresolved',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
