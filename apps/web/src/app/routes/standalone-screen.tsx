import type { Screen } from '@retail-hub/shared';
import { UnavailableNotice } from '@/components/feedback/unavailable-notice';
import { StandaloneLayout } from '@/components/layouts/standalone-layout';
import { useAuth } from '@/lib/auth';
import { paths } from '../paths';

/** A screen without a shell that is not built yet (POS and procurement dashboards): title and a way back. */
export default function StandaloneScreen({ screen }: { screen: Screen }) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <StandaloneLayout title={screen.title} user={user} backTo={paths.home} backLabel="Interface Selection">
      <UnavailableNotice />
    </StandaloneLayout>
  );
}
