import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { procIssues, procStockCountLines, procStockCounts, procTransfers, users } from '../../db/schema/index';

/**
 * Stores reads and documents (issue #16 items 2, 6, 7): stock per location, the ledger, batches,
 * counts, issues, transfers and the reorder list. `departmentId` scopes a department manager to
 * their department's locations (null = everything).
 */

export type Scope = { departmentId: string | null };

/** The reorder list answers at most this many rows (narrow by location for more). */
export const REORDER_LIMIT = 1000;

const inScope = (scope: Scope, locationColumn: ReturnType<typeof sql>) =>
  scope.departmentId === null
    ? sql`true`
    : sql`${locationColumn} in (select id from proc_locations where department_id = ${scope.departmentId})`;

export async function procDepartmentOf(db: DbOrTx, userId: string): Promise<string | null> {
  const rows = await db
    .select({ departmentId: users.procDepartmentId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0]?.departmentId ?? null;
}

// ---- Stock ----

export type StockRow = {
  item_id: string;
  sku: string;
  item_name: string;
  uom: string;
  location_id: string;
  location_code: string;
  location_name: string;
  on_hand_qty: string;
  reserved_qty: string;
  reorder_point: string;
  at_reorder_point: boolean;
  next_expiry: string | null;
  updated_at: Date | string;
  total: string;
};

export async function stockLevels(
  db: DbOrTx,
  filter: {
    locationId?: string | undefined;
    itemId?: string | undefined;
    search?: string | undefined;
    onlyHeld: boolean;
  },
  scope: Scope,
  page: { offset: number; limit: number },
): Promise<StockRow[]> {
  const term = filter.search?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, '\\$&')}%` : null;
  // The filtered levels first (materialized): otherwise the planner walks every item in SKU order
  // probing each for this location (283 ms for 100,000 items; bench/stores). The soonest expiry is
  // looked up for the page's rows only.
  const result = await db.execute(sql`
    with lv as materialized (
      select l.item_id, i.sku, i.name as item_name, i.uom, l.location_id, loc.code as location_code, loc.name as location_name,
        l.on_hand_qty, l.reserved_qty, i.reorder_point, l.updated_at
      from proc_stock_levels l
      -- A lateral look-up by primary key per level (a hash join would read all 100,000 items).
      cross join lateral (select x.sku, x.name, x.uom, x.reorder_point from proc_items x where x.id = l.item_id limit 1) i
      join proc_locations loc on loc.id = l.location_id
      where ${filter.locationId ? sql`l.location_id = ${filter.locationId}` : sql`true`}
        and ${filter.itemId ? sql`l.item_id = ${filter.itemId}` : sql`true`}
        and ${filter.onlyHeld ? sql`l.on_hand_qty > 0` : sql`true`}
        and ${pattern ? sql`(i.sku ilike ${pattern} or i.name ilike ${pattern})` : sql`true`}
        and ${inScope(scope, sql`l.location_id`)}
    ), page as (
      select lv.*, count(*) over () as total from lv
      order by ${filter.locationId ? sql`upper(lv.sku)` : sql`upper(lv.location_code), upper(lv.sku)`}
      offset ${page.offset} limit ${page.limit}
    )
    select p.item_id, p.sku, p.item_name, p.uom, p.location_id, p.location_code, p.location_name,
      p.on_hand_qty::text, p.reserved_qty::text, p.reorder_point::text,
      (p.reorder_point > 0 and p.on_hand_qty <= p.reorder_point) as at_reorder_point,
      (select min(b.expiry_date)::text from proc_item_batches b where b.item_id = p.item_id and b.expiry_date is not null
         and exists (select 1 from proc_inventory_transactions t where t.batch_id = b.id and t.to_location_id = p.location_id)
         and p.on_hand_qty > 0) as next_expiry,
      p.updated_at, p.total
    from page p
    order by ${filter.locationId ? sql`upper(p.sku)` : sql`upper(p.location_code), upper(p.sku)`}`);
  return rowsOf<StockRow>(result);
}

export type MovementRow = {
  id: string;
  item_id: string;
  sku: string;
  item_name: string;
  from_location_id: string | null;
  from_location_code: string | null;
  to_location_id: string | null;
  to_location_code: string | null;
  qty: string;
  reason: string;
  ref_table: string | null;
  ref_id: string | null;
  batch_id: string | null;
  batch_no: string | null;
  expiry_date: string | null;
  note: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date | string;
};

/** Newest first, keyset-paged on (created_at, id). */
export async function movements(
  db: DbOrTx,
  filter: { itemId?: string | undefined; locationId?: string | undefined },
  scope: Scope,
  page: { before: { at: string; id: string } | null; limit: number },
): Promise<MovementRow[]> {
  const result = await db.execute(sql`
    select t.id, t.item_id, i.sku, i.name as item_name, t.from_location_id, fl.code as from_location_code,
      t.to_location_id, tl.code as to_location_code, t.qty::text, t.reason::text, t.ref_table, t.ref_id,
      t.batch_id, b.batch_no, b.expiry_date::text, t.note, t.created_by,
      nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as created_by_name, t.created_at
    from proc_inventory_transactions t
    join proc_items i on i.id = t.item_id
    left join proc_locations fl on fl.id = t.from_location_id
    left join proc_locations tl on tl.id = t.to_location_id
    left join proc_item_batches b on b.id = t.batch_id
    left join users u on u.id = t.created_by
    where ${filter.itemId ? sql`t.item_id = ${filter.itemId}` : sql`true`}
      and ${
        filter.locationId
          ? sql`(t.from_location_id = ${filter.locationId} or t.to_location_id = ${filter.locationId})`
          : sql`true`
      }
      and ${
        scope.departmentId === null
          ? sql`true`
          : sql`(${inScope(scope, sql`t.from_location_id`)} or ${inScope(scope, sql`t.to_location_id`)})`
      }
      and ${page.before ? sql`(t.created_at, t.id) < (${page.before.at}::timestamptz, ${page.before.id}::uuid)` : sql`true`}
    order by t.created_at desc, t.id desc
    limit ${page.limit}`);
  return rowsOf<MovementRow>(result);
}

export type BatchRow = {
  batch_id: string | null;
  batch_no: string | null;
  expiry_date: string | null;
  location_id: string;
  location_code: string;
  qty: string;
};

/** What each batch of an item holds per location (from the ledger), soonest expiry first. */
export async function batchBalances(db: DbOrTx, itemId: string, scope: Scope): Promise<BatchRow[]> {
  const result = await db.execute(sql`
    select m.batch_id, b.batch_no, b.expiry_date::text, m.location_id, loc.code as location_code, sum(m.qty)::numeric(14,3)::text as qty
    from (
      select batch_id, to_location_id as location_id, qty from proc_inventory_transactions where item_id = ${itemId} and to_location_id is not null
      union all
      select batch_id, from_location_id, -qty from proc_inventory_transactions where item_id = ${itemId} and from_location_id is not null
    ) m
    join proc_locations loc on loc.id = m.location_id
    left join proc_item_batches b on b.id = m.batch_id
    where ${inScope(scope, sql`m.location_id`)}
    group by m.batch_id, b.batch_no, b.expiry_date, b.created_at, m.location_id, loc.code
    having sum(m.qty) > 0
    order by b.expiry_date asc nulls last, b.created_at asc nulls last, loc.code`);
  return rowsOf<BatchRow>(result);
}

// ---- Counts ----

export async function insertCount(
  db: DbOrTx,
  values: { locationId: string; countedBy: string; note: string | null },
): Promise<string> {
  const [row] = await db.insert(procStockCounts).values(values).returning({ id: procStockCounts.id });
  return (row as { id: string }).id;
}

export async function insertCountLine(
  db: DbOrTx,
  values: { countId: string; itemId: string; bookQty: string; countedQty: string },
): Promise<void> {
  await db.insert(procStockCountLines).values(values);
}

export type CountRow = {
  id: string;
  location_id: string;
  location_code: string;
  counted_by: string | null;
  note: string | null;
  created_at: Date | string;
  lines: Array<{ item_id: string; sku: string; item_name: string; book_qty: string; counted_qty: string }>;
};

export async function counts(
  db: DbOrTx,
  filter: { id?: string; locationId?: string | undefined },
  scope: Scope,
): Promise<CountRow[]> {
  const result = await db.execute(sql`
    select c.id, c.location_id, loc.code as location_code, c.counted_by, c.note, c.created_at,
      coalesce((select json_agg(json_build_object('item_id', l.item_id, 'sku', i.sku, 'item_name', i.name,
          'book_qty', l.book_qty::text, 'counted_qty', l.counted_qty::text) order by i.sku)
        from proc_stock_count_lines l join proc_items i on i.id = l.item_id where l.count_id = c.id), '[]'::json) as lines
    from proc_stock_counts c join proc_locations loc on loc.id = c.location_id
    where ${filter.id ? sql`c.id = ${filter.id}` : sql`true`}
      and ${filter.locationId ? sql`c.location_id = ${filter.locationId}` : sql`true`}
      and ${inScope(scope, sql`c.location_id`)}
    order by c.created_at desc limit 200`);
  return rowsOf<CountRow>(result).map((r) => ({
    ...r,
    lines: typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines,
  }));
}

// ---- Issues ----

export type IssueRow = {
  id: string;
  item_id: string;
  sku: string;
  item_name: string;
  uom: string;
  location_id: string;
  location_code: string;
  department_id: string | null;
  department_name: string | null;
  qty: string;
  status: 'pending' | 'approved' | 'completed' | 'cancelled';
  note: string | null;
  requested_by: string | null;
  requested_by_name: string | null;
  approved_by: string | null;
  completed_at: Date | string | null;
  created_at: Date | string;
};

export async function issues(
  db: DbOrTx,
  filter: { id?: string; status?: string | undefined; departmentId?: string | undefined },
  scope: Scope,
): Promise<IssueRow[]> {
  const result = await db.execute(sql`
    select s.id, s.item_id, i.sku, i.name as item_name, i.uom, s.location_id, loc.code as location_code,
      s.department_id, d.name as department_name, s.qty::text, s.status::text, s.note, s.requested_by,
      nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as requested_by_name, s.approved_by,
      s.completed_at, s.created_at
    from proc_issues s
    join proc_items i on i.id = s.item_id
    join proc_locations loc on loc.id = s.location_id
    left join proc_departments d on d.id = s.department_id
    left join users u on u.id = s.requested_by
    where ${filter.id ? sql`s.id = ${filter.id}` : sql`true`}
      and ${filter.status ? sql`s.status = ${filter.status}` : sql`true`}
      and ${filter.departmentId ? sql`s.department_id = ${filter.departmentId}` : sql`true`}
      and ${scope.departmentId === null ? sql`true` : sql`s.department_id = ${scope.departmentId}`}
    order by s.created_at desc, s.id desc limit 500`);
  return rowsOf<IssueRow>(result);
}

export async function insertIssue(db: DbOrTx, values: typeof procIssues.$inferInsert): Promise<string> {
  const [row] = await db.insert(procIssues).values(values).returning({ id: procIssues.id });
  return (row as { id: string }).id;
}

/** Moves an issue from one of `from` states to `to` atomically; false when it was not in them. */
export async function setIssueStatus(
  db: DbOrTx,
  id: string,
  from: readonly string[],
  values: Partial<typeof procIssues.$inferInsert> & { status: 'pending' | 'approved' | 'completed' | 'cancelled' },
): Promise<boolean> {
  const rows = await db
    .update(procIssues)
    .set({ ...values, updatedAt: new Date() })
    .where(
      sql`${procIssues.id} = ${id} and ${procIssues.status}::text in (${sql.join(
        from.map((f) => sql`${f}`),
        sql`, `,
      )})`,
    )
    .returning({ id: procIssues.id });
  return rows.length > 0;
}

// ---- Transfers ----

export type TransferRow = {
  id: string;
  item_id: string;
  sku: string;
  item_name: string;
  uom: string;
  from_location_id: string;
  from_location_code: string;
  to_location_id: string;
  to_location_code: string;
  qty: string;
  qty_received: string | null;
  status: 'pending' | 'approved' | 'in_transit' | 'completed' | 'cancelled';
  note: string | null;
  requested_by: string | null;
  requested_by_name: string | null;
  dispatched_at: Date | string | null;
  received_at: Date | string | null;
  created_at: Date | string;
};

export async function transfers(
  db: DbOrTx,
  filter: { id?: string; status?: string | undefined; locationId?: string | undefined },
  scope: Scope,
): Promise<TransferRow[]> {
  const result = await db.execute(sql`
    select x.id, x.item_id, i.sku, i.name as item_name, i.uom, x.from_location_id, fl.code as from_location_code,
      x.to_location_id, tl.code as to_location_code, x.qty::text, x.qty_received::text, x.status::text, x.note,
      x.requested_by, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as requested_by_name,
      x.dispatched_at, x.received_at, x.created_at
    from proc_transfers x
    join proc_items i on i.id = x.item_id
    join proc_locations fl on fl.id = x.from_location_id
    join proc_locations tl on tl.id = x.to_location_id
    left join users u on u.id = x.requested_by
    where ${filter.id ? sql`x.id = ${filter.id}` : sql`true`}
      and ${filter.status ? sql`x.status = ${filter.status}` : sql`true`}
      and ${filter.locationId ? sql`(x.from_location_id = ${filter.locationId} or x.to_location_id = ${filter.locationId})` : sql`true`}
      and ${
        scope.departmentId === null
          ? sql`true`
          : sql`(${inScope(scope, sql`x.from_location_id`)} or ${inScope(scope, sql`x.to_location_id`)})`
      }
    order by x.created_at desc, x.id desc limit 500`);
  return rowsOf<TransferRow>(result);
}

export async function insertTransfer(db: DbOrTx, values: typeof procTransfers.$inferInsert): Promise<string> {
  const [row] = await db.insert(procTransfers).values(values).returning({ id: procTransfers.id });
  return (row as { id: string }).id;
}

export async function setTransferStatus(
  db: DbOrTx,
  id: string,
  from: readonly string[],
  values: Partial<typeof procTransfers.$inferInsert> & {
    status: 'pending' | 'approved' | 'in_transit' | 'completed' | 'cancelled';
  },
): Promise<boolean> {
  const rows = await db
    .update(procTransfers)
    .set({ ...values, updatedAt: new Date() })
    .where(
      sql`${procTransfers.id} = ${id} and ${procTransfers.status}::text in (${sql.join(
        from.map((f) => sql`${f}`),
        sql`, `,
      )})`,
    )
    .returning({ id: procTransfers.id });
  return rows.length > 0;
}

/** What a transfer's dispatch took out, per batch (receipt puts the same batches in). */
export async function dispatchedBatches(
  db: DbOrTx,
  transferId: string,
): Promise<Array<{ batch_id: string | null; qty: string }>> {
  const result = await db.execute(sql`
    select t.batch_id, sum(t.qty)::text as qty from proc_inventory_transactions t
    left join proc_item_batches b on b.id = t.batch_id
    where t.ref_table = 'proc_transfers' and t.ref_id = ${transferId} and t.from_location_id is not null
    group by t.batch_id, b.expiry_date, b.created_at
    order by b.expiry_date asc nulls last, b.created_at asc nulls last`);
  return rowsOf<{ batch_id: string | null; qty: string }>(result);
}

// ---- Reorder ----

export type ReorderRowDb = {
  item_id: string;
  sku: string;
  item_name: string;
  uom: string;
  department_id: string | null;
  location_id: string | null;
  location_code: string | null;
  on_hand_qty: string;
  reorder_point: string;
  min_reorder_qty: string;
};

/**
 * Items at or under their reorder point at a location (reorder point above 0), plus items with a
 * reorder point that no location holds at all (location null), by SKU.
 */
export async function reorderRows(
  db: DbOrTx,
  filter: { locationId?: string | undefined },
  scope: Scope,
): Promise<ReorderRowDb[]> {
  // One location: its levels (location index) at or under the item's point, sorted by SKU.
  // Everything: items with a reorder point walked in SKU order (partial index), each with its
  // levels at or under the point, or none held anywhere; the LIMIT stops the walk early
  // (bench/stores: 100,000 items, 500,000 levels).
  const result = filter.locationId
    ? await db.execute(sql`
      select i.id as item_id, i.sku, i.name as item_name, i.uom, i.department_id, l.location_id, loc.code as location_code,
        l.on_hand_qty::text, i.reorder_point::text, i.min_reorder_qty::text
      from proc_stock_levels l
      join proc_items i on i.id = l.item_id
      join proc_locations loc on loc.id = l.location_id
      where l.location_id = ${filter.locationId}
        and i.reorder_point > 0 and l.on_hand_qty <= i.reorder_point and not i.is_archived and not loc.is_archived
        and ${inScope(scope, sql`l.location_id`)}
      order by upper(i.sku)
      limit ${REORDER_LIMIT}`)
    : await db.execute(sql`
      select i.id as item_id, i.sku, i.name as item_name, i.uom, i.department_id, l.location_id, l.location_code,
        coalesce(l.on_hand_qty, 0)::text as on_hand_qty, i.reorder_point::text, i.min_reorder_qty::text
      from proc_items i
      left join lateral (
        select s.location_id, loc.code as location_code, s.on_hand_qty
        from proc_stock_levels s join proc_locations loc on loc.id = s.location_id
        where s.item_id = i.id and s.on_hand_qty <= i.reorder_point and not loc.is_archived
          and ${inScope(scope, sql`s.location_id`)}
      ) l on true
      where i.reorder_point > 0 and not i.is_archived
        and (l.location_id is not null or (
          ${scope.departmentId !== null ? sql`false` : sql`true`}
          and not exists (select 1 from proc_stock_levels x where x.item_id = i.id)))
      order by upper(i.sku), l.location_code nulls first
      limit ${REORDER_LIMIT}`);
  return rowsOf<ReorderRowDb>(result);
}
