/**
 * The event bus (in-process, or LISTEN/NOTIFY on PostgreSQL) and GET /api/events (SSE).
 *
 * The module's public entry (docs/architecture.md, Boundaries): other modules, app.ts and the seed
 * import only what this file exports; `npm run check` (scripts/check-boundaries.mjs) fails a deep import.
 */
export { createEventBus, type EventBus } from './event-bus';
export { eventRoutes } from './events.routes';
