import { useAuth } from '@/lib/auth';
import { procurementNavItems } from './nav-items';
import { ShellLayout } from './shell-layout';

/** spec §2: wraps /dashboard, /inventory, /reports, /analytics, /users, /departments and the other back-office screens. */
export function ProcurementShell() {
  const { user } = useAuth();
  return <ShellLayout name="Procurement" navItems={user ? procurementNavItems(user.role) : []} />;
}
