import { DepartmentManagement } from '@/features/departments/components/department-management';

/** /departments (spec §2 Department Management); the route guard admits managers and super admins (spec §6). */
export default function DepartmentsRoute() {
  return <DepartmentManagement />;
}
