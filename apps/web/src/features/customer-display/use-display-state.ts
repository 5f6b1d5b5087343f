import {
  CUSTOMER_DISPLAY_CHANNEL,
  CUSTOMER_DISPLAY_THANK_YOU_MS,
  type CustomerDisplayMessage,
  type CustomerDisplayState,
  idleDisplayState,
  parseCustomerDisplayMessage,
} from '@retail-hub/shared';
import { useEffect, useRef, useState } from 'react';

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

/**
 * Issue #36 item 4: listens to the till on this machine (BroadcastChannel, same origin only) and
 * asks for its current state on opening. Messages that are not a display state are ignored.
 */
export function useDisplayState(): DisplayView {
  const [view, setView] = useState<DisplayView>({ kind: 'state', state: idleDisplayState(null) });
  const lastIdle = useRef<CustomerDisplayState>(idleDisplayState(null));

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CUSTOMER_DISPLAY_CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const message = parseCustomerDisplayMessage(event.data);
      if (message?.kind !== 'state') return;
      if (message.state.phase === 'idle') lastIdle.current = message.state;
      setView((current) => nextView(current, message.state));
    };
    channel.postMessage({ kind: 'hello' } satisfies CustomerDisplayMessage);
    return () => channel.close();
  }, []);

  // The thank-you screen stays a few seconds, then the idle screen (unless a new sale began).
  useEffect(() => {
    if (view.kind !== 'thanks') return;
    const timer = setTimeout(() => setView({ kind: 'state', state: lastIdle.current }), CUSTOMER_DISPLAY_THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [view]);

  return view;
}
