import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { DEFAULT_APPROVAL_THRESHOLD } from '../../db/schema/index';

/**
 * Purchasing's SQL (issue #16 items 3–5, ADR 0013). Every counter that guards a rule (document
 * numbers, received quantities, state changes) changes in one conditional statement, never by
 * reading, deciding in JavaScript and writing.
 */

type Row = Record<string, unknown>;

/** Rows of db.execute on either driver (node-postgres answers { rows }, PGlite an object with rows). */
export async function rows<T = Row>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

const uuidArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

// ── Look-ups ───────────────────────────────────────────────────────────────────────────────

export type DepartmentRef = {
  id: string;
  code: string;
  name: string;
  is_archived: boolean;
  approval_threshold: string;
};

export async function findDepartment(db: DbOrTx, id: string): Promise<DepartmentRef | null> {
  const [row] = await rows<DepartmentRef>(
    db,
    sql`select id, code, name, is_archived, approval_threshold from proc_departments where id = ${id}`,
  );
  return row ?? null;
}

export type ItemRef = { id: string; sku: string; name: string; uom: string; is_asset: boolean };

export async function findItems(db: DbOrTx, ids: readonly string[]): Promise<ItemRef[]> {
  if (ids.length === 0) return [];
  return rows<ItemRef>(db, sql`select id, sku, name, uom, is_asset from proc_items where id = any(${uuidArray(ids)})`);
}

/** The latest unit price each item was ordered at (not on cancelled orders): a requisition's estimate. */
export async function lastOrderPrices(db: DbOrTx, itemIds: readonly string[]): Promise<Map<string, string>> {
  if (itemIds.length === 0) return new Map();
  const found = await rows<{ item_id: string; unit_price: string }>(
    db,
    sql`select distinct on (l.item_id) l.item_id, l.unit_price
        from proc_purchase_order_lines l join proc_purchase_orders o on o.id = l.po_id
        where l.item_id = any(${uuidArray(itemIds)}) and o.status <> 'cancelled'
        order by l.item_id, o.created_at desc`,
  );
  return new Map(found.map((r) => [r.item_id, r.unit_price]));
}

export type SupplierRef = { id: string; name: string; email: string | null };

export async function findSupplier(db: DbOrTx, id: string): Promise<SupplierRef | null> {
  const [row] = await rows<SupplierRef>(db, sql`select id, name, email from proc_suppliers where id = ${id}`);
  return row ?? null;
}

export type LocationRef = { id: string; code: string; name: string };

export async function findLocation(db: DbOrTx, id: string): Promise<LocationRef | null> {
  const [row] = await rows<LocationRef>(db, sql`select id, code, name from proc_locations where id = ${id}`);
  return row ?? null;
}

// ── Requisitions ───────────────────────────────────────────────────────────────────────────

export type RequisitionRow = {
  id: string;
  req_number: string | null;
  requester_id: string;
  requester_first: string | null;
  requester_last: string | null;
  requester_email: string | null;
  department_id: string;
  department_code: string;
  department_name: string;
  approval_threshold: string;
  status: 'draft' | 'submitted' | 'approved' | 'rejected' | 'ordered';
  needed_by_date: string | null;
  note: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  submitted_at: Date | string | null;
  decided_by: string | null;
  decider_first: string | null;
  decider_last: string | null;
  decider_email: string | null;
  decided_at: Date | string | null;
  decision_note: string | null;
};

export type RequisitionLineRow = {
  id: string;
  requisition_id: string;
  item_id: string;
  sku: string;
  name: string;
  uom: string;
  qty_requested: string;
  qty_ordered: string;
  est_unit_price: string;
  line_no: number;
};

