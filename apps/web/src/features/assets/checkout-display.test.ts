import { describe, expect, it } from 'vitest';
import { assetLabel, checkoutOptionLabel, emptyText, formatWhen, loanSummary, personName } from './checkout-display';

describe('asset checkout display', () => {
  it("formats dates with date-fns 'PPp' and leaves empty ones empty", () => {
    const local = new Date(2026, 10, 21, 9, 5);
    expect(formatWhen(local.toISOString())).toBe('Nov 21, 2026, 9:05 AM');
    expect(formatWhen(null)).toBeNull();
    expect(formatWhen('not a date')).toBeNull();
  });

  it("shows dates on the store's clock when its zone is known, whatever the till's", () => {
    expect(formatWhen('2026-03-01T03:00:00.000Z', 'Pacific/Auckland')).toBe('Mar 1, 2026, 4:00 PM');
    expect(formatWhen('2026-03-01T03:00:00.000Z', 'Pacific/Honolulu')).toBe('Feb 28, 2026, 5:00 PM');
    expect(
      loanSummary(
        {
          user: { firstName: 'Casey', lastName: 'Cashier' },
          checkedOutAt: '2026-03-01T03:00:00.000Z',
          expectedReturnAt: null,
          status: 'checked_out',
        } as Parameters<typeof loanSummary>[0],
        'Pacific/Auckland',
      ),
    ).toBe('Checked out by Casey Cashier on Mar 1, 2026, 4:00 PM · no due date');
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

  it('labels a loan to return with its checkout and due dates, and whether it is overdue', () => {
    const base = {
      product: { id: '1', name: 'Cordless Drill', assetType: 'tool' as const, location: null },
      variant: null,
      user: { id: 'u', firstName: 'Casey', lastName: 'Cashier' },
      checkedOutAt: new Date(2026, 10, 20, 9, 30).toISOString(),
      expectedReturnAt: new Date(2026, 10, 24, 18, 0).toISOString(),
    };
    expect(checkoutOptionLabel({ ...base, status: 'overdue' })).toBe(
      'Cordless Drill — Casey Cashier · out Nov 20, 2026, 9:30 AM · due Nov 24, 2026, 6:00 PM (overdue)',
    );
    expect(checkoutOptionLabel({ ...base, status: 'checked_out', expectedReturnAt: null })).toBe(
      'Cordless Drill — Casey Cashier · out Nov 20, 2026, 9:30 AM · no due date',
    );
    expect(loanSummary({ ...base, status: 'overdue' })).toBe(
      'Checked out by Casey Cashier on Nov 20, 2026, 9:30 AM · due Nov 24, 2026, 6:00 PM (overdue)',
    );
  });

  it("shows 'No asset checkouts yet' when there are none at all", () => {
    expect(emptyText('all')).toBe('No asset checkouts yet');
    expect(emptyText('overdue')).toBe('No overdue assets');
  });
});
