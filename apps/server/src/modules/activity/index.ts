/**
 * The activity module: user_activity records (every PIN attempt, login, logout, denial) and the
 * super admin's activity figures.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export {
  ACTIVITY,
  developerActivityStats,
  hasAnyActivity,
  nameForDetails,
  recentActivity,
  recordActivity,
  requestFacts,
} from './activity.service';
