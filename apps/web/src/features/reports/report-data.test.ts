import type { TransactionListItem } from '@retail-hub/shared';
import { describe, expect, it } from 'vitest';
import {
  defaultRange,
  formatGrowth,
  growthPercent,
  MISSING_DATES_MESSAGE,
  previousRange,
  reportSummary,
  revenueByDay,
  START_AFTER_END_MESSAGE,
  topProductsOf,
  validateRange,
} from './report-data';

function sale(overrides: Partial<TransactionListItem> = {}): TransactionListItem {
  return {
    id: '0b7c2a4e-1111-4222-8333-abcdef123456',
    userId: 'u1',
    shiftId: 1,
    createdAt: new Date(2026, 10, 20, 14, 5, 9).toISOString(),
    subtotal: '10.00',
    tax: '0.25',
    total: '10.25',
    paymentMethod: 'credit_card',
    referenceCode: null,
    notes: null,
    status: 'completed',
    items: [{ quantity: 2, variantName: null, product: { id: 'p1', name: 'Latte' } }],
    user: { firstName: 'Jane', lastName: 'Smith' },
    ...overrides,
  };
}

describe('the report date range', () => {
  it('defaults to the last 7 days through today', () => {
    expect(defaultRange(new Date(2026, 10, 21, 9, 0))).toEqual({ startDate: '2026-11-15', endDate: '2026-11-21' });
  });

  it("counts today in the store's time zone, not the till's", () => {
    // 03:00 UTC on 21 Nov is still the 20th in New York and already the 21st in Sydney.
    const instant = new Date('2026-11-21T03:00:00Z');
    expect(defaultRange(instant, 'America/New_York')).toEqual({ startDate: '2026-11-14', endDate: '2026-11-20' });
    expect(defaultRange(instant, 'Australia/Sydney')).toEqual({ startDate: '2026-11-15', endDate: '2026-11-21' });
  });

  it('compares growth with the period of equal length just before it', () => {
    expect(previousRange({ startDate: '2026-11-15', endDate: '2026-11-21' })).toEqual({
      startDate: '2026-11-08',
      endDate: '2026-11-14',
    });
    expect(previousRange({ startDate: '2026-03-01', endDate: '2026-03-01' })).toEqual({
      startDate: '2026-02-28',
      endDate: '2026-02-28',
    });
  });

  it('asks for both dates and refuses a start after the end', () => {
    expect(validateRange('', '2026-11-21')).toBe(MISSING_DATES_MESSAGE);
    expect(validateRange('2026-11-21', '')).toBe(MISSING_DATES_MESSAGE);
    expect(validateRange('2026-11-22', '2026-11-21')).toBe(START_AFTER_END_MESSAGE);
    expect(validateRange('2026-11-21', '2026-11-21')).toBeNull();
  });
});

describe('the summary cards', () => {
  it('add up revenue, count the sales and average them to the cent', () => {
    const summary = reportSummary(
      [sale({ total: '10.00' }), sale({ total: '5.00' }), sale({ total: '0.01' })],
      [sale({ total: '10.00' })],
    );
    expect(summary.totalRevenueCents).toBe(1501);
    expect(summary.totalTransactions).toBe(3);
    expect(summary.averageSaleCents).toBe(500);
    expect(summary.growthPercent).toBeCloseTo(50.1);
  });

  it('show 0% growth when the previous period sold nothing, and $0.00 average without sales', () => {
    expect(growthPercent(5000, 0)).toBe(0);
    expect(reportSummary([], []).averageSaleCents).toBe(0);
  });

  it('write growth with a sign and one decimal', () => {
    expect(formatGrowth(12.345)).toBe('+12.3%');
    expect(formatGrowth(-50)).toBe('-50.0%');
    expect(formatGrowth(0)).toBe('0.0%');
  });
});

describe('VTPD Only', () => {
  it('counts top sellers from the kept sales by quantity', () => {
    const top = topProductsOf([
      sale({ items: [{ quantity: 1, variantName: null, product: { id: 'a', name: 'Apple' } }] }),
      sale({
        items: [
          { quantity: 3, variantName: 'Large', product: { id: 'b', name: 'Bagel' } },
          { quantity: 1, variantName: null, product: { id: 'a', name: 'Apple' } },
        ],
      }),
    ]);
    expect(top.map((t) => [t.product.name, t.totalSold])).toEqual([
      ['Bagel', 3],
      ['Apple', 2],
    ]);
  });
});

describe('revenue per day', () => {
  it('has every day of the range, zero where nothing sold', () => {
    const days = revenueByDay(
      [
        sale({ total: '4.50', createdAt: new Date(2026, 10, 20, 23, 59, 59).toISOString() }),
        sale({ total: '1.25', createdAt: new Date(2026, 10, 20, 0, 0, 0).toISOString() }),
      ],
      { startDate: '2026-11-19', endDate: '2026-11-21' },
    );
    expect(days.map((d) => [d.day, d.revenue])).toEqual([
      ['2026-11-19', 0],
      ['2026-11-20', 5.75],
      ['2026-11-21', 0],
    ]);
  });
});
