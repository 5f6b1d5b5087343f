import { type ApprovalThreshold, centsToDecimal, type DepartmentManager, displayName } from '@retail-hub/shared';
import { AppError } from '../../lib/errors';
import { purchasingErrors as errors } from './purchasing.errors';
import {
  type DepartmentManagerRow,
  departmentManagerRows,
  findDepartment,
  setUserProcDepartment,
  updateApprovalThreshold,
} from './purchasing.repository';
import { type Actor, type PurchasingDeps, recordPurchasingActivity } from './requisitions.service';

/**
 * Purchasing settings beside the over-receipt tolerance (issue #16 items 2, 3; ADR 0013): each
 * department's approval threshold, and which procurement department a department manager runs.
 */

export const SETTINGS_ACTIVITY = {
  approvalThresholdChanged: 'approval_threshold_changed',
  departmentManagerAssigned: 'department_manager_assigned',
} as const;

const toManager = (row: DepartmentManagerRow): DepartmentManager => ({
  userId: row.id,
  name: displayName({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
  departmentId: row.proc_department_id,
  departmentName: row.department_name,
});

export async function listDepartmentManagers(deps: PurchasingDeps): Promise<DepartmentManager[]> {
  return (await departmentManagerRows(deps.database.db)).map(toManager);
}

export async function assignDepartmentManager(
  deps: PurchasingDeps,
  actor: Actor,
  userId: string,
  departmentId: string | null,
): Promise<DepartmentManager> {
  const { db } = deps.database;
  const [before] = await departmentManagerRows(db, userId);
  if (!before) throw new AppError(404, 'purchasing.department_manager_not_found', 'Department manager not found.');
  let departmentName: string | null = null;
  if (departmentId) {
    const department = await findDepartment(db, departmentId);
    if (!department) throw errors.departmentNotFound();
    if (department.is_archived) throw errors.departmentArchived();
    departmentName = department.name;
  }
  await db.transaction(async (tx) => {
    await setUserProcDepartment(tx, userId, departmentId);
    await recordPurchasingActivity(
      tx,
      actor,
      SETTINGS_ACTIVITY.departmentManagerAssigned,
      `${toManager(before).name} now runs ${departmentName ?? 'no department'}`,
      { userId, from: before.proc_department_id, to: departmentId },
    );
  });
  const [after] = await departmentManagerRows(db, userId);
  return toManager(after as DepartmentManagerRow);
}

export async function setApprovalThreshold(
  deps: PurchasingDeps,
  actor: Actor,
  departmentId: string,
  cents: number,
): Promise<ApprovalThreshold> {
  const amount = centsToDecimal(cents);
  return deps.database.db.transaction(async (tx) => {
    const row = await updateApprovalThreshold(tx, departmentId, amount);
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
