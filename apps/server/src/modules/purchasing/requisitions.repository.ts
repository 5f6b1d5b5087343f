import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { uuidArray } from './purchasing.repository';

/** Requisitions' SQL (issue #16 item 3, ADR 0013); the shared helpers are in purchasing.repository.ts. */

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
