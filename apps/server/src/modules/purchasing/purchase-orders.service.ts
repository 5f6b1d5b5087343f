import {
  centsToDecimal,
  decimalToCents,
  displayName,
  formatQty,
  type PurchaseOrder,
  type PurchaseOrderBody,
  type PurchasingSummary,
  qtyToMilli,
} from '@retail-hub/shared';
import type { MailService } from '../mail/index';
import { nextYearDocument, storeYear } from '../numbering/index';
import { checkOrderRefs, computeTotals, needsApproval, planLines, storedLines } from './purchase-order-lines.service';
import { getPurchaseOrder, purchaseOrderText } from './purchase-order-reads.service';
import {
  approvePurchaseOrderRow,
  countOrdersAwaitingDelivery,
  insertPurchaseOrder,
  lockOrderForApproval,
  overOrderedRequisitionLines,
  purchaseOrderHead,
  receivedSoFar,
  replacePurchaseOrderLines,
  requisitionIdsOfOrder,
  transitionPurchaseOrder,
  updatePurchaseOrderHead,
} from './purchase-orders.repository';
import { purchasingErrors as errors } from './purchasing.errors';
import { countItemsToReorder } from './purchasing.repository';
import {
  countRequisitionsAwaitingApproval,
  lockRequisitions,
  recomputeRequisitionsOrdered,
} from './requisitions.repository';
import { type Actor, PURCHASING_ACTIVITY, type PurchasingDeps, recordPurchasingActivity } from './requisitions.service';

/**
 * Purchase orders (issue #16 item 4, ADR 0013): creating and editing drafts, sending, approving,
 * confirming, cancelling, e-mailing, and the dashboard's counts. The order as read, its lines and
 * totals, and the goods received against it are in the files beside this one (issue #33 item 4);
 * the routes and the seed import all of it from here.
 */

export { receiveGoods } from './goods-receipts.service';
export { computeTotals } from './purchase-order-lines.service';
export { getPurchaseOrder, listPurchaseOrders, purchaseOrderText } from './purchase-order-reads.service';
export { purchasingSettings, updatePurchasingSettings } from './purchasing-settings.service';

// ── Creating and editing drafts ────────────────────────────────────────────────────────────

export async function createPurchaseOrder(
  deps: PurchasingDeps,
  actor: Actor,
  body: PurchaseOrderBody,
): Promise<PurchaseOrder> {
  const { db } = deps.database;
  await checkOrderRefs(db, body);
  const year = storeYear(deps.config.storeTimeZone);
  const id = await db.transaction(async (tx) => {
    const plan = await planLines(tx, body);
    const { lineTotals, totals } = computeTotals(plan.lines);
    const created = await insertPurchaseOrder(tx, {
      poNumber: await nextYearDocument(tx, 'PO', year),
      supplierId: body.supplierId,
      requesterId: actor.user.id,
      departmentId: plan.departmentId,
      neededByDate: body.neededByDate ?? null,
      deliveryLocationId: body.deliveryLocationId ?? null,
      currency: body.currency ?? 'USD',
      totals,
      note: body.note || null,
      createdBy: actor.user.id,
    });
    await replacePurchaseOrderLines(tx, created, storedLines(plan.lines, lineTotals));
    return created;
  });
  await deps.events.publish('purchase-order.changed', [id]);
  return getPurchaseOrder(deps, id);
}

/** Only a draft is edited (a sent order is locked: cancel and issue a new one). */
export async function updatePurchaseOrder(
  deps: PurchasingDeps,
  _actor: Actor,
  id: string,
  body: PurchaseOrderBody,
): Promise<PurchaseOrder> {
  const { db } = deps.database;
  await checkOrderRefs(db, body);
  await db.transaction(async (tx) => {
    const head = await purchaseOrderHead(tx, id, true);
    if (!head) throw errors.orderNotFound();
    if (head.status !== 'draft') throw errors.orderLocked(head.status);
    const plan = await planLines(tx, body);
    const { lineTotals, totals } = computeTotals(plan.lines);
    await updatePurchaseOrderHead(tx, id, {
      supplierId: body.supplierId,
      departmentId: plan.departmentId,
      neededByDate: body.neededByDate ?? null,
      deliveryLocationId: body.deliveryLocationId ?? null,
      currency: body.currency ?? 'USD',
      totals,
      note: body.note || null,
    });
    await replacePurchaseOrderLines(tx, id, storedLines(plan.lines, lineTotals));
  });
  await deps.events.publish('purchase-order.changed', [id]);
  return getPurchaseOrder(deps, id);
}

