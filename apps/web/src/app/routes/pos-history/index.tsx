import type { Screen } from '@retail-hub/shared';
import { SalesHistory } from '@/features/sales-history/sales-history';

/** Issue #15 item 3: Sales History at /pos-history, inside the POS shell. */
export default function PosHistoryPage({ screen }: { screen: Screen }) {
  return <SalesHistory title={screen.title} />;
}
