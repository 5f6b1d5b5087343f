import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { departments, users } from '../../db/schema/index';

export type DepartmentRow = {
  id: string;
  name: string;
  description: string | null;
  building: string | null;
  isActive: boolean;
  managerId: string | null;
  managerFirstName: string | null;
  managerLastName: string | null;
};

/** spec §7 GET /api/departments: every department with its manager's name, by name (or just the one `id`). */
export async function listDepartmentRows(db: DbOrTx, id?: string): Promise<DepartmentRow[]> {
  return db
    .select({
      id: departments.id,
      name: departments.name,
      description: departments.description,
      building: departments.building,
      isActive: departments.isActive,
      managerId: users.id,
      managerFirstName: users.firstName,
      managerLastName: users.lastName,
    })
    .from(departments)
    .leftJoin(users, eq(users.id, departments.managerId))
    .where(id === undefined ? undefined : eq(departments.id, id))
    .orderBy(sql`lower(${departments.name}) collate "C"`, asc(departments.id));
}

export async function findDepartmentId(db: DbOrTx, id: string): Promise<string | null> {
  const rows = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, id)).limit(1);
  return rows[0]?.id ?? null;
}

export async function findDepartmentByNameIgnoringCase(
  db: DbOrTx,
  name: string,
): Promise<{ id: string; name: string } | null> {
  const rows = await db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(sql`lower(${departments.name}) = lower(${name})`)
    .limit(1);
  return rows[0] ?? null;
}

/** A user who may manage a department (spec §2: role manager, super_admin or department_manager), if active. */
export async function findManagerCandidate(
  db: DbOrTx,
  id: string,
): Promise<{ id: string; role: string; isActive: boolean } | null> {
  const rows = await db
    .select({ id: users.id, role: users.role, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export type DepartmentWrite = {
  name: string;
  description: string | null;
  managerId: string | null;
  building: string | null;
};

export async function insertDepartment(db: DbOrTx, values: DepartmentWrite): Promise<string> {
  const [row] = await db.insert(departments).values(values).returning({ id: departments.id });
  return (row as { id: string }).id;
}

export async function updateDepartmentRow(
  db: DbOrTx,
  id: string,
  values: Partial<DepartmentWrite & { isActive: boolean }>,
): Promise<boolean> {
  const rows = await db
    .update(departments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(departments.id, id))
    .returning({ id: departments.id });
  return rows.length > 0;
}
