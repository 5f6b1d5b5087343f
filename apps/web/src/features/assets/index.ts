/**
 * The asset-loans feature's public entry (docs/architecture.md, Boundaries): the procurement
 * dashboard shows overdue loans with the same paging read and wording as the loans screen, and
 * the register's unit page lends and takes back through the same two dialogs (issue #33: one
 * lending path and UI).
 */
export { type CheckoutPage, getCheckoutPage } from './api/get-checkouts';
export { formatWhen, personName } from './checkout-display';
export { CheckoutDialog } from './components/checkout-dialog';
export { ReturnDialog } from './components/return-dialog';
