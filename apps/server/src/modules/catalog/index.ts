/**
 * The catalogue: products, categories, size options, low stock, CSV export/import.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { catalogRoutes } from './catalog.routes';
export { HAS_MODIFIER_GROUPS, MODIFIER_GROUPS_OF_PRODUCT } from './modifier-groups.sql';
