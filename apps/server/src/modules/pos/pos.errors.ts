import { ACCOUNT_MESSAGES, ERROR_CODES, type HeldSaleReason } from '@retail-hub/shared';
import { badRequest, conflict, notFound } from '../../lib/errors';

const HELD_MESSAGES: Record<HeldSaleReason, string> = {
  price_unknown:
    'A price in this sale is not one its product had while the terminal was offline. The sale is held for a manager.',
  other_terminal: 'This sale is dated into a shift started on another terminal. The sale is held for a manager.',
  shift_too_old: 'This sale is dated into a shift that closed too long ago. The sale is held for a manager.',
  tax_rate_changed: 'This sale was charged at a tax rate no longer in force. The sale is held for a manager.',
};

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
  /** Issue #32 item 2: the shift's store does not sell this product (store_products.is_available). */
  unavailableAtStore: (productName: string) =>
    conflict('pos.unavailable_at_store', `${productName} is not sold at this store.`),
  unknownSizeOption: () => badRequest('pos.unknown_size_option', 'Unknown size option'),
  /** Issue #35 item 1: a line's modifiers the product does not offer, or out of a group's min/max. */
  invalidModifiers: (index: number, message: string) =>
    badRequest('pos.invalid_modifiers', message, { [`items.${index}.modifiers`]: message }),
  shiftOpen: () => conflict('pos.shift_open', 'You already have an open shift.'),
  noOpenShift: () => conflict('pos.no_open_shift', 'You have no open shift to end.'),
  shiftNotFound: () => notFound('Shift', 'pos.shift_not_found'),
  transactionNotFound: () => notFound('Transaction', 'pos.transaction_not_found'),
  /** Issue #19: an offline sale whose amounts do not add up (a terminal fault: kept in its outbox). */
  offlineAmounts: () => badRequest('pos.offline_amounts', 'The amounts of this sale do not add up.'),
  offlineUnknownShift: () => badRequest('pos.offline_unknown_shift', 'The shift this sale was made in is unknown.'),
  /** Issue #30 item 2: a sale goes only into its sender's own shift, a manager's included. */
  offlineOtherCashier: () =>
    conflict(
      'pos.offline_other_cashier',
      "This sale was made in another cashier's shift. Sign in as that cashier to send it.",
    ),
  /** Issue #30 items 1 and 3 (ADR 0014): refused and held for a manager on Stock Discrepancies. */
  offlineHeld: (reason: HeldSaleReason) => conflict(`pos.offline_${reason}`, HELD_MESSAGES[reason]),
  offlineVoided: () => conflict('pos.offline_voided', 'A manager voided this sale. It was not recorded.'),
  heldOfflineSaleNotFound: () => notFound('Held offline sale', 'pos.held_sale_not_found'),
  heldOfflineSaleUnpriceable: () =>
    conflict(
      'pos.held_sale_unpriceable',
      'This sale cannot be recorded at the current prices (a product is gone or its discount no longer fits). Void it instead.',
    ),
  heldOfflineSaleResolved: () => conflict('pos.held_sale_resolved', 'This held sale has already been resolved.'),
  discrepancyNotFound: () => notFound('Stock discrepancy', 'pos.discrepancy_not_found'),
  discrepancyResolved: () => conflict('pos.discrepancy_resolved', 'This discrepancy has already been resolved.'),
  /** Issue #15 item 8: a shift that has not ended (or ended before Z reports existed) has none. */
  zReportNotFound: () => notFound('Z report', 'pos.z_report_not_found'),
  /** Issue #34 item 3 (ADR 0034): the account tender would take the account above its credit limit. */
  accountLimit: (available: string) => conflict('pos.account_limit', ACCOUNT_MESSAGES.limit(available)),
  /** ADR 0034: a sale charged to an account is never recorded offline. */
  offlineAccount: () => conflict('pos.offline_account', ACCOUNT_MESSAGES.offline),
  noOpenShiftForReport: () => conflict('pos.no_open_shift', 'You have no open shift to report on.'),
};
