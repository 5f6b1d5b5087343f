import { describe, expect, it } from 'vitest';
import { averageSaleCents, greetingFor, itemsSummary, posLowStock, staffName, statCards } from './dashboard-data';

const at = (hours: number, minutes = 0) => new Date(2024, 5, 3, hours, minutes);

describe('POS home and dashboard figures (spec §2, §9 List sizes)', () => {
  it('greets by time of day: morning before 12:00, afternoon before 17:00, evening after', () => {
    expect(greetingFor(at(0))).toBe('Good Morning');
    expect(greetingFor(at(11, 59))).toBe('Good Morning');
    expect(greetingFor(at(12))).toBe('Good Afternoon');
    expect(greetingFor(at(16, 59))).toBe('Good Afternoon');
    expect(greetingFor(at(17))).toBe('Good Evening');
    // 11:30 UTC is evening in Sydney (UTC+10/+11) and morning in New York, whatever the till's zone.
    expect(greetingFor(new Date('2025-06-02T11:30:00Z'), 'Australia/Sydney')).toBe('Good Evening');
    expect(greetingFor(new Date('2025-06-02T11:30:00Z'), 'America/New_York')).toBe('Good Morning');
    expect(greetingFor(new Date('2025-06-02T11:30:00Z'), 'UTC')).toBe('Good Morning');
    expect(greetingFor(new Date('2025-06-02T12:00:00Z'), 'UTC')).toBe('Good Afternoon');
  });

  it('the POS low-stock view keeps only products with no asset type or a regular one', () => {
    const products = [
      { id: '1', assetType: null },
      { id: '2', assetType: 'regular' },
      { id: '3', assetType: 'tool' },
      { id: '4', assetType: 'consumable' },
    ];
    expect(posLowStock(products).map((p) => p.id)).toEqual(['1', '2']);
  });

  it('the stat cards show sales, transactions, items and the average sale', () => {
    const stats = { totalSales: '100.00', totalTransactions: 3, totalItemsSold: 7 };
    expect(statCards(stats).map((c) => [c.label, c.value])).toEqual([
      ["Today's Sales", '$100.00'],
      ['Transactions', '3'],
      ['Items Sold', '7'],
      ['Average Sale', '$33.33'],
    ]);
    expect(averageSaleCents({ totalSales: '0.00', totalTransactions: 0, totalItemsSold: 0 })).toBe(0);
  });

  it("Today's Sales says the discounts given today under it; $0.00 while the server has none", () => {
    const stats = { totalSales: '85.00', totalTransactions: 3, totalItemsSold: 7, totalDiscounts: '15.00' };
    expect(statCards(stats)[0]).toEqual({ label: "Today's Sales", value: '$85.00', note: 'Discounts: $15.00' });
    expect(statCards(undefined)[0]?.note).toBe('Discounts: $0.00');
    expect(statCards(stats).filter((c) => c.note)).toHaveLength(1);
  });

  it('summarises a sale by its items and names the cashier', () => {
    expect(
      itemsSummary([
        { quantity: 2, variantName: 'Takeaway Big Cup', product: { id: 'p1', name: 'Latte' } },
        { quantity: 1, variantName: null, product: { id: 'p2', name: 'Muffin' } },
      ]),
    ).toBe('2× Latte (Takeaway Big Cup), 1× Muffin');
    expect(staffName({ firstName: 'Casey', lastName: null })).toBe('Casey');
    expect(staffName(null)).toBe('Unknown Cashier');
  });
});
