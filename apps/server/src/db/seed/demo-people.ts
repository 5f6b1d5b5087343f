import { eq } from 'drizzle-orm';
import { hashPin } from '../../lib/pin-hash';
import type { DbOrTx } from '../client';
import { procDepartments, procLocations, users } from '../schema/index';
import { DEMO_DEPARTMENTS, DEMO_PROC_LOCATIONS, DEMO_USERS } from './demo-data';
import type { Random } from './random';
import { DAY, type UserIds } from './seed-support';

/** Demo users (PINs stored as hashes only) and the departments. */

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

/**
 * The demo departments (one table, ADR 0027) with their managers, parents and archived flag, the
 * procurement locations, and Dana's department; returns the ids by DEMO_DEPARTMENTS key.
 */
export async function seedDepartments(
  tx: DbOrTx,
  random: Random,
  userIds: UserIds,
  now: Date,
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const byCode: Record<string, string> = {};
  for (const department of DEMO_DEPARTMENTS) {
    ids[department.key] = random.uuid();
    byCode[department.code] = ids[department.key] as string;
  }
  await tx.insert(procDepartments).values(
    DEMO_DEPARTMENTS.map((department, index) => ({
      id: ids[department.key] as string,
      code: department.code,
      name: department.name,
      description: department.description,
      parentId: department.parent ? (ids[department.parent] ?? null) : null,
      isArchived: department.archived,
      managerId: department.manager ? (userIds[department.manager] ?? null) : null,
      building: department.building,
      // Created a few weeks apart so "created date" on the cards differs.
      createdAt: new Date(now.getTime() - (90 - index * 9) * DAY),
    })),
  );
  await tx.insert(procLocations).values(
    DEMO_PROC_LOCATIONS.map((location) => ({
      id: random.uuid(),
      code: location.code,
      name: location.name,
      departmentId: byCode[location.department] ?? null,
    })),
  );
  // Dana (department_manager) runs Engineering: her requisitions, stock and issues (issue #16).
  const dana = userIds.deptManager;
  if (dana && ids.eng) await tx.update(users).set({ procDepartmentId: ids.eng }).where(eq(users.id, dana));
  return ids;
}
