import {
  type BatchBalance,
  decimalToMilli,
  type Issue,
  type IssueBody,
  type Milli,
  type MovementPage,
  milliToQuantity,
  type ReorderRow,
  type StockCount,
  type StockCountBody,
  type StockPage,
  type Transfer,
  type TransferBody,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../types';
import { recordActivity } from '../activity/index';
import {
  batchBalances,
  type CountRow,
  counts,
  dispatchedBatches,
  type IssueRow,
  insertCount,
  insertCountLine,
  insertIssue,
  insertTransfer,
  issues,
  movements,
  procDepartmentOf,
  reorderRows,
  type Scope,
  setIssueStatus,
  setTransferStatus,
  stockLevels,
  type TransferRow,
  transfers,
} from './documents.repository';
import { lockLevel } from './inventory.repository';
import { postInventoryMovement } from './inventory.service';
import { findItem, findLocation } from './masters.repository';
import { checkDepartment, type StoresDeps } from './masters.service';
import { storesErrors } from './stores.errors';

/** Activity rows of the stores documents (issue #16 item 8). */
export const STORES_ACTIVITY = {
  countRecorded: 'stock_count_recorded',
  issueRequested: 'issue_requested',
  issueApproved: 'issue_approved',
  issueCompleted: 'issue_completed',
  issueCancelled: 'issue_cancelled',
  transferRequested: 'transfer_requested',
  transferApproved: 'transfer_approved',
  transferDispatched: 'transfer_dispatched',
  transferReceived: 'transfer_received',
  transferCancelled: 'transfer_cancelled',
} as const;

async function storesActivity(
  db: DbOrTx,
  user: AuthUser,
  activityType: string,
  summary: string,
  details: Record<string, unknown>,
): Promise<void> {
  await recordActivity(db, {
    userId: user.id,
    activityType,
    ipAddress: null,
    userAgent: null,
    details: { ...details, summary },
  });
}

const issueText = (i: Issue) =>
  `${i.qty} ${i.uom} ${i.sku} from ${i.locationCode} to ${i.departmentName ?? 'a department'}`;
const transferText = (t: Transfer) => `${t.qty} ${t.uom} ${t.sku} ${t.fromLocationCode} → ${t.toLocationCode}`;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();
const q = (value: string | null | undefined) => milliToQuantity(decimalToMilli(value ?? '0'));

/** A department manager sees their own department only (ADR 0004 Stores); everyone else all. */
export async function scopeOf(deps: StoresDeps, user: AuthUser): Promise<Scope> {
  if (user.role !== 'department_manager') return { departmentId: null };
  const departmentId = await procDepartmentOf(deps.database.db, user.id);
  // No department set: a department that matches nothing.
  return { departmentId: departmentId ?? '00000000-0000-0000-0000-000000000000' };
}

// ---- Stock, movements, batches ----

export async function stock(
  deps: StoresDeps,
  user: AuthUser,
  filter: {
    locationId?: string | undefined;
    itemId?: string | undefined;
    search?: string | undefined;
    onlyHeld: boolean;
  },
  page: { page: number; pageSize: number },
): Promise<StockPage> {
  const rows = await stockLevels(deps.database.db, filter, await scopeOf(deps, user), {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
  });
  return {
    rows: rows.map((r) => ({
      itemId: r.item_id,
      sku: r.sku,
      itemName: r.item_name,
      uom: r.uom,
      locationId: r.location_id,
      locationCode: r.location_code,
      locationName: r.location_name,
      onHandQty: q(r.on_hand_qty),
      reservedQty: q(r.reserved_qty),
      reorderPoint: q(r.reorder_point),
      atReorderPoint: Boolean(r.at_reorder_point),
      nextExpiry: r.next_expiry,
      updatedAt: iso(r.updated_at) as string,
    })),
    total: Number(rows[0]?.total ?? 0),
    page: page.page,
    pageSize: page.pageSize,
  };
}

export async function movementPage(
  deps: StoresDeps,
  user: AuthUser,
  filter: { itemId?: string | undefined; locationId?: string | undefined },
  page: { before?: string | undefined; limit: number },
): Promise<MovementPage> {
  let before: { at: string; id: string } | null = null;
  if (page.before) {
    const [at, id] = Buffer.from(page.before, 'base64url').toString('utf8').split('|');
    if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/i.test(id)) {
      throw storesErrors.unknownReference('before', 'Invalid cursor');
    }
    before = { at, id };
  }
  const rows = await movements(deps.database.db, filter, await scopeOf(deps, user), {
    before,
    limit: page.limit + 1,
  });
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    movements: shown.map((r) => ({
      id: r.id,
      itemId: r.item_id,
      sku: r.sku,
      itemName: r.item_name,
      fromLocationId: r.from_location_id,
      fromLocationCode: r.from_location_code,
      toLocationId: r.to_location_id,
      toLocationCode: r.to_location_code,
      qty: q(r.qty),
      reason: r.reason as MovementPage['movements'][number]['reason'],
      refTable: r.ref_table,
      refId: r.ref_id,
      batchId: r.batch_id,
      batchNo: r.batch_no,
      expiryDate: r.expiry_date,
      note: r.note,
      createdBy: r.created_by,
      createdByName: r.created_by_name,
      createdAt: iso(r.created_at) as string,
    })),
    nextCursor: more && last ? Buffer.from(`${iso(last.created_at)}|${last.id}`, 'utf8').toString('base64url') : null,
  };
}

