import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { escapeLike } from '../../lib/like';

/**
 * The asset register's SQL (issue #17, ADR 0018). A unit's state is derived on every read from its
 * custodian, its maintenance jobs, its safety checks (and those of its item) and its write-off;
 * the checkout is one conditional UPDATE that re-checks all of it under the row lock.
 */

/** A department manager's scope (null = every department). */
export type Scope = { departmentId: string | null };

/** Safety checks that concern unit `a`: its own, and those of its item. */
const checksOf = (a: SQL) =>
  sql`((s.scope = 'asset' and s.item_or_asset_id = ${a}.id) or (s.scope = 'item' and s.item_or_asset_id = ${a}.item_id))`;

/** An open corrective or emergency job, or any job being worked on: the unit is in maintenance. */
const inMaintenance = (a: SQL) => sql`exists (select 1 from proc_maintenance m where m.asset_id = ${a}.id
  and (m.status = 'in_progress' or (m.status = 'scheduled' and m.type in ('corrective', 'emergency'))))`;

/** The latest recorded safety result (completed or failed) of the unit or its item. */
const lastSafety = (a: SQL) => sql`(select s.status::text from proc_safety_checks s where ${checksOf(a)}
  and s.status in ('completed', 'failed') order by s.completed_date desc nulls last, s.recorded_at desc nulls last limit 1)`;

/** A pending check due before today (the store's date): overdue, derived. */
const safetyOverdue = (a: SQL, today: string) => sql`exists (select 1 from proc_safety_checks s where ${checksOf(a)}
  and s.status = 'pending' and s.due_date < ${today}::date)`;

const writeoffApproved = (a: SQL) =>
  sql`exists (select 1 from proc_asset_writeoffs w where w.asset_id = ${a}.id and w.status = 'approved')`;

export type AssetRow = {
  id: string;
  asset_tag: string | null;
  serial_number: string | null;
  item_id: string;
  item_sku: string;
  item_name: string;
  service_interval_days: number | null;
  purchase_price: string | null;
  depreciation_class: string | null;
  department_id: string | null;
  department_name: string | null;
  location_id: string | null;
  location_code: string | null;
  stock_location_id: string | null;
  custodian_id: string | null;
  custodian_name: string | null;
  source: 'manual' | 'import' | 'receipt';
  notes: string | null;
  disposed_at: Date | string | null;
  created_at: Date | string;
  in_maintenance: boolean;
  last_safety: string | null;
  safety_overdue: boolean;
  writeoff_approved: boolean;
  open_checkout_id: string | null;
  next_maintenance_at: Date | string | null;
  next_safety_due: string | null;
  total?: string;
};

const assetColumns = (today: string) => sql`a.id, a.asset_tag, a.serial_number, a.item_id, i.sku as item_sku,
  i.name as item_name, i.service_interval_days, a.purchase_price::text, a.depreciation_class, a.department_id,
  d.name as department_name, a.location_id, l.code as location_code, a.stock_location_id, a.custodian_id,
  nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as custodian_name, a.source, a.notes,
  a.disposed_at, a.created_at,
  ${inMaintenance(sql`a`)} as in_maintenance,
  ${lastSafety(sql`a`)} as last_safety,
  ${safetyOverdue(sql`a`, today)} as safety_overdue,
  ${writeoffApproved(sql`a`)} as writeoff_approved,
  (select c.id from asset_checkouts c where c.asset_id = a.id and c.returned_at is null limit 1) as open_checkout_id,
  (select min(m.scheduled_for) from proc_maintenance m where m.asset_id = a.id and m.status in ('scheduled', 'in_progress')) as next_maintenance_at,
  (select min(s.due_date)::text from proc_safety_checks s where ${checksOf(sql`a`)} and s.status = 'pending') as next_safety_due`;

const assetFrom = sql`from proc_assets a
  join proc_items i on i.id = a.item_id
  left join proc_departments d on d.id = a.department_id
  left join proc_locations l on l.id = a.location_id
  left join users u on u.id = a.custodian_id`;

const inScope = (scope: Scope) =>
  scope.departmentId === null ? sql`true` : sql`a.department_id = ${scope.departmentId}`;

export type AssetFilter = {
  /** Only these units (the labels page). */
  ids?: string[] | undefined;
  search?: string | undefined;
  itemId?: string | undefined;
  state?: string | undefined;
};

