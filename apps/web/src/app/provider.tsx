import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './focus.css';
import { type MantineColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider, useAuth } from '@/lib/auth';
import { LiveUpdatesProvider } from '@/lib/live-updates';
import { cssVariablesResolver, theme } from './theme';
import toastClasses from './toasts.module.css';

type AppProviderProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off transitions and portals (unit tests). */
  mantineEnv?: 'default' | 'test';
};

/**
 * The app has one colour scheme, light (the one its contrast is checked in), so nothing is kept
 * in localStorage: Mantine's default manager reads it on every start, in the terminal's cold path.
 */
const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};

/** Opens the live-update stream only while someone is signed in (the stream needs a session). */
function LiveUpdatesWhileSignedIn({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return <LiveUpdatesProvider enabled={isAuthenticated}>{children}</LiveUpdatesProvider>;
}

export function AppProvider({ queryClient, children, mantineEnv = 'default' }: AppProviderProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={lightOnly}
      env={mantineEnv}
    >
      {/* spec §9: one toast at a time, 5000 ms; the newest replaces it (lib/notify), below the header. */}
      <Notifications limit={1} autoClose={5000} position="top-right" zIndex={1000} className={toastClasses.toasts} />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <LiveUpdatesWhileSignedIn>{children}</LiveUpdatesWhileSignedIn>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
