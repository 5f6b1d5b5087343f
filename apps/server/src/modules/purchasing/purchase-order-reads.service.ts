import {
  centsToDecimal,
  decimalToCents,
  displayName,
  formatMoneyIn,
  formatQty,
  type GoodsReceipt,
  milliToQty,
  type PurchaseOrder,
  type PurchaseOrderSummary,
  qtyToMilli,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { unitsOfReceipts } from '../asset-register/index';
import { goodsReceiptLineRows, goodsReceiptRows } from './goods-receipts.repository';
import { needsApproval } from './purchase-order-lines.service';
import { listPurchaseOrderRows, type PurchaseOrderRow, purchaseOrderLineRows } from './purchase-orders.repository';
import { purchasingErrors as errors } from './purchasing.errors';
import { buyer } from './purchasing-settings.service';
import type { PurchasingDeps } from './requisitions.service';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

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
