import type { Screen } from '@retail-hub/shared';
import { InstitutionAnalytics } from '@/features/institution-analytics/components/institution-analytics';

/** spec §2 Institutional Analytics at /analytics; the guard admits managers and super admins (spec §6). */
export default function AnalyticsRoute({ screen }: { screen: Screen }) {
  return <InstitutionAnalytics title={screen.title} />;
}
