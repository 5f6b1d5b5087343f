import { DOMAIN_EVENTS, isDomainEventType } from '@retail-hub/shared';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { SESSION_QUERY_KEY } from './query-client';

/**
 * Live updates (architecture guide): the server pushes domain events on GET /api/events
 * (server-sent events) and the client invalidates the query keys the event names in
 * DOMAIN_EVENTS. Polling intervals stay as the fallback, so a dropped stream only makes the
 * screens slower to change, never wrong.
 */

export const EVENTS_URL = '/api/events';
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/** True when a query key's path is `path` or lies under it (`/api/products` covers `/api/products/low-stock`). */
export function queryKeyMatchesPath(queryKey: QueryKey, path: string): boolean {
  const keyPath = queryKey[0];
  if (typeof keyPath !== 'string') return false;
  return keyPath === path || keyPath.startsWith(`${path}/`) || keyPath.startsWith(`${path}?`);
}

/** Applies one `data:` line of the stream. Unknown or malformed events are ignored. */
export function applyLiveEvent(queryClient: QueryClient, data: string): void {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    return;
  }
  const type = (event as { type?: unknown } | null)?.type;
  if (!isDomainEventType(type)) return;
  const paths: readonly string[] = DOMAIN_EVENTS[type];
  void queryClient.invalidateQueries({
    predicate: (query) => paths.some((path) => queryKeyMatchesPath(query.queryKey, path)),
  });
}

type LiveUpdatesState = { connected: boolean };

const LiveUpdatesContext = createContext<LiveUpdatesState>({ connected: false });

export function LiveUpdatesProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let wasConnected = false;

    const connect = () => {
      source = new EventSource(EVENTS_URL, { withCredentials: true });
      source.onopen = () => {
        // Events sent while we were away are lost: refresh whatever is on screen.
        if (wasConnected || failures > 0) {
          void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
        }
        failures = 0;
        wasConnected = true;
        setConnected(true);
      };
      source.onmessage = (message: MessageEvent<string>) => applyLiveEvent(queryClient, message.data);
      source.onerror = () => {
        setConnected(false);
        // CONNECTING: the browser retries by itself. CLOSED: the server refused the stream
        // (ended session, restart behind a proxy); re-check the session and retry with backoff.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        failures += 1;
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        const delay = Math.min(RECONNECT_MIN_MS * 2 ** (failures - 1), RECONNECT_MAX_MS);
        reconnectTimer = setTimeout(connect, delay);
      };
    };

    connect();
    return () => {
      clearTimeout(reconnectTimer);
      source?.close();
      setConnected(false);
    };
  }, [enabled, queryClient]);

  const value = useMemo(() => ({ connected }), [connected]);
  return <LiveUpdatesContext.Provider value={value}>{children}</LiveUpdatesContext.Provider>;
}

/** `connected` is true while the event stream is open. */
export function useLiveUpdates(): LiveUpdatesState {
  return useContext(LiveUpdatesContext);
}
