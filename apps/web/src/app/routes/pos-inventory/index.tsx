import type { Screen } from '@retail-hub/shared';
import { PosInventory } from '@/features/pos/inventory/pos-inventory';
import { useAuth } from '@/lib/auth';

/** spec §2 POS home at /pos-inventory, inside the POS shell. */
export default function PosInventoryPage({ screen }: { screen: Screen }) {
  const { user } = useAuth();
  if (!user) return null;
  return <PosInventory user={user} title={screen.title} />;
}
