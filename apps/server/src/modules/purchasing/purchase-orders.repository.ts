import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { DEFAULT_APPROVAL_THRESHOLD } from '../../db/schema/index';
import { uuidArray } from './purchasing.repository';

/** Purchase orders' SQL (issue #16 item 4, ADR 0013): state changes are conditional UPDATEs. */

// ── Purchase orders ────────────────────────────────────────────────────────────────────────

export type PurchaseOrderRow = {
  id: string;
  po_number: string;
  supplier_id: string;
  supplier_name: string;
  supplier_email: string | null;
  supplier_address: string | null;
  requester_id: string | null;
  department_id: string | null;
  department_name: string | null;
  status: 'draft' | 'sent' | 'confirmed' | 'delivered' | 'cancelled';
  needed_by_date: string | null;
  delivery_location_id: string | null;
  delivery_location_code: string | null;
  delivery_location_name: string | null;
  currency: string;
  totals_json: { subtotal: string; tax: string; total: string } | null;
  note: string | null;
  created_at: Date | string;
  creator_first: string | null;
  creator_last: string | null;
  creator_email: string | null;
  sent_at: Date | string | null;
  confirmed_at: Date | string | null;
  delivered_at: Date | string | null;
  cancelled_at: Date | string | null;
  cancel_reason: string | null;
  requisition_ids: string[] | null;
  approval_threshold: string;
  approved_at: Date | string | null;
  approver_first: string | null;
  approver_last: string | null;
  approver_email: string | null;
};

const purchaseOrderSelect = sql`
  select o.id, o.po_number, o.supplier_id, s.name as supplier_name, s.email as supplier_email,
         s.address as supplier_address, o.requester_id, o.department_id, d.name as department_name, o.status,
         o.needed_by_date::text as needed_by_date, o.delivery_location_id, dl.code as delivery_location_code,
         dl.name as delivery_location_name, o.currency, o.totals_json, o.note, o.created_at,
         cu.first_name as creator_first, cu.last_name as creator_last, cu.email as creator_email,
         o.sent_at, o.confirmed_at, o.delivered_at, o.cancelled_at, o.cancel_reason,
         coalesce(d.approval_threshold, ${DEFAULT_APPROVAL_THRESHOLD}::numeric)::text as approval_threshold,
         o.approved_at, au.first_name as approver_first, au.last_name as approver_last, au.email as approver_email,
         (select array_agg(distinct rl.requisition_id::text) from proc_purchase_order_lines pl
            join proc_requisition_lines rl on rl.id = pl.requisition_line_id where pl.po_id = o.id) as requisition_ids
  from proc_purchase_orders o
  join proc_suppliers s on s.id = o.supplier_id
  left join proc_departments d on d.id = o.department_id
  left join proc_locations dl on dl.id = o.delivery_location_id
  left join users cu on cu.id = o.created_by
  left join users au on au.id = o.approved_by`;

export async function listPurchaseOrderRows(
  db: DbOrTx,
  filter: { status?: string | undefined; supplierId?: string | undefined; ids?: readonly string[] },
  limit = 500,
): Promise<PurchaseOrderRow[]> {
  const conditions: SQL[] = [sql`true`];
  if (filter.status) conditions.push(sql`o.status = ${filter.status}`);
  if (filter.supplierId) conditions.push(sql`o.supplier_id = ${filter.supplierId}`);
  if (filter.ids) conditions.push(sql`o.id = any(${uuidArray(filter.ids)})`);
  return rows<PurchaseOrderRow>(
    db,
    sql`${purchaseOrderSelect} where ${sql.join(conditions, sql` and `)} order by o.created_at desc, o.id limit ${limit}`,
  );
}

export type PurchaseOrderLineRow = {
  id: string;
  po_id: string;
  line_no: number;
  item_id: string | null;
  sku: string | null;
  name: string | null;
  is_asset: boolean | null;
  uom: string | null;
  description: string | null;
  qty_ordered: string;
  qty_received: string;
  unit_price: string;
  tax_rate: string;
  line_total: string;
  requisition_line_id: string | null;
};