export async function batches(deps: StoresDeps, user: AuthUser, itemId: string): Promise<BatchBalance[]> {
  const rows = await batchBalances(deps.database.db, itemId, await scopeOf(deps, user));
  return rows.map((r) => ({
    batchId: r.batch_id,
    batchNo: r.batch_no,
    expiryDate: r.expiry_date,
    locationId: r.location_id,
    locationCode: r.location_code,
    onHandQty: q(r.qty),
  }));
}

// ---- Counts ----

function toCount(row: CountRow): StockCount {
  return {
    id: row.id,
    locationId: row.location_id,
    locationCode: row.location_code,
    countedBy: row.counted_by,
    note: row.note,
    createdAt: iso(row.created_at) as string,
    lines: row.lines.map((l) => ({
      itemId: l.item_id,
      sku: l.sku,
      itemName: l.item_name,
      bookQty: q(l.book_qty),
      countedQty: q(l.counted_qty),
      difference: milliToQuantity(decimalToMilli(l.counted_qty) - decimalToMilli(l.book_qty)),
    })),
  };
}

export async function stockCounts(
  deps: StoresDeps,
  user: AuthUser,
  filter: { locationId?: string | undefined },
): Promise<StockCount[]> {
  return (await counts(deps.database.db, filter, await scopeOf(deps, user))).map(toCount);
}

/**
 * A stock count: for each line, lock the level, keep the book quantity, and post the difference as
 * a `count` movement (in when more was found, out when less) pointing at the count. One transaction.
 */
