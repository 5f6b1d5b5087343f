import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { userName } from './jobs-common.repository';

/**
 * An item's current unit cost: its latest batch with a cost (a goods receipt records it), else the
 * last price it was ordered at, else 0.
 */
export function unitCostSql(itemId: SQL): SQL {
  return sql`coalesce(
    (select bt.unit_cost from proc_item_batches bt where bt.item_id = ${itemId} and bt.unit_cost is not null
      order by bt.created_at desc, bt.id desc limit 1),
    (select l.unit_price from proc_purchase_order_lines l join proc_purchase_orders o on o.id = l.po_id
      where l.item_id = ${itemId} and o.status <> 'cancelled' order by o.created_at desc limit 1),
    0)::text`;
}

export async function currentUnitCost(db: DbOrTx, itemId: string): Promise<string> {
  const [row] = await rows<{ unit_cost: string }>(db, sql`select ${unitCostSql(sql`${itemId}::uuid`)} as unit_cost`);
  return row?.unit_cost ?? '0';
}

// ── Materials and cost ───────────────────────────────────────────────────────────────────

/** Issued − returned of an item on a job. */
export async function outstandingQty(tx: DbOrTx, jobId: string, itemId: string): Promise<string> {
  const [row] = await rows<{ qty: string }>(
    tx,
    sql`select (coalesce((select sum(qty_issued) from proc_wip_issues where job_id = ${jobId} and item_id = ${itemId}), 0)
          - coalesce((select sum(qty_returned) from proc_wip_returns where job_id = ${jobId} and item_id = ${itemId}), 0))::text as qty`,
  );
  return row?.qty ?? '0';
}

export async function lastIssueUnitCost(tx: DbOrTx, jobId: string, itemId: string): Promise<string> {
  const [row] = await rows<{ unit_cost: string }>(
    tx,
    sql`select unit_cost::text from proc_wip_issues where job_id = ${jobId} and item_id = ${itemId}
        order by issued_at desc, id desc limit 1`,
  );
  return row?.unit_cost ?? '0';
}

export type MaterialValues = {
  jobId: string;
  itemId: string;
  locationId: string;
  qty: string;
  unitCost: string;
  by: string;
  notes: string | null;
};

export async function insertWipIssue(tx: DbOrTx, v: MaterialValues): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into proc_wip_issues (job_id, item_id, location_id, qty_issued, unit_cost, issued_by, notes)
        values (${v.jobId}, ${v.itemId}, ${v.locationId}, ${v.qty}, ${v.unitCost}, ${v.by}, ${v.notes})
        returning id`,
  );
  return (row as { id: string }).id;
}

export async function insertWipReturn(tx: DbOrTx, v: MaterialValues): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into proc_wip_returns (job_id, item_id, location_id, qty_returned, unit_cost, returned_by, notes)
        values (${v.jobId}, ${v.itemId}, ${v.locationId}, ${v.qty}, ${v.unitCost}, ${v.by}, ${v.notes})
        returning id`,
  );
  return (row as { id: string }).id;
}

export type MaterialRow = {
  id: string;
  kind: 'issue' | 'return';
  item_id: string;
  sku: string;
  item_name: string;
  location_id: string;
  location_code: string;
  qty: string;
  unit_cost: string;
  by_name: string | null;
  at: Date | string;
  notes: string | null;
};

export async function materialRows(db: DbOrTx, jobId: string): Promise<MaterialRow[]> {
  return rows<MaterialRow>(
    db,
    sql`select m.*, i.sku, i.name as item_name, l.code as location_code, ${userName('u')} as by_name from (
          select id, 'issue' as kind, item_id, location_id, qty_issued::text as qty, unit_cost::text as unit_cost,
            issued_by as by_user, issued_at as at, notes
          from proc_wip_issues where job_id = ${jobId}
          union all
          select id, 'return', item_id, location_id, qty_returned::text, unit_cost::text, returned_by, returned_at, notes
          from proc_wip_returns where job_id = ${jobId}
        ) m join proc_items i on i.id = m.item_id join proc_locations l on l.id = m.location_id
        left join users u on u.id = m.by_user
        order by m.at, m.kind`,
  );
}

/** The rows the actual cost is computed from (in cents, in the service). */
export async function costRows(
  db: DbOrTx,
  jobId: string,
): Promise<{
  issues: Array<{ qty: string; unit_cost: string }>;
  returns: Array<{ qty: string; unit_cost: string }>;
  actualHours: string;
}> {
  const issues = await rows<{ qty: string; unit_cost: string }>(
    db,
    sql`select qty_issued::text as qty, unit_cost::text from proc_wip_issues where job_id = ${jobId}`,
  );
  const returns = await rows<{ qty: string; unit_cost: string }>(
    db,
    sql`select qty_returned::text as qty, unit_cost::text from proc_wip_returns where job_id = ${jobId}`,
  );
  const [hours] = await rows<{ hours: string }>(
    db,
    sql`select coalesce(sum(actual_hours), 0)::text as hours from proc_trade_job_steps where job_id = ${jobId}`,
  );
  return { issues, returns, actualHours: hours?.hours ?? '0' };
}

// ── Delivery ─────────────────────────────────────────────────────────────────────────────

export type DeliveryRow = {
  id: string;
  delivery_no: string;
  delivered_by_name: string | null;
  delivered_to: string;
  delivery_date: Date | string;
  acceptance_name: string;
  acceptance_signature_url: string;
  notes: string | null;
};

export async function deliveryRow(db: DbOrTx, jobId: string): Promise<DeliveryRow | null> {
  const [row] = await rows<DeliveryRow>(
    db,
    sql`select t.id, t.delivery_no, t.delivered_to, t.delivery_date, t.acceptance_name, t.acceptance_signature_url, t.notes,
          ${userName('u')} as delivered_by_name
        from proc_trade_deliveries t left join users u on u.id = t.delivered_by
        where t.job_id = ${jobId}`,
  );
  return row ?? null;
}

/** The delivery date is stored at noon of that day, so no time zone moves it to another day. */
export async function insertDelivery(
  tx: DbOrTx,
  v: {
    jobId: string;
    deliveryNo: string;
    by: string;
    deliveredTo: string;
    date: string;
    acceptanceName: string;
    signature: string;
    notes: string | null;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into proc_trade_deliveries (job_id, delivery_no, delivered_by, delivered_to, delivery_date, acceptance_name,
          acceptance_signature_url, notes)
        values (${v.jobId}, ${v.deliveryNo}, ${v.by}, ${v.deliveredTo}, ${v.date}::date + time '12:00',
          ${v.acceptanceName}, ${v.signature}, ${v.notes})`,
  );
}
