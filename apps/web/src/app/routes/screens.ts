import type { Screen, ScreenPath } from '@retail-hub/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What renders each signed-in screen of spec §2. Every module is loaded on first visit. */
type ScreenComponent = LazyExoticComponent<ComponentType<{ screen: Screen }>>;

const InterfaceSelection = lazy(() => import('./interface-selection'));
const DeveloperDashboard = lazy(() => import('./developer-dashboard'));
const StandaloneScreen = lazy(() => import('./standalone-screen'));
const UnavailableScreen = lazy(() => import('./unavailable-screen'));

/** The record type makes a SCREENS entry without a component a compile error. */
export const SCREEN_COMPONENTS: Record<ScreenPath, ScreenComponent> = {
  '/': InterfaceSelection,
  '/interface-selection': InterfaceSelection,
  '/pos-dashboard': StandaloneScreen,
  '/procurement-dashboard': StandaloneScreen,
  '/procurement': StandaloneScreen,
  '/super-admin': DeveloperDashboard,
  '/pos': UnavailableScreen,
  '/pos-reports': UnavailableScreen,
  '/pos-inventory': UnavailableScreen,
  '/expenses': UnavailableScreen,
  '/dashboard': UnavailableScreen,
  '/inventory': UnavailableScreen,
  '/reports': UnavailableScreen,
  '/analytics': UnavailableScreen,
  '/users': UnavailableScreen,
  '/departments': UnavailableScreen,
  '/asset-checkout': UnavailableScreen,
  '/procurement-departments': UnavailableScreen,
  '/role-management': UnavailableScreen,
  '/admin/staff': UnavailableScreen,
};

export const LandingPage = lazy(() => import('./landing'));
export const PinLoginPage = lazy(() => import('./pin-login'));
export const NotFoundPage = lazy(() => import('./not-found'));
