import type { Screen } from '@retail-hub/shared';
import { PosDashboard } from '@/features/pos/dashboard/pos-dashboard';
import { StandaloneDashboard } from '../standalone-dashboard';

/** spec §2 POS dashboard at /pos-dashboard: no shell, a back link to the interface selection. */
export default function PosDashboardPage({ screen }: { screen: Screen }) {
  return (
    <StandaloneDashboard screen={screen}>
      <PosDashboard />
    </StandaloneDashboard>
  );
}
