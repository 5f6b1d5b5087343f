import type { AssetCheckout } from '@retail-hub/shared';
import { describe, expect, it } from 'vitest';
import { departmentCount, lowStockAssets, mostOverdueFirst, shortId } from './dashboard-data';

const loan = (id: string, status: AssetCheckout['status'], expectedReturnAt: string | null): AssetCheckout => ({
  id,
  status,
  productId: `p-${id}`,
  variantId: null,
  userId: 'u',
  product: { id: `p-${id}`, name: `Asset ${id}`, assetType: 'tool', location: null },
  variant: null,
  user: { id: 'u', firstName: 'Casey', lastName: 'Cashier' },
  checkedOutAt: '2026-11-01T00:00:00.000Z',
  expectedReturnAt,
  returnedAt: null,
  returnCondition: null,
  notes: null,
  returnNotes: null,
});

describe('procurement dashboard data', () => {
  it('asset alerts keep only non-regular asset types', () => {
    expect(
      lowStockAssets([{ assetType: 'regular' }, { assetType: 'tool' }, { assetType: 'consumable' }]).map(
        (p) => p.assetType,
      ),
    ).toEqual(['tool', 'consumable']);
    expect(lowStockAssets(undefined)).toEqual([]);
  });

  it('overdue loans, most overdue first; first 3 and the rest counted', () => {
    const sorted = mostOverdueFirst([
      loan('a', 'overdue', '2026-11-10T00:00:00.000Z'),
      loan('b', 'checked_out', '2026-12-10T00:00:00.000Z'),
      loan('c', 'overdue', '2026-11-02T00:00:00.000Z'),
    ]);
    expect(sorted.map((c) => c.id)).toEqual(['c', 'a']);
  });

  it('departments count the active ones and show 0 for a failed answer', () => {
    expect(departmentCount([{ isArchived: false }, { isArchived: true }, {}])).toBe(2);
    expect(departmentCount(undefined)).toBe(0);
    expect(departmentCount({ message: 'Not found' })).toBe(0);
    expect(shortId('abcdef12-3456')).toBe('ABCDEF12');
  });
});
