import {
  CUSTOMER_DISPLAY_CHANNEL,
  CUSTOMER_DISPLAY_THANK_YOU_MS,
  type CustomerDisplayMessage,
  type CustomerDisplayState,
  idleDisplayState,
  parseCustomerDisplayMessage,
} from '@retail-hub/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest, probeStatus, serverMessage } from '@/lib/api-client';

/** What the display shows: the till's state, or the thank-you screen between a paid sale and idle. */
export type DisplayView = { kind: 'state'; state: CustomerDisplayState } | { kind: 'thanks'; storeName: string | null };

/**
 * The next view when `state` arrives. A paid sale followed by an empty till (the cashier closed
 * 'Transaction Complete') thanks the customer first; `thanking` ends after CUSTOMER_DISPLAY_THANK_YOU_MS.
 */
export function nextView(current: DisplayView, state: CustomerDisplayState): DisplayView {
  const wasPaid = current.kind === 'state' && current.state.phase === 'paid';
  if (state.phase === 'idle' && (wasPaid || current.kind === 'thanks')) {
    return current.kind === 'thanks' ? current : { kind: 'thanks', storeName: state.storeName };
  }
  return { kind: 'state', state };
}

/** The paired display's stream (ADR 0033, Pairing a tablet): the display's cookie is its only credential. */
export const DISPLAY_STREAM_URL = '/api/display/stream';
/** How long a display waits for a till on this machine before it asks for a pairing code. */
export const LOCAL_TILL_WAIT_MS = 800;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * `starting`: still looking for a till; `paired`: the server streams a till's state; `unpaired`:
 * the server says this browser is no paired display.
 */
export type DisplayLink = 'starting' | 'paired' | 'unpaired';

export type DisplayFeed = {
  view: DisplayView;
  link: DisplayLink;
  /** A till on this machine answered on the BroadcastChannel. */
  local: boolean;
  /** Show "Enter the pairing code": no till on this machine and no pairing. */
  needsPairing: boolean;
  /** Sends the code the till shows; answers the error to show, or null once paired. */
  pair: (code: string) => Promise<string | null>;
};

/**
 * Issue #36 item 4: the display follows a till on this machine (BroadcastChannel, same origin
 * only; it asks for the current state on opening) and, on another device, the till it is paired
 * to (GET /api/display/stream, server-sent `state` events; the latest state on every connect).
 * Messages that are not a display state are ignored.
 */
export function useDisplayFeed(): DisplayFeed {
  const [view, setView] = useState<DisplayView>({ kind: 'state', state: idleDisplayState(null) });
  const [local, setLocal] = useState(false);
  const [link, setLink] = useState<DisplayLink>('starting');
  const [waited, setWaited] = useState(false);
  const [generation, setGeneration] = useState(0);
  const lastIdle = useRef<CustomerDisplayState>(idleDisplayState(null));

  const show = useCallback((state: CustomerDisplayState) => {
    if (state.phase === 'idle') lastIdle.current = state;
    setView((current) => nextView(current, state));
  }, []);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const message = parseCustomerDisplayMessage(event.data);
      if (message?.kind !== 'state') return;
      setLocal(true);
      show(message.state);
    };
    channel.postMessage({ kind: 'hello' } satisfies CustomerDisplayMessage);
    const timer = setTimeout(() => setWaited(true), LOCAL_TILL_WAIT_MS);
    return () => {
      clearTimeout(timer);
      channel.close();
    };
  }, [show]);

  // The paired till, through the server. A refused stream is asked once by fetch why: 401 means
  // not (or no longer) paired; anything else (a restart, a proxy) is retried with a growing wait.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` reconnects after a pairing
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    const connect = () => {
      source = new EventSource(DISPLAY_STREAM_URL, { withCredentials: true });
      source.addEventListener('state', (event) => {
        failures = 0;
        setLink('paired');
        const message = parseCustomerDisplayMessage({ kind: 'state', state: safeJson((event as MessageEvent).data) });
        if (message?.kind === 'state') show(message.state);
      });
      source.addEventListener('unpaired', () => {
        source?.close();
        setLink('unpaired');
      });
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        void probeStatus(DISPLAY_STREAM_URL)
          .then((status) => {
            if (stopped) return;
            if (status === 401) {
              setLink('unpaired');
              return;
            }
            throw new Error(String(status));
          })
          .catch(() => {
            if (stopped) return;
            failures += 1;
            retry = setTimeout(connect, Math.min(RETRY_MIN_MS * 2 ** (failures - 1), RETRY_MAX_MS));
          });
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [generation, show]);

  const pair = useCallback(async (code: string) => {
    try {
      await apiRequest('POST', '/api/display/pair', { code });
      setLink('starting');
      setGeneration((n) => n + 1);
      return null;
    } catch (error) {
      if (error instanceof ApiError) return serverMessage(error) ?? error.message;
      return 'Could not reach the server. Check the connection and try again.';
    }
  }, []);

  // The thank-you screen stays a few seconds, then the idle screen (unless a new sale began).
  useEffect(() => {
    if (view.kind !== 'thanks') return;
    const timer = setTimeout(() => setView({ kind: 'state', state: lastIdle.current }), CUSTOMER_DISPLAY_THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [view]);

  return { view, link, local, needsPairing: link === 'unpaired' && !local && waited, pair };
}

function safeJson(text: unknown): unknown {
  try {
    return typeof text === 'string' ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The view alone (the same-machine display, as before pairing existed). */
export function useDisplayState(): DisplayView {
  return useDisplayFeed().view;
}
