/**
 * System: health, metrics, the developer dashboard's routes, the web app and its SPA fallback.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { healthRoutes } from './health.routes';
export { type AppMetrics, createAppMetrics, registerMetricsRoute } from './metrics';
export { superAdminSystemRoutes } from './super-admin.routes';
export { webRoutes } from './web.routes';
