import type {
  Maintenance,
  MaintenanceBody,
  MaintenanceStatus,
  MaintenanceType,
  SafetyCheck,
  SafetyCheckBody,
  SafetyCheckScope,
} from '@retail-hub/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addDays, dayOfWeek, localDateOf } from '../../lib/store-time';
import type { AuthUser } from '../../types';
import { rowsOf } from '../stores/inventory.repository';
import { registerErrors } from './asset-register.errors';
import { assetRow, itemFacts, lockAsset, recordEvent, type Scope } from './asset-register.repository';
import { clockOf, type RegisterDeps, readableAsset, scopeOf, todayOf } from './asset-register.service';

/**
 * Maintenance (scheduled → in_progress → completed, or cancelled) and safety checks (pending →
 * completed or failed) of issue #17 items 3 and 4. Overdue is derived from the date and the clock,
 * never stored, and never stands in the way of completing the work (domain guide, ERPNext #15166).
 */

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

const TYPE_LABEL: Record<MaintenanceType, string> = {
  preventive: 'Preventive',
  corrective: 'Corrective',
  emergency: 'Emergency',
  upgrade: 'Upgrade',
};

const inScope = (scope: Scope) =>
  scope.departmentId === null ? sql`true` : sql`a.department_id = ${scope.departmentId}`;