export async function recordStockCount(deps: StoresDeps, user: AuthUser, body: StockCountBody): Promise<StockCount> {
  const { db } = deps.database;
  const location = await findLocation(db, body.locationId);
  if (!location) throw storesErrors.unknownReference('locationId', 'Location not found');
  const seen = new Set<string>();
  for (const [index, line] of body.lines.entries()) {
    if (seen.has(line.itemId))
      throw storesErrors.unknownReference(`lines.${index}.itemId`, 'This item is counted twice');
    seen.add(line.itemId);
    if (!(await findItem(db, line.itemId)))
      throw storesErrors.unknownReference(`lines.${index}.itemId`, 'Item not found');
  }
  const id = await db.transaction(async (tx) => {
    const countId = await insertCount(tx, { locationId: location.id, countedBy: user.id, note: body.note });
    // Lock in a fixed order (item id) so two counts never deadlock.
    for (const line of [...body.lines].sort((a, b) => (a.itemId < b.itemId ? -1 : 1))) {
      const book = decimalToMilli(await lockLevel(tx, line.itemId, location.id));
      await insertCountLine(tx, {
        countId,
        itemId: line.itemId,
        bookQty: milliToQuantity(book),
        countedQty: milliToQuantity(line.countedQty),
      });
      const difference: Milli = line.countedQty - book;
      if (difference !== 0) {
        await postInventoryMovement(tx, {
          itemId: line.itemId,
          fromLocationId: difference < 0 ? location.id : null,
          toLocationId: difference > 0 ? location.id : null,
          qtyMilli: Math.abs(difference),
          reason: 'count',
          refTable: 'proc_stock_counts',
          refId: countId,
          createdBy: user.id,
          note: body.note,
        });
      }
    }
    await storesActivity(
      tx,
      user,
      STORES_ACTIVITY.countRecorded,
      `Count at ${location.code}: ${body.lines.length} item(s)`,
      { countId, locationId: location.id },
    );
    return countId;
  });
  await deps.events.publish('stores.stock.changed', [id]);
  const [created] = await counts(db, { id }, { departmentId: null });
  return toCount(created as CountRow);
}

// ---- Issues ----

function toIssue(r: IssueRow): Issue {
  return {
    id: r.id,
    itemId: r.item_id,
    sku: r.sku,
    itemName: r.item_name,
    uom: r.uom,
    locationId: r.location_id,
    locationCode: r.location_code,
    departmentId: r.department_id,
    departmentName: r.department_name,
    qty: q(r.qty),
    status: r.status,
    note: r.note,
    requestedBy: r.requested_by,
    requestedByName: r.requested_by_name,
    approvedBy: r.approved_by,
    completedAt: iso(r.completed_at),
    createdAt: iso(r.created_at) as string,
  };
}

export async function issueList(
  deps: StoresDeps,
  user: AuthUser,
  filter: { status?: string | undefined; departmentId?: string | undefined },
): Promise<Issue[]> {
  return (await issues(deps.database.db, filter, await scopeOf(deps, user))).map(toIssue);
}

async function issueById(deps: StoresDeps, id: string): Promise<Issue> {
  const [row] = await issues(deps.database.db, { id }, { departmentId: null });
  if (!row) throw storesErrors.issueNotFound();
  return toIssue(row);
}

/**
 * A request to issue stock to a department (pending). A department manager may ask only for their
 * own department; the location must hold the item (checked again, atomically, on completion).
 */
export async function createIssue(deps: StoresDeps, user: AuthUser, body: IssueBody): Promise<Issue> {
  const { db } = deps.database;
  const scope = await scopeOf(deps, user);
  if (scope.departmentId !== null && scope.departmentId !== body.departmentId) throw storesErrors.notYourDepartment();
  const item = await findItem(db, body.itemId);
  if (!item) throw storesErrors.unknownReference('itemId', 'Item not found');
  const location = await findLocation(db, body.locationId);
  if (!location) throw storesErrors.unknownReference('locationId', 'Location not found');
  await checkDepartment(db, body.departmentId);
  const onHand = (
    await stockLevels(
      db,
      { itemId: item.id, locationId: location.id, onlyHeld: false },
      { departmentId: null },
      { offset: 0, limit: 1 },
    )
  )[0];
  const held = decimalToMilli(onHand?.on_hand_qty ?? '0');
  if (held < body.qty) throw storesErrors.insufficientStock(item.sku, location.code, milliToQuantity(held));
  const id = await db.transaction(async (tx) => {
    const issueId = await insertIssue(tx, {
      itemId: item.id,
      locationId: location.id,
      departmentId: body.departmentId,
      qty: milliToQuantity(body.qty),
      note: body.note,
      requestedBy: user.id,
    });
    await storesActivity(
      tx,
      user,
      STORES_ACTIVITY.issueRequested,
      `Issue requested: ${milliToQuantity(body.qty)} ${item.uom} ${item.sku} from ${location.code}`,
      { issueId, itemId: item.id, locationId: location.id, departmentId: body.departmentId },
    );
    return issueId;
  });
  await deps.events.publish('stores.stock.changed', [id]);
  return issueById(deps, id);
}

