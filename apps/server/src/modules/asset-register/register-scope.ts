import type { Db, DbOrTx } from '../../db/client';
import { localDateOf } from '../../lib/store-time';
import type { AuthUser } from '../../types';
import type { EventBus } from '../events/index';
import { registerErrors } from './asset-register.errors';
import { assetRow, procDepartmentOfUser, type Scope } from './asset-register.repository';

/**
 * What every service of the asset register shares (issue #33: its own file, so asset-register.service
 * and upkeep.service no longer import each other): the services' dependencies and clock, and the
 * department scope a reader or a change works in.
 */

/** What the register's services need: the database, the live-update bus, the store's clock. */
export type RegisterDeps = {
  database: { db: Db };
  events: EventBus;
  config: { storeTimeZone: string };
  now?: () => Date;
};

export const clockOf = (deps: { now?: () => Date }) => (deps.now ? deps.now() : new Date());

/** Today in the store's time zone, YYYY-MM-DD (safety checks are due on a date). */
export function todayOf(deps: RegisterDeps): string {
  const d = localDateOf(clockOf(deps), deps.config.storeTimeZone);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** A scope no unit is in (a department manager with no department set). */
export const NO_DEPARTMENT = '00000000-0000-0000-0000-000000000000';

/** A department manager reads only units of their own department (ADR 0004 Asset register). */
export async function scopeOf(deps: RegisterDeps, user: AuthUser, db: DbOrTx = deps.database.db): Promise<Scope> {
  if (user.role !== 'department_manager') return { departmentId: null };
  // In the caller's transaction when there is one (PGlite has a single connection).
  const departmentId = await procDepartmentOfUser(db, user.id);
  return { departmentId: departmentId ?? NO_DEPARTMENT };
}

/**
 * What a change may touch (ADR 0004 Asset register, issue #17 item 8): a department manager
 * manages the units of their own procurement department only; the other managing roles every
 * unit. The scope goes into the SQL that finds and locks the row a change writes (lockAsset, the
 * conditional UPDATEs), so another department's unit is not found (404, as reading it is). With
 * no department set a department manager's scope holds no unit (404, as reads show none), and
 * registering a new unit (by hand or CSV) is refused with 403 `assets.no_department`.
 */
export async function manageScope(
  deps: RegisterDeps,
  user: Pick<AuthUser, 'id' | 'role'>,
  options: { registering?: boolean } = {},
): Promise<Scope> {
  if (user.role !== 'department_manager') return { departmentId: null };
  const departmentId = await procDepartmentOfUser(deps.database.db, user.id);
  if (departmentId) return { departmentId };
  if (options.registering) throw registerErrors.noDepartment();
  return { departmentId: NO_DEPARTMENT };
}

/** One unit the user may read (a department manager: their department's; else 404). */
export async function readableAsset(deps: RegisterDeps, user: AuthUser, id: string, db: DbOrTx = deps.database.db) {
  const row = await assetRow(db, id, todayOf(deps));
  if (!row) throw registerErrors.assetNotFound();
  const scope = await scopeOf(deps, user, db);
  if (scope.departmentId !== null && row.department_id !== scope.departmentId) throw registerErrors.assetNotFound();
  return row;
}
