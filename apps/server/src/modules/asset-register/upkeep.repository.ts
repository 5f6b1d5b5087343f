import type { MaintenanceStatus, MaintenanceType, SafetyCheckBody, SafetyCheckScope } from '@retail-hub/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Scope } from './asset-register.repository';

/** Maintenance and safety checks' SQL (issue #17 items 3, 4). */

const inScope = (scope: Scope) =>
  scope.departmentId === null ? sql`true` : sql`a.department_id = ${scope.departmentId}`;

/** In a write's WHERE: the unit `assetIdColumn` belongs to the scope's department (any: true). */
export const ownUnit = (assetIdColumn: SQL, scope: Scope | undefined) =>
  scope?.departmentId == null
    ? sql`true`
    : sql`${assetIdColumn} in (select id from proc_assets where department_id = ${scope.departmentId})`;

export type MaintenanceRow = {
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

export async function maintenanceRows(
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

export async function insertMaintenance(
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

/** One status step of a job, only from the statuses it may leave (false: nothing changed). */
export async function transitionMaintenance(
  tx: DbOrTx,
  input: {
    id: string;
    from: readonly MaintenanceStatus[];
    to: MaintenanceStatus;
    now: Date;
    /** A department manager's: only a job of a unit of that department moves. */
    scope?: Scope;
    technician?: string | null | undefined;
    notes?: string | null | undefined;
  },
): Promise<boolean> {
  const { id, now, to } = input;
  const technician = input.technician ?? null;
  const notes = input.notes ?? null;
  const result = await tx.execute(sql`
    update proc_maintenance set status = ${to},
      started_at = case when ${to} = 'in_progress' then ${now.toISOString()}::timestamptz else started_at end,
      completed_at = case when ${to} = 'completed' then ${now.toISOString()}::timestamptz else completed_at end,
      technician = coalesce(${technician}, technician),
      notes = case when ${notes}::text is null then notes
                   when notes is null then ${notes}::text
                   else notes || E'\n' || ${notes}::text end,
      updated_at = now()
    where id = ${id} and status in (${sql.join(
      input.from.map((s) => sql`${s}`),
      sql`, `,
    )})
      and ${ownUnit(sql`asset_id`, input.scope)}
    returning id`);
  return rowsOf(result).length > 0;
}

export type SafetyRow = {
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

export async function safetyRows(
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

export async function insertSafetyCheck(tx: DbOrTx, body: SafetyCheckBody, userId: string): Promise<string> {
  const result = await tx.execute(sql`
    insert into proc_safety_checks (item_or_asset_id, scope, check_type, due_date, inspector, status, notes, created_by)
    values (${body.itemOrAssetId}, ${body.scope}, ${body.checkType}, ${body.dueDate}::date, ${body.inspector}, 'pending',
      ${body.notes}, ${userId})
    returning id`);
  return (rowsOf<{ id: string }>(result)[0] as { id: string }).id;
}

/** Records a pending check's result (false when it is no longer pending). */
export async function recordSafetyRow(
  tx: DbOrTx,
  input: {
    id: string;
    status: 'completed' | 'failed';
    date: string;
    inspector: string;
    notes: string | null;
    now: Date;
    /** A department manager's: only a check of one unit of that department is recorded. */
    scope?: Scope;
  },
): Promise<boolean> {
  const scoped =
    input.scope?.departmentId == null
      ? sql`true`
      : sql`scope = 'asset' and ${ownUnit(sql`item_or_asset_id`, input.scope)}`;
  const result = await tx.execute(sql`
    update proc_safety_checks set status = ${input.status}, completed_date = ${input.date}::date,
      inspector = ${input.inspector}, notes = coalesce(${input.notes}, notes),
      recorded_at = ${input.now.toISOString()}::timestamptz, updated_at = now()
    where id = ${input.id} and status = 'pending' and ${scoped} returning id`);
  return rowsOf(result).length > 0;
}

export async function liveAssetIdsOfItem(tx: DbOrTx, itemId: string): Promise<string[]> {
  const result = await tx.execute(sql`select id from proc_assets where item_id = ${itemId} and disposed_at is null`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