type MaintenanceRow = {
  id: string;
  asset_id: string;
  asset_tag: string | null;
  item_name: string;
  type: MaintenanceType;
  status: MaintenanceStatus;
  overdue: boolean;
  scheduled_for: Date | string | null;
  started_at: Date | string | null;
  completed_at: Date | string | null;
  technician: string | null;
  notes: string | null;
  created_at: Date | string;
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

async function maintenanceRows(
  db: DbOrTx,
  now: Date,
  filter: { id?: string; assetId?: string | undefined; status?: string | undefined; overdue?: boolean },
  scope: Scope,
): Promise<MaintenanceRow[]> {
  const overdue = sql`(m.status in ('scheduled', 'in_progress') and m.scheduled_for < ${now.toISOString()}::timestamptz)`;
  const result = await db.execute(sql`
    select m.id, m.asset_id, a.asset_tag, i.name as item_name, m.type, m.status, ${overdue} as overdue,
      m.scheduled_for, m.started_at, m.completed_at, m.technician, m.notes, m.created_at
    from proc_maintenance m join proc_assets a on a.id = m.asset_id join proc_items i on i.id = a.item_id
    where ${inScope(scope)}
      and ${filter.id ? sql`m.id = ${filter.id}` : sql`true`}
      and ${filter.assetId ? sql`m.asset_id = ${filter.assetId}` : sql`true`}
      and ${
        filter.status === 'open'
          ? sql`m.status in ('scheduled', 'in_progress')`
          : filter.status
            ? sql`m.status = ${filter.status}`
            : sql`true`
      }
      and ${filter.overdue ? overdue : sql`true`}
    order by (m.status in ('scheduled', 'in_progress')) desc, m.scheduled_for nulls last, m.created_at
    limit 500`);
  return rowsOf<MaintenanceRow>(result);
}

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

async function insertMaintenance(
  tx: DbOrTx,
  values: {
    assetId: string;
    type: MaintenanceType;
    scheduledFor: Date;
    technician: string | null;
    notes: string | null;
    createdBy: string | null;
    checkoutId?: string | null;
  },
): Promise<string> {
  const result = await tx.execute(sql`
    insert into proc_maintenance (asset_id, type, scheduled_for, technician, notes, status, created_by, checkout_id)
    values (${values.assetId}, ${values.type}, ${values.scheduledFor.toISOString()}::timestamptz, ${values.technician},
      ${values.notes}, 'scheduled', ${values.createdBy}, ${values.checkoutId ?? null})
    returning id`);
  return (rowsOf<{ id: string }>(result)[0] as { id: string }).id;
}

export async function scheduleMaintenance(
  deps: RegisterDeps,
  user: AuthUser,
  body: MaintenanceBody,
): Promise<Maintenance> {
  const id = await deps.database.db.transaction(async (tx) => {
    if (!(await lockAsset(tx, body.assetId))) throw registerErrors.field('assetId', 'Asset not found');
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
  const assetId = await deps.database.db.transaction(async (tx) => {
    const [current] = await maintenanceRows(tx, now, { id }, await scopeOf(deps, user));
    if (!current) throw registerErrors.maintenanceNotFound();
    const result = await tx.execute(sql`
      update proc_maintenance set status = ${transition.to},
        started_at = case when ${transition.to} = 'in_progress' then ${now.toISOString()}::timestamptz else started_at end,
        completed_at = case when ${transition.to} = 'completed' then ${now.toISOString()}::timestamptz else completed_at end,
        technician = coalesce(${body.technician ?? null}, technician),
        notes = case when ${body.notes ?? null}::text is null then notes
                     when notes is null then ${body.notes ?? null}::text
                     else notes || E'\n' || ${body.notes ?? null}::text end,
        updated_at = now()
      where id = ${id} and status in (${sql.join(
        transition.from.map((s) => sql`${s}`),
        sql`, `,
      )})
      returning id`);
    if (rowsOf(result).length === 0)
      throw registerErrors.badState('maintenance job', current.status, transition.action);
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

type SafetyRow = {
  id: string;
  scope: SafetyCheckScope;
  item_or_asset_id: string;
  target_label: string | null;
  check_type: string;
  due_date: string | null;
  completed_date: string | null;
  inspector: string | null;
  status: 'pending' | 'completed' | 'failed' | 'overdue';
  overdue: boolean;
  notes: string | null;
  created_at: Date | string;
};

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

async function safetyRows(
  db: DbOrTx,
  today: string,
  filter: {
    id?: string;
    targetId?: string | undefined;
    status?: string | undefined;
    dueBy?: string | undefined;
  },
  scope: Scope,
): Promise<SafetyRow[]> {
  const overdue = sql`(s.status = 'pending' and s.due_date < ${today}::date)`;
  const result = await db.execute(sql`
    select s.id, s.scope, s.item_or_asset_id,
      case when s.scope = 'asset' then concat_ws(' · ', a.asset_tag, ai.name) else concat_ws(' ', i.sku, i.name) end as target_label,
      s.check_type, s.due_date::text, s.completed_date::text, s.inspector, s.status, ${overdue} as overdue, s.notes, s.created_at
    from proc_safety_checks s
    left join proc_assets a on s.scope = 'asset' and a.id = s.item_or_asset_id
    left join proc_items ai on ai.id = a.item_id
    left join proc_items i on s.scope = 'item' and i.id = s.item_or_asset_id
    where ${
      scope.departmentId === null ? sql`true` : sql`coalesce(a.department_id, i.department_id) = ${scope.departmentId}`
    }
      and ${filter.id ? sql`s.id = ${filter.id}` : sql`true`}
      and ${
        filter.targetId
          ? sql`(s.item_or_asset_id = ${filter.targetId}
              or (s.scope = 'item' and s.item_or_asset_id = (select item_id from proc_assets where id = ${filter.targetId})))`
          : sql`true`
      }
      and ${
        filter.status === 'overdue'
          ? overdue
          : filter.status === 'pending'
            ? sql`s.status = 'pending'`
            : filter.status
              ? sql`s.status = ${filter.status}`
              : sql`true`
      }
      and ${filter.dueBy ? sql`s.status = 'pending' and s.due_date <= ${filter.dueBy}::date` : sql`true`}
    order by (s.status = 'pending') desc, s.due_date nulls last, s.created_at
    limit 500`);
  return rowsOf<SafetyRow>(result);
}

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
  const id = await deps.database.db.transaction(async (tx) => {
    if (body.scope === 'asset') {
      const asset = await assetRow(tx, body.itemOrAssetId, todayOf(deps));
      if (!asset) throw registerErrors.field('itemOrAssetId', 'Asset not found');
      if (asset.disposed_at) throw registerErrors.readOnly(asset.asset_tag ?? asset.item_name);
    } else if (!(await itemFacts(tx, body.itemOrAssetId))) {
      throw registerErrors.field('itemOrAssetId', 'Item not found');
    }
    const result = await tx.execute(sql`
      insert into proc_safety_checks (item_or_asset_id, scope, check_type, due_date, inspector, status, notes, created_by)
      values (${body.itemOrAssetId}, ${body.scope}, ${body.checkType}, ${body.dueDate}::date, ${body.inspector}, 'pending',
        ${body.notes}, ${user.id})
      returning id`);
    const checkId = (rowsOf<{ id: string }>(result)[0] as { id: string }).id;
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
  await deps.database.db.transaction(async (tx) => {
    const [current] = await safetyRows(tx, todayOf(deps), { id }, await scopeOf(deps, user));
    if (!current) throw registerErrors.safetyCheckNotFound();
    const status = body.result === 'passed' ? 'completed' : 'failed';
    const result = await tx.execute(sql`
      update proc_safety_checks set status = ${status}, completed_date = ${date}::date, inspector = ${body.inspector},
        notes = coalesce(${body.notes}, notes), recorded_at = ${now.toISOString()}::timestamptz, updated_at = now()
      where id = ${id} and status = 'pending' returning id`);
    if (rowsOf(result).length === 0) {
      throw registerErrors.badState('safety check', current.status, 'recorded again');
    }
    const summary = `${current.check_type} ${body.result} (${body.inspector})${body.notes ? `: ${body.notes}` : ''}`;
    const assetIds =
      current.scope === 'asset'
        ? [current.item_or_asset_id]
        : rowsOf<{ id: string }>(
            await tx.execute(
              sql`select id from proc_assets where item_id = ${current.item_or_asset_id} and disposed_at is null`,
            ),
          ).map((r) => r.id);
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
