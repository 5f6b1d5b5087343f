import type { Screen } from '@retail-hub/shared';
import { StandaloneLayout } from '@/components/layouts/standalone-layout';
import { LiveUpdatesIndicator } from '@/components/live-updates-indicator';
import { PosDashboard } from '@/features/pos/dashboard/pos-dashboard';
import { useAuth } from '@/lib/auth';
import { paths } from '../../paths';

/** spec §2 POS dashboard at /pos-dashboard: no shell, a back link to the interface selection. */
export default function PosDashboardPage({ screen }: { screen: Screen }) {
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
      <PosDashboard />
    </StandaloneLayout>
  );
}
