import type { DisposalMethod, Writeoff, WriteoffBody, WriteoffReason, WriteoffStatus } from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import type { AuthUser } from '../../types';
import { postInventoryMovement } from '../stores/index';
import { registerErrors } from './asset-register.errors';
import { lockAsset, markDisposed, recordEvent } from './asset-register.repository';
import { manageScope, type RegisterDeps, readableAsset, scopeOf, todayOf } from './register-scope';
import {
  disposeWriteoffRow,
  hasOpenWriteoff,
  insertWriteoff,
  stepWriteoff,
  type WriteoffRow,
  writeoffRows,
} from './writeoffs.repository';

/**
 * Write-offs (issue #17 item 5): draft → submitted → approved | rejected; approved → disposed.
 * The requester never approves or rejects their own. Disposal posts one `writeoff` movement that
 * takes a received unit out of stock (postInventoryMovement, ADR 0012) and makes the unit
 * read-only; it stays in the register with its whole history. No depreciation is posted
 * (ERPNext posted extra depreciation on scrap, ERPNext #45777; ADR 0018).
 */

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

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

export async function listWriteoffs(
  deps: RegisterDeps,
  user: AuthUser,
  filter: { assetId?: string | undefined; status?: string | undefined },
): Promise<Writeoff[]> {
  return (await writeoffRows(deps.database.db, filter, await scopeOf(deps, user))).map(toWriteoff);
}

async function oneWriteoff(deps: RegisterDeps, user: AuthUser, id: string, db: DbOrTx = deps.database.db) {
  const [row] = await writeoffRows(db, { id }, await scopeOf(deps, user, db));
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
  const scope = await manageScope(deps, user);
  const id = await deps.database.db.transaction(async (tx) => {
    if (!(await lockAsset(tx, body.assetId, scope))) throw registerErrors.field('assetId', 'Asset not found');
    const asset = await readableAsset(deps, user, body.assetId, tx);
    const tag = asset.asset_tag ?? asset.item_name;
    if (asset.disposed_at) throw registerErrors.readOnly(tag);
    if (await hasOpenWriteoff(tx, body.assetId)) throw registerErrors.openWriteoff(tag);
    let writeoffId: string;
    try {
      writeoffId = await insertWriteoff(tx, body, asset.department_id, user.id);
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
  const scope = await manageScope(deps, user);
  const assetId = await deps.database.db.transaction(async (tx) => {
    const current = await oneWriteoff(deps, user, id, tx);
    if (step !== 'submit' && current.requested_by === user.id) throw registerErrors.ownWriteoff();
    const stepped = await stepWriteoff(tx, { id, from, to, userId: user.id, note, scope });
    if (!stepped) throw registerErrors.badState('write-off', current.status, action);
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
    salvageValueCurrency?: string | undefined;
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
    const done = await disposeWriteoffRow(tx, {
      id,
      method: body.disposalMethod,
      date,
      salvage: body.salvageValueAmount,
      currency: body.salvageValueCurrency ?? null,
      notes: body.notes,
      userId: user.id,
    });
    if (!done) throw registerErrors.badState('write-off', current.status, 'disposed');
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
    const currency = body.salvageValueCurrency ?? current.salvage_value_currency;
    await recordEvent(tx, {
      assetId: current.asset_id,
      kind: 'disposed',
      userId: user.id,
      summary: `Disposed by ${body.disposalMethod} on ${date}${
        salvage ? `, salvage ${salvage} ${currency}` : ''
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
