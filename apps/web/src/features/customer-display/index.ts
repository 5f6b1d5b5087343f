/**
 * The customer display (issue #36 item 4, ADR 0033): /display, the screen the customer faces. The
 * feature's public entry (docs/architecture.md, Boundaries).
 */
export { CustomerDisplay } from './customer-display';
export { CustomerDisplayPage } from './customer-display-page';
export {
  type DisplayFeed,
  type DisplayLink,
  type DisplayView,
  nextView,
  useDisplayFeed,
  useDisplayState,
} from './use-display-state';
