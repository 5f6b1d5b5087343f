import { ProcurementDepartments } from '@/features/departments/components/procurement-departments';

/** /procurement-departments (spec §2 Procurement Departments); managers and super admins (spec §6). */
export default function ProcurementDepartmentsRoute() {
  return <ProcurementDepartments />;
}
