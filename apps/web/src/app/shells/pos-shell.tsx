import { useAuth } from '@/lib/auth';
import { posNavItems } from './nav-items';
import { ShellLayout } from './shell-layout';

/** spec §2: wraps /pos, /pos-reports, /pos-inventory and /expenses. */
export function PosShell() {
  const { user } = useAuth();
  return <ShellLayout name="Point of Sale" navItems={user ? posNavItems(user.role) : []} />;
}
