/**
 * Measuring helpers shared by the benches (plain JavaScript, so bench/checkout/run.mjs imports it as
 * well as the TypeScript benches).
 */
import { readFileSync } from 'node:fs';

/**
 * The p-th percentile (nearest rank) of values sorted ascending; NaN for none.
 * @param {readonly number[]} sorted
 * @param {number} p 0–100
 * @returns {number}
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return /** @type {number} */ (sorted[Math.max(0, index)]);
}

/** Linux reports process CPU in clock ticks of 10 ms (USER_HZ 100). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU (user + system) a process has used so far, ms, from Linux /proc: for a PostgreSQL backend,
 * the database's share of the work. Null when it cannot be read (not Linux, or the process ended).
 * @param {number | string} pid
 * @returns {number | null}
 */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
