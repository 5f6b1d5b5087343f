import {
  breaksWholeUnit,
  can,
  centsToDecimal,
  decimalToCents,
  displayName,
  lineNetCents,
  milliToQty,
  type PurchasingItemOption,
  type PurchasingLookups,
  qtyToMilli,
  type Requisition,
  type RequisitionBody,
  wholeUnitMessage,
} from '@retail-hub/shared';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../types';
import { recordActivity } from '../activity/index';
import type { EventBus } from '../events/index';
import { nextYearDocument, storeYear } from '../numbering/index';
import { purchasingErrors as errors } from './purchasing.errors';
import {
  findDepartment,
  findItems,
  lastOrderPrices,
  lookupLists,
  procDepartmentOfUser,
  searchItems,
} from './purchasing.repository';
import {
  deleteDraftRequisition,
  insertRequisition,
  listRequisitionRows,
  type RequisitionFilter,
  type RequisitionLineRow,
  type RequisitionRow,
  replaceRequisitionLines,
  requisitionHead,
  requisitionLineRows,
  transitionRequisition,
  updateRequisitionHead,
} from './requisitions.repository';

export type PurchasingDeps = {
  database: { db: Db };
  events: EventBus;
  config: { storeTimeZone: string };
};

/** Who is acting, and from where (activity rows). */
export type Actor = { user: AuthUser; ipAddress: string | null; userAgent: string | null };

export const PURCHASING_ACTIVITY = {
  requisitionSubmitted: 'requisition_submitted',
  requisitionApproved: 'requisition_approved',
  requisitionRejected: 'requisition_rejected',
  purchaseOrderSent: 'purchase_order_sent',
  purchaseOrderApproved: 'purchase_order_approved',
  purchaseOrderCancelled: 'purchase_order_cancelled',
  goodsReceived: 'goods_received',
  goodsRejected: 'goods_rejected',
  settingsChanged: 'purchasing_settings_changed',
} as const;

