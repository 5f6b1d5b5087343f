import { can, type Permission } from './permissions';
import type { Role } from './roles';

/**
 * Live-update events published on GET /api/events (architecture guide, Live updates).
 * Each event names the query keys (spec §7 paths) the client invalidates when it arrives.
 */
export const DOMAIN_EVENTS = {
  'sale.recorded': ['/api/transactions', '/api/analytics/daily-stats', '/api/analytics/top-products'],
  /**
   * Issue #15 item 6: a sale was voided. It leaves every figure, including days the servers had
   * already summed up (each instance drops its cached day figures when it hears this).
   */
  'sale.voided': [
    '/api/transactions',
    '/api/sales-history',
    '/api/analytics/daily-stats',
    '/api/analytics/top-products',
    '/api/analytics/summary',
  ],
  'stock.changed': ['/api/products', '/api/products/low-stock', '/api/analytics/institution'],
  'shift.changed': ['/api/shifts/current'],
  /** Issue #35 item 3: a cart was held, resumed or discarded: every till's Held sales list. */
  'held-sale.changed': ['/api/held-sales'],
  // Issue #34 item 2: a rate or 'prices include tax' changed (published as product.changed): the
  // tills read them again rather than wait for a refused sale.
  'product.changed': [
    '/api/products',
    '/api/products/low-stock',
    '/api/categories',
    '/api/analytics/institution',
    '/api/tax-rates',
    '/api/settings/tax',
  ],
  'checkout.changed': ['/api/asset-checkouts', '/api/analytics/institution'],
  'expense.changed': ['/api/expenses', '/api/expenses/stats/daily'],
  'department.changed': ['/api/departments', '/api/procurement/departments', '/api/analytics/institution'],
  'user.changed': ['/api/users', '/admin/users', '/api/super-admin/users'],
  /** Issue #19: an offline sale opened a stock discrepancy, or a manager resolved one. */
  'discrepancy.changed': ['/api/stock-discrepancies'],
  /** Stores masters (issue #16): suppliers, locations, categories, items. */
  'stores.masters.changed': [
    '/api/procurement/suppliers',
    '/api/procurement/locations',
    '/api/procurement/categories',
    '/api/procurement/items',
  ],
  /** Stock per location moved (receipt, issue, transfer, count): stock, ledger, documents, reorder. */
  'stores.stock.changed': [
    '/api/procurement/stock',
    '/api/procurement/movements',
    '/api/procurement/items',
    '/api/procurement/issues',
    '/api/procurement/transfers',
    '/api/procurement/stock-counts',
    '/api/procurement/reorder',
  ],
  /** Issue #16 item 8: a requisition was created, changed state or was (partly) ordered. */
  'requisition.changed': ['/api/procurement/requisitions', '/api/procurement/purchasing-summary'],
  /** A purchase order was created, sent, cancelled, or goods were received against it. */
  'purchase-order.changed': [
    '/api/procurement/purchase-orders',
    '/api/procurement/requisitions',
    '/api/procurement/purchasing-summary',
  ],
  /** Issue #17: a registered unit, its maintenance, safety checks or write-offs changed. */
  'asset.changed': [
    '/api/procurement/assets',
    '/api/procurement/maintenance',
    '/api/procurement/safety-checks',
    '/api/procurement/writeoffs',
  ],
} as const satisfies Record<string, readonly string[]>;

export type DomainEventType = keyof typeof DOMAIN_EVENTS;

/**
 * Who receives each event: the permissions of the data it announces (the routes of the query keys
 * it invalidates), any one of them is enough. Issue #13 item 7: a role only hears about data it
 * may read, so a cashier's stream carries no expense or staff changes.
 */
export const DOMAIN_EVENT_PERMISSIONS = {
  'sale.recorded': ['pos.dashboard'],
  'sale.voided': ['pos.dashboard'],
  'stock.changed': ['catalog.read'],
  'shift.changed': ['pos.sell'],
  'held-sale.changed': ['pos.sell'],
  'product.changed': ['catalog.read'],
  'checkout.changed': ['assets.view'],
  'expense.changed': ['expenses.manage'],
  'department.changed': ['departments.manage', 'analytics.view'],
  'user.changed': ['users.manage', 'staff.manage', 'developer.view'],
  'discrepancy.changed': ['inventory.manage'],
  'stores.masters.changed': ['stores.view'],
  'stores.stock.changed': ['stores.view'],
  'requisition.changed': ['purchasing.requisitions'],
  'purchase-order.changed': ['purchasing.manage', 'purchasing.requisitions'],
  'asset.changed': ['assets.register'],
} as const satisfies Record<DomainEventType, readonly Permission[]>;

/** May a user with `role` receive events of `type`? */
export function canReceiveEvent(role: Role | null | undefined, type: DomainEventType): boolean {
  return DOMAIN_EVENT_PERMISSIONS[type].some((permission) => can(role, permission));
}

export type DomainEvent = {
  type: DomainEventType;
  /** Optional ids the event concerns (product ids, shift id, ...). */
  ids?: string[];
  at: string;
};

export function isDomainEventType(value: unknown): value is DomainEventType {
  return typeof value === 'string' && Object.hasOwn(DOMAIN_EVENTS, value);
}
