import { canManageDepartment, type Department } from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { EventBus } from '../events/event-bus';
import {
  findDepartmentByNameIgnoringCase,
  findDepartmentId,
  findManagerCandidate,
  insertDepartment,
  listDepartmentRows,
} from './departments.repository';

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

/**
 * POST /api/departments (spec §7): the name is unique ignoring letter case (409); a manager must
 * be an active manager, super admin or department manager (400 on managerId).
 */
export async function createDepartment(
  deps: { database: { db: DbOrTx }; events: EventBus },
  input: DepartmentCreateInput,
): Promise<Department> {
  const { db } = deps.database;
  const managerText = input.managerId?.trim() ?? '';
  const managerId = managerText === '' || managerText.toLowerCase() === 'none' ? null : managerText;
  if (managerId !== null) {
    const candidate = UUID.test(managerId) ? await findManagerCandidate(db, managerId) : null;
    if (!candidate?.isActive || !canManageDepartment(candidate.role)) {
      throw badRequest('validation', DEPARTMENT_MESSAGES.managerInvalid, {
        managerId: DEPARTMENT_MESSAGES.managerInvalid,
      });
    }
  }
  const existing = await findDepartmentByNameIgnoringCase(db, input.name);
  if (existing) throw nameTaken(existing.name);
  let id: string;
  try {
    id = await insertDepartment(db, {
      name: input.name,
      description: input.description?.trim() || null,
      managerId,
      building: input.building?.trim() || null,
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw nameTaken(input.name);
    throw error;
  }
  await deps.events.publish('department.changed', [id]);
  const [created] = await listDepartments(db, id);
  if (!created) throw new AppError(404, 'departments.not_found', 'Department not found');
  return created;
}
