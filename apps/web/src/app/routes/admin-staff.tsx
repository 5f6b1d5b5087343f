import { StaffManagement } from '@/features/staff/components/staff-management';

/** /admin/staff (spec §2 Staff & PIN Management); managers and super admins (ADR 0004). */
export default function AdminStaffRoute() {
  return <StaffManagement />;
}
