/**
 * AI optimisation suggestions for /procurement-departments.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { procurementRoutes } from './procurement.routes';
