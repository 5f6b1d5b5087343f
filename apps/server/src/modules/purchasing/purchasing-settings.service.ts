import {
  type ApprovalThreshold,
  centsToDecimal,
  type DepartmentManager,
  decimalToCents,
  displayName,
  type PurchasingSettings,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { setManagedProcDepartment } from '../users/index';
import { purchasingErrors as errors } from './purchasing.errors';
import {
  type DepartmentManagerRow,
  departmentManagerRows,
  findDepartment,
  readSetting,
  updateApprovalThreshold,
  writeSetting,
} from './purchasing.repository';
import { type Actor, PURCHASING_ACTIVITY, type PurchasingDeps, recordPurchasingActivity } from './requisitions.service';

/**
 * Purchasing settings (issue #16 items 2, 3, 5; ADR 0013): the over-receipt tolerance and the buyer
 * printed on orders (issue #30 item 21), each department's approval threshold, and which
 * procurement department a department manager runs.
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
    await setManagedProcDepartment(tx, userId, departmentId);
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

// ── Over-receipt tolerance and the buyer ───────────────────────────────────────────────────

const TOLERANCE_KEY = 'over_receipt_tolerance_percent';

/** The over-receipt tolerance in hundredths of a percent (default 0). */
export async function toleranceBp(db: DbOrTx): Promise<number> {
  const value = await readSetting(db, TOLERANCE_KEY);
  return typeof value === 'string' ? decimalToCents(value) : 0;
}

const BUYER_NAME_KEY = 'buyer_name';
const BUYER_ADDRESS_KEY = 'buyer_address';

/** Issue #30 item 21: the buyer printed on purchase orders. */
export async function buyer(db: DbOrTx): Promise<{ buyerName: string | null; buyerAddress: string | null }> {
  const name = await readSetting(db, BUYER_NAME_KEY);
  const address = await readSetting(db, BUYER_ADDRESS_KEY);
  return {
    buyerName: typeof name === 'string' && name ? name : null,
    buyerAddress: typeof address === 'string' && address ? address : null,
  };
}

export async function purchasingSettings(deps: PurchasingDeps): Promise<PurchasingSettings> {
  const { db } = deps.database;
  return { overReceiptTolerancePercent: centsToDecimal(await toleranceBp(db)), ...(await buyer(db)) };
}

export async function updatePurchasingSettings(
  deps: PurchasingDeps,
  actor: Actor,
  body: { overReceiptTolerancePercent: number; buyerName?: string | null; buyerAddress?: string | null },
): Promise<PurchasingSettings> {
  const before = await purchasingSettings(deps);
  const after = centsToDecimal(body.overReceiptTolerancePercent);
  await deps.database.db.transaction(async (tx) => {
    if (body.buyerName !== undefined) await writeSetting(tx, BUYER_NAME_KEY, body.buyerName ?? '', actor.user.id);
    if (body.buyerAddress !== undefined) {
      await writeSetting(tx, BUYER_ADDRESS_KEY, body.buyerAddress ?? '', actor.user.id);
    }
    await writeSetting(tx, TOLERANCE_KEY, after, actor.user.id);
    await recordPurchasingActivity(
      tx,
      actor,
      PURCHASING_ACTIVITY.settingsChanged,
      `Over-receipt tolerance ${before.overReceiptTolerancePercent}% → ${after}%`,
      { from: before.overReceiptTolerancePercent, to: after },
    );
  });
  return purchasingSettings(deps);
}