const requisitionSelect = sql`
  select r.id, r.req_number, r.requester_id, ru.first_name as requester_first, ru.last_name as requester_last,
         ru.email as requester_email, r.department_id, d.code as department_code, d.name as department_name,
         d.approval_threshold, r.status, r.needed_by_date::text as needed_by_date, r.note, r.created_at,
         r.updated_at, r.submitted_at, r.decided_by, du.first_name as decider_first, du.last_name as decider_last,
         du.email as decider_email, r.decided_at, r.decision_note
  from proc_requisitions r
  join users ru on ru.id = r.requester_id
  join proc_departments d on d.id = r.department_id
  left join users du on du.id = r.decided_by`;

export type RequisitionFilter = {
  status?: string | undefined;
  departmentId?: string | undefined;
  /** A department manager: their own requisitions and, when known, those of their department. */
  visibleTo?: { userId: string; departmentId: string | null } | undefined;
  ids?: readonly string[];
};

export async function listRequisitionRows(
  db: DbOrTx,
  filter: RequisitionFilter,
  limit = 500,
): Promise<RequisitionRow[]> {
  const conditions: SQL[] = [sql`true`];
  if (filter.status) conditions.push(sql`r.status = ${filter.status}`);
  if (filter.departmentId) conditions.push(sql`r.department_id = ${filter.departmentId}`);
  if (filter.ids) conditions.push(sql`r.id = any(${uuidArray(filter.ids)})`);
  if (filter.visibleTo) {
    const { userId, departmentId } = filter.visibleTo;
    conditions.push(
      departmentId
        ? sql`(r.requester_id = ${userId} or r.department_id = ${departmentId})`
        : sql`r.requester_id = ${userId}`,
    );
  }
  return rows<RequisitionRow>(
    db,
    sql`${requisitionSelect} where ${sql.join(conditions, sql` and `)} order by r.created_at desc, r.id limit ${limit}`,
  );
}

export async function requisitionLineRows(
  db: DbOrTx,
  requisitionIds: readonly string[],
): Promise<RequisitionLineRow[]> {
  if (requisitionIds.length === 0) return [];
  return rows<RequisitionLineRow>(
    db,
    sql`select l.id, l.requisition_id, l.item_id, i.sku, i.name, i.uom, l.qty_requested, l.qty_ordered,
               l.est_unit_price, l.line_no
        from proc_requisition_lines l join proc_items i on i.id = l.item_id
        where l.requisition_id = any(${uuidArray(requisitionIds)})
        order by l.requisition_id, l.line_no, l.id`,
  );
}

/** The requisition's bare row, locked for the rest of the transaction when `lock`. */
export async function requisitionHead(
  db: DbOrTx,
  id: string,
  lock = false,
): Promise<{ id: string; requester_id: string; department_id: string; status: RequisitionRow['status'] } | null> {
  const [row] = await rows<{
    id: string;
    requester_id: string;
    department_id: string;
    status: RequisitionRow['status'];
  }>(
    db,
    sql`select id, requester_id, department_id, status from proc_requisitions where id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return row ?? null;
}

export type NewRequisitionLine = { itemId: string; qtyRequested: string; estUnitPrice: string };

export async function insertRequisition(
  tx: DbOrTx,
  values: {
    reqNumber: string;
    requesterId: string;
    departmentId: string;
    neededByDate: string | null;
    note: string | null;
  },
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into proc_requisitions (req_number, requester_id, department_id, needed_by_date, note)
        values (${values.reqNumber}, ${values.requesterId}, ${values.departmentId}, ${values.neededByDate}, ${values.note})
        returning id`,
  );
  return (row as { id: string }).id;
}

export async function replaceRequisitionLines(
  tx: DbOrTx,
  requisitionId: string,
  lines: NewRequisitionLine[],
): Promise<void> {
  await tx.execute(sql`delete from proc_requisition_lines where requisition_id = ${requisitionId}`);
  if (lines.length === 0) return;
  await tx.execute(
    sql`insert into proc_requisition_lines (requisition_id, item_id, qty_requested, est_unit_price, line_no)
        values ${sql.join(
          lines.map(
            (l, index) => sql`(${requisitionId}, ${l.itemId}, ${l.qtyRequested}, ${l.estUnitPrice}, ${index + 1})`,
          ),
          sql`, `,
        )}`,
  );
}

