import type { Screen } from '@retail-hub/shared';
import { StoresMastersScreen } from '@/features/stores/masters-screen';

/** /stores/masters (issue #16 item 1): items, suppliers, locations, categories, CSV (stores.view). */
export default function StoresMastersPage({ screen }: { screen: Screen }) {
  return <StoresMastersScreen title={screen.title} />;
}
