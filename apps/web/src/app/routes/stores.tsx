import type { Screen } from '@retail-hub/shared';
import { StoresScreen } from '@/features/stores/stores-screen';

/** Issue #16: Stores at /stores, inside the procurement shell (stores.view, ADR 0004 Stores). */
export default function StoresPage({ screen }: { screen: Screen }) {
  return <StoresScreen title={screen.title} />;
}