export async function purchaseOrderLineRows(db: DbOrTx, poId: string): Promise<PurchaseOrderLineRow[]> {
  return rows<PurchaseOrderLineRow>(
    db,
    sql`select l.id, l.po_id, l.line_no, l.item_id, i.sku, i.name, i.is_asset, i.uom, l.description, l.qty_ordered, l.qty_received,
               l.unit_price, l.tax_rate, l.line_total, l.requisition_line_id
        from proc_purchase_order_lines l left join proc_items i on i.id = l.item_id
        where l.po_id = ${poId} order by l.line_no, l.id`,
  );
}

export async function purchaseOrderHead(
  db: DbOrTx,
  id: string,
  lock = false,
): Promise<{ id: string; status: PurchaseOrderRow['status']; supplier_id: string; po_number: string } | null> {
  const [row] = await rows<{ id: string; status: PurchaseOrderRow['status']; supplier_id: string; po_number: string }>(
    db,
    sql`select id, status, supplier_id, po_number from proc_purchase_orders where id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return row ?? null;
}

export type NewPurchaseOrderLine = {
  itemId: string;
  description: string | null;
  qtyOrdered: string;
  unitPrice: string;
  taxRate: string;
  lineTotal: string;
  requisitionLineId: string | null;
};

export async function insertPurchaseOrder(
  tx: DbOrTx,
  values: {
    poNumber: string;
    supplierId: string;
    requesterId: string | null;
    departmentId: string | null;
    neededByDate: string | null;
    deliveryLocationId: string | null;
    currency: string;
    totals: { subtotal: string; tax: string; total: string };
    note: string | null;
    createdBy: string;
  },
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into proc_purchase_orders (po_number, supplier_id, requester_id, department_id, needed_by_date,
          delivery_location_id, currency, totals_json, note, created_by)
        values (${values.poNumber}, ${values.supplierId}, ${values.requesterId}, ${values.departmentId},
          ${values.neededByDate}, ${values.deliveryLocationId}, ${values.currency}, ${JSON.stringify(values.totals)}::jsonb,
          ${values.note}, ${values.createdBy})
        returning id`,
  );
  return (row as { id: string }).id;
}

export async function replacePurchaseOrderLines(
  tx: DbOrTx,
  poId: string,
  lines: NewPurchaseOrderLine[],
): Promise<void> {
  await tx.execute(sql`delete from proc_purchase_order_lines where po_id = ${poId}`);
  if (lines.length === 0) return;
  await tx.execute(
    sql`insert into proc_purchase_order_lines (po_id, item_id, description, qty_ordered, unit_price, tax_rate, line_total,
          requisition_line_id, line_no)
        values ${sql.join(
          lines.map(
            (l, index) =>
              sql`(${poId}, ${l.itemId}, ${l.description}, ${l.qtyOrdered}, ${l.unitPrice}, ${l.taxRate}, ${l.lineTotal},
                   ${l.requisitionLineId}, ${index + 1})`,
          ),
          sql`, `,
        )}`,
  );
}

export async function updatePurchaseOrderHead(
  tx: DbOrTx,
  id: string,
  values: {
    supplierId: string;
    departmentId: string | null;
    neededByDate: string | null;
    deliveryLocationId: string | null;
    currency: string;
    totals: { subtotal: string; tax: string; total: string };
    note: string | null;
  },
): Promise<void> {
  await tx.execute(
    sql`update proc_purchase_orders set supplier_id = ${values.supplierId}, department_id = ${values.departmentId},
          needed_by_date = ${values.neededByDate}, delivery_location_id = ${values.deliveryLocationId},
          currency = ${values.currency},
          totals_json = ${JSON.stringify(values.totals)}::jsonb, note = ${values.note}, updated_at = now(),
          approved_by = null, approved_at = null
        where id = ${id}`,
  );
}

/**
 * Issue #30 item 6: what deciding on an order's approval needs, its row locked for the rest of the
 * transaction: its total (cents as a decimal string), its department's threshold (the default
 * without a department), who created it and whether it is approved.
 */
