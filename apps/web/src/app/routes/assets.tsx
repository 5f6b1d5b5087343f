import type { Screen } from '@retail-hub/shared';
import { AssetsScreen } from '@/features/asset-register/assets-screen';

/** Issue #17: the asset register at /assets, inside the procurement shell (ADR 0004 Asset register). */
export default function AssetsPage({ screen }: { screen: Screen }) {
  return <AssetsScreen title={screen.title} />;
}
