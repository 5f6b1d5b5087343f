import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { localDay, wallClockIn } from './time-zone';

describe("the store's clock on any till", () => {
  const moment = new Date('2026-11-22T01:30:00Z');

  it('reads the wall clock of the store zone, whatever zone the till runs in', () => {
    expect(format(wallClockIn(moment, 'America/Los_Angeles'), 'yyyy-MM-dd HH:mm')).toBe('2026-11-21 17:30');
    expect(format(wallClockIn(moment, 'Australia/Sydney'), 'yyyy-MM-dd HH:mm')).toBe('2026-11-22 12:30');
    expect(format(wallClockIn(moment, 'UTC'), 'yyyy-MM-dd HH:mm')).toBe('2026-11-22 01:30');
  });

  it("agrees with localDay, and keeps the till's clock without a zone", () => {
    expect(format(wallClockIn(moment, 'America/Los_Angeles'), 'yyyy-MM-dd')).toBe(
      localDay(moment, 'America/Los_Angeles'),
    );
    expect(wallClockIn(moment, undefined)).toBe(moment);
  });
});