export async function approveIssue(deps: StoresDeps, user: AuthUser, id: string): Promise<Issue> {
  const current = await issueById(deps, id);
  await deps.database.db.transaction(async (tx) => {
    if (!(await setIssueStatus(tx, id, ['pending'], { status: 'approved', approvedBy: user.id }))) {
      throw storesErrors.badState('issue', current.status, 'approved');
    }
    await storesActivity(tx, user, STORES_ACTIVITY.issueApproved, `Issue approved: ${issueText(current)}`, {
      issueId: id,
    });
  });
  await deps.events.publish('stores.stock.changed', [id]);
  return issueById(deps, id);
}

/** Hands the stock out: the issue movement and the state change commit together, or neither. */
export async function completeIssue(deps: StoresDeps, user: AuthUser, id: string): Promise<Issue> {
  const current = await issueById(deps, id);
  await deps.database.db.transaction(async (tx) => {
    const moved = await setIssueStatus(tx, id, ['approved'], {
      status: 'completed',
      completedBy: user.id,
      completedAt: new Date(),
    });
    if (!moved) throw storesErrors.badState('issue', current.status, 'completed');
    await postInventoryMovement(tx, {
      itemId: current.itemId,
      fromLocationId: current.locationId,
      toLocationId: null,
      qtyMilli: decimalToMilli(current.qty),
      reason: 'issue',
      refTable: 'proc_issues',
      refId: id,
      createdBy: user.id,
      note: current.departmentName ? `Issued to ${current.departmentName}` : null,
    });
    await storesActivity(tx, user, STORES_ACTIVITY.issueCompleted, `Issued: ${issueText(current)}`, {
      issueId: id,
    });
  });
  await deps.events.publish('stores.stock.changed', [id]);
  return issueById(deps, id);
}

export async function cancelIssue(deps: StoresDeps, user: AuthUser, id: string): Promise<Issue> {
  const current = await issueById(deps, id);
  const scope = await scopeOf(deps, user);
  if (scope.departmentId !== null && current.requestedBy !== user.id) throw storesErrors.notYourDepartment();
  await deps.database.db.transaction(async (tx) => {
    if (!(await setIssueStatus(tx, id, ['pending', 'approved'], { status: 'cancelled' }))) {
      throw storesErrors.badState('issue', current.status, 'cancelled');
    }
    await storesActivity(tx, user, STORES_ACTIVITY.issueCancelled, `Issue cancelled: ${issueText(current)}`, {
      issueId: id,
    });
  });
  await deps.events.publish('stores.stock.changed', [id]);
  return issueById(deps, id);
}

// ---- Transfers ----

function toTransfer(r: TransferRow): Transfer {
  const received = r.qty_received === null ? null : q(r.qty_received);
  return {
    id: r.id,
    itemId: r.item_id,
    sku: r.sku,
    itemName: r.item_name,
    uom: r.uom,
    fromLocationId: r.from_location_id,
    fromLocationCode: r.from_location_code,
    toLocationId: r.to_location_id,
    toLocationCode: r.to_location_code,
    qty: q(r.qty),
    qtyReceived: received,
    shortfall: received === null ? null : milliToQuantity(decimalToMilli(r.qty) - decimalToMilli(received)),
    status: r.status,
    note: r.note,
    requestedBy: r.requested_by,
    requestedByName: r.requested_by_name,
    dispatchedAt: iso(r.dispatched_at),
    receivedAt: iso(r.received_at),
    createdAt: iso(r.created_at) as string,
  };
}

