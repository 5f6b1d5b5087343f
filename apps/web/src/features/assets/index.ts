/**
 * The asset-loans feature's public entry (docs/architecture.md, Boundaries): the procurement
 * dashboard shows overdue loans with the same paging read and wording as the loans screen.
 */
export { type CheckoutPage, getCheckoutPage } from './api/get-checkouts';
export { formatWhen, personName } from './checkout-display';
