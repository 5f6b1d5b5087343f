/**
 * Days and clock readings in the store's time zone. The server counts 'today' and report or
 * expense days in the store's zone (GET /auth/session names it), whatever clock the till runs on;
 * screens use these helpers so they read the same days. Without a zone, the till's clock is used.
 */

/** The till's own zone: the fallback when the server does not name the store's. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const DAY_MS = 86_400_000;

function parseDay(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function formatDay(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day shifted by whole calendar days (pure calendar arithmetic: no zone or DST drift). */
export function addDays(day: string, days: number): string {
  return formatDay(parseDay(day) + days * DAY_MS);
}

/** Whole calendar days from one YYYY-MM-DD day to another (0 for the same day). */
export function daysBetween(fromDay: string, toDay: string): number {
  return Math.round((parseDay(toDay) - parseDay(fromDay)) / DAY_MS);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** year, month, day, hour (00-23), minute and second of a moment, 2-digit padded, in `timeZone`. */
export function zonedParts(date: Date, timeZone: string | undefined): Record<string, string> {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      ...(timeZone ? { timeZone } : {}),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
}

/** YYYY-MM-DD of a moment in the store's time zone (the till's own clock when none is given). */
export function localDay(date: Date, timeZone?: string): string {
  const p = zonedParts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * The wall-clock reading of a moment in `timeZone`, as a Date whose local fields (getHours…) hold
 * it: what date-fns `format` needs to print the store's clock on a till set to another zone.
 * Only for display; never send or compare it.
 */
export function wallClockIn(date: Date, timeZone: string | undefined): Date {
  if (!timeZone || Number.isNaN(date.getTime())) return date;
  const p = zonedParts(date, timeZone);
  return new Date(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}

/**
 * The moment a wall-clock reading 'YYYY-MM-DD HH:mm[:ss]' (what Mantine's date pickers give) names
 * in `timeZone`: a due time picked on the store's clock, whatever zone the till runs in. The till's
 * own clock without a zone; null for text that is not such a reading. A reading that never happens
 * (a daylight-saving gap) lands on the moment an hour away that does.
 */
export function instantOfWallClock(reading: string, timeZone: string | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(reading.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  if (!timeZone) {
    const local = new Date(year, month - 1, day, hour, minute, second);
    return local.getDate() === day ? local : null;
  }
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (new Date(asUtc).getUTCDate() !== day) return null;
  // The zone's offset at a moment: its wall clock read as UTC, minus the moment.
  const offsetAt = (moment: number) => {
    const p = zonedParts(new Date(moment), timeZone);
    return (
      Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) -
      moment
    );
  };
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}
