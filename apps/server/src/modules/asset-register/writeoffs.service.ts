import type { DisposalMethod, Writeoff, WriteoffBody, WriteoffReason, WriteoffStatus } from '@retail-hub/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import type { AuthUser } from '../../types';
import { rowsOf } from '../stores/inventory.repository';
import { postInventoryMovement } from '../stores/inventory.service';
import { registerErrors } from './asset-register.errors';
import { lockAsset, markDisposed, recordEvent, type Scope } from './asset-register.repository';
import { type RegisterDeps, readableAsset, scopeOf, todayOf } from './asset-register.service';

/**
 * Write-offs (issue #17 item 5): draft → submitted → approved | rejected; approved → disposed.
 * The requester never approves or rejects their own. Disposal posts one `writeoff` movement that
 * takes a received unit out of stock (postInventoryMovement, ADR 0012) and makes the unit
 * read-only; it stays in the register with its whole history. No depreciation is posted
 * (domain guide: ERPNext posted extra depreciation on scrap, #45777).
 */

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

type WriteoffRow = {
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

const toWriteoff = (r: WriteoffRow): Writeoff => ({
  id: r.id,
  assetId: r.asset_id,
  assetTag: r.asset_tag,
  itemName: r.item_name,
  departmentId: r.department_id,
  requestedBy: r.requested_by,
  requestedByName: r.requested_by_name,
  approvedBy: r.approved_by,
  approvedByName: r.approved_by_name,
  status: r.status,
  reason: r.reason,
  conditionAtDisposal: r.condition_at_disposal,
  salvageValueCurrency: r.salvage_value_currency,
  salvageValueAmount: r.salvage_value_amount,
  disposalDate: r.disposal_date,
  disposalMethod: r.disposal_method,
  notes: r.notes,
  decisionNote: r.decision_note,
  createdAt: iso(r.created_at) as string,
});

async function writeoffRows(
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

export async function listWriteoffs(
  deps: RegisterDeps,
  user: AuthUser,
  filter: { assetId?: string | undefined; status?: string | undefined },
): Promise<Writeoff[]> {
  return (await writeoffRows(deps.database.db, filter, await scopeOf(deps, user))).map(toWriteoff);
}

async function oneWriteoff(deps: RegisterDeps, user: AuthUser, id: string, db: DbOrTx = deps.database.db) {
  const [row] = await writeoffRows(db, { id }, await scopeOf(deps, user));
  if (!row) throw registerErrors.writeoffNotFound();
  return row;
}

export async function getWriteoff(deps: RegisterDeps, user: AuthUser, id: string): Promise<Writeoff> {
  return toWriteoff(await oneWriteoff(deps, user, id));
}

const REASON_LABEL: Record<WriteoffReason, string> = {
  damaged: 'damaged',
  obsolete: 'obsolete',
  loss: 'lost',
  theft: 'stolen',
  other: 'other reason',
};

export async function draftWriteoff(deps: RegisterDeps, user: AuthUser, body: WriteoffBody): Promise<Writeoff> {
  const id = await deps.database.db.transaction(async (tx) => {
    if (!(await lockAsset(tx, body.assetId))) throw registerErrors.field('assetId', 'Asset not found');
    const asset = await readableAsset(deps, user, body.assetId, tx);
    const tag = asset.asset_tag ?? asset.item_name;
    if (asset.disposed_at) throw registerErrors.readOnly(tag);
    const open = await tx.execute(sql`select id from proc_asset_writeoffs where asset_id = ${body.assetId}
      and status in ('draft', 'submitted', 'approved')`);
    if (rowsOf(open).length > 0) throw registerErrors.openWriteoff(tag);
    let writeoffId: string;
    try {
      const result = await tx.execute(sql`
        insert into proc_asset_writeoffs (asset_id, department_id, requested_by, status, reason, condition_at_disposal,
          salvage_value_currency, salvage_value_amount, disposal_method, notes)
        values (${body.assetId}, ${asset.department_id}, ${user.id}, 'draft', ${body.reason}, ${body.conditionAtDisposal},
          ${body.salvageValueCurrency}, ${body.salvageValueAmount}, ${body.disposalMethod}, ${body.notes})
        returning id`);
      writeoffId = (rowsOf<{ id: string }>(result)[0] as { id: string }).id;
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw registerErrors.openWriteoff(tag);
      throw error;
    }
    await recordEvent(tx, {
      assetId: body.assetId,
      kind: 'writeoff_requested',
      userId: user.id,
      summary: `Write-off drafted: ${REASON_LABEL[body.reason]}${body.notes ? `, ${body.notes}` : ''}`,
      refTable: 'proc_asset_writeoffs',
      refId: writeoffId,
    });
    return writeoffId;
  });
  await deps.events.publish('asset.changed', [body.assetId]);
  return getWriteoff(deps, user, id);
}

type Step = 'submit' | 'approve' | 'reject';
const STEPS: Record<Step, { from: WriteoffStatus; to: WriteoffStatus; action: string; kind: string }> = {
  submit: { from: 'draft', to: 'submitted', action: 'submitted', kind: 'writeoff_submitted' },
  approve: { from: 'submitted', to: 'approved', action: 'approved', kind: 'writeoff_approved' },
  reject: { from: 'submitted', to: 'rejected', action: 'rejected', kind: 'writeoff_rejected' },
};

/**
 * submit, approve or reject: one conditional UPDATE on the status. Approving and rejecting are
 * refused to the requester (403), whatever their role.
 */
export async function decideWriteoff(
  deps: RegisterDeps,
  user: AuthUser,
  id: string,
  step: Step,
  note: string | null,
): Promise<Writeoff> {
  const { from, to, action, kind } = STEPS[step];
  const assetId = await deps.database.db.transaction(async (tx) => {
    const current = await oneWriteoff(deps, user, id, tx);
    if (step !== 'submit' && current.requested_by === user.id) throw registerErrors.ownWriteoff();
    const result = await tx.execute(sql`
      update proc_asset_writeoffs set status = ${to},
        submitted_at = case when ${to} = 'submitted' then now() else submitted_at end,
        decided_at = case when ${to} in ('approved', 'rejected') then now() else decided_at end,
        approved_by = case when ${to} in ('approved', 'rejected') then ${user.id}::uuid else approved_by end,
        decision_note = case when ${to} in ('approved', 'rejected') then ${note}::text else decision_note end,
        updated_at = now()
      where id = ${id} and status = ${from} returning id`);
    if (rowsOf(result).length === 0) throw registerErrors.badState('write-off', current.status, action);
    await recordEvent(tx, {
      assetId: current.asset_id,
      kind,
      userId: user.id,
      summary: `Write-off ${action}${note ? `: ${note}` : ''}`,
      refTable: 'proc_asset_writeoffs',
      refId: id,
    });
    return current.asset_id;
  });
  await deps.events.publish('asset.changed', [assetId]);
  return getWriteoff(deps, user, id);
}

/**
 * approved → disposed: the unit must be back (not lent); a received unit leaves stock by one
 * `writeoff` movement from where the ledger holds it; the unit is marked disposed (read-only).
 */
export async function disposeWriteoff(
  deps: RegisterDeps,
  user: AuthUser,
  id: string,
  body: {
    disposalMethod: DisposalMethod;
    disposalDate?: string | undefined;
    salvageValueAmount: string | null;
    notes: string | null;
  },
): Promise<Writeoff> {
  const date = body.disposalDate ?? todayOf(deps);
  const assetId = await deps.database.db.transaction(async (tx) => {
    const current = await oneWriteoff(deps, user, id, tx);
    await lockAsset(tx, current.asset_id);
    const asset = await readableAsset(deps, user, current.asset_id, tx);
    const tag = asset.asset_tag ?? asset.item_name;
    if (current.status !== 'approved') throw registerErrors.badState('write-off', current.status, 'disposed');
    if (asset.custodian_id) throw registerErrors.checkedOut(tag);
    const result = await tx.execute(sql`
      update proc_asset_writeoffs set status = 'disposed', disposal_method = ${body.disposalMethod},
        disposal_date = ${date}::date, salvage_value_amount = coalesce(${body.salvageValueAmount}::numeric, salvage_value_amount),
        notes = coalesce(${body.notes}, notes), disposed_by = ${user.id}, updated_at = now()
      where id = ${id} and status = 'approved' returning id`);
    if (rowsOf(result).length === 0) throw registerErrors.badState('write-off', current.status, 'disposed');
    if (asset.stock_location_id) {
      await postInventoryMovement(tx, {
        itemId: asset.item_id,
        fromLocationId: asset.stock_location_id,
        toLocationId: null,
        qtyMilli: 1000,
        reason: 'writeoff',
        refTable: 'proc_asset_writeoffs',
        refId: id,
        createdBy: user.id,
        note: `Asset ${tag} written off (${REASON_LABEL[current.reason]})`,
      });
    }
    if (!(await markDisposed(tx, current.asset_id))) throw registerErrors.checkedOut(tag);
    const salvage = body.salvageValueAmount ?? current.salvage_value_amount;
    await recordEvent(tx, {
      assetId: current.asset_id,
      kind: 'disposed',
      userId: user.id,
      summary: `Disposed by ${body.disposalMethod} on ${date}${
        salvage ? `, salvage ${salvage} ${current.salvage_value_currency}` : ''
      }${asset.stock_location_id ? `; taken out of stock at ${asset.location_code ?? 'its location'}` : ''}`,
      refTable: 'proc_asset_writeoffs',
      refId: id,
    });
    return current.asset_id;
  });
  await deps.events.publish('asset.changed', [assetId]);
  await deps.events.publish('stores.stock.changed');
  return getWriteoff(deps, user, id);
}
