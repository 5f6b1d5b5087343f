import type { Screen } from '@retail-hub/shared';
import { ProcurementDashboard } from '@/features/procurement-dashboard/procurement-dashboard';
import { StandaloneDashboard } from './standalone-dashboard';

/** spec §2 Procurement dashboard at /procurement-dashboard and /procurement: no shell. */
export default function ProcurementDashboardPage({ screen }: { screen: Screen }) {
  return (
    <StandaloneDashboard screen={screen}>
      <ProcurementDashboard />
    </StandaloneDashboard>
  );
}
