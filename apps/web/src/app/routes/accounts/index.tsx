import type { Screen } from '@retail-hub/shared';
import { AccountsScreen } from '@/features/accounts';

/** Issue #34 item 3 (ADR 0034): Accounts at /accounts, inside the POS shell. */
export default function AccountsPage({ screen }: { screen: Screen }) {
  return <AccountsScreen title={screen.title} />;
}
