import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { markTerminalIdUnavailable, registerOfflineStarter } from '@/lib/offline-bridge';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/**
 * Issue #19: the terminal's offline side (outbox, sync worker, kept catalogue, service worker)
 * loads after the first screen, so it never delays a cold start; at once when already offline.
 */
const OFFLINE_START_DELAY_MS = 1_500;

/** The app with its query client (made by main.tsx, which starts the first calls before React renders). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      clearTimeout(timer);
      void import('@/features/offline')
        .then(({ startTerminalOffline }) => startTerminalOffline(queryClient))
        .catch((error: unknown) => {
          markTerminalIdUnavailable();
          console.warn('Offline selling could not start', error);
        });
    };
    const timer = setTimeout(start, navigator.onLine === false ? 0 : OFFLINE_START_DELAY_MS);
    // A sign-in or Start Shift before the delay starts it at once: they name this till.
    registerOfflineStarter(start);
    return () => {
      clearTimeout(timer);
      registerOfflineStarter(null);
    };
  }, [queryClient]);
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  );
}
