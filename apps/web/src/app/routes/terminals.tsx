import type { Screen } from '@retail-hub/shared';
import { TerminalsScreen } from '@/features/terminals';

/** Issue #19: the terminals' sync state at /terminals, inside the POS shell, for managers. */
export default function TerminalsPage({ screen }: { screen: Screen }) {
  return <TerminalsScreen title={screen.title} />;
}