export async function assetRows(
  db: DbOrTx,
  filter: AssetFilter,
  scope: Scope,
  today: string,
  page: { offset: number; limit: number },
): Promise<AssetRow[]> {
  const term = filter.search?.trim();
  const pattern = term ? `%${escapeLike(term)}%` : null;
  const result = await db.execute(sql`
    select * from (
      select ${assetColumns(today)}, count(*) over () as total
      ${assetFrom}
      where ${inScope(scope)}
        and ${filter.itemId ? sql`a.item_id = ${filter.itemId}` : sql`true`}
        and ${
          filter.ids
            ? sql`a.id in (${sql.join(
                filter.ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
            : sql`true`
        }
        and ${
          pattern
            ? sql`(a.asset_tag ilike ${pattern} or a.serial_number ilike ${pattern} or i.sku ilike ${pattern}
                or i.name ilike ${pattern} or l.code ilike ${pattern})`
            : sql`true`
        }
        and ${
          filter.state === 'written_off'
            ? sql`a.disposed_at is not null`
            : filter.state === 'checked_out'
              ? sql`a.custodian_id is not null and a.disposed_at is null`
              : filter.state === 'in_maintenance'
                ? sql`a.disposed_at is null and ${inMaintenance(sql`a`)}`
                : filter.state === 'active'
                  ? sql`a.disposed_at is null`
                  : sql`true`
        }
      order by upper(coalesce(a.asset_tag, '')), a.id
      offset ${page.offset} limit ${page.limit}
    ) x`);
  return rowsOf<AssetRow>(result);
}

export async function assetRow(db: DbOrTx, id: string, today: string): Promise<AssetRow | null> {
  const result = await db.execute(sql`select ${assetColumns(today)} ${assetFrom} where a.id = ${id}`);
  return rowsOf<AssetRow>(result)[0] ?? null;
}

/**
 * Locks the unit's row (a state change of its maintenance, write-off or loan serialises on it).
 * With a department scope only a unit of that department is found and locked: the guard of a
 * department manager's change is this SQL condition, held for the rest of the transaction.
 */
export async function lockAsset(db: DbOrTx, id: string, scope: Scope = { departmentId: null }): Promise<boolean> {
  const result = await db.execute(
    sql`select id from proc_assets a where a.id = ${id} and ${inScope(scope)} for update`,
  );
  return rowsOf(result).length > 0;
}

/**
 * THE checkout of a unit: one conditional UPDATE that gives the unit a custodian only if it has
 * none, is not written off or being written off, not in maintenance, its last safety result is
 * not a failure and no safety check is overdue. A second checkout racing it waits on the row lock,
 * re-reads the row and finds a custodian: exactly one succeeds.
 */
export async function claimAsset(
  db: DbOrTx,
  input: { assetId: string; custodianId: string; locationId: string | null; today: string },
): Promise<{ fromLocationId: string | null } | null> {
  const result = await db.execute(sql`
    update proc_assets a set custodian_id = ${input.custodianId}, location_id = ${input.locationId}, updated_at = now()
    from (select id, location_id from proc_assets where id = ${input.assetId}) before
    where a.id = before.id and a.custodian_id is null and a.disposed_at is null
      and not ${inMaintenance(sql`a`)}
      and coalesce(${lastSafety(sql`a`)}, 'completed') <> 'failed'
      and not ${safetyOverdue(sql`a`, input.today)}
      and not ${writeoffApproved(sql`a`)}
    returning before.location_id as from_location_id`);
  const row = rowsOf<{ from_location_id: string | null }>(result)[0];
  return row ? { fromLocationId: row.from_location_id } : null;
}

/** The return: clears the custodian and puts the unit at `locationId`, only while it has one. */
export async function releaseAsset(db: DbOrTx, assetId: string, locationId: string | null): Promise<boolean> {
  const result = await db.execute(sql`
    update proc_assets set custodian_id = null, location_id = ${locationId}, updated_at = now()
    where id = ${assetId} and custodian_id is not null returning id`);
  return rowsOf(result).length > 0;
}

export type EventInsert = {
  assetId: string;
  kind: string;
  userId: string | null;
  summary: string;
  refTable?: string | null;
  refId?: string | null;
};

/** Appends one line to the unit's history (in the caller's transaction). */
export async function recordEvent(db: DbOrTx, event: EventInsert): Promise<void> {
  await db.execute(sql`
    insert into proc_asset_events (asset_id, kind, user_id, summary, ref_table, ref_id)
    values (${event.assetId}, ${event.kind}, ${event.userId}, ${event.summary}, ${event.refTable ?? null}, ${event.refId ?? null})`);
}

export type EventRow = {
  id: string;
  kind: string;
  at: Date | string;
  user_name: string | null;
  summary: string;
  ref_table: string | null;
  ref_id: string | null;
};

/** The unit's whole history, oldest first. */
export async function eventRows(db: DbOrTx, assetId: string): Promise<EventRow[]> {
  const result = await db.execute(sql`
    select e.id, e.kind, e.at, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as user_name,
      e.summary, e.ref_table, e.ref_id
    from proc_asset_events e left join users u on u.id = e.user_id
    where e.asset_id = ${assetId}
    order by e.at, e.seq`);
  return rowsOf<EventRow>(result);
}

export async function userName(db: DbOrTx, userId: string): Promise<string | null> {
  const result = await db.execute(
    sql`select nullif(trim(concat_ws(' ', first_name, last_name)), '') as name from users where id = ${userId}`,
  );
  return rowsOf<{ name: string | null }>(result)[0]?.name ?? null;
}

export async function procDepartmentOfUser(db: DbOrTx, userId: string): Promise<string | null> {
  const result = await db.execute(sql`select proc_department_id from users where id = ${userId}`);
  return rowsOf<{ proc_department_id: string | null }>(result)[0]?.proc_department_id ?? null;
}

export async function itemFacts(
  db: DbOrTx,
  itemId: string,
): Promise<{
  id: string;
  sku: string;
  name: string;
  is_asset: boolean;
  department_id: string | null;
  service_interval_days: number | null;
} | null> {
  const result = await db.execute(
    sql`select id, sku, name, is_asset, department_id, service_interval_days from proc_items where id = ${itemId}`,
  );
  return (
    rowsOf<{
      id: string;
      sku: string;
      name: string;
      is_asset: boolean;
      department_id: string | null;
      service_interval_days: number | null;
    }>(result)[0] ?? null
  );
}

export async function locationFacts(
  db: DbOrTx,
  id: string,
): Promise<{ id: string; code: string; department_id: string | null } | null> {
  const result = await db.execute(sql`select id, code, department_id from proc_locations where id = ${id}`);
  return rowsOf<{ id: string; code: string; department_id: string | null }>(result)[0] ?? null;
}

export async function departmentExists(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.execute(sql`select id from proc_departments where id = ${id}`);
  return rowsOf(result).length > 0;
}

export type AssetInsert = {
  itemId: string;
  assetTag: string;
  serialNumber: string | null;
  purchasePrice: string | null;
  depreciationClass: string | null;
  departmentId: string | null;
  locationId: string | null;
  stockLocationId: string | null;
  source: 'manual' | 'import' | 'receipt';
  goodsReceiptId: string | null;
  notes: string | null;
  createdBy: string | null;
};

export async function insertAsset(db: DbOrTx, a: AssetInsert): Promise<string> {
  const result = await db.execute(sql`
    insert into proc_assets (item_id, asset_tag, serial_number, purchase_price, depreciation_class, department_id,
      location_id, stock_location_id, source, goods_receipt_id, notes, created_by)
    values (${a.itemId}, ${a.assetTag}, ${a.serialNumber}, ${a.purchasePrice}, ${a.depreciationClass}, ${a.departmentId},
      ${a.locationId}, ${a.stockLocationId}, ${a.source}, ${a.goodsReceiptId}, ${a.notes}, ${a.createdBy})
    returning id`);
  return (rowsOf<{ id: string }>(result)[0] as { id: string }).id;
}

export async function tagTaken(db: DbOrTx, tag: string, exceptId: string | null = null): Promise<boolean> {
  const result = await db.execute(
    sql`select id from proc_assets where upper(asset_tag) = upper(${tag}) and ${exceptId ? sql`id <> ${exceptId}` : sql`true`}`,
  );
  return rowsOf(result).length > 0;
}

/** The units registered by these goods receipts, in the order they were registered (their first event). */
export async function receiptUnitRows(
  db: DbOrTx,
  receiptIds: readonly string[],
): Promise<Array<{ id: string; goods_receipt_id: string; asset_tag: string | null; item_id: string }>> {
  if (receiptIds.length === 0) return [];
  const result = await db.execute(
    sql`select a.id, a.goods_receipt_id, a.asset_tag, a.item_id from proc_assets a
        where a.goods_receipt_id in (${sql.join(
          receiptIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by (select min(e.seq) from proc_asset_events e where e.asset_id = a.id), a.asset_tag`,
  );
  return rowsOf(result);
}

/** Which of `tags` the register already holds (ignoring case), as the register spells them. */
export async function takenTags(db: DbOrTx, tags: readonly string[]): Promise<string[]> {
  if (tags.length === 0) return [];
  const result = await db.execute(
    sql`select asset_tag from proc_assets where upper(asset_tag) in (${sql.join(
      tags.map((t) => sql`upper(${t})`),
      sql`, `,
    )})`,
  );
  return rowsOf<{ asset_tag: string }>(result).map((r) => r.asset_tag);
}

export async function serialTaken(
  db: DbOrTx,
  itemId: string,
  serial: string,
  exceptId: string | null = null,
): Promise<boolean> {
  const result = await db.execute(
    sql`select id from proc_assets where item_id = ${itemId} and serial_number = ${serial}
      and ${exceptId ? sql`id <> ${exceptId}` : sql`true`}`,
  );
  return rowsOf(result).length > 0;
}

export async function updateAssetFields(
  db: DbOrTx,
  id: string,
  fields: {
    assetTag: string;
    serialNumber: string | null;
    purchasePrice: string | null;
    depreciationClass: string | null;
    departmentId: string | null;
    locationId: string | null;
    stockLocationId: string | null;
    notes: string | null;
  },
): Promise<void> {
  await db.execute(sql`
    update proc_assets set asset_tag = ${fields.assetTag}, serial_number = ${fields.serialNumber},
      purchase_price = ${fields.purchasePrice}, depreciation_class = ${fields.depreciationClass},
      department_id = ${fields.departmentId}, location_id = ${fields.locationId},
      stock_location_id = ${fields.stockLocationId}, notes = ${fields.notes}, updated_at = now()
    where id = ${id}`);
}

export async function markDisposed(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.execute(sql`
    update proc_assets set disposed_at = now(), custodian_id = null, location_id = null, stock_location_id = null,
      updated_at = now()
    where id = ${id} and disposed_at is null and custodian_id is null returning id`);
  return rowsOf(result).length > 0;
}

export async function itemIdBySku(db: DbOrTx, sku: string): Promise<string | null> {
  const result = await db.execute(sql`select id from proc_items where upper(sku) = upper(${sku})`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

export async function locationIdByCode(db: DbOrTx, code: string): Promise<string | null> {
  const result = await db.execute(sql`select id from proc_locations where upper(code) = upper(${code})`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/** Issue #17 item 7: the register's figures for institutional analytics. */
export async function registerFigureRows(
  db: DbOrTx,
  input: { today: string; weekAhead: string; start: Date; end: Date; limit: number },
) {
  const counts = rowsOf<{
    total: number;
    written_off: number;
    checked_out: number;
    in_maintenance: number;
    due_maintenance: number;
    due_safety: number;
  }>(
    await db.execute(sql`
      select count(*)::int as total,
        count(*) filter (where a.disposed_at is not null)::int as written_off,
        count(*) filter (where a.disposed_at is null and a.custodian_id is not null)::int as checked_out,
        count(*) filter (where a.disposed_at is null and a.custodian_id is null and ${inMaintenance(sql`a`)})::int as in_maintenance,
        count(*) filter (where a.disposed_at is null and exists (select 1 from proc_maintenance m where m.asset_id = a.id
          and m.status in ('scheduled', 'in_progress') and m.scheduled_for < (${input.weekAhead}::date + 1)))::int as due_maintenance,
        count(*) filter (where a.disposed_at is null and exists (select 1 from proc_safety_checks s where ${checksOf(sql`a`)}
          and s.status = 'pending' and s.due_date <= ${input.weekAhead}::date))::int as due_safety
      from proc_assets a`),
  )[0];
  const reasons = rowsOf<{ reason: string; count: number }>(
    await db.execute(sql`select reason::text, count(*)::int as count from proc_asset_writeoffs
      where status = 'disposed' group by reason order by count(*) desc, reason`),
  );
  const top = rowsOf<{ id: string; asset_tag: string | null; item_name: string; checkouts: number }>(
    await db.execute(sql`
      select a.id, a.asset_tag, i.name as item_name, count(c.id)::int as checkouts
      from proc_assets a join proc_items i on i.id = a.item_id
      join asset_checkouts c on c.asset_id = a.id
        and c.checked_out_at >= ${input.start.toISOString()}::timestamptz and c.checked_out_at < ${input.end.toISOString()}::timestamptz
      group by a.id, a.asset_tag, i.name
      order by count(c.id) desc, a.asset_tag
      limit ${input.limit}`),
  );
  return { counts, reasons, top };
}
