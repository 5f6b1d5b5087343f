import type { Screen, ScreenPath } from '@retail-hub/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What renders each signed-in screen of spec §2. Every module is loaded on first visit. */
type ScreenComponent = LazyExoticComponent<ComponentType<{ screen: Screen }>>;

const InterfaceSelection = lazy(() => import('./interface-selection'));
const DeveloperDashboard = lazy(() => import('./developer-dashboard'));
const Inventory = lazy(() => import('./inventory'));
const ProcurementDashboard = lazy(() => import('./procurement-dashboard'));

/** The terminal: fetched as the app starts when the page opened is /pos (see preloadScreen). */
const loadTerminal = () => import('./pos');

/** The record type makes a SCREENS entry without a component a compile error. */
export const SCREEN_COMPONENTS: Record<ScreenPath, ScreenComponent> = {
  '/': InterfaceSelection,
  '/interface-selection': InterfaceSelection,
  '/pos-dashboard': lazy(() => import('./pos-dashboard')),
  '/procurement-dashboard': ProcurementDashboard,
  '/procurement': ProcurementDashboard,
  '/super-admin': DeveloperDashboard,
  '/pos': lazy(loadTerminal),
  '/pos-reports': lazy(() => import('./pos-reports')),
  '/pos-inventory': lazy(() => import('./pos-inventory')),
  '/pos-history': lazy(() => import('./pos-history')),
  '/z-reports': lazy(() => import('./z-reports')),
  '/accounts': lazy(() => import('./accounts')),
  '/terminals': lazy(() => import('./terminals')),
  '/stock-discrepancies': lazy(() => import('./stock-discrepancies')),
  '/stores': lazy(() => import('./stores')),
  '/stores/masters': lazy(() => import('./stores-masters')),
  '/expenses': lazy(() => import('./expenses')),
  '/dashboard': lazy(() => import('./dashboard')),
  '/inventory': Inventory,
  // The procurement shell's Reports: the same Sales Reports (spec §2 route table).
  '/reports': lazy(() => import('./pos-reports')),
  '/analytics': lazy(() => import('./analytics')),
  '/users': lazy(() => import('./users')),
  '/departments': lazy(() => import('./departments')),
  '/asset-checkout': lazy(() => import('./asset-checkout')),
  '/procurement-departments': lazy(() => import('./procurement-departments')),
  '/role-management': lazy(() => import('./role-management')),
  '/admin/staff': lazy(() => import('./admin-staff')),
  '/requisitions': lazy(() => import('./requisitions')),
  '/purchase-orders': lazy(() => import('./purchase-orders')),
  '/purchase-orders/print': lazy(() => import('./purchase-order-print')),
  '/purchasing-settings': lazy(() => import('./purchasing-settings')),
  '/assets': lazy(() => import('./assets')),
  '/assets/unit': lazy(() => import('./asset-unit')),
  '/assets/labels': lazy(() => import('./asset-labels')),
  '/jobs': lazy(() => import('./jobs')),
  '/jobs/detail': lazy(() => import('./job')),
  '/jobs/quote-print': lazy(() => import('./job-quote-print')),
  '/jobs/delivery-print': lazy(() => import('./job-delivery-print')),
};

export const LandingPage = lazy(() => import('./landing'));
export const PinLoginPage = lazy(() => import('./pin-login'));
export const NotFoundPage = lazy(() => import('./not-found'));
export const DisplayPage = lazy(() => import('./display'));

/**
 * Starts fetching the terminal's code while the session check is still in flight (a till opens
 * straight on /pos), instead of after it: the module is fetched once and React.lazy finds it ready.
 */
export function preloadScreen(pathname: string): void {
  if (pathname === '/pos') void loadTerminal().catch(() => {});
}
