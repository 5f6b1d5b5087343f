import { CustomerDisplay } from './customer-display';
import { PairingForm } from './pairing-form';
import { useDisplayFeed } from './use-display-state';

/**
 * /display: the customer display, fed by the till on this machine, or on another device by the
 * till it is paired to (issue #36 item 4). Unpaired and alone, it asks for the till's code.
 */
export function CustomerDisplayPage() {
  const feed = useDisplayFeed();
  if (feed.needsPairing) return <PairingForm onPair={feed.pair} />;
  return <CustomerDisplay view={feed.view} />;
}
