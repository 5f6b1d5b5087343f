import { and, desc, eq } from 'drizzle-orm';
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

/** Every user, newest first, without any credential column. */
export async function listUsers(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      department: users.department,
      isActive: users.isActive,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(desc(users.createdAt));
}
