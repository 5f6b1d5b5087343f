import { eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema/index';

/**
 * Every authenticated request runs this lookup, so it is prepared once per database handle
 * (named prepared statement on PostgreSQL): no query building or planning per request. With
 * `named` false (DATABASE_PREPARED_STATEMENTS=false behind a transaction pooler, ADR 0016) the
 * query is still built once but sent as the unnamed statement, valid on any server connection.
 */
const preparedLookups = new WeakMap<object, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: DbOrTx, named: boolean) {
  return db
    .select({
      sess: sessions.sess,
      expire: sessions.expire,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        isActive: users.isActive,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.sid, sql.placeholder('sid')))
    .limit(1)
    .prepare(named ? 'auth_session_lookup' : '');
}

export async function findSessionWithUser(db: DbOrTx, sid: string, named = true) {
  let lookup = preparedLookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db, named);
    preparedLookups.set(db, lookup);
  }
  const rows = await lookup.execute({ sid });
  return rows[0] ?? null;
}

export async function insertSession(
  db: DbOrTx,
  row: { sid: string; userId: string; sess: unknown; expire: Date },
): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function touchSession(db: DbOrTx, sid: string, sess: unknown, expire: Date): Promise<void> {
  await db.update(sessions).set({ sess, expire }).where(eq(sessions.sid, sid));
}

export async function deleteSession(db: DbOrTx, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: DbOrTx): Promise<number> {
  const deleted = await db.delete(sessions).where(lte(sessions.expire, new Date())).returning({ sid: sessions.sid });
  return deleted.length;
}

/**
 * Ends the user's oldest sessions past the newest `keep` (by when they were started), in one
 * statement (issue #30 item 4: repeated sign-ins left thousands of live sessions).
 */
export async function deleteSessionsBeyond(db: DbOrTx, userId: string, keep: number): Promise<void> {
  await db.execute(sql`delete from ${sessions} where ${sessions.userId} = ${userId} and ${sessions.sid} not in (
    select ${sessions.sid} from ${sessions} where ${sessions.userId} = ${userId}
    order by ${sessions.sess}->>'createdAt' desc, ${sessions.sid} limit ${keep})`);
}
