/**
 * The printers module (issue #36 items 1–3, docs/adr/0031): receipt printers, the print queue and its
 * worker, ESC/POS rendering, and the cash drawer.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { printerRoutes } from './printers.routes';
