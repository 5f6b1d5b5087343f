import type { Screen } from '@retail-hub/shared';
import { DiscrepanciesScreen } from '@/features/terminals';

/** Issue #19: stock discrepancies from offline sales at /stock-discrepancies, for managers. */
export default function StockDiscrepanciesPage({ screen }: { screen: Screen }) {
  return <DiscrepanciesScreen title={screen.title} />;
}
