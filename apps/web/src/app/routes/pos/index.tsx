import { VisuallyHidden } from '@mantine/core';
import type { Screen } from '@retail-hub/shared';
import { PosTerminal } from '@/features/pos/components/pos-terminal';
import { useAuth } from '@/lib/auth';

/**
 * spec §2 POS terminal at /pos, inside the POS shell. The session guard handles signed-out
 * visits (toast, /pin-login after 500 ms). The title is for screen readers: the till needs the
 * space for products and the sale.
 */
export default function PosTerminalPage({ screen }: { screen: Screen }) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <VisuallyHidden>
        <h1>{screen.title}</h1>
      </VisuallyHidden>
      <PosTerminal user={user} />
    </>
  );
}
