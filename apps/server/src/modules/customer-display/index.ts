/**
 * The customer display on another device (issue #36 item 4, docs/adr/0033): pairing by code, the
 * till's display state and the display's stream.
 *
 * The module's public entry (docs/architecture.md, Boundaries).
 */
export { customerDisplayRoutes } from './customer-display.routes';