export async function updateRequisitionHead(
  tx: DbOrTx,
  id: string,
  values: { departmentId: string; neededByDate: string | null; note: string | null },
): Promise<void> {
  await tx.execute(
    sql`update proc_requisitions set department_id = ${values.departmentId}, needed_by_date = ${values.neededByDate},
          note = ${values.note}, updated_at = now() where id = ${id}`,
  );
}

/**
 * Moves a requisition from one of `from` to `to` in one conditional statement: true when it moved,
 * false when it was no longer in one of those states (a concurrent decision, a withdrawal).
 */
export async function transitionRequisition(
  db: DbOrTx,
  id: string,
  from: readonly string[],
  to: string,
  extra: { decidedBy?: string | null; decisionNote?: string | null; submitted?: boolean; clearDecision?: boolean } = {},
): Promise<boolean> {
  const sets: SQL[] = [sql`status = ${to}`, sql`updated_at = now()`];
  if (extra.decidedBy !== undefined) sets.push(sql`decided_by = ${extra.decidedBy}`, sql`decided_at = now()`);
  if (extra.decisionNote !== undefined) sets.push(sql`decision_note = ${extra.decisionNote}`);
  if (extra.submitted) sets.push(sql`submitted_at = now()`);
  if (extra.clearDecision) sets.push(sql`decided_by = null`, sql`decided_at = null`, sql`decision_note = null`);
  const changed = await rows(
    db,
    sql`update proc_requisitions set ${sql.join(sets, sql`, `)}
        where id = ${id} and status in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )}) returning id`,
  );
  return changed.length > 0;
}

export async function deleteDraftRequisition(db: DbOrTx, id: string): Promise<boolean> {
  const deleted = await rows(db, sql`delete from proc_requisitions where id = ${id} and status = 'draft' returning id`);
  return deleted.length > 0;
}

export async function countRequisitionsAwaitingApproval(db: DbOrTx): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from proc_requisitions where status = 'submitted'`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Recomputes each line's ordered quantity from the order lines that fill it on orders that went
 * out (sent, confirmed, delivered), then the status: `ordered` when every line is fully ordered,
 * back to `approved` otherwise. The caller holds the requisitions' row locks.
 */
export async function recomputeRequisitionsOrdered(tx: DbOrTx, requisitionIds: readonly string[]): Promise<void> {
  if (requisitionIds.length === 0) return;
  const ids = uuidArray(requisitionIds);
  await tx.execute(
    sql`update proc_requisition_lines l set qty_ordered = coalesce((
          select sum(pl.qty_ordered) from proc_purchase_order_lines pl join proc_purchase_orders o on o.id = pl.po_id
          where pl.requisition_line_id = l.id and o.status in ('sent', 'confirmed', 'delivered')), 0)
        where l.requisition_id = any(${ids})`,
  );
  await tx.execute(
    sql`update proc_requisitions r
        set status = (case when exists (select 1 from proc_requisition_lines l
                                        where l.requisition_id = r.id and l.qty_ordered < l.qty_requested)
                      then 'approved' else 'ordered' end)::proc_requisition_status,
            updated_at = now()
        where r.id = any(${ids}) and r.status in ('approved', 'ordered')`,
  );
}

/** Locks requisitions (in id order, so two transactions never deadlock) and returns their heads. */
export async function lockRequisitions(
  tx: DbOrTx,
  ids: readonly string[],
): Promise<Array<{ id: string; status: string; department_id: string; req_number: string | null }>> {
  if (ids.length === 0) return [];
  return rows(
    tx,
    sql`select id, status, department_id, req_number from proc_requisitions where id = any(${uuidArray(ids)}) order by id for update`,
  );
}

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

// ── Settings ───────────────────────────────────────────────────────────────────────────────

export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await rows<{ value: unknown }>(db, sql`select value from proc_settings where key = ${key}`);
  return row?.value;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown, userId: string): Promise<void> {
  await db.execute(
    sql`insert into proc_settings (key, value, updated_by) values (${key}, ${JSON.stringify(value)}::jsonb, ${userId})
        on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`,
  );
}

/** Items at or under their reorder point at some location that holds them (the dashboard card). */
export async function countItemsToReorder(db: DbOrTx): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(distinct s.item_id)::int as n from proc_stock_levels s join proc_items i on i.id = s.item_id
        where s.on_hand_qty <= i.reorder_point and i.reorder_point > 0`,
  );
  return Number(row?.n ?? 0);
}