export async function transferList(
  deps: StoresDeps,
  user: AuthUser,
  filter: { status?: string | undefined; locationId?: string | undefined },
): Promise<Transfer[]> {
  return (await transfers(deps.database.db, filter, await scopeOf(deps, user))).map(toTransfer);
}

async function transferById(deps: StoresDeps, id: string): Promise<Transfer> {
  const [row] = await transfers(deps.database.db, { id }, { departmentId: null });
  if (!row) throw storesErrors.transferNotFound();
  return toTransfer(row);
}

export async function createTransfer(deps: StoresDeps, user: AuthUser, body: TransferBody): Promise<Transfer> {
  const { db } = deps.database;
  const item = await findItem(db, body.itemId);
  if (!item) throw storesErrors.unknownReference('itemId', 'Item not found');
  const from = await findLocation(db, body.fromLocationId);
  if (!from) throw storesErrors.unknownReference('fromLocationId', 'Location not found');
  const to = await findLocation(db, body.toLocationId);
  if (!to) throw storesErrors.unknownReference('toLocationId', 'Location not found');
  if (to.isArchived) throw storesErrors.archived(`Location ${to.code}`);
  const id = await db.transaction(async (tx) => {
    const transferId = await insertTransfer(tx, {
      itemId: item.id,
      fromLocationId: from.id,
      toLocationId: to.id,
      qty: milliToQuantity(body.qty),
      note: body.note,
      requestedBy: user.id,
    });
    await storesActivity(
      tx,
      user,
      STORES_ACTIVITY.transferRequested,
      `Transfer requested: ${milliToQuantity(body.qty)} ${item.uom} ${item.sku} ${from.code} → ${to.code}`,
      { transferId, itemId: item.id },
    );
    return transferId;
  });
  await deps.events.publish('stores.stock.changed', [id]);
  return transferById(deps, id);
}

export async function approveTransfer(deps: StoresDeps, user: AuthUser, id: string): Promise<Transfer> {
  const current = await transferById(deps, id);
  await deps.database.db.transaction(async (tx) => {
    if (!(await setTransferStatus(tx, id, ['pending'], { status: 'approved', approvedBy: user.id }))) {
      throw storesErrors.badState('transfer', current.status, 'approved');
    }
    await storesActivity(tx, user, STORES_ACTIVITY.transferApproved, `Transfer approved: ${transferText(current)}`, {
      transferId: id,
    });
  });
  await deps.events.publish('stores.stock.changed', [id]);
  return transferById(deps, id);
}

/** Dispatch: the stock leaves the source (to nowhere: in transit) with the state change, or neither. */
export async function dispatchTransfer(deps: StoresDeps, user: AuthUser, id: string): Promise<Transfer> {
  const current = await transferById(deps, id);
  await deps.database.db.transaction(async (tx) => {
    const moved = await setTransferStatus(tx, id, ['approved'], {
      status: 'in_transit',
      dispatchedBy: user.id,
      dispatchedAt: new Date(),
    });
    if (!moved) throw storesErrors.badState('transfer', current.status, 'dispatched');
    await postInventoryMovement(tx, {
      itemId: current.itemId,
      fromLocationId: current.fromLocationId,
      toLocationId: null,
      qtyMilli: decimalToMilli(current.qty),
      reason: 'transfer',
      refTable: 'proc_transfers',
      refId: id,
      createdBy: user.id,
      note: `In transit to ${current.toLocationCode}`,
    });
    await storesActivity(
      tx,
      user,
      STORES_ACTIVITY.transferDispatched,
      `Transfer dispatched: ${transferText(current)}`,
      { transferId: id },
    );
  });
  await deps.events.publish('stores.stock.changed', [id]);
  return transferById(deps, id);
}

/**
 * Receipt at the destination: what arrived goes in (the dispatched batches, soonest expiry first);
 * less than dispatched is recorded as the transfer's shortfall.
 */
