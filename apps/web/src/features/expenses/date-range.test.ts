import { describe, expect, it } from 'vitest';
import { expenseRangeDays } from './date-range';

/** spec §9 Expense date ranges, as days in the store's time zone. */
describe('expenseRangeDays', () => {
  // 03:00 UTC on 1 March is still 28 February in New York (UTC-5) and already 1 March in Sydney.
  const instant = new Date('2026-03-01T03:00:00Z');

  it("counts today in the store's time zone, not the till's", () => {
    expect(expenseRangeDays('today', instant, 'America/New_York')).toEqual({
      startDate: '2026-02-28',
      endDate: '2026-02-28',
    });
    expect(expenseRangeDays('today', instant, 'Australia/Sydney')).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-01',
    });
  });

  it('covers the last 7 and the last 30 days with today included, across a month end', () => {
    expect(expenseRangeDays('week', instant, 'America/New_York')).toEqual({
      startDate: '2026-02-22',
      endDate: '2026-02-28',
    });
    expect(expenseRangeDays('month', instant, 'America/New_York')).toEqual({
      startDate: '2026-01-30',
      endDate: '2026-02-28',
    });
    expect(expenseRangeDays('week', instant, 'Australia/Sydney')).toEqual({
      startDate: '2026-02-23',
      endDate: '2026-03-01',
    });
  });

  it('keeps whole calendar days across a daylight-saving change', () => {
    // New York springs forward on 8 March 2026; the week still spans exactly 7 days.
    expect(expenseRangeDays('week', new Date('2026-03-10T12:00:00Z'), 'America/New_York')).toEqual({
      startDate: '2026-03-04',
      endDate: '2026-03-10',
    });
  });

  it("uses the till's own clock when no zone is given", () => {
    const localNoon = new Date(2026, 10, 21, 12, 0);
    expect(expenseRangeDays('week', localNoon)).toEqual({ startDate: '2026-11-15', endDate: '2026-11-21' });
  });
});