export async function recordPurchasingActivity(
  db: Parameters<typeof recordActivity>[0],
  actor: Actor,
  activityType: string,
  summary: string,
  details: Record<string, unknown>,
): Promise<void> {
  await recordActivity(db, {
    userId: actor.user.id,
    activityType,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
    details: { ...details, summary },
  });
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/** A department manager sees and raises requisitions of their own department; the others all. */
function isDepartmentScoped(user: AuthUser): boolean {
  return user.role === 'department_manager';
}

/** The procurement department a department manager runs (users.proc_department_id; null until set). */
async function departmentOf(deps: PurchasingDeps, user: AuthUser): Promise<string | null> {
  return procDepartmentOfUser(deps.database.db, user.id);
}

function toRequisition(row: RequisitionRow, lines: RequisitionLineRow[]): Requisition {
  let totalCents = 0;
  let orderedLines = 0;
  let touchedLines = 0;
  const outLines = lines.map((line) => {
    const requested = qtyToMilli(line.qty_requested);
    const ordered = qtyToMilli(line.qty_ordered);
    const net = lineNetCents(requested, decimalToCents(line.est_unit_price));
    totalCents += net;
    if (ordered >= requested) orderedLines += 1;
    if (ordered > 0) touchedLines += 1;
    return {
      id: line.id,
      itemId: line.item_id,
      itemSku: line.sku,
      itemName: line.name,
      uom: line.uom,
      qtyRequested: milliToQty(requested),
      qtyOrdered: milliToQty(ordered),
      estUnitPrice: centsToDecimal(decimalToCents(line.est_unit_price)),
      estTotal: centsToDecimal(net),
    };
  });
  const threshold = decimalToCents(row.approval_threshold);
  return {
    id: row.id,
    reqNumber: row.req_number,
    requesterId: row.requester_id,
    requesterName: displayName({
      firstName: row.requester_first,
      lastName: row.requester_last,
      email: row.requester_email,
    }),
    departmentId: row.department_id,
    departmentCode: row.department_code,
    departmentName: row.department_name,
    status: row.status,
    neededByDate: row.needed_by_date,
    note: row.note,
    createdAt: iso(row.created_at) as string,
    updatedAt: iso(row.updated_at) as string,
    submittedAt: iso(row.submitted_at),
    decidedBy: row.decided_by,
    decidedByName: row.decided_by
      ? displayName({ firstName: row.decider_first, lastName: row.decider_last, email: row.decider_email })
      : null,
    decidedAt: iso(row.decided_at),
    decisionNote: row.decision_note,
    estimatedTotal: centsToDecimal(totalCents),
    approvalThreshold: centsToDecimal(threshold),
    needsManagerApproval: totalCents > threshold,
    partiallyOrdered: touchedLines > 0 && orderedLines < lines.length,
    lines: outLines,
  };
}

async function withLines(deps: PurchasingDeps, heads: RequisitionRow[]): Promise<Requisition[]> {
  const lines = await requisitionLineRows(
    deps.database.db,
    heads.map((h) => h.id),
  );
  const byRequisition = new Map<string, RequisitionLineRow[]>();
  for (const line of lines) {
    const list = byRequisition.get(line.requisition_id) ?? [];
    list.push(line);
    byRequisition.set(line.requisition_id, list);
  }
  return heads.map((head) => toRequisition(head, byRequisition.get(head.id) ?? []));
}

async function visibility(deps: PurchasingDeps, user: AuthUser): Promise<RequisitionFilter['visibleTo']> {
  if (!isDepartmentScoped(user)) return undefined;
  return { userId: user.id, departmentId: await departmentOf(deps, user) };
}

export async function listRequisitions(
  deps: PurchasingDeps,
  user: AuthUser,
  query: { status?: string | undefined; departmentId?: string | undefined },
): Promise<Requisition[]> {
  const heads = await listRequisitionRows(deps.database.db, { ...query, visibleTo: await visibility(deps, user) });
  return withLines(deps, heads);
}

export async function getRequisition(deps: PurchasingDeps, user: AuthUser, id: string): Promise<Requisition> {
  const [head] = await listRequisitionRows(deps.database.db, {
    ids: [id],
    visibleTo: await visibility(deps, user),
  });
  if (!head) throw errors.requisitionNotFound();
  const [requisition] = await withLines(deps, [head]);
  return requisition as Requisition;
}

/** Issue #30 item 10: lines of items counted in whole units (each, box, an asset) refuse fractions (400). */
export function assertWholeUnits(
  lines: Array<{ itemId: string; qtyMilli: number }>,
  items: Map<string, { name: string; uom: string; is_asset: boolean }>,
  field: string,
): void {
  const refused: Record<string, string> = {};
  lines.forEach((line, index) => {
    const item = items.get(line.itemId);
    if (item && breaksWholeUnit(line.qtyMilli, item.uom, item.is_asset)) {
      refused[`lines.${index}.${field}`] = wholeUnitMessage(item.name, item.uom, line.qtyMilli);
    }
  });
  if (Object.keys(refused).length > 0) throw errors.wholeUnits(refused);
}

/** Department and items of a body checked; the lines with their estimates as stored. */
async function checkedLines(deps: PurchasingDeps, user: AuthUser, body: RequisitionBody) {
  const { db } = deps.database;
  const department = await findDepartment(db, body.departmentId);
  if (!department) throw errors.departmentNotFound();
  if (department.is_archived) throw errors.departmentArchived();
  if (isDepartmentScoped(user)) {
    // Server-enforced (issue #16 "Who does what"): their own department only; none set, none at all.
    const own = await departmentOf(deps, user);
    if (!own) throw errors.noDepartment();
    if (own !== body.departmentId) throw errors.notYourDepartment();
  }
  const itemIds = [...new Set(body.lines.map((l) => l.itemId))];
  const items = new Map((await findItems(db, itemIds)).map((i) => [i.id, i]));
  const missing: Record<string, string> = {};
  body.lines.forEach((line, index) => {
    if (!items.has(line.itemId)) missing[`lines.${index}.itemId`] = 'Item not found';
  });
  if (Object.keys(missing).length > 0) throw errors.itemsNotFound(missing);
  assertWholeUnits(
    body.lines.map((l) => ({ itemId: l.itemId, qtyMilli: l.qtyRequested })),
    items,
    'qtyRequested',
  );
  const prices = await lastOrderPrices(db, itemIds);
  return body.lines.map((line) => ({
    itemId: line.itemId,
    qtyRequested: milliToQty(line.qtyRequested),
    estUnitPrice:
      line.estUnitPrice !== undefined
        ? centsToDecimal(line.estUnitPrice)
        : centsToDecimal(decimalToCents(prices.get(line.itemId) ?? '0')),
  }));
}

export async function createRequisition(
  deps: PurchasingDeps,
  actor: Actor,
  body: RequisitionBody,
): Promise<Requisition> {
  const lines = await checkedLines(deps, actor.user, body);
  const year = storeYear(deps.config.storeTimeZone);
  const id = await deps.database.db.transaction(async (tx) => {
    const created = await insertRequisition(tx, {
      reqNumber: await nextYearDocument(tx, 'REQ', year),
      requesterId: actor.user.id,
      departmentId: body.departmentId,
      neededByDate: body.neededByDate ?? null,
      note: body.note || null,
    });
    await replaceRequisitionLines(tx, created, lines);
    return created;
  });
  await deps.events.publish('requisition.changed', [id]);
  return getRequisition(deps, actor.user, id);
}

/** A draft is edited only by its requester (a submitted one must be withdrawn first). */
export async function updateRequisition(
  deps: PurchasingDeps,
  actor: Actor,
  id: string,
  body: RequisitionBody,
): Promise<Requisition> {
  const existing = await getRequisition(deps, actor.user, id);
  if (existing.requesterId !== actor.user.id) throw errors.notRequester();
  if (existing.status !== 'draft') throw errors.requisitionState(existing.status, 'edited');
  const lines = await checkedLines(deps, actor.user, body);
  await deps.database.db.transaction(async (tx) => {
    const head = await requisitionHead(tx, id, true);
    if (!head) throw errors.requisitionNotFound();
    if (head.status !== 'draft') throw errors.requisitionState(head.status, 'edited');
    await updateRequisitionHead(tx, id, {
      departmentId: body.departmentId,
      neededByDate: body.neededByDate ?? null,
      note: body.note || null,
    });
    await replaceRequisitionLines(tx, id, lines);
  });
  await deps.events.publish('requisition.changed', [id]);
  return getRequisition(deps, actor.user, id);
}

export async function deleteRequisition(deps: PurchasingDeps, actor: Actor, id: string): Promise<void> {
  const existing = await getRequisition(deps, actor.user, id);
  if (existing.requesterId !== actor.user.id) throw errors.notRequester();
  if (!(await deleteDraftRequisition(deps.database.db, id))) {
    throw errors.requisitionState(existing.status, 'deleted');
  }
  await deps.events.publish('requisition.changed', [id]);
}

/** draft → submitted (requester only). */
export async function submitRequisition(deps: PurchasingDeps, actor: Actor, id: string): Promise<Requisition> {
  const existing = await getRequisition(deps, actor.user, id);
  if (existing.requesterId !== actor.user.id) throw errors.notRequester();
  if (existing.lines.length === 0) throw errors.linesRequired();
  const { db } = deps.database;
  await db.transaction(async (tx) => {
    if (!(await transitionRequisition(tx, id, ['draft'], 'submitted', { submitted: true, clearDecision: true }))) {
      throw errors.requisitionState(existing.status, 'submitted');
    }
    await recordPurchasingActivity(
      tx,
      actor,
      PURCHASING_ACTIVITY.requisitionSubmitted,
      `${existing.reqNumber} submitted (${existing.departmentName}, ${existing.estimatedTotal})`,
      { requisitionId: id },
    );
  });
  await deps.events.publish('requisition.changed', [id]);
  return getRequisition(deps, actor.user, id);
}

/** submitted → draft (requester only): how a submitted requisition is changed. */
export async function withdrawRequisition(deps: PurchasingDeps, actor: Actor, id: string): Promise<Requisition> {
  const existing = await getRequisition(deps, actor.user, id);
  if (existing.requesterId !== actor.user.id) throw errors.notRequester();
  if (!(await transitionRequisition(deps.database.db, id, ['submitted'], 'draft'))) {
    throw errors.requisitionState(existing.status, 'withdrawn');
  }
  await deps.events.publish('requisition.changed', [id]);
  return getRequisition(deps, actor.user, id);
}

/**
 * submitted → approved or rejected. Never the requester's own; above the department's threshold
 * only a manager or super_admin (ADR 0013). The state change is one conditional statement, so
 * two approvers racing decide once.
 */
export async function decideRequisition(
  deps: PurchasingDeps,
  actor: Actor,
  id: string,
  decision: 'approved' | 'rejected',
  note: string | null,
): Promise<Requisition> {
  const existing = await getRequisition(deps, actor.user, id);
  if (existing.requesterId === actor.user.id) throw errors.ownApproval();
  if (
    decision === 'approved' &&
    existing.needsManagerApproval &&
    !can(actor.user.role, 'purchasing.approve_above_threshold')
  ) {
    throw errors.aboveThreshold(existing.approvalThreshold);
  }
  const verb = decision === 'approved' ? 'approved' : 'rejected';
  await deps.database.db.transaction(async (tx) => {
    if (
      !(await transitionRequisition(tx, id, ['submitted'], decision, {
        decidedBy: actor.user.id,
        decisionNote: note || null,
      }))
    ) {
      throw errors.requisitionState(existing.status, verb);
    }
    await recordPurchasingActivity(
      tx,
      actor,
      decision === 'approved' ? PURCHASING_ACTIVITY.requisitionApproved : PURCHASING_ACTIVITY.requisitionRejected,
      `${existing.reqNumber} ${verb} (${existing.departmentName}, ${existing.estimatedTotal})`,
      { requisitionId: id, requesterId: existing.requesterId },
    );
  });
  await deps.events.publish('requisition.changed', [id]);
  return getRequisition(deps, actor.user, id);
}

export async function purchasingLookups(deps: PurchasingDeps, user: AuthUser): Promise<PurchasingLookups> {
  const [lists, own] = await Promise.all([lookupLists(deps.database.db), departmentOf(deps, user)]);
  return {
    ownDepartmentId: own,
    departmentLocked: isDepartmentScoped(user),
    departments: lists.departments.map((d) => ({
      id: d.id,
      code: d.code,
      name: d.name,
      approvalThreshold: centsToDecimal(decimalToCents(d.approval_threshold)),
    })),
    suppliers: lists.suppliers,
    locations: lists.locations,
  };
}

export function purchasingItemOptions(deps: PurchasingDeps, search: string): Promise<PurchasingItemOption[]> {
  return searchItems(deps.database.db, search.trim(), 30);
}
