import { describe, expect, it } from 'vitest';
import { canReceiveEvent, DOMAIN_EVENT_PERMISSIONS, DOMAIN_EVENTS, type DomainEventType } from './events';
import { isPermission } from './permissions';

describe('who receives which live event (issue #13 item 7)', () => {
  it('every event names permissions of the shared map', () => {
    expect(Object.keys(DOMAIN_EVENT_PERMISSIONS).sort()).toEqual(Object.keys(DOMAIN_EVENTS).sort());
    for (const permissions of Object.values(DOMAIN_EVENT_PERMISSIONS)) {
      expect(permissions.length).toBeGreaterThan(0);
      for (const permission of permissions) expect(isPermission(permission), permission).toBe(true);
    }
  });

  it('a cashier hears about sales (and their voids), stock, shifts, held sales, products and checkouts, not expenses, staff or departments', () => {
    const heard = (Object.keys(DOMAIN_EVENTS) as DomainEventType[]).filter((type) => canReceiveEvent('cashier', type));
    expect(heard.sort()).toEqual(
      [
        'checkout.changed',
        'held-sale.changed',
        'product.changed',
        'sale.recorded',
        'sale.voided',
        'shift.changed',
        'stock.changed',
      ].sort(),
    );
  });

  it('managers and super admins hear every event; nobody signed out hears any', () => {
    for (const type of Object.keys(DOMAIN_EVENTS) as DomainEventType[]) {
      expect(canReceiveEvent('manager', type), type).toBe(true);
      expect(canReceiveEvent('super_admin', type), type).toBe(true);
      expect(canReceiveEvent(null, type), type).toBe(false);
    }
  });
});
