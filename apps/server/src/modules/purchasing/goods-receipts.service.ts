import {
  centsToDecimal,
  formatQty,
  type GoodsReceiptBody,
  milliToQty,
  type PurchaseOrder,
  qtyToMilli,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { assertReceiptTagsFree, registerReceivedUnits } from '../asset-register/index';
import { nextYearDocument, storeYear } from '../numbering/index';
import { postInventoryMovement } from '../stores/index';
import {
  batchFor,
  findOrderLine,
  insertGoodsReceipt,
  insertGoodsReceiptLine,
  markDeliveredWhenComplete,
  receiveOnLine,
  setGoodsReceiptStatus,
} from './goods-receipts.repository';
import { getPurchaseOrder } from './purchase-order-reads.service';
import { purchaseOrderHead } from './purchase-orders.repository';
import { purchasingErrors as errors } from './purchasing.errors';
import { findLocation } from './purchasing.repository';
import { toleranceBp } from './purchasing-settings.service';
import { type Actor, PURCHASING_ACTIVITY, type PurchasingDeps, recordPurchasingActivity } from './requisitions.service';

/** Goods received against a purchase order (issue #16 item 5, ADR 0013). */

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
    const receipt: Receipt = {
      poId,
      receiptId,
      grn,
      supplierId: head.supplier_id,
      locationId: body.locationId,
      rejected: body.rejected === true,
      tolerance,
      actor,
    };
    for (const [index, line] of body.lines.entries()) {
      const done = await receiveLine(deps, tx, receipt, line, index);
      if (done.posProductId) posProductIds.add(done.posProductId);
      if (done.registered) registered = true;
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

/** The receipt a line is received on, as receiveLine needs it. */
type Receipt = {
  poId: string;
  receiptId: string;
  grn: string;
  supplierId: string;
  locationId: string;
  rejected: boolean;
  tolerance: number;
  actor: Actor;
};

/**
 * One line of a delivery: within the line's tolerance (a conditional statement), its batch found or
 * made, the receipt line, and (unless rejected) the stock movement and any asset units registered.
 */
async function receiveLine(
  deps: PurchasingDeps,
  tx: DbOrTx,
  r: Receipt,
  line: GoodsReceiptBody['lines'][number],
  index: number,
): Promise<{ posProductId: string | null; registered: boolean }> {
  let posProductId: string | null = null;
  let registered = false;
  const field = `lines.${index}.qtyReceived`;
  const qty = milliToQty(line.qtyReceived);
  const orderLine = await findOrderLine(tx, r.poId, line.poLineId);
  if (!orderLine?.item_id) throw errors.notOrderLine(`lines.${index}.poLineId`);
  if (!r.rejected) {
    const received = await receiveOnLine(tx, r.poId, line.poLineId, qty, r.tolerance);
    if (!received) {
      const already = formatQty(orderLine.qty_received);
      const ordered = formatQty(orderLine.qty_ordered);
      throw errors.overReceipt(
        field,
        `Line ${orderLine.line_no}: receiving ${formatQty(qty)} more would make ${formatQty(
          qtyToMilli(orderLine.qty_received) + line.qtyReceived,
        )} of ${ordered} ordered (${already} already received, tolerance ${centsToDecimal(r.tolerance)}%).`,
      );
    }
  }
  let batchId: string | null = null;
  if (line.batchNo || line.expiryDate) {
    const batch = await batchFor(tx, {
      itemId: orderLine.item_id,
      supplierId: r.supplierId,
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
    goodsReceiptId: r.receiptId,
    itemId: orderLine.item_id,
    batchId,
    qtyReceived: qty,
    poLineId: line.poLineId,
    unitCost: orderLine.unit_price,
    remarks: null,
  });
  if (!r.rejected) {
    // Stores' one writer (ADR 0012): level + ledger row (with the batch), and the POS stock of a
    // linked product when the location sells, all in this transaction.
    const posted = await postInventoryMovement(tx, {
      itemId: orderLine.item_id,
      toLocationId: r.locationId,
      qtyMilli: line.qtyReceived,
      reason: 'receipt',
      refTable: 'proc_goods_receipts',
      refId: r.receiptId,
      batchId,
      unitCost: orderLine.unit_price,
      createdBy: r.actor.user.id,
    });
    posProductId = posted.posProductId ?? null;
    // Issue #17: an item flagged as an asset becomes one registered unit per unit received.
    const units = await registerReceivedUnits(deps, tx, {
      itemId: orderLine.item_id,
      qtyMilli: line.qtyReceived,
      locationId: r.locationId,
      goodsReceiptId: r.receiptId,
      grnNumber: r.grn,
      unitCost: orderLine.unit_price,
      user: r.actor.user,
      tags: line.assetTags,
      field: `lines.${index}.assetTags`,
    });
    registered = units.length > 0;
  }
  return { posProductId, registered };
}
