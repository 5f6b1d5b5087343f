import type { DbOrTx } from '../../db/client';
import { findDepartmentId, listDepartmentRows } from './departments.repository';

export type Department = {
  id: string;
  name: string;
  description: string | null;
  building: string | null;
  isActive: boolean;
  manager: { id: string; firstName: string | null; lastName: string | null } | null;
};

export async function listDepartments(db: DbOrTx): Promise<Department[]> {
  const rows = await listDepartmentRows(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    building: row.building,
    isActive: row.isActive,
    manager: row.managerId
      ? { id: row.managerId, firstName: row.managerFirstName, lastName: row.managerLastName }
      : null,
  }));
}

/** Used by the catalogue to check a product's department (spec §2 Inventory department filter). */
export async function departmentExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await findDepartmentId(db, id)) !== null;
}
