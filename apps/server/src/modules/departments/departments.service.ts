import { canManageDepartment, type Department } from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { EventBus } from '../events/index';
import {
  findDepartmentByNameIgnoringCase,
  findDepartmentId,
  findManagerCandidate,
  insertDepartment,
  listDepartmentRows,
  updateDepartmentRow,
} from './departments.repository';

/**
 * The Department Management face of the one department table (ADR 0027): `isActive` is
 * `not is_archived`, a department made here gets a code from its name and appears on
 * /procurement-departments, and one made there appears here.
 */

/** GET /api/departments: every department; with `id`, only that one (an empty list when it is gone). */
export async function listDepartments(db: DbOrTx, id?: string): Promise<Department[]> {
  const rows = await listDepartmentRows(db, id);
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

export const DEPARTMENT_MESSAGES = {
  managerInvalid: 'Choose an active user with role manager, super_admin or department_manager as the manager.',
} as const;

export type DepartmentCreateInput = {
  name: string;
  description?: string | null | undefined;
  /** 'none' or empty means no manager (spec §5 Department forms). */
  managerId?: string | null | undefined;
  building?: string | null | undefined;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const nameTaken = (name: string) => conflict('departments.name_taken', `A department named "${name}" already exists.`);

const notFoundError = () => new AppError(404, 'departments.not_found', 'Department not found');

/** spec §5: a manager value of 'none' or empty is no manager; anyone else must be allowed to manage (400). */
async function resolveManager(db: DbOrTx, value: string | null | undefined): Promise<string | null> {
  const managerText = value?.trim() ?? '';
  const managerId = managerText === '' || managerText.toLowerCase() === 'none' ? null : managerText;
  if (managerId !== null) {
    const candidate = UUID.test(managerId) ? await findManagerCandidate(db, managerId) : null;
    if (!candidate?.isActive || !canManageDepartment(candidate.role)) {
      throw badRequest('validation', DEPARTMENT_MESSAGES.managerInvalid, {
        managerId: DEPARTMENT_MESSAGES.managerInvalid,
      });
    }
  }
  return managerId;
}

async function readDepartment(db: DbOrTx, id: string): Promise<Department> {
  const [department] = await listDepartments(db, id);
  if (!department) throw notFoundError();
  return department;
}

/**
 * POST /api/departments (spec §7): the name is unique ignoring letter case (409); a manager must
 * be an active manager, super admin or department manager (400 on managerId).
 */
export async function createDepartment(
  deps: { database: { db: DbOrTx }; events: EventBus },
  input: DepartmentCreateInput,
): Promise<Department> {
  const { db } = deps.database;
  const managerId = await resolveManager(db, input.managerId);
  const existing = await findDepartmentByNameIgnoringCase(db, input.name);
  if (existing) throw nameTaken(existing.name);
  const values = {
    name: input.name,
    description: input.description?.trim() || null,
    managerId,
    building: input.building?.trim() || null,
  };
  let id: string | null = null;
  // The code is made from the name in the insert; a concurrent save of another name that took the
  // same code at the same moment is a unique violation that a second try (the next free code) mends.
  for (let attempt = 1; id === null; attempt++) {
    try {
      id = await insertDepartment(db, values);
    } catch (error) {
      if (pgErrorCode(error) !== '23505') throw error;
      const clash = await findDepartmentByNameIgnoringCase(db, input.name);
      if (clash || attempt >= 3) throw nameTaken(clash?.name ?? input.name);
    }
  }
  await deps.events.publish('department.changed', [id]);
  return readDepartment(db, id);
}

export type DepartmentUpdateInput = Partial<DepartmentCreateInput> & { isActive?: boolean | undefined };

/**
 * PATCH /api/departments/:id (issue #13 item 19: the cards can be edited): any of the create
 * fields, with the create rules (unique name ignoring case, an allowed manager), and isActive to
 * bring an archived department back. Fields not sent are kept.
 */
export async function updateDepartment(
  deps: { database: { db: DbOrTx }; events: EventBus },
  id: string,
  input: DepartmentUpdateInput,
): Promise<Department> {
  const { db } = deps.database;
  if (!(await findDepartmentId(db, id))) throw notFoundError();
  const values: Parameters<typeof updateDepartmentRow>[2] = {};
  if (input.name !== undefined) {
    const clash = await findDepartmentByNameIgnoringCase(db, input.name);
    if (clash && clash.id !== id) throw nameTaken(clash.name);
    values.name = input.name;
  }
  if (input.description !== undefined) values.description = input.description?.trim() || null;
  if (input.managerId !== undefined) values.managerId = await resolveManager(db, input.managerId);
  if (input.building !== undefined) values.building = input.building?.trim() || null;
  if (input.isActive !== undefined) values.isActive = input.isActive;
  if (Object.keys(values).length > 0) {
    try {
      if (!(await updateDepartmentRow(db, id, values))) throw notFoundError();
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw nameTaken(input.name ?? '');
      throw error;
    }
    await deps.events.publish('department.changed', [id]);
  }
  return readDepartment(db, id);
}

/**
 * POST /api/departments/:id/archive (spec §4 Department: "An archive action exists"): the
 * department is kept, with its products and history, and shown as archived; archiving twice
 * changes nothing.
 */
export async function archiveDepartment(
  deps: { database: { db: DbOrTx }; events: EventBus },
  id: string,
): Promise<Department> {
  return updateDepartment(deps, id, { isActive: false });
}

/** POST /api/departments/:id/restore: an archived department is active again (as the procurement side's). */
export async function restoreDepartment(
  deps: { database: { db: DbOrTx }; events: EventBus },
  id: string,
): Promise<Department> {
  return updateDepartment(deps, id, { isActive: true });
}
