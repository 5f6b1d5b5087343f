import { homePathFor, SCREENS, type Screen, type Shell } from '@retail-hub/shared';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { useAuth } from '@/lib/auth';
import { RequirePermission } from './guards/require-permission';
import { RequireSession } from './guards/require-session';
import { publicPaths } from './paths';
import { RouteErrorScreen } from './routes/route-error';
import { DisplayPage, LandingPage, NotFoundPage, PinLoginPage, SCREEN_COMPONENTS } from './routes/screens';
import { PosShell } from './shells/pos-shell';
import { ProcurementShell } from './shells/procurement-shell';

/**
 * The route table of spec §2, built from SCREENS (@retail-hub/shared) so the client and the
 * contract cannot drift: each screen sits in its shell, behind RequireSession (signed-out
 * behaviour) and RequirePermission (spec §6), and its module loads on first visit.
 */

/** spec §2: while authentication is loading, a spinner; nothing below renders before the session is known. */
function RootLayout() {
  const { isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

function ScreenRoute({ screen }: { screen: Screen }) {
  const Component = SCREEN_COMPONENTS[screen.path as keyof typeof SCREEN_COMPONENTS];
  return (
    <RequireSession>
      <RequirePermission screen={screen}>
        <Component screen={screen} />
      </RequirePermission>
    </RequireSession>
  );
}

const HOME_SCREEN = SCREENS.find((screen) => screen.path === '/') as Screen;

/** '/': the landing page when signed out, the interface chooser when signed in. */
function HomeRoute() {
  const { user, hasJustLoggedOut } = useAuth();
  if (user) return <ScreenRoute screen={HOME_SCREEN} />;
  if (hasJustLoggedOut) return <Navigate to={publicPaths.pinLogin} replace />;
  return <LandingPage />;
}

/** '/pin-login': the PIN screen when signed out; the role's home when signed in (spec §2). */
function PinLoginRoute() {
  const { user, hasJustLoggedOut, acknowledgeLogout } = useAuth();
  useEffect(() => {
    if (hasJustLoggedOut) acknowledgeLogout();
  }, [hasJustLoggedOut, acknowledgeLogout]);
  if (user) return <Navigate to={homePathFor(user.role)} replace />;
  return <PinLoginPage />;
}

const screenRoutes = (shell: Shell): RouteObject[] =>
  SCREENS.filter((screen) => screen.shell === shell && screen.path !== '/').map((screen) => ({
    path: screen.path,
    element: <ScreenRoute screen={screen} />,
  }));

const signedIn = (element: ReactNode) => <RequireSession>{element}</RequireSession>;

export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      children: [
        { path: publicPaths.landing, element: <HomeRoute /> },
        { path: publicPaths.pinLogin, element: <PinLoginRoute /> },
        // Issue #36 item 4: the customer display, signed in or not, without a shell.
        { path: publicPaths.display, element: <DisplayPage /> },
        ...screenRoutes('none'),
        { element: signedIn(<PosShell />), children: screenRoutes('pos') },
        { element: signedIn(<ProcurementShell />), children: screenRoutes('procurement') },
        // spec §2: any other path is the 404 page when signed in, the PIN login when not.
        { path: '*', element: signedIn(<NotFoundPage />) },
      ],
    },
  ];
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return <RouterProvider router={router} />;
}
