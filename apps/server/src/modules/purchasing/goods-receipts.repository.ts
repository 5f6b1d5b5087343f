import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { uuidArray } from './purchasing.repository';

/** Goods receipts' SQL (issue #16 item 5, ADR 0013): received totals change in one conditional statement. */

// ── Goods receipts ─────────────────────────────────────────────────────────────────────────

/**
 * Adds `qty` to a line's received total when the new total stays within the ordered quantity
 * plus the tolerance (in hundredths of a percent), checked in exact numeric arithmetic over
 * every receipt of the line. null when the line is not on the order or the total would exceed.
 */
export async function receiveOnLine(
  tx: DbOrTx,
  poId: string,
  poLineId: string,
  qty: string,
  toleranceBp: number,
): Promise<{ item_id: string | null; unit_price: string; qty_ordered: string; qty_received: string } | null> {
  const [row] = await rows<{ item_id: string | null; unit_price: string; qty_ordered: string; qty_received: string }>(
    tx,
    sql`update proc_purchase_order_lines set qty_received = qty_received + ${qty}::numeric
        where id = ${poLineId} and po_id = ${poId}
          and qty_received + ${qty}::numeric <= qty_ordered * (10000 + ${toleranceBp}::numeric) / 10000
        returning item_id, unit_price, qty_ordered, qty_received`,
  );
  return row ?? null;
}

export async function findOrderLine(
  db: DbOrTx,
  poId: string,
  poLineId: string,
): Promise<{
  line_no: number;
  item_id: string | null;
  unit_price: string;
  qty_ordered: string;
  qty_received: string;
} | null> {
  const [row] = await rows<{
    line_no: number;
    item_id: string | null;
    unit_price: string;
    qty_ordered: string;
    qty_received: string;
  }>(
    db,
    sql`select line_no, item_id, unit_price, qty_ordered, qty_received from proc_purchase_order_lines
        where id = ${poLineId} and po_id = ${poId}`,
  );
  return row ?? null;
}

/** The order becomes delivered when every line is fully received; true when it changed now. */
export async function markDeliveredWhenComplete(tx: DbOrTx, poId: string): Promise<boolean> {
  const changed = await rows(
    tx,
    sql`update proc_purchase_orders set status = 'delivered', delivered_at = now(), updated_at = now()
        where id = ${poId} and status in ('sent', 'confirmed')
          and not exists (select 1 from proc_purchase_order_lines where po_id = ${poId} and qty_received < qty_ordered)
        returning id`,
  );
  return changed.length > 0;
}

/**
 * The batch a receipt line goes into: the item's batch of that number (created on first receipt),
 * or a new unnumbered batch carrying only an expiry date.
 */
export async function batchFor(
  tx: DbOrTx,
  values: { itemId: string; supplierId: string; batchNo: string | null; expiryDate: string | null; unitCost: string },
): Promise<{ id: string; expiry_date: string | null }> {
  if (values.batchNo === null) {
    const [row] = await rows<{ id: string; expiry_date: string | null }>(
      tx,
      sql`insert into proc_item_batches (item_id, supplier_id, batch_no, expiry_date, unit_cost)
          values (${values.itemId}, ${values.supplierId}, null, ${values.expiryDate}, ${values.unitCost})
          returning id, expiry_date::text as expiry_date`,
    );
    return row as { id: string; expiry_date: string | null };
  }
  const [row] = await rows<{ id: string; expiry_date: string | null }>(
    tx,
    sql`insert into proc_item_batches (item_id, supplier_id, batch_no, expiry_date, unit_cost)
        values (${values.itemId}, ${values.supplierId}, ${values.batchNo}, ${values.expiryDate}, ${values.unitCost})
        on conflict (item_id, batch_no) do update
          set expiry_date = coalesce(proc_item_batches.expiry_date, excluded.expiry_date)
        returning id, expiry_date::text as expiry_date`,
  );
  return row as { id: string; expiry_date: string | null };
}

export async function insertGoodsReceipt(
  tx: DbOrTx,
  values: {
    grnNumber: string;
    poId: string;
    receivedBy: string;
    locationId: string;
    status: string;
    invoiceNo: string | null;
    deliveryNote: string | null;
    note: string | null;
  },
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into proc_goods_receipts (grn_number, po_id, received_by, location_id, status, invoice_no, delivery_note, note)
        values (${values.grnNumber}, ${values.poId}, ${values.receivedBy}, ${values.locationId}, ${values.status},
          ${values.invoiceNo}, ${values.deliveryNote}, ${values.note})
        returning id`,
  );
  return (row as { id: string }).id;
}

export async function setGoodsReceiptStatus(tx: DbOrTx, id: string, status: string): Promise<void> {
  await tx.execute(sql`update proc_goods_receipts set status = ${status} where id = ${id}`);
}

export async function insertGoodsReceiptLine(
  tx: DbOrTx,
  values: {
    goodsReceiptId: string;
    itemId: string;
    batchId: string | null;
    qtyReceived: string;
    poLineId: string;
    unitCost: string;
    remarks: string | null;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into proc_goods_receipt_lines (goods_receipt_id, item_id, batch_id, qty_received, po_line_id, unit_cost, remarks)
        values (${values.goodsReceiptId}, ${values.itemId}, ${values.batchId}, ${values.qtyReceived}, ${values.poLineId},
          ${values.unitCost}, ${values.remarks})`,
  );
}

export type GoodsReceiptRow = {
  id: string;
  grn_number: string | null;
  po_id: string | null;
  location_id: string;
  location_code: string;
  location_name: string;
  status: 'pending' | 'partial' | 'completed' | 'rejected';
  invoice_no: string | null;
  delivery_note: string | null;
  note: string | null;
  received_by: string | null;
  receiver_first: string | null;
  receiver_last: string | null;
  receiver_email: string | null;
  received_at: Date | string;
};

export async function goodsReceiptRows(db: DbOrTx, poId: string): Promise<GoodsReceiptRow[]> {
  return rows<GoodsReceiptRow>(
    db,
    sql`select g.id, g.grn_number, g.po_id, g.location_id, l.code as location_code, l.name as location_name, g.status,
               g.invoice_no, g.delivery_note, g.note, g.received_by, u.first_name as receiver_first,
               u.last_name as receiver_last, u.email as receiver_email, g.received_at
        from proc_goods_receipts g join proc_locations l on l.id = g.location_id left join users u on u.id = g.received_by
        where g.po_id = ${poId} order by g.received_at, g.id`,
  );
}

export type GoodsReceiptLineRow = {
  id: string;
  goods_receipt_id: string;
  po_line_id: string | null;
  item_id: string;
  item_name: string;
  qty_received: string;
  unit_cost: string | null;
  batch_no: string | null;
  expiry_date: string | null;
};

export async function goodsReceiptLineRows(db: DbOrTx, receiptIds: readonly string[]): Promise<GoodsReceiptLineRow[]> {
  if (receiptIds.length === 0) return [];
  return rows<GoodsReceiptLineRow>(
    db,
    sql`select gl.id, gl.goods_receipt_id, gl.po_line_id, gl.item_id, i.name as item_name, gl.qty_received, gl.unit_cost,
               b.batch_no, b.expiry_date::text as expiry_date
        from proc_goods_receipt_lines gl join proc_items i on i.id = gl.item_id
        left join proc_item_batches b on b.id = gl.batch_id
        where gl.goods_receipt_id = any(${uuidArray(receiptIds)})
        order by gl.goods_receipt_id, gl.id`,
  );
}
