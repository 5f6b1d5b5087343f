import type { Screen } from '@retail-hub/shared';
import { RequisitionsScreen } from '@/features/purchasing/components/requisitions-screen';

/** /requisitions (issue #16 item 3): department managers raise, procurement approves. */
export default function RequisitionsRoute({ screen }: { screen: Screen }) {
  return <RequisitionsScreen title={screen.title} />;
}
