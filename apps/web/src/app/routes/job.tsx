import type { Screen } from '@retail-hub/shared';
import { JobPage } from '@/features/jobs';

/** Issue #18: /jobs/detail?id= — one workshop job. */
export default function JobRoute({ screen }: { screen: Screen }) {
  return <JobPage title={screen.title} />;
}
