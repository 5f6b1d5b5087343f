import { UserManagement } from '@/features/users/components/user-management';

/** /users (spec §2 User Management); the route guard admits managers and super admins (spec §6). */
export default function UsersRoute() {
  return <UserManagement />;
}
