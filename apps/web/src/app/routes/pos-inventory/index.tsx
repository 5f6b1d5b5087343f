import type { Screen } from '@retail-hub/shared';
import { PosHome } from '@/features/pos/home/pos-home';
import { useAuth } from '@/lib/auth';

/** spec §2 POS home at /pos-inventory, inside the POS shell. */
export default function PosHomePage({ screen }: { screen: Screen }) {
  const { user } = useAuth();
  if (!user) return null;
  return <PosHome user={user} title={screen.title} />;
}