// ── State changes ──────────────────────────────────────────────────────────────────────────

/** draft → sent: the order is locked and its requisition lines count as ordered. */
export async function sendPurchaseOrder(deps: PurchasingDeps, actor: Actor, id: string): Promise<PurchaseOrder> {
  const { db } = deps.database;
  const order = await getPurchaseOrder(deps, id);
  if (order.lines.length === 0) throw errors.linesRequired();
  await db.transaction(async (tx) => {
    const requisitionIds = await requisitionIdsOfOrder(tx, id);
    await lockRequisitions(tx, requisitionIds);
    // Issue #30 item 6: above the department's threshold the order itself must be approved (read
    // under the order's row lock, so an edit that clears the approval cannot slip in between).
    const facts = await lockOrderForApproval(tx, id);
    if (!facts) throw errors.orderNotFound();
    if (facts.status === 'draft' && needsApproval(facts) && !facts.approved_at) {
      throw errors.orderApprovalRequired(formatMoney(facts.threshold));
    }
    if (!(await transitionPurchaseOrder(tx, id, ['draft'], { kind: 'sent', by: actor.user.id }))) {
      throw errors.orderState(order.status, 'sent');
    }
    await recomputeRequisitionsOrdered(tx, requisitionIds);
    // Another order for the same requisition lines may have gone out since this one was drafted.
    const [over] = await overOrderedRequisitionLines(tx, requisitionIds);
    if (over) {
      throw errors.requisitionLineExceeded(
        'lines',
        `${over.req_number ?? 'The requisition'} approved ${formatQty(over.qty_requested)} ${over.uom} of ${over.name}; with this order ${formatQty(over.qty_ordered)} would be ordered.`,
      );
    }
    await recordPurchasingActivity(
      tx,
      actor,
      PURCHASING_ACTIVITY.purchaseOrderSent,
      `${order.poNumber} sent to ${order.supplierName} (${order.currency} ${order.totals.total})`,
      { purchaseOrderId: id },
    );
  });
  await deps.events.publish('purchase-order.changed', [id]);
  await deps.events.publish('requisition.changed');
  return getPurchaseOrder(deps, id);
}

/** 5000.00 → '5,000.00' (as the requisition's threshold message reads). */
function formatMoney(value: string): string {
  const [whole = '0', fraction = '00'] = centsToDecimal(decimalToCents(value)).split('.');
  return `${Number(whole).toLocaleString('en-US')}.${fraction}`;
}

/**
 * Issue #30 item 6: a manager or super admin (the route's `purchasing.approve_above_threshold`)
 * approves a draft order; never its own creator's (as for requisitions). Editing the draft
 * afterwards clears the approval (updatePurchaseOrderHead).
 */
export async function approvePurchaseOrder(deps: PurchasingDeps, actor: Actor, id: string): Promise<PurchaseOrder> {
  const { db } = deps.database;
  await db.transaction(async (tx) => {
    const facts = await lockOrderForApproval(tx, id);
    if (!facts) throw errors.orderNotFound();
    if (facts.status !== 'draft') throw errors.orderState(facts.status, 'approved');
    if (facts.created_by === actor.user.id) throw errors.ownOrderApproval();
    await approvePurchaseOrderRow(tx, id, actor.user.id);
    const order = await getPurchaseOrder(deps, id, tx);
    await recordPurchasingActivity(
      tx,
      actor,
      PURCHASING_ACTIVITY.purchaseOrderApproved,
      `${order.poNumber} approved (${order.currency} ${order.totals.total}; threshold ${facts.threshold})`,
      { purchaseOrderId: id },
    );
  });
  await deps.events.publish('purchase-order.changed', [id]);
  return getPurchaseOrder(deps, id);
}

