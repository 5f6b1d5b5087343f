import type { Screen } from '@retail-hub/shared';
import { SalesReports } from '@/features/reports/components/sales-reports';

/** spec §2 Sales Reports at /pos-reports, inside the POS shell. */
export default function PosReportsPage({ screen }: { screen: Screen }) {
  return <SalesReports title={screen.title} />;
}
