import { RoleManagement } from '@/features/users/components/role-management';

/** /role-management (spec §2 Role Management); super_admin only (spec §6; the route guard). */
export default function RoleManagementRoute() {
  return <RoleManagement />;
}
