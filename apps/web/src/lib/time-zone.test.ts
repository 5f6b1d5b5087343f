import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { instantOfWallClock, localDay, wallClockIn } from './time-zone';

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

describe('a picked wall-clock time on the store clock', () => {
  it('names the moment that reads so in the store zone', () => {
    expect(instantOfWallClock('2026-11-21 17:30:00', 'America/Los_Angeles')?.toISOString()).toBe(
      '2026-11-22T01:30:00.000Z',
    );
    expect(instantOfWallClock('2026-11-22 12:30', 'Australia/Sydney')?.toISOString()).toBe('2026-11-22T01:30:00.000Z');
    // Either side of New York's spring change (2026-03-08 02:00 EST → 03:00 EDT).
    expect(instantOfWallClock('2026-03-08 01:30:00', 'America/New_York')?.toISOString()).toBe(
      '2026-03-08T06:30:00.000Z',
    );
    expect(instantOfWallClock('2026-03-08 03:30:00', 'America/New_York')?.toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('round-trips with wallClockIn', () => {
    const moment = instantOfWallClock('2026-07-04 09:15:00', 'Europe/Paris') as Date;
    expect(format(wallClockIn(moment, 'Europe/Paris'), 'yyyy-MM-dd HH:mm:ss')).toBe('2026-07-04 09:15:00');
  });

  it("reads the till's clock without a zone, and refuses what is not a reading", () => {
    expect(instantOfWallClock('2026-07-04 09:15:00', undefined)?.getHours()).toBe(9);
    for (const bad of ['', 'tomorrow', '2026-02-30 10:00', '2026-13-01 10:00', '2026-07-04 24:00']) {
      expect(instantOfWallClock(bad, 'UTC'), bad).toBeNull();
    }
  });
});
