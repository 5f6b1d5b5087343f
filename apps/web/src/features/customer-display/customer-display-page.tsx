import { CustomerDisplay } from './customer-display';
import { useDisplayState } from './use-display-state';

/** /display: the customer display, fed by the till on this machine (issue #36 item 4). */
export function CustomerDisplayPage() {
  return <CustomerDisplay view={useDisplayState()} />;
}
