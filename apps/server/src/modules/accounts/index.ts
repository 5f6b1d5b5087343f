/**
 * Customers and accounts (issue #34 item 3, docs/adr/0034). Other modules enter through this file:
 * the sale path checks an account tender's account here; refunds and voids give an account back.
 */
export { accountRoutes } from './accounts.routes';
export { returnToAccount } from './accounts.service';
