import { eq } from 'drizzle-orm';
import { hashPin } from '../../lib/pin-hash';
import type { DbOrTx } from '../client';
import { departments, procDepartments, procLocations, users } from '../schema/index';
import { DEMO_DEPARTMENTS, DEMO_PROC_DEPARTMENTS, DEMO_PROC_LOCATIONS, DEMO_USERS } from './demo-data';
import type { Random } from './random';
import { DAY, type UserIds } from './seed-support';

/** Demo users (PINs stored as hashes only) and the departments of both sides. */

export async function seedUsers(tx: DbOrTx, random: Random, pepper: string, now: Date): Promise<UserIds> {
  const ids: UserIds = {};
  const rows = DEMO_USERS.map((user, index) => {
    const id = random.uuid();
    ids[user.key] = id;
    return {
      id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      department: user.department,
      pinHash: hashPin(pepper, user.pin),
      // Joined a few months ago (shown as "joined" on the user cards).
      createdAt: new Date(now.getTime() - (180 - index * 20) * DAY),
    };
  });
  await tx.insert(users).values(rows);
  return ids;
}

export async function seedDepartments(
  tx: DbOrTx,
  random: Random,
  userIds: UserIds,
  now: Date,
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const rows = DEMO_DEPARTMENTS.map((department) => {
    const id = random.uuid();
    ids[department.key] = id;
    return {
      id,
      name: department.name,
      description: department.description,
      managerId: department.manager ? (userIds[department.manager] ?? null) : null,
      building: department.building,
      createdAt: new Date(now.getTime() - 120 * DAY),
    };
  });
  await tx.insert(departments).values(rows);
  return ids;
}

export async function seedProcurementDepartments(
  tx: DbOrTx,
  random: Random,
  now: Date,
  userIds?: UserIds,
): Promise<void> {
  const ids: Record<string, string> = {};
  for (const department of DEMO_PROC_DEPARTMENTS) ids[department.code] = random.uuid();
  await tx.insert(procDepartments).values(
    DEMO_PROC_DEPARTMENTS.map((department, index) => ({
      id: ids[department.code] as string,
      code: department.code,
      name: department.name,
      description: department.description,
      parentId: department.parent ? (ids[department.parent] ?? null) : null,
      isArchived: department.archived,
      // Created a few weeks apart so "created date" on the cards differs.
      createdAt: new Date(now.getTime() - (90 - index * 9) * DAY),
    })),
  );
  await tx.insert(procLocations).values(
    DEMO_PROC_LOCATIONS.map((location) => ({
      id: random.uuid(),
      code: location.code,
      name: location.name,
      departmentId: ids[location.department] ?? null,
    })),
  );
  // Dana (department_manager) runs Engineering: her requisitions, stock and issues (issue #16).
  const dana = userIds?.deptManager;
  if (dana && ids.ENG) await tx.update(users).set({ procDepartmentId: ids.ENG }).where(eq(users.id, dana));
}
