import { describe, expect, it } from 'vitest';
import { assetLabel, emptyText, formatWhen, personName } from './checkout-display';

describe('asset checkout display', () => {
  it("formats dates with date-fns 'PPp' and leaves empty ones empty", () => {
    const local = new Date(2026, 10, 21, 9, 5);
    expect(formatWhen(local.toISOString())).toBe('Nov 21, 2026, 9:05 AM');
    expect(formatWhen(null)).toBeNull();
    expect(formatWhen('not a date')).toBeNull();
  });

  it('names people and assets', () => {
    expect(personName({ firstName: 'Casey', lastName: 'Cashier' })).toBe('Casey Cashier');
    expect(personName({ firstName: null, lastName: null })).toBe('Unknown');
    expect(assetLabel({ product: { id: '1', name: 'Drill', assetType: 'tool', location: null }, variant: null })).toBe(
      'Drill',
    );
    expect(
      assetLabel({
        product: { id: '1', name: 'Gloves', assetType: 'material', location: null },
        variant: { id: 'v', name: 'Large' },
      }),
    ).toBe('Gloves (Large)');
  });

  it("shows 'No asset checkouts yet' when there are none at all", () => {
    expect(emptyText('all')).toBe('No asset checkouts yet');
    expect(emptyText('overdue')).toBe('No overdue assets');
  });
});
