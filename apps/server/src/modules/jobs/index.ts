/**
 * Workshop jobs (issue #18): clients, jobs and their states, quotes, BOM, steps, materials, delivery.
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { jobsRoutes } from './jobs.routes';
export {
  acceptQuote,
  addBomLine,
  addStep,
  createClient,
  createJob,
  createQuote,
  issueMaterials,
  sendQuote,
  transitionJob,
  updateStep,
} from './jobs.service';
