import type { Screen, ScreenPath } from '@retail-hub/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What renders each signed-in screen of spec §2. Every module is loaded on first visit. */
type ScreenComponent = LazyExoticComponent<ComponentType<{ screen: Screen }>>;

const InterfaceSelection = lazy(() => import('./interface-selection'));
const DeveloperDashboard = lazy(() => import('./developer-dashboard'));
const StandaloneScreen = lazy(() => import('./standalone-screen'));
const UnavailableScreen = lazy(() => import('./unavailable-screen'));
const Inventory = lazy(() => import('./inventory'));

/** The record type makes a SCREENS entry without a component a compile error. */
export const SCREEN_COMPONENTS: Record<ScreenPath, ScreenComponent> = {
  '/': InterfaceSelection,
  '/interface-selection': InterfaceSelection,
  '/pos-dashboard': lazy(() => import('./pos-dashboard')),
  '/procurement-dashboard': StandaloneScreen,
  '/procurement': StandaloneScreen,
  '/super-admin': DeveloperDashboard,
  '/pos': lazy(() => import('./pos')),
  '/pos-reports': lazy(() => import('./pos-reports')),
  '/pos-inventory': lazy(() => import('./pos-inventory')),
  '/expenses': UnavailableScreen,
  '/dashboard': UnavailableScreen,
  '/inventory': Inventory,
  '/reports': UnavailableScreen,
  '/analytics': UnavailableScreen,
  '/users': lazy(() => import('./users')),
  '/departments': UnavailableScreen,
  '/asset-checkout': UnavailableScreen,
  '/procurement-departments': UnavailableScreen,
  '/role-management': lazy(() => import('./role-management')),
  '/admin/staff': lazy(() => import('./admin-staff')),
};

export const LandingPage = lazy(() => import('./landing'));
export const PinLoginPage = lazy(() => import('./pin-login'));
export const NotFoundPage = lazy(() => import('./not-found'));
