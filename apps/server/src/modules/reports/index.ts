/**
 * Sales CSVs streamed page by page: the day's, a shift's, the VTPD export.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { reportRoutes } from './reports.routes';
