import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';

/**
 * Purchasing's SQL (issue #16 items 3–5, ADR 0013). Every counter that guards a rule (document
 * numbers, received quantities, state changes) changes in one conditional statement, never by
 * reading, deciding in JavaScript and writing. One file per document (issue #33 item 4):
 * requisitions.repository.ts, purchase-orders.repository.ts, goods-receipts.repository.ts; this
 * file holds what they share (uuidArray; rows come from db/rows.ts), the look-ups, settings and department managers.
 */

export const uuidArray = (ids: readonly string[]) =>
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
