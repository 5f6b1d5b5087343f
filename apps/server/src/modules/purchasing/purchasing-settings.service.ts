import { type ApprovalThreshold, centsToDecimal, type DepartmentManager, displayName } from '@retail-hub/shared';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { purchasingErrors as errors } from './purchasing.errors';
import { findDepartment, rows } from './purchasing.repository';
import { type Actor, type PurchasingDeps, recordPurchasingActivity } from './requisitions.service';

/**
 * Purchasing settings beside the over-receipt tolerance (issue #16 items 2, 3; ADR 0013): each
 * department's approval threshold, and which procurement department a department manager runs.
 */

export const SETTINGS_ACTIVITY = {
  approvalThresholdChanged: 'approval_threshold_changed',
  departmentManagerAssigned: 'department_manager_assigned',
} as const;

type ManagerRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  proc_department_id: string | null;
  department_name: string | null;
};

const toManager = (row: ManagerRow): DepartmentManager => ({
  userId: row.id,
  name: displayName({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
  departmentId: row.proc_department_id,
  departmentName: row.department_name,
});

const managerRows = (deps: PurchasingDeps, userId?: string) =>
  rows<ManagerRow>(
    deps.database.db,
    sql`select u.id, u.first_name, u.last_name, u.email, u.proc_department_id, d.name as department_name
        from users u left join proc_departments d on d.id = u.proc_department_id
        where u.role = 'department_manager' and u.is_active ${userId ? sql`and u.id = ${userId}` : sql``}
        order by lower(coalesce(u.first_name, '')), lower(coalesce(u.last_name, '')), u.id limit 1000`,
  );

export async function listDepartmentManagers(deps: PurchasingDeps): Promise<DepartmentManager[]> {
  return (await managerRows(deps)).map(toManager);
}

export async function assignDepartmentManager(
  deps: PurchasingDeps,
  actor: Actor,
  userId: string,
  departmentId: string | null,
): Promise<DepartmentManager> {
  const { db } = deps.database;
  const [before] = await managerRows(deps, userId);
  if (!before) throw new AppError(404, 'purchasing.department_manager_not_found', 'Department manager not found.');
  if (departmentId) {
    const department = await findDepartment(db, departmentId);
    if (!department) throw errors.departmentNotFound();
    if (department.is_archived) throw errors.departmentArchived();
  }
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update users set proc_department_id = ${departmentId}, updated_at = now()
          where id = ${userId} and role = 'department_manager'`,
    );
    await recordPurchasingActivity(
      tx,
      actor,
      SETTINGS_ACTIVITY.departmentManagerAssigned,
      `${toManager(before).name} now runs ${departmentId ? 'another department' : 'no department'}`,
      { userId, from: before.proc_department_id, to: departmentId },
    );
  });
  const [after] = await managerRows(deps, userId);
  return toManager(after as ManagerRow);
}

export async function setApprovalThreshold(
  deps: PurchasingDeps,
  actor: Actor,
  departmentId: string,
  cents: number,
): Promise<ApprovalThreshold> {
  const amount = centsToDecimal(cents);
  return deps.database.db.transaction(async (tx) => {
    const [row] = await rows<{ id: string; code: string; name: string; approval_threshold: string; before: string }>(
      tx,
      sql`update proc_departments d set approval_threshold = ${amount}, updated_at = now()
          from (select id, approval_threshold as before from proc_departments where id = ${departmentId} for update) old
          where d.id = old.id
          returning d.id, d.code, d.name, d.approval_threshold::text as approval_threshold, old.before::text as before`,
    );
    if (!row) throw new AppError(404, 'purchasing.department_not_found', 'Department not found.');
    await recordPurchasingActivity(
      tx,
      actor,
      SETTINGS_ACTIVITY.approvalThresholdChanged,
      `${row.name}: approval threshold ${row.before} → ${amount}`,
      { departmentId, from: row.before, to: amount },
    );
    return { id: row.id, code: row.code, name: row.name, approvalThreshold: amount };
  });
}
