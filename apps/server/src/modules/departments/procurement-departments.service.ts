import type { ProcDepartment } from '@retail-hub/shared';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { EventBus } from '../events/index';
import {
  findProcDepartment,
  findProcDepartmentClashes,
  insertProcDepartment,
  listProcDepartments,
  type ProcDepartmentFilter,
  type ProcDepartmentRow,
  updateProcDepartment,
} from './departments.repository';

/** What the department services need from the app. */
export type DepartmentDeps = { database: { db: Db }; events: EventBus };

export const PROC_DEPARTMENT_MESSAGES = {
  codeRequired: 'Code is required',
  codeTooLong: 'Code must be at most 50 characters',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 255 characters',
} as const;

/** spec §5 Procurement department form: code and name both required; the code is stored upper-cased. */
export const procDepartmentBodySchema = z.object({
  code: z
    .string({ error: PROC_DEPARTMENT_MESSAGES.codeRequired })
    .trim()
    .min(1, { error: PROC_DEPARTMENT_MESSAGES.codeRequired })
    .max(50, { error: PROC_DEPARTMENT_MESSAGES.codeTooLong })
    .transform((code) => code.toUpperCase()),
  name: z
    .string({ error: PROC_DEPARTMENT_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: PROC_DEPARTMENT_MESSAGES.nameRequired })
    .max(255, { error: PROC_DEPARTMENT_MESSAGES.nameTooLong }),
});
export type ProcDepartmentBody = z.output<typeof procDepartmentBodySchema>;

export function toProcDepartment(row: ProcDepartmentRow): ProcDepartment {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

const notFoundError = () => notFound('Department', 'procurement.department_not_found');

/**
 * The clash of `body` with departments other than `exceptId`: a 409 naming the code, the name or
 * both, or null when both are free. Codes compare upper-cased and names ignoring case.
 */
export async function clashOf(db: DbOrTx, body: ProcDepartmentBody, exceptId: string | null): Promise<AppError | null> {
  const clashes = (await findProcDepartmentClashes(db, body.code, body.name)).filter((d) => d.id !== exceptId);
  const codeClash = clashes.find((d) => d.code.toUpperCase() === body.code.toUpperCase());
  const nameClash = clashes.find((d) => d.name.toLowerCase() === body.name.toLowerCase());
  if (codeClash && nameClash) {
    return new AppError(
      409,
      'procurement.department_taken',
      `A department with code "${codeClash.code}" and a department named "${nameClash.name}" already exist.`,
      { errors: { code: 'This code is already in use', name: 'This name is already in use' } },
    );
  }
  if (codeClash) {
    return new AppError(
      409,
      'procurement.department_code_taken',
      `A department with code "${codeClash.code}" already exists.`,
      { errors: { code: 'This code is already in use' } },
    );
  }
  if (nameClash) {
    return new AppError(
      409,
      'procurement.department_name_taken',
      `A department named "${nameClash.name}" already exists.`,
      { errors: { name: 'This name is already in use' } },
    );
  }
  return null;
}

/** A unique violation that slipped past the check (a concurrent save): the same 409s. */
async function rethrowUnique(db: DbOrTx, error: unknown, body: ProcDepartmentBody, exceptId: string | null) {
  if (pgErrorCode(error) !== '23505') throw error;
  throw (
    (await clashOf(db, body, exceptId)) ??
    conflict('procurement.department_taken', 'A department with this code or name already exists.')
  );
}

export async function procDepartments(deps: DepartmentDeps, filter: ProcDepartmentFilter): Promise<ProcDepartment[]> {
  return (await listProcDepartments(deps.database.db, filter)).map(toProcDepartment);
}

export async function createProcDepartment(deps: DepartmentDeps, body: ProcDepartmentBody): Promise<ProcDepartment> {
  const { db } = deps.database;
  const clash = await clashOf(db, body, null);
  if (clash) throw clash;
  let id: string;
  try {
    id = await insertProcDepartment(db, { code: body.code, name: body.name });
  } catch (error) {
    return rethrowUnique(db, error, body, null) as never;
  }
  await deps.events.publish('department.changed', [id]);
  const created = await findProcDepartment(db, id);
  if (!created) throw notFoundError();
  return toProcDepartment(created);
}

export async function updateProcDepartmentById(
  deps: DepartmentDeps,
  id: string,
  body: ProcDepartmentBody,
): Promise<ProcDepartment> {
  const { db } = deps.database;
  if (!(await findProcDepartment(db, id))) throw notFoundError();
  const clash = await clashOf(db, body, id);
  if (clash) throw clash;
  try {
    await updateProcDepartment(db, id, { code: body.code, name: body.name });
  } catch (error) {
    return rethrowUnique(db, error, body, id) as never;
  }
  await deps.events.publish('department.changed', [id]);
  const updated = await findProcDepartment(db, id);
  if (!updated) throw notFoundError();
  return toProcDepartment(updated);
}

/** POST .../archive (archived: true) and .../restore (false); 409 when already in that state. */
export async function setProcDepartmentArchived(
  deps: DepartmentDeps,
  id: string,
  archived: boolean,
): Promise<ProcDepartment> {
  const { db } = deps.database;
  const department = await findProcDepartment(db, id);
  if (!department) throw notFoundError();
  if (department.isArchived === archived) {
    throw archived
      ? conflict('procurement.department_archived', `Department "${department.name}" is already archived.`)
      : conflict('procurement.department_active', `Department "${department.name}" is not archived.`);
  }
  await updateProcDepartment(db, id, { isArchived: archived });
  await deps.events.publish('department.changed', [id]);
  return toProcDepartment({ ...department, isArchived: archived });
}
