import type { Role } from '@retail-hub/shared';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';
import type { AuthUser } from '../../types';

const authUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
} as const;

export async function findActiveUserByPinHash(db: DbOrTx, pinHash: string): Promise<AuthUser | null> {
  const rows = await db
    .select(authUserColumns)
    .from(users)
    .where(and(eq(users.pinHash, pinHash), eq(users.isActive, true)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findActiveUserById(db: DbOrTx, id: string): Promise<AuthUser | null> {
  const rows = await db
    .select(authUserColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.isActive, true)))
    .limit(1);
  return rows[0] ?? null;
}

/** The columns an administrator sees: never a credential. */
const adminColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  department: users.department,
  isActive: users.isActive,
  createdAt: users.createdAt,
} as const;

/** Every user, newest first, without any credential column. */
export async function listUsers(db: DbOrTx) {
  return db.select(adminColumns).from(users).orderBy(desc(users.createdAt));
}

export type UserRow = Awaited<ReturnType<typeof listUsers>>[number];

/**
 * The actor and the target of an administrative change, locked in id order for the rest of the
 * transaction: a concurrent change to either (a promotion, a deactivation) waits, so the rank
 * checks decide on what is written, and two admins acting on each other cannot deadlock.
 */
export async function lockUsersForChange(
  tx: DbOrTx,
  ids: string[],
): Promise<Map<string, UserRow & { pinHash: string | null }>> {
  const rows = await tx
    .select({ ...adminColumns, pinHash: users.pinHash })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]))
    .orderBy(asc(users.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const rows = await db.select(adminColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertUser(
  db: DbOrTx,
  values: {
    firstName: string;
    lastName: string | null;
    email: string | null;
    role: Role;
    pinHash: string | null;
  },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning(adminColumns);
  return row as UserRow;
}

export type UserPatch = Partial<{
  firstName: string;
  lastName: string | null;
  email: string | null;
  role: Role;
  isActive: boolean;
  pinHash: string | null;
}>;

export async function updateUser(db: DbOrTx, id: string, patch: UserPatch): Promise<UserRow> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning(adminColumns);
  return row as UserRow;
}

export async function deleteUserRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** Is this PIN hash held by an active user other than `exceptUserId`? (PINs are unique among active users.) */
export async function pinHashHeldByAnother(db: DbOrTx, pinHash: string, exceptUserId: string | null): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.pinHash, pinHash), eq(users.isActive, true), exceptUserId ? ne(users.id, exceptUserId) : undefined),
    )
    .limit(1);
  return rows.length > 0;
}

/** Active users whose e-mail is one of `emails` (compared lower-case). */
export async function findActiveUsersByEmails(db: DbOrTx, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.isActive, true), inArray(sql`lower(${users.email})`, emails)));
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: count() }).from(users);
  return Number(row?.count ?? 0);
}

/**
 * Issue #22: the procurement department a department manager runs (users.proc_department_id); a
 * user of any other role is left alone.
 */
export async function setProcDepartment(db: DbOrTx, userId: string, departmentId: string | null): Promise<void> {
  await db
    .update(users)
    .set({ procDepartmentId: departmentId, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.role, 'department_manager')));
}
