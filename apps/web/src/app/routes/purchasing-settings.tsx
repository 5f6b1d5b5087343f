import type { Screen } from '@retail-hub/shared';
import { PurchasingSettingsScreen } from '@/features/purchasing/components/purchasing-settings-screen';

/** /purchasing-settings (issue #16): over-receipt tolerance, approval thresholds, department managers. */
export default function PurchasingSettingsRoute({ screen }: { screen: Screen }) {
  return <PurchasingSettingsScreen title={screen.title} />;
}
