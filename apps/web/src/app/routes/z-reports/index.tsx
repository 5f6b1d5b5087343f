import type { Screen } from '@retail-hub/shared';
import { ZReports } from '@/features/z-reports/z-reports';

/** Issue #15 item 8: Z Reports at /z-reports, inside the POS shell, for managers. */
export default function ZReportsPage({ screen }: { screen: Screen }) {
  return <ZReports title={screen.title} />;
}