export async function receiveTransfer(
  deps: StoresDeps,
  user: AuthUser,
  id: string,
  body: { qtyReceived?: Milli | undefined; note: string | null },
): Promise<Transfer> {
  const current = await transferById(deps, id);
  const dispatched = decimalToMilli(current.qty);
  const received = body.qtyReceived ?? dispatched;
  if (received > dispatched) {
    throw storesErrors.unknownReference('qtyReceived', `At most ${current.qty} was dispatched`);
  }
  await deps.database.db.transaction(async (tx) => {
    const moved = await setTransferStatus(tx, id, ['in_transit'], {
      status: 'completed',
      receivedBy: user.id,
      receivedAt: new Date(),
      qtyReceived: milliToQuantity(received),
      ...(body.note ? { note: body.note } : {}),
    });
    if (!moved) throw storesErrors.badState('transfer', current.status, 'received');
    let left = received;
    for (const batch of await dispatchedBatches(tx, id)) {
      const take = Math.min(left, decimalToMilli(batch.qty));
      if (take <= 0) break;
      await postInventoryMovement(tx, {
        itemId: current.itemId,
        fromLocationId: null,
        toLocationId: current.toLocationId,
        qtyMilli: take,
        reason: 'transfer',
        refTable: 'proc_transfers',
        refId: id,
        batchId: batch.batch_id,
        createdBy: user.id,
        note: `Received from ${current.fromLocationCode}`,
      });
      left -= take;
    }
    const short = dispatched - received;
    await storesActivity(
      tx,
      user,
      STORES_ACTIVITY.transferReceived,
      `Transfer received: ${transferText(current)}${short > 0 ? `, ${milliToQuantity(short)} short` : ''}`,
      { transferId: id, qtyReceived: milliToQuantity(received) },
    );
  });
  await deps.events.publish('stores.stock.changed', [id]);
  return transferById(deps, id);
}

/** Cancel before dispatch only: once stock is on its way, it is received (a shortfall if lost). */
export async function cancelTransfer(deps: StoresDeps, user: AuthUser, id: string): Promise<Transfer> {
  const current = await transferById(deps, id);
  await deps.database.db.transaction(async (tx) => {
    if (!(await setTransferStatus(tx, id, ['pending', 'approved'], { status: 'cancelled' }))) {
      throw storesErrors.badState('transfer', current.status, 'cancelled');
    }
    await storesActivity(tx, user, STORES_ACTIVITY.transferCancelled, `Transfer cancelled: ${transferText(current)}`, {
      transferId: id,
    });
  });
  await deps.events.publish('stores.stock.changed', [id]);
  return transferById(deps, id);
}

// ---- Reorder ----

/** Suggested: max(minimum reorder quantity, 2 × reorder point − on hand), back above the point. */
export function suggestedQty(onHand: Milli, reorderPoint: Milli, minReorder: Milli): Milli {
  return Math.max(minReorder, 2 * reorderPoint - onHand, 1);
}

export async function reorderList(
  deps: StoresDeps,
  user: AuthUser,
  filter: { locationId?: string | undefined },
): Promise<ReorderRow[]> {
  const rows = await reorderRows(deps.database.db, filter, await scopeOf(deps, user));
  return rows.map((r) => ({
    itemId: r.item_id,
    sku: r.sku,
    itemName: r.item_name,
    uom: r.uom,
    departmentId: r.department_id,
    locationId: r.location_id,
    locationCode: r.location_code,
    onHandQty: q(r.on_hand_qty),
    reorderPoint: q(r.reorder_point),
    minReorderQty: q(r.min_reorder_qty),
    suggestedQty: milliToQuantity(
      suggestedQty(decimalToMilli(r.on_hand_qty), decimalToMilli(r.reorder_point), decimalToMilli(r.min_reorder_qty)),
    ),
  }));
}
