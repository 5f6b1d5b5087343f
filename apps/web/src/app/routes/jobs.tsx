import type { Screen } from '@retail-hub/shared';
import { JobsScreen } from '@/features/jobs';

/** Issue #18: the workshop job board, jobs due this week and clients (jobs.run, ADR 0004). */
export default function JobsPage({ screen }: { screen: Screen }) {
  return <JobsScreen title={screen.title} />;
}