export async function lockOrderForApproval(
  tx: DbOrTx,
  id: string,
): Promise<{
  status: PurchaseOrderRow['status'];
  total: string;
  threshold: string;
  created_by: string | null;
  approved_at: Date | string | null;
} | null> {
  const [row] = await rows<{
    status: PurchaseOrderRow['status'];
    total: string;
    threshold: string;
    created_by: string | null;
    approved_at: Date | string | null;
  }>(
    tx,
    sql`select o.status, coalesce(o.totals_json->>'total', '0') as total,
               coalesce((select d.approval_threshold from proc_departments d where d.id = o.department_id),
                        ${DEFAULT_APPROVAL_THRESHOLD}::numeric)::text as threshold,
               o.created_by, o.approved_at
        from proc_purchase_orders o where o.id = ${id} for update of o`,
  );
  return row ?? null;
}

/** Records the approval of a draft order; false when it is no longer a draft. */
export async function approvePurchaseOrderRow(tx: DbOrTx, id: string, by: string): Promise<boolean> {
  const changed = await rows(
    tx,
    sql`update proc_purchase_orders set approved_by = ${by}, approved_at = now(), updated_at = now()
        where id = ${id} and status = 'draft' returning id`,
  );
  return changed.length > 0;
}

/**
 * Issue #30 item 6: requisition lines whose orders that went out add up to more than was approved
 * (checked after an order is sent, in its transaction, under the requisitions' locks).
 */
export async function overOrderedRequisitionLines(
  tx: DbOrTx,
  requisitionIds: readonly string[],
): Promise<
  Array<{ req_number: string | null; name: string; uom: string; qty_requested: string; qty_ordered: string }>
> {
  if (requisitionIds.length === 0) return [];
  return rows(
    tx,
    sql`select r.req_number, i.name, i.uom, l.qty_requested, l.qty_ordered
        from proc_requisition_lines l join proc_requisitions r on r.id = l.requisition_id
        join proc_items i on i.id = l.item_id
        where l.requisition_id = any(${uuidArray(requisitionIds)}) and l.qty_ordered > l.qty_requested
        order by r.req_number, l.line_no`,
  );
}

export type OrderStamp =
  | { kind: 'sent'; by: string }
  | { kind: 'confirmed' }
  | { kind: 'cancelled'; by: string; reason: string | null };

/** One conditional state change of an order; false when it was not in one of `from`. */
export async function transitionPurchaseOrder(
  db: DbOrTx,
  id: string,
  from: readonly string[],
  stamp: OrderStamp,
): Promise<boolean> {
  const sets: SQL[] = [sql`status = ${stamp.kind}`, sql`updated_at = now()`];
  if (stamp.kind === 'sent') sets.push(sql`sent_at = now()`, sql`sent_by = ${stamp.by}`);
  if (stamp.kind === 'confirmed') sets.push(sql`confirmed_at = now()`);
  if (stamp.kind === 'cancelled') {
    sets.push(sql`cancelled_at = now()`, sql`cancelled_by = ${stamp.by}`, sql`cancel_reason = ${stamp.reason}`);
  }
  const changed = await rows(
    db,
    sql`update proc_purchase_orders set ${sql.join(sets, sql`, `)}
        where id = ${id} and status in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )}) returning id`,
  );
  return changed.length > 0;
}

/** Requisition ids the order's lines fill. */
export async function requisitionIdsOfOrder(db: DbOrTx, poId: string): Promise<string[]> {
  const found = await rows<{ requisition_id: string }>(
    db,
    sql`select distinct rl.requisition_id from proc_purchase_order_lines pl
        join proc_requisition_lines rl on rl.id = pl.requisition_line_id where pl.po_id = ${poId}`,
  );
  return found.map((r) => r.requisition_id);
}

export async function receivedSoFar(db: DbOrTx, poId: string): Promise<string> {
  const [row] = await rows<{ q: string }>(
    db,
    sql`select coalesce(sum(qty_received), 0)::text as q from proc_purchase_order_lines where po_id = ${poId}`,
  );
  return row?.q ?? '0';
}

export async function countOrdersAwaitingDelivery(db: DbOrTx): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from proc_purchase_orders where status in ('sent', 'confirmed')`,
  );
  return Number(row?.n ?? 0);
}
