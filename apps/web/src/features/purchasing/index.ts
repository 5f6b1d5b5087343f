/** The purchasing feature's public entry (docs/architecture.md, Boundaries). */
export { PurchasingCards } from './components/purchasing-cards';
