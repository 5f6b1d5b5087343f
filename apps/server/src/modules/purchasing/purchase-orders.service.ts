import {
  centsToDecimal,
  decimalToCents,
  displayName,
  formatMoneyIn,
  formatQty,
  type GoodsReceipt,
  type GoodsReceiptBody,
  lineNetCents,
  lineTaxCents,
  MAX_CENTS,
  milliToQty,
  type PoTotals,
  type PurchaseOrder,
  type PurchaseOrderBody,
  type PurchaseOrderSummary,
  type PurchasingSettings,
  type PurchasingSummary,
  qtyToMilli,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { assertReceiptTagsFree, registerReceivedUnits, unitsOfReceipts } from '../asset-register/index';
import type { MailService } from '../mail/index';
import { nextYearDocument, storeYear } from '../numbering/index';
import { postInventoryMovement } from '../stores/index';
import { purchasingErrors as errors } from './purchasing.errors';
import {
  approvePurchaseOrderRow,
  batchFor,
  countItemsToReorder,
  countOrdersAwaitingDelivery,
  countRequisitionsAwaitingApproval,
  findItems,
  findLocation,
  findOrderLine,
  findSupplier,
  goodsReceiptLineRows,
  goodsReceiptRows,
  insertGoodsReceipt,
  insertGoodsReceiptLine,
  insertPurchaseOrder,
  listPurchaseOrderRows,
  lockOrderForApproval,
  lockRequisitions,
  markDeliveredWhenComplete,
  overOrderedRequisitionLines,
  type PurchaseOrderRow,
  purchaseOrderHead,
  purchaseOrderLineRows,
  type RequisitionLineRow,
  readSetting,
  receivedSoFar,
  receiveOnLine,
  recomputeRequisitionsOrdered,
  replacePurchaseOrderLines,
  requisitionIdsOfOrder,
  requisitionLineRows,
  setGoodsReceiptStatus,
  transitionPurchaseOrder,
  updatePurchaseOrderHead,
  writeSetting,
} from './purchasing.repository';
import {
  type Actor,
  assertWholeUnits,
  PURCHASING_ACTIVITY,
  type PurchasingDeps,
  recordPurchasingActivity,
} from './requisitions.service';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

const TOLERANCE_KEY = 'over_receipt_tolerance_percent';

// ── Settings ───────────────────────────────────────────────────────────────────────────────

/** The over-receipt tolerance in hundredths of a percent (default 0). */
async function toleranceBp(db: DbOrTx): Promise<number> {
  const value = await readSetting(db, TOLERANCE_KEY);
  return typeof value === 'string' ? decimalToCents(value) : 0;
}

const BUYER_NAME_KEY = 'buyer_name';
const BUYER_ADDRESS_KEY = 'buyer_address';

/** Issue #30 item 21: the buyer printed on purchase orders. */
async function buyer(db: DbOrTx): Promise<{ buyerName: string | null; buyerAddress: string | null }> {
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

// ── Reading ────────────────────────────────────────────────────────────────────────────────

function toSummary(row: PurchaseOrderRow): PurchaseOrderSummary {
  return {
    id: row.id,
    poNumber: row.po_number,
    supplierId: row.supplier_id,
    supplierName: row.supplier_name,
    supplierEmail: row.supplier_email,
    supplierAddress: row.supplier_address,
    requesterId: row.requester_id,
    departmentId: row.department_id,
    departmentName: row.department_name,
    status: row.status,
    neededByDate: row.needed_by_date,
    deliveryLocationId: row.delivery_location_id,
    deliveryLocationCode: row.delivery_location_code,
    deliveryLocationName: row.delivery_location_name,
    currency: row.currency,
    totals: row.totals_json ?? { subtotal: '0.00', tax: '0.00', total: '0.00' },
    note: row.note,
    createdAt: iso(row.created_at) as string,
    createdByName:
      row.creator_first || row.creator_last || row.creator_email
        ? displayName({ firstName: row.creator_first, lastName: row.creator_last, email: row.creator_email })
        : null,
    sentAt: iso(row.sent_at),
    confirmedAt: iso(row.confirmed_at),
    deliveredAt: iso(row.delivered_at),
    cancelledAt: iso(row.cancelled_at),
    cancelReason: row.cancel_reason,
    requisitionIds: (row.requisition_ids ?? []).slice().sort(),
    approvalThreshold: centsToDecimal(decimalToCents(row.approval_threshold)),
    needsApproval: needsApproval({ total: row.totals_json?.total ?? '0', threshold: row.approval_threshold }),
    approvedAt: iso(row.approved_at),
    approvedByName:
      row.approved_at && (row.approver_first || row.approver_last || row.approver_email)
        ? displayName({ firstName: row.approver_first, lastName: row.approver_last, email: row.approver_email })
        : null,
  };
}

export async function listPurchaseOrders(
  deps: PurchasingDeps,
  query: { status?: string | undefined; supplierId?: string | undefined },
): Promise<PurchaseOrderSummary[]> {
  return (await listPurchaseOrderRows(deps.database.db, query)).map(toSummary);
}

export async function getPurchaseOrder(
  deps: PurchasingDeps,
  id: string,
  db: DbOrTx = deps.database.db,
): Promise<PurchaseOrder> {
  const [row] = await listPurchaseOrderRows(db, { ids: [id] });
  if (!row) throw errors.orderNotFound();
  const lines = await purchaseOrderLineRows(db, id);
  const receipts = await goodsReceiptRows(db, id);
  const receiptLines = await goodsReceiptLineRows(
    db,
    receipts.map((r) => r.id),
  );
  const units = await unitsOfReceipts(
    db,
    receipts.map((r) => r.id),
  );
  return {
    ...toSummary(row),
    ...(await buyer(db)),
    lines: lines.map((line) => ({
      id: line.id,
      lineNo: line.line_no,
      itemId: line.item_id,
      itemSku: line.sku,
      itemName: line.name,
      itemIsAsset: line.is_asset === true,
      uom: line.uom,
      description: line.description,
      qtyOrdered: milliToQty(qtyToMilli(line.qty_ordered)),
      qtyReceived: milliToQty(qtyToMilli(line.qty_received)),
      unitPrice: centsToDecimal(decimalToCents(line.unit_price)),
      taxRate: centsToDecimal(decimalToCents(line.tax_rate)),
      lineTotal: centsToDecimal(decimalToCents(line.line_total)),
      requisitionLineId: line.requisition_line_id,
    })),
    receipts: receipts.map(
      (receipt): GoodsReceipt => ({
        id: receipt.id,
        grnNumber: receipt.grn_number,
        poId: receipt.po_id,
        locationId: receipt.location_id,
        locationCode: receipt.location_code,
        locationName: receipt.location_name,
        status: receipt.status,
        invoiceNo: receipt.invoice_no,
        deliveryNote: receipt.delivery_note,
        note: receipt.note,
        receivedBy: receipt.received_by,
        receivedByName: receipt.received_by
          ? displayName({
              firstName: receipt.receiver_first,
              lastName: receipt.receiver_last,
              email: receipt.receiver_email,
            })
          : null,
        receivedAt: iso(receipt.received_at) as string,
        lines: receiptLines
          .filter((l) => l.goods_receipt_id === receipt.id)
          .map((l) => ({
            id: l.id,
            poLineId: l.po_line_id,
            itemId: l.item_id,
            itemName: l.item_name,
            qtyReceived: milliToQty(qtyToMilli(l.qty_received)),
            unitCost: l.unit_cost === null ? null : centsToDecimal(decimalToCents(l.unit_cost)),
            batchNo: l.batch_no,
            expiryDate: l.expiry_date,
          })),
        units: units.get(receipt.id) ?? [],
      }),
    ),
  };
}

// ── Creating and editing drafts ────────────────────────────────────────────────────────────

type PlannedLine = {
  itemId: string;
  description: string | null;
  qtyMilli: number;
  unitCents: number;
  taxBp: number;
  requisitionLineId: string | null;
};

/** Line totals and order totals in integer cents (ADR 0013): net per line, tax per line rounded. */
export function computeTotals(lines: PlannedLine[]): { lineTotals: number[]; totals: PoTotals; totalCents: number } {
  let subtotal = 0;
  let tax = 0;
  const lineTotals = lines.map((line, index) => {
    let net: number;
    try {
      net = lineNetCents(line.qtyMilli, line.unitCents);
    } catch {
      throw errors.amountTooLarge(`lines.${index}.unitPrice`);
    }
    if (net > MAX_CENTS) throw errors.amountTooLarge(`lines.${index}.unitPrice`);
    subtotal += net;
    tax += lineTaxCents(net, line.taxBp);
    return net;
  });
  const total = subtotal + tax;
  if (total > MAX_CENTS * 100) throw errors.amountTooLarge('lines');
  return {
    lineTotals,
    totals: { subtotal: centsToDecimal(subtotal), tax: centsToDecimal(tax), total: centsToDecimal(total) },
    totalCents: total,
  };
}

/**
 * The order's lines: as given (each matched to an open line of the chosen requisitions for the
 * same item, unless it names one), or, with no lines, the requisitions' open quantities at their
 * estimated prices.
 */
async function planLines(
  db: DbOrTx,
  body: PurchaseOrderBody,
): Promise<{ lines: PlannedLine[]; requisitionIds: string[]; departmentId: string | null }> {
  const requisitionIds = [...new Set(body.requisitionIds ?? [])];
  const heads = await lockRequisitions(db, requisitionIds);
  if (heads.length !== requisitionIds.length) throw errors.requisitionsNotFound();
  const reqLines = await requisitionLineRows(db, requisitionIds);
  for (const head of heads) {
    if (head.status !== 'approved') throw errors.requisitionNotApproved(head.req_number ?? head.id, head.status);
  }
  const departments = [...new Set(heads.map((h) => h.department_id))];
  const departmentId = body.departmentId ?? (departments.length === 1 ? (departments[0] as string) : null);
  const open = reqLines.filter((l) => qtyToMilli(l.qty_ordered) < qtyToMilli(l.qty_requested));

  if (!body.lines || body.lines.length === 0) {
    if (requisitionIds.length === 0) throw errors.linesRequired();
    if (open.length === 0) throw errors.requisitionFullyOrdered();
    return {
      departmentId,
      requisitionIds,
      lines: open.map((l: RequisitionLineRow) => ({
        itemId: l.item_id,
        description: null,
        qtyMilli: qtyToMilli(l.qty_requested) - qtyToMilli(l.qty_ordered),
        unitCents: decimalToCents(l.est_unit_price),
        taxBp: 0,
        requisitionLineId: l.id,
      })),
    };
  }

  const items = new Map((await findItems(db, [...new Set(body.lines.map((l) => l.itemId))])).map((i) => [i.id, i]));
  const missing: Record<string, string> = {};
  body.lines.forEach((line, index) => {
    if (!items.has(line.itemId)) missing[`lines.${index}.itemId`] = 'Item not found';
  });
  if (Object.keys(missing).length > 0) throw errors.itemsNotFound(missing);
  assertWholeUnits(
    body.lines.map((l) => ({ itemId: l.itemId, qtyMilli: l.qtyOrdered })),
    items,
    'qtyOrdered',
  );

  const used = new Set<string>();
  const planned = body.lines.map((line, index): PlannedLine => {
    let requisitionLineId: string | null = null;
    if (line.requisitionLineId) {
      const named = reqLines.find((l) => l.id === line.requisitionLineId && l.item_id === line.itemId);
      if (!named) throw errors.requisitionLineMismatch(`lines.${index}.requisitionLineId`);
      requisitionLineId = named.id;
    } else {
      const match = open.find((l) => l.item_id === line.itemId && !used.has(l.id));
      requisitionLineId = match?.id ?? null;
    }
    if (requisitionLineId) used.add(requisitionLineId);
    return {
      itemId: line.itemId,
      description: line.description || null,
      qtyMilli: line.qtyOrdered,
      unitCents: line.unitPrice,
      taxBp: line.taxRate ?? 0,
      requisitionLineId,
    };
  });
  assertWithinRequisitions(planned, reqLines, heads);
  return { lines: planned, requisitionIds, departmentId };
}

/**
 * Issue #30 item 6: a line tied to a requisition line orders no more than that line's approved
 * quantity not yet ordered (orders that went out count; drafts do not, so sending checks again:
 * sendPurchaseOrder). Several lines tied to one requisition line count together.
 */
function assertWithinRequisitions(
  lines: PlannedLine[],
  reqLines: RequisitionLineRow[],
  heads: Array<{ id: string; req_number: string | null }>,
): void {
  const byId = new Map(reqLines.map((l) => [l.id, l]));
  const taken = new Map<string, number>();
  for (const [index, line] of lines.entries()) {
    if (!line.requisitionLineId) continue;
    const reqLine = byId.get(line.requisitionLineId);
    if (!reqLine) continue;
    const total = (taken.get(reqLine.id) ?? 0) + line.qtyMilli;
    taken.set(reqLine.id, total);
    const open = Math.max(0, qtyToMilli(reqLine.qty_requested) - qtyToMilli(reqLine.qty_ordered));
    if (total > open) {
      const number = heads.find((h) => h.id === reqLine.requisition_id)?.req_number ?? 'its requisition';
      throw errors.requisitionLineExceeded(
        `lines.${index}.qtyOrdered`,
        `Only ${formatQty(open)} ${reqLine.uom} of ${reqLine.name} can still be ordered on ${number} (approved: ${formatQty(reqLine.qty_requested)}).`,
      );
    }
  }
}

function storedLines(lines: PlannedLine[], lineTotals: number[]) {
  return lines.map((line, index) => ({
    itemId: line.itemId,
    description: line.description,
    qtyOrdered: milliToQty(line.qtyMilli),
    unitPrice: centsToDecimal(line.unitCents),
    taxRate: centsToDecimal(line.taxBp),
    lineTotal: centsToDecimal(lineTotals[index] ?? 0),
    requisitionLineId: line.requisitionLineId,
  }));
}

/** The supplier and the delivery location exist (creating and editing a draft check the same). */
async function checkOrderRefs(db: DbOrTx, body: PurchaseOrderBody): Promise<void> {
  if (!(await findSupplier(db, body.supplierId))) throw errors.supplierNotFound();
  if (body.deliveryLocationId && !(await findLocation(db, body.deliveryLocationId))) {
    throw errors.deliveryLocationNotFound();
  }
}

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

/** Whether an order's total is above its department's approval threshold (cents, exact). */
function needsApproval(facts: { total: string; threshold: string }): boolean {
  return decimalToCents(facts.total) > decimalToCents(facts.threshold);
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

// ── Goods receipts ─────────────────────────────────────────────────────────────────────────

/**
 * A delivery against a sent or confirmed order (issue #16 item 5). In one transaction, under the
 * order's row lock: each line's received total grows only while it stays within ordered × (1 +
 * tolerance), checked over every receipt of the line in exact numeric arithmetic; the batch (by
 * number, with its expiry) is found or made; a receipt movement raises stock at the location; the
 * order becomes delivered when every line is fully received. A rejected delivery is recorded with
 * its lines and moves nothing.
 */
export async function receiveGoods(
  deps: PurchasingDeps,
  actor: Actor,
  poId: string,
  body: GoodsReceiptBody,
): Promise<PurchaseOrder> {
  const { db } = deps.database;
  const location = await findLocation(db, body.locationId);
  const year = storeYear(deps.config.storeTimeZone);
  let delivered = false;
  let registered = false;
  let grn = '';
  const posProductIds = new Set<string>();
  await db.transaction(async (tx) => {
    const head = await purchaseOrderHead(tx, poId, true);
    if (!head) throw errors.orderNotFound();
    if (!['sent', 'confirmed'].includes(head.status)) throw errors.orderState(head.status, 'received against');
    if (!location) throw errors.locationNotFound();
    // Issue #17: scanned asset tags must be new (not twice on the receipt, not in the register).
    if (!body.rejected) await assertReceiptTagsFree(tx, body.lines);
    const tolerance = await toleranceBp(tx);
    grn = await nextYearDocument(tx, 'GRN', year);
    const receiptId = await insertGoodsReceipt(tx, {
      grnNumber: grn,
      poId,
      receivedBy: actor.user.id,
      locationId: body.locationId,
      status: body.rejected ? 'rejected' : 'partial',
      invoiceNo: body.invoiceNo || null,
      deliveryNote: body.deliveryNote || null,
      note: body.note || null,
    });
    for (const [index, line] of body.lines.entries()) {
      const field = `lines.${index}.qtyReceived`;
      const qty = milliToQty(line.qtyReceived);
      const orderLine = await findOrderLine(tx, poId, line.poLineId);
      if (!orderLine?.item_id) throw errors.notOrderLine(`lines.${index}.poLineId`);
      if (!body.rejected) {
        const received = await receiveOnLine(tx, poId, line.poLineId, qty, tolerance);
        if (!received) {
          const already = formatQty(orderLine.qty_received);
          const ordered = formatQty(orderLine.qty_ordered);
          throw errors.overReceipt(
            field,
            `Line ${orderLine.line_no}: receiving ${formatQty(qty)} more would make ${formatQty(
              qtyToMilli(orderLine.qty_received) + line.qtyReceived,
            )} of ${ordered} ordered (${already} already received, tolerance ${centsToDecimal(tolerance)}%).`,
          );
        }
      }
      let batchId: string | null = null;
      if (line.batchNo || line.expiryDate) {
        const batch = await batchFor(tx, {
          itemId: orderLine.item_id,
          supplierId: head.supplier_id,
          batchNo: line.batchNo || null,
          expiryDate: line.expiryDate ?? null,
          unitCost: orderLine.unit_price,
        });
        if (line.expiryDate && batch.expiry_date !== line.expiryDate && line.batchNo) {
          throw errors.batchExpiryMismatch(`lines.${index}.expiryDate`, line.batchNo, batch.expiry_date ?? '');
        }
        batchId = batch.id;
      }
      await insertGoodsReceiptLine(tx, {
        goodsReceiptId: receiptId,
        itemId: orderLine.item_id,
        batchId,
        qtyReceived: qty,
        poLineId: line.poLineId,
        unitCost: orderLine.unit_price,
        remarks: null,
      });
      if (!body.rejected) {
        // Stores' one writer (ADR 0012): level + ledger row (with the batch), and the POS stock of a
        // linked product when the location sells, all in this transaction.
        const posted = await postInventoryMovement(tx, {
          itemId: orderLine.item_id,
          toLocationId: body.locationId,
          qtyMilli: line.qtyReceived,
          reason: 'receipt',
          refTable: 'proc_goods_receipts',
          refId: receiptId,
          batchId,
          createdBy: actor.user.id,
        });
        if (posted.posProductId) posProductIds.add(posted.posProductId);
        // Issue #17: an item flagged as an asset becomes one registered unit per unit received.
        const units = await registerReceivedUnits(deps, tx, {
          itemId: orderLine.item_id,
          qtyMilli: line.qtyReceived,
          locationId: body.locationId,
          goodsReceiptId: receiptId,
          grnNumber: grn,
          unitCost: orderLine.unit_price,
          user: actor.user,
          tags: line.assetTags,
          field: `lines.${index}.assetTags`,
        });
        if (units.length > 0) registered = true;
      }
    }
    if (!body.rejected) {
      delivered = await markDeliveredWhenComplete(tx, poId);
      if (delivered) await setGoodsReceiptStatus(tx, receiptId, 'completed');
    }
    await recordPurchasingActivity(
      tx,
      actor,
      body.rejected ? PURCHASING_ACTIVITY.goodsRejected : PURCHASING_ACTIVITY.goodsReceived,
      `${grn} ${body.rejected ? 'rejected' : 'received'} for ${head.po_number} into ${location.code}${
        delivered ? ' (order delivered)' : ''
      }`,
      { purchaseOrderId: poId, goodsReceiptId: receiptId, locationId: body.locationId },
    );
  });
  await deps.events.publish('purchase-order.changed', [poId]);
  if (posProductIds.size > 0) await deps.events.publish('stock.changed', [...posProductIds]);
  if (registered) await deps.events.publish('asset.changed');
  return getPurchaseOrder(deps, poId);
}

// ── E-mail and dashboard ───────────────────────────────────────────────────────────────────

/** The order as plain text for the supplier's e-mail (issue #30 item 21: the one money format, buyer and delivery). */
export function purchaseOrderText(order: PurchaseOrder): string {
  const amount = (value: string) => formatMoneyIn(decimalToCents(value), order.currency);
  const lines = order.lines.map(
    (l) =>
      `${l.lineNo}. ${l.itemSku ?? ''} ${l.itemName ?? ''}${l.description ? ` (${l.description})` : ''}: ${formatQty(
        l.qtyOrdered,
      )} ${l.uom ?? ''} x ${amount(l.unitPrice)} = ${amount(l.lineTotal)}${l.taxRate !== '0.00' ? ` + tax ${l.taxRate}%` : ''}`,
  );
  return [
    `Purchase order ${order.poNumber}`,
    order.buyerName ? `Buyer: ${order.buyerName}${order.buyerAddress ? `\n${order.buyerAddress}` : ''}` : null,
    `Supplier: ${order.supplierName}`,
    order.deliveryLocationCode
      ? `Deliver to: ${order.deliveryLocationCode} · ${order.deliveryLocationName ?? ''}`
      : null,
    order.neededByDate ? `Needed by: ${order.neededByDate}` : null,
    '',
    ...lines,
    '',
    `Subtotal: ${amount(order.totals.subtotal)}`,
    `Tax: ${amount(order.totals.tax)}`,
    `Total: ${amount(order.totals.total)}`,
    order.note ? `\nNote: ${order.note}` : null,
  ]
    .filter((l) => l !== null)
    .join('\n');
}

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
