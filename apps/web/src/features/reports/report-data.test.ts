import { describe, expect, it } from 'vitest';
import {
  chartDays,
  defaultRange,
  formatGrowth,
  MISSING_DATES_MESSAGE,
  START_AFTER_END_MESSAGE,
  summaryOf,
  validateRange,
} from './report-data';

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

  it('asks for both dates and refuses a start after the end', () => {
    expect(validateRange('', '2026-11-21')).toBe(MISSING_DATES_MESSAGE);
    expect(validateRange('2026-11-21', '')).toBe(MISSING_DATES_MESSAGE);
    expect(validateRange('2026-11-22', '2026-11-21')).toBe(START_AFTER_END_MESSAGE);
    expect(validateRange('2026-11-21', '2026-11-21')).toBeNull();
  });

  it('refuses a range longer than two years, as the server does', () => {
    expect(validateRange('2024-11-20', '2026-11-21')).toBe('A report covers at most 731 days.');
    expect(validateRange('2024-11-21', '2026-11-21')).toBeNull();
  });
});

describe('the summary cards', () => {
  it("take the server's figures to the cent, and zeros while it loads", () => {
    const summary = summaryOf({
      startDate: '2026-11-15',
      endDate: '2026-11-21',
      totalRevenue: '15.01',
      totalTransactions: 3,
      averageSale: '5.00',
      totalItemsSold: 4,
      totalRefunds: '0.00',
      refundCount: 0,
      totalDiscounts: '0.00',
      growth: 50.1,
      previousStartDate: '2026-11-08',
      previousEndDate: '2026-11-14',
      previousRevenue: '10.00',
      dailyRevenue: [],
    });
    expect(summary).toEqual({
      totalRevenueCents: 1501,
      totalTransactions: 3,
      averageSaleCents: 500,
      growthPercent: 50.1,
    });
    expect(summaryOf(undefined)).toEqual({
      totalRevenueCents: 0,
      totalTransactions: 0,
      averageSaleCents: 0,
      growthPercent: 0,
    });
  });

  it('write growth with a sign and one decimal', () => {
    expect(formatGrowth(12.345)).toBe('+12.3%');
    expect(formatGrowth(-50)).toBe('-50.0%');
    expect(formatGrowth(0)).toBe('0.0%');
  });
});

describe('revenue per day', () => {
  it('charts every day the server sent, labelled day/month, in dollars', () => {
    const days = chartDays([
      { date: '2026-11-19', revenue: '0.00', transactions: 0 },
      { date: '2026-11-20', revenue: '5.75', transactions: 2 },
    ]);
    expect(days).toEqual([
      { day: '2026-11-19', label: '19/11', revenue: 0 },
      { day: '2026-11-20', label: '20/11', revenue: 5.75 },
    ]);
  });
});
