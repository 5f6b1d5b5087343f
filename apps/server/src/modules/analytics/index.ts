/**
 * The analytics module: daily stats, top products, report summaries and institutional analytics;
 * salesChanged tells its caches a sale was written.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { analyticsRoutes } from './analytics.routes';
export { salesChanged } from './analytics.service';
export { institutionAnalyticsRoutes } from './institution.routes';