// ── Look-up lists for the purchasing forms ─────────────────────────────────────────────────

export async function lookupLists(db: DbOrTx): Promise<{
  departments: Array<{ id: string; code: string; name: string; approval_threshold: string }>;
  suppliers: Array<{ id: string; name: string; email: string | null }>;
  locations: Array<{ id: string; code: string; name: string }>;
}> {
  return {
    departments: await rows(
      db,
      sql`select id, code, name, approval_threshold from proc_departments where not is_archived order by lower(name), id limit 1000`,
    ),
    suppliers: await rows(db, sql`select id, name, email from proc_suppliers order by lower(name), id limit 1000`),
    locations: await rows(db, sql`select id, code, name from proc_locations order by code, id limit 1000`),
  };
}

/** Items whose SKU, name or barcode contains `term` (the line pickers), at most `limit`. */
export async function searchItems(db: DbOrTx, term: string, limit: number): Promise<ItemRef[]> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rows<ItemRef>(
    db,
    sql`select id, sku, name, uom from proc_items
        where ${term ? sql`(sku ilike ${pattern} or name ilike ${pattern} or barcode ilike ${pattern})` : sql`true`}
        order by lower(name), id limit ${limit}`,
  );
}

// ── Purchasing settings: department managers and approval thresholds ─────────────────────

export type DepartmentManagerRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  proc_department_id: string | null;
  department_name: string | null;
};

/** Active department managers (one when `userId` is given) with the procurement department each runs. */
export async function departmentManagerRows(db: DbOrTx, userId?: string): Promise<DepartmentManagerRow[]> {
  return rows<DepartmentManagerRow>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email, u.proc_department_id, d.name as department_name
        from users u left join proc_departments d on d.id = u.proc_department_id
        where u.role = 'department_manager' and u.is_active ${userId ? sql`and u.id = ${userId}` : sql``}
        order by lower(coalesce(u.first_name, '')), lower(coalesce(u.last_name, '')), u.id limit 1000`,
  );
}

export async function setUserProcDepartment(db: DbOrTx, userId: string, departmentId: string | null): Promise<void> {
  await db.execute(
    sql`update users set proc_department_id = ${departmentId}, updated_at = now()
        where id = ${userId} and role = 'department_manager'`,
  );
}

/** The procurement department a user runs (users.proc_department_id), or null. */
export async function procDepartmentOfUser(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await rows<{ d: string | null }>(
    db,
    sql`select proc_department_id as d from users where id = ${userId}`,
  );
  return row?.d ?? null;
}

/** Sets a department's approval threshold; the row with the amount before, or null when not found. */
export async function updateApprovalThreshold(
  db: DbOrTx,
  departmentId: string,
  amount: string,
): Promise<{ id: string; code: string; name: string; approval_threshold: string; before: string } | null> {
  const [row] = await rows<{ id: string; code: string; name: string; approval_threshold: string; before: string }>(
    db,
    sql`update proc_departments d set approval_threshold = ${amount}, updated_at = now()
        from (select id, approval_threshold as before from proc_departments where id = ${departmentId} for update) old
        where d.id = old.id
        returning d.id, d.code, d.name, d.approval_threshold::text as approval_threshold, old.before::text as before`,
  );
  return row ?? null;
}
