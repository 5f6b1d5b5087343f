/**
 * The POS feature's public entry (docs/architecture.md, Boundaries): the procurement dashboard shows
 * today's sales from the POS dashboard's daily stats.
 */
export { dailyStatsQueryOptions, useDailyStats } from './api/get-daily-stats';
