/**
 * Live-update events published on GET /api/events (architecture guide, Live updates).
 * Each event names the query keys (spec §7 paths) the client invalidates when it arrives.
 */
export const DOMAIN_EVENTS = {
  'sale.recorded': ['/api/transactions', '/api/analytics/daily-stats', '/api/analytics/top-products'],
  'stock.changed': ['/api/products', '/api/products/low-stock', '/api/analytics/institution'],
  'shift.changed': ['/api/shifts/current'],
  'product.changed': ['/api/products', '/api/products/low-stock', '/api/categories', '/api/analytics/institution'],
  'checkout.changed': ['/api/asset-checkouts', '/api/analytics/institution'],
  'expense.changed': ['/api/expenses', '/api/expenses/stats/daily'],
  'department.changed': ['/api/departments', '/api/procurement/departments', '/api/analytics/institution'],
  'user.changed': ['/api/users', '/admin/users', '/api/super-admin/users'],
} as const satisfies Record<string, readonly string[]>;

export type DomainEventType = keyof typeof DOMAIN_EVENTS;

export type DomainEvent = {
  type: DomainEventType;
  /** Optional ids the event concerns (product ids, shift id, ...). */
  ids?: string[];
  at: string;
};

export function isDomainEventType(value: unknown): value is DomainEventType {
  return typeof value === 'string' && Object.hasOwn(DOMAIN_EVENTS, value);
}
