import { ERROR_CODES } from '@retail-hub/shared';
import { badRequest, conflict, notFound } from '../../lib/errors';

/**
 * The POS module's typed errors (codes `pos.*`), each with a message safe to show. The codes the
 * terminal switches on come from the shared ERROR_CODES (docs/product.md §8).
 */
export const posErrors = {
  /** spec §8 Transactions: a message containing 'shift' opens the terminal's shift prompt. */
  shiftRequired: () =>
    conflict(ERROR_CODES.shiftRequired, 'No open shift. Please start your shift before making sales.'),
  totalsMismatch: () =>
    conflict(
      ERROR_CODES.totalsMismatch,
      'Prices have changed since this sale was started. Please refresh and try again.',
    ),
  /** spec §5 Cart: 'Only N units available for {product}.' */
  insufficientStock: (available: number, productName: string) =>
    conflict(ERROR_CODES.insufficientStock, `Only ${Math.max(0, available)} units available for ${productName}.`),
  insufficientPayment: () => badRequest('pos.insufficient_payment', 'Insufficient payment'),
  differentContents: () =>
    conflict('pos.idempotency_mismatch', 'This sale was already recorded with different contents.'),
  saleTooLarge: () => badRequest('pos.sale_too_large', 'This sale is too large to record.'),
  unknownProduct: () => badRequest('pos.unknown_product', 'Unknown product'),
  unknownSizeOption: () => badRequest('pos.unknown_size_option', 'Unknown size option'),
  shiftOpen: () => conflict('pos.shift_open', 'You already have an open shift.'),
  noOpenShift: () => conflict('pos.no_open_shift', 'You have no open shift to end.'),
  shiftNotFound: () => notFound('Shift', 'pos.shift_not_found'),
  transactionNotFound: () => notFound('Transaction', 'pos.transaction_not_found'),
  /** Issue #19: an offline sale whose amounts do not add up (a terminal fault: kept in its outbox). */
  offlineAmounts: () => badRequest('pos.offline_amounts', 'The amounts of this sale do not add up.'),
  offlineUnknownShift: () => badRequest('pos.offline_unknown_shift', 'The shift this sale was made in is unknown.'),
  offlineOtherCashier: () =>
    conflict(
      'pos.offline_other_cashier',
      "This sale was made in another cashier's shift. Sign in as that cashier, or as a manager, to send it.",
    ),
  discrepancyNotFound: () => notFound('Stock discrepancy', 'pos.discrepancy_not_found'),
  discrepancyResolved: () => conflict('pos.discrepancy_resolved', 'This discrepancy has already been resolved.'),
  /** Issue #15 item 8: a shift that has not ended (or ended before Z reports existed) has none. */
  zReportNotFound: () => notFound('Z report', 'pos.z_report_not_found'),
  noOpenShiftForReport: () => conflict('pos.no_open_shift', 'You have no open shift to report on.'),
};
