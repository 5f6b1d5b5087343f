import type { Screen } from '@retail-hub/shared';
import { StandaloneLayout } from '@/components/layouts/standalone-layout';
import { LiveUpdatesIndicator } from '@/components/live-updates-indicator';
import { ProcurementDashboard } from '@/features/procurement-dashboard/procurement-dashboard';
import { useAuth } from '@/lib/auth';
import { paths } from '../paths';

/**
 * spec §2 Procurement dashboard at /procurement-dashboard and /procurement: no shell; a header
 * with the back link to the interface selection and the user's initials, name and role.
 */
export default function ProcurementDashboardPage({ screen }: { screen: Screen }) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <StandaloneLayout
      title={screen.title}
      user={user}
      backTo={paths.home}
      backLabel="Interface Selection"
      badge={<LiveUpdatesIndicator />}
    >
      <ProcurementDashboard />
    </StandaloneLayout>
  );
}
