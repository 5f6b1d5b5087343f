import type { Screen } from '@retail-hub/shared';
import type { ReactNode } from 'react';
import { StandaloneLayout } from '@/components/layouts/standalone-layout';
import { LiveUpdatesIndicator } from '@/components/live-updates-indicator';
import { useAuth } from '@/lib/auth';
import { paths } from '../paths';

/**
 * A dashboard without a shell (spec §2 POS and procurement dashboards): a header with the back
 * link to the interface selection and the user's initials, name and role; the live-updates badge.
 */
export function StandaloneDashboard({ screen, children }: { screen: Screen; children: ReactNode }) {
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
      {children}
    </StandaloneLayout>
  );
}
