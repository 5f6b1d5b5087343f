import type { DisposalMethod, WriteoffBody, WriteoffReason, WriteoffStatus } from '@retail-hub/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Scope } from './asset-register.repository';
import { ownUnit } from './upkeep.repository';

/** Write-offs' SQL (issue #17 item 5): every status step is one conditional UPDATE. */

export type WriteoffRow = {
  id: string;
  asset_id: string;
  asset_tag: string | null;
  item_name: string;
  department_id: string | null;
  requested_by: string | null;
  requested_by_name: string | null;
  approved_by: string | null;
  approved_by_name: string | null;
  status: WriteoffStatus;
  reason: WriteoffReason;
  condition_at_disposal: string | null;
  salvage_value_currency: string;
  salvage_value_amount: string | null;
  disposal_date: string | null;
  disposal_method: DisposalMethod | null;
  notes: string | null;
  decision_note: string | null;
  created_at: Date | string;
};

export async function writeoffRows(
  db: DbOrTx,
  filter: { id?: string; assetId?: string | undefined; status?: string | undefined },
  scope: Scope,
): Promise<WriteoffRow[]> {
  const result = await db.execute(sql`
    select w.id, w.asset_id, a.asset_tag, i.name as item_name, w.department_id, w.requested_by,
      nullif(trim(concat_ws(' ', rq.first_name, rq.last_name)), '') as requested_by_name, w.approved_by,
      nullif(trim(concat_ws(' ', ap.first_name, ap.last_name)), '') as approved_by_name, w.status, w.reason,
      w.condition_at_disposal, w.salvage_value_currency, w.salvage_value_amount::text, w.disposal_date::text,
      w.disposal_method, w.notes, w.decision_note, w.created_at
    from proc_asset_writeoffs w
    join proc_assets a on a.id = w.asset_id
    join proc_items i on i.id = a.item_id
    left join users rq on rq.id = w.requested_by
    left join users ap on ap.id = w.approved_by
    where ${scope.departmentId === null ? sql`true` : sql`a.department_id = ${scope.departmentId}`}
      and ${filter.id ? sql`w.id = ${filter.id}` : sql`true`}
      and ${filter.assetId ? sql`w.asset_id = ${filter.assetId}` : sql`true`}
      and ${filter.status ? sql`w.status = ${filter.status}` : sql`true`}
    order by (w.status in ('submitted', 'approved')) desc, w.created_at desc
    limit 500`);
  return rowsOf<WriteoffRow>(result);
}

export async function hasOpenWriteoff(tx: DbOrTx, assetId: string): Promise<boolean> {
  const result = await tx.execute(sql`select id from proc_asset_writeoffs where asset_id = ${assetId}
    and status in ('draft', 'submitted', 'approved')`);
  return rowsOf(result).length > 0;
}

export async function insertWriteoff(
  tx: DbOrTx,
  body: WriteoffBody,
  departmentId: string | null,
  userId: string,
): Promise<string> {
  const result = await tx.execute(sql`
    insert into proc_asset_writeoffs (asset_id, department_id, requested_by, status, reason, condition_at_disposal,
      salvage_value_currency, salvage_value_amount, disposal_method, notes)
    values (${body.assetId}, ${departmentId}, ${userId}, 'draft', ${body.reason}, ${body.conditionAtDisposal},
      ${body.salvageValueCurrency}, ${body.salvageValueAmount}, ${body.disposalMethod}, ${body.notes})
    returning id`);
  return (rowsOf<{ id: string }>(result)[0] as { id: string }).id;
}

export async function stepWriteoff(
  tx: DbOrTx,
  input: {
    id: string;
    from: WriteoffStatus;
    to: WriteoffStatus;
    userId: string;
    note: string | null;
    /** A department manager's: only a write-off of a unit of that department steps. */
    scope?: Scope;
  },
): Promise<boolean> {
  const { id, from, to, userId, note } = input;
  const result = await tx.execute(sql`
    update proc_asset_writeoffs set status = ${to},
      submitted_at = case when ${to} = 'submitted' then now() else submitted_at end,
      decided_at = case when ${to} in ('approved', 'rejected') then now() else decided_at end,
      approved_by = case when ${to} in ('approved', 'rejected') then ${userId}::uuid else approved_by end,
      decision_note = case when ${to} in ('approved', 'rejected') then ${note}::text else decision_note end,
      updated_at = now()
    where id = ${id} and status = ${from} and ${ownUnit(sql`asset_id`, input.scope)} returning id`);
  return rowsOf(result).length > 0;
}

export async function disposeWriteoffRow(
  tx: DbOrTx,
  input: {
    id: string;
    method: DisposalMethod;
    date: string;
    salvage: string | null;
    currency: string | null;
    notes: string | null;
    userId: string;
  },
): Promise<boolean> {
  const result = await tx.execute(sql`
    update proc_asset_writeoffs set status = 'disposed', disposal_method = ${input.method},
      disposal_date = ${input.date}::date,
      salvage_value_amount = coalesce(${input.salvage}::numeric, salvage_value_amount),
      salvage_value_currency = coalesce(${input.currency}::text, salvage_value_currency),
      notes = coalesce(${input.notes}, notes), disposed_by = ${input.userId}, updated_at = now()
    where id = ${input.id} and status = 'approved' returning id`);
  return rowsOf(result).length > 0;
}