/** sent → confirmed: the supplier acknowledged the order. */
export async function confirmPurchaseOrder(deps: PurchasingDeps, _actor: Actor, id: string): Promise<PurchaseOrder> {
  const head = await purchaseOrderHead(deps.database.db, id);
  if (!head) throw errors.orderNotFound();
  if (!(await transitionPurchaseOrder(deps.database.db, id, ['sent'], { kind: 'confirmed' }))) {
    throw errors.orderState(head.status, 'confirmed');
  }
  await deps.events.publish('purchase-order.changed', [id]);
  return getPurchaseOrder(deps, id);
}

/**
 * draft, sent or confirmed → cancelled, when nothing has been received yet; its requisitions'
 * lines are open again.
 */
export async function cancelPurchaseOrder(
  deps: PurchasingDeps,
  actor: Actor,
  id: string,
  reason: string | null,
): Promise<PurchaseOrder> {
  const { db } = deps.database;
  const order = await getPurchaseOrder(deps, id);
  await db.transaction(async (tx) => {
    const requisitionIds = await requisitionIdsOfOrder(tx, id);
    await lockRequisitions(tx, requisitionIds);
    const head = await purchaseOrderHead(tx, id, true);
    if (!head) throw errors.orderNotFound();
    if (!['draft', 'sent', 'confirmed'].includes(head.status)) throw errors.orderState(head.status, 'cancelled');
    if (qtyToMilli(await receivedSoFar(tx, id)) > 0) throw errors.orderHasReceipts();
    await transitionPurchaseOrder(tx, id, ['draft', 'sent', 'confirmed'], {
      kind: 'cancelled',
      by: actor.user.id,
      reason: reason || null,
    });
    await recomputeRequisitionsOrdered(tx, requisitionIds);
    await recordPurchasingActivity(
      tx,
      actor,
      PURCHASING_ACTIVITY.purchaseOrderCancelled,
      `${order.poNumber} cancelled${reason ? `: ${reason}` : ''}`,
      { purchaseOrderId: id },
    );
  });
  await deps.events.publish('purchase-order.changed', [id]);
  await deps.events.publish('requisition.changed');
  return getPurchaseOrder(deps, id);
}

// ── E-mail and dashboard ───────────────────────────────────────────────────────────────────

export async function emailPurchaseOrder(
  deps: PurchasingDeps,
  mail: MailService,
  actor: Actor,
  id: string,
): Promise<{ delivery: 'smtp' | 'outbox'; to: string }> {
  const order = await getPurchaseOrder(deps, id);
  if (!['sent', 'confirmed'].includes(order.status)) throw errors.orderState(order.status, 'e-mailed');
  if (!order.supplierEmail) throw errors.supplierNoEmail();
  const outcome = await mail.send(
    {
      recipients: [order.supplierEmail],
      replyTo: actor.user.email,
      subject: `Purchase order ${order.poNumber}`,
      text: purchaseOrderText(order),
    },
    { id: actor.user.id, name: displayName(actor.user) },
  );
  return { delivery: outcome.delivery, to: order.supplierEmail };
}

export async function purchasingSummary(
  deps: PurchasingDeps,
  itemsToReorder: () => Promise<number>,
): Promise<PurchasingSummary> {
  const { db } = deps.database;
  return {
    requisitionsAwaitingApproval: await countRequisitionsAwaitingApproval(db),
    ordersAwaitingDelivery: await countOrdersAwaitingDelivery(db),
    itemsToReorder: await itemsToReorder(),
  };
}

export function itemsToReorderCount(deps: PurchasingDeps): Promise<number> {
  return countItemsToReorder(deps.database.db);
}
