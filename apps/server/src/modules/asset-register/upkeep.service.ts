import {
  can,
  type Maintenance,
  type MaintenanceBody,
  type MaintenanceStatus,
  type MaintenanceType,
  type SafetyCheck,
  type SafetyCheckBody,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { addDays, dayOfWeek, localDateOf } from '../../lib/store-time';
import type { AuthUser } from '../../types';
import { registerErrors } from './asset-register.errors';
import { assetRow, itemFacts, lockAsset, recordEvent } from './asset-register.repository';
import { clockOf, manageScope, type RegisterDeps, readableAsset, scopeOf, todayOf } from './register-scope';
import {
  insertMaintenance,
  insertSafetyCheck,
  liveAssetIdsOfItem,
  type MaintenanceRow,
  maintenanceRows,
  recordSafetyRow,
  type SafetyRow,
  safetyRows,
  transitionMaintenance,
} from './upkeep.repository';

/**
 * Maintenance (scheduled → in_progress → completed, or cancelled) and safety checks (pending →
 * completed or failed) of issue #17 items 3 and 4. Overdue is derived from the date and the clock,
 * never stored, and never stands in the way of completing the work (ERPNext #15166 shows the opposite; ADR 0018).
 */

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

const TYPE_LABEL: Record<MaintenanceType, string> = {
  preventive: 'Preventive',
  corrective: 'Corrective',
  emergency: 'Emergency',
  upgrade: 'Upgrade',
};

const toMaintenance = (r: MaintenanceRow): Maintenance => ({
  id: r.id,
  assetId: r.asset_id,
  assetTag: r.asset_tag,
  itemName: r.item_name,
  type: r.type,
  status: r.status,
  overdue: r.overdue,
  scheduledFor: iso(r.scheduled_for),
  startedAt: iso(r.started_at),
  completedAt: iso(r.completed_at),
  technician: r.technician,
  notes: r.notes,
  createdAt: iso(r.created_at) as string,
});

export async function listMaintenance(
  deps: RegisterDeps,
  user: AuthUser,
  filter: { assetId?: string | undefined; status?: string | undefined; overdue?: boolean | undefined },
): Promise<Maintenance[]> {
  const rows = await maintenanceRows(
    deps.database.db,
    clockOf(deps),
    { assetId: filter.assetId, status: filter.status, overdue: filter.overdue === true },
    await scopeOf(deps, user),
  );
  return rows.map(toMaintenance);
}

async function oneMaintenance(deps: RegisterDeps, user: AuthUser, id: string): Promise<Maintenance> {
  const [row] = await maintenanceRows(deps.database.db, clockOf(deps), { id }, await scopeOf(deps, user));
  if (!row) throw registerErrors.maintenanceNotFound();
  return toMaintenance(row);
}

export async function scheduleMaintenance(
  deps: RegisterDeps,
  user: AuthUser,
  body: MaintenanceBody,
): Promise<Maintenance> {
  const scope = await manageScope(deps, user);
  const id = await deps.database.db.transaction(async (tx) => {
    if (!(await lockAsset(tx, body.assetId, scope))) throw registerErrors.field('assetId', 'Asset not found');
    const asset = await readableAsset(deps, user, body.assetId, tx);
    if (asset.disposed_at) throw registerErrors.readOnly(asset.asset_tag ?? asset.item_name);
    const jobId = await insertMaintenance(tx, {
      assetId: body.assetId,
      type: body.type,
      scheduledFor: new Date(body.scheduledFor),
      technician: body.technician,
      notes: body.notes,
      createdBy: user.id,
    });
    await recordEvent(tx, {
      assetId: body.assetId,
      kind: 'maintenance_scheduled',
      userId: user.id,
      summary: `${TYPE_LABEL[body.type]} maintenance scheduled for ${body.scheduledFor.slice(0, 10)}${
        body.notes ? `: ${body.notes}` : ''
      }`,
      refTable: 'proc_maintenance',
      refId: jobId,
    });
    return jobId;
  });
  await deps.events.publish('asset.changed', [body.assetId]);
  return oneMaintenance(deps, user, id);
}

/** A damaged or needs-maintenance return opens a corrective job (in the return's transaction). */
export async function openCorrectiveJob(
  deps: RegisterDeps,
  tx: DbOrTx,
  input: { assetId: string; actorId: string; checkoutId: string; notes: string },
): Promise<string> {
  const jobId = await insertMaintenance(tx, {
    assetId: input.assetId,
    type: 'corrective',
    scheduledFor: clockOf(deps),
    technician: null,
    notes: input.notes,
    createdBy: input.actorId,
    checkoutId: input.checkoutId,
  });
  await recordEvent(tx, {
    assetId: input.assetId,
    kind: 'maintenance_scheduled',
    userId: input.actorId,
    summary: `Corrective maintenance opened: ${input.notes}`,
    refTable: 'proc_maintenance',
    refId: jobId,
  });
  return jobId;
}

type Transition = { from: MaintenanceStatus[]; to: MaintenanceStatus; action: string };
const TRANSITIONS = {
  start: { from: ['scheduled'], to: 'in_progress', action: 'started' },
  complete: { from: ['scheduled', 'in_progress'], to: 'completed', action: 'completed' },
  cancel: { from: ['scheduled', 'in_progress'], to: 'cancelled', action: 'cancelled' },
} as const satisfies Record<string, Transition>;

/**
 * start, complete or cancel: one conditional UPDATE on the job's status (two people racing decide
 * once). Completing an overdue job is allowed like any other. Completing a preventive job of an
 * item with a service interval schedules the next one, interval days after completion.
 */
export async function moveMaintenance(
  deps: RegisterDeps,
  user: AuthUser,
  id: string,
  action: keyof typeof TRANSITIONS,
  body: { technician?: string | null; notes?: string | null },
): Promise<Maintenance> {
  const transition: Transition = TRANSITIONS[action];
  const now = clockOf(deps);
  const scope = await manageScope(deps, user);
  const assetId = await deps.database.db.transaction(async (tx) => {
    const [current] = await maintenanceRows(tx, now, { id }, scope);
    if (!current) throw registerErrors.maintenanceNotFound();
    const moved = await transitionMaintenance(tx, {
      id,
      from: transition.from,
      to: transition.to,
      now,
      scope,
      ...body,
    });
    if (!moved) throw registerErrors.badState('maintenance job', current.status, transition.action);
    const label = `${TYPE_LABEL[current.type]} maintenance`;
    await recordEvent(tx, {
      assetId: current.asset_id,
      kind: `maintenance_${transition.action}`,
      userId: user.id,
      summary: `${label} ${transition.action}${body.technician ? ` by ${body.technician}` : ''}${
        body.notes ? `: ${body.notes}` : ''
      }`,
      refTable: 'proc_maintenance',
      refId: id,
    });
    if (transition.to === 'completed' && current.type === 'preventive') {
      const asset = await assetRow(tx, current.asset_id, todayOf(deps));
      const item = asset ? await itemFacts(tx, asset.item_id) : null;
      if (asset && !asset.disposed_at && item?.service_interval_days) {
        const next = new Date(now.getTime() + item.service_interval_days * 86_400_000);
        const nextId = await insertMaintenance(tx, {
          assetId: current.asset_id,
          type: 'preventive',
          scheduledFor: next,
          technician: null,
          notes: `Every ${item.service_interval_days} days`,
          createdBy: user.id,
        });
        await recordEvent(tx, {
          assetId: current.asset_id,
          kind: 'maintenance_scheduled',
          userId: user.id,
          summary: `Next preventive maintenance scheduled for ${next.toISOString().slice(0, 10)} (every ${
            item.service_interval_days
          } days)`,
          refTable: 'proc_maintenance',
          refId: nextId,
        });
      }
    }
    return current.asset_id;
  });
  await deps.events.publish('asset.changed', [assetId]);
  return oneMaintenance(deps, user, id);
}

// ---- Safety checks ----

const toSafetyCheck = (r: SafetyRow): SafetyCheck => ({
  id: r.id,
  scope: r.scope,
  itemOrAssetId: r.item_or_asset_id,
  targetLabel: r.target_label ?? '',
  checkType: r.check_type,
  dueDate: r.due_date,
  completedDate: r.completed_date,
  inspector: r.inspector,
  status: r.status === 'pending' && r.overdue ? 'overdue' : r.status,
  notes: r.notes,
  createdAt: iso(r.created_at) as string,
});

export async function listSafetyChecks(
  deps: RegisterDeps,
  user: AuthUser,
  filter: { targetId?: string | undefined; status?: string | undefined },
): Promise<SafetyCheck[]> {
  const rows = await safetyRows(deps.database.db, todayOf(deps), filter, await scopeOf(deps, user));
  return rows.map(toSafetyCheck);
}

/**
 * Issue #17 item 4: what is due this week across the institution: every pending check due by the
 * end of this week (Sunday, store time), overdue ones included and first.
 */
export async function safetyChecksDueThisWeek(
  deps: RegisterDeps,
  user: AuthUser,
): Promise<{ weekStart: string; weekEnd: string; checks: SafetyCheck[] }> {
  const today = localDateOf(clockOf(deps), deps.config.storeTimeZone);
  const dow = dayOfWeek(today); // 0 = Sunday
  const start = addDays(today, dow === 0 ? -6 : 1 - dow);
  const end = addDays(start, 6);
  const fmt = (d: { year: number; month: number; day: number }) =>
    `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
  const rows = await safetyRows(deps.database.db, todayOf(deps), { dueBy: fmt(end) }, await scopeOf(deps, user));
  return { weekStart: fmt(start), weekEnd: fmt(end), checks: rows.map(toSafetyCheck) };
}

async function oneSafetyCheck(deps: RegisterDeps, user: AuthUser, id: string): Promise<SafetyCheck> {
  const [row] = await safetyRows(deps.database.db, todayOf(deps), { id }, await scopeOf(deps, user));
  if (!row) throw registerErrors.safetyCheckNotFound();
  return toSafetyCheck(row);
}

export async function scheduleSafetyCheck(
  deps: RegisterDeps,
  user: AuthUser,
  body: SafetyCheckBody,
): Promise<SafetyCheck> {
  const scope = await manageScope(deps, user);
  // A check of a whole item covers every department's units of it: not a department manager's.
  if (body.scope === 'item' && !can(user.role, 'assets.oversee')) throw registerErrors.itemWideCheck();
  const id = await deps.database.db.transaction(async (tx) => {
    if (body.scope === 'asset') {
      const asset = (await lockAsset(tx, body.itemOrAssetId, scope))
        ? await assetRow(tx, body.itemOrAssetId, todayOf(deps))
        : null;
      if (!asset) throw registerErrors.field('itemOrAssetId', 'Asset not found');
      if (asset.disposed_at) throw registerErrors.readOnly(asset.asset_tag ?? asset.item_name);
    } else if (!(await itemFacts(tx, body.itemOrAssetId))) {
      throw registerErrors.field('itemOrAssetId', 'Item not found');
    }
    const checkId = await insertSafetyCheck(tx, body, user.id);
    if (body.scope === 'asset') {
      await recordEvent(tx, {
        assetId: body.itemOrAssetId,
        kind: 'safety_scheduled',
        userId: user.id,
        summary: `${body.checkType} due ${body.dueDate}`,
        refTable: 'proc_safety_checks',
        refId: checkId,
      });
    }
    return checkId;
  });
  await deps.events.publish('asset.changed');
  return oneSafetyCheck(deps, user, id);
}

/**
 * Records a pending (or overdue) check's result: passed → completed, failed → failed. A failed
 * check keeps the unit (or every unit of the item) from being lent until a later check passes.
 */
export async function recordSafetyResult(
  deps: RegisterDeps,
  user: AuthUser,
  id: string,
  body: { result: 'passed' | 'failed'; inspector: string; completedDate?: string | undefined; notes: string | null },
): Promise<SafetyCheck> {
  const date = body.completedDate ?? todayOf(deps);
  const now = clockOf(deps);
  const scope = await manageScope(deps, user);
  await deps.database.db.transaction(async (tx) => {
    const [current] = await safetyRows(tx, todayOf(deps), { id }, scope);
    if (!current) throw registerErrors.safetyCheckNotFound();
    if (current.scope === 'item' && !can(user.role, 'assets.oversee')) throw registerErrors.itemWideCheck();
    const status = body.result === 'passed' ? 'completed' : 'failed';
    const recorded = await recordSafetyRow(tx, {
      id,
      status,
      date,
      inspector: body.inspector,
      notes: body.notes,
      now,
      scope,
    });
    if (!recorded) {
      throw registerErrors.badState('safety check', current.status, 'recorded again');
    }
    const summary = `${current.check_type} ${body.result} (${body.inspector})${body.notes ? `: ${body.notes}` : ''}`;
    const assetIds =
      current.scope === 'asset' ? [current.item_or_asset_id] : await liveAssetIdsOfItem(tx, current.item_or_asset_id);
    for (const assetId of assetIds) {
      await recordEvent(tx, {
        assetId,
        kind: body.result === 'passed' ? 'safety_passed' : 'safety_failed',
        userId: user.id,
        summary: current.scope === 'item' ? `${summary} (whole item)` : summary,
        refTable: 'proc_safety_checks',
        refId: id,
      });
    }
  });
  await deps.events.publish('asset.changed');
  return oneSafetyCheck(deps, user, id);
}
