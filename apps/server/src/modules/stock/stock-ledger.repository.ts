import { ALL_STORES, type StockMovementReason } from '@retail-hub/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { rows as queryRows } from '../../db/rows';

/**
 * The till's front of the one stock ledger (issue #32, ADR 0025; before it ADR 0010). A POS
 * product's (or size option's) stock IS its item's level (`proc_stock_levels`) at a store's
 * selling location, and its ledger the one ledger `proc_inventory_transactions`: every change of a
 * product's stock goes through `applyStockDelta` / `applyStockCount` (or, for the sale, the one
 * sale statement that writes its ledger rows itself). Each is ONE statement that changes the level
 * and appends its ledger row, so the two can never disagree, and no change is a read-decide-write
 * in JavaScript. Stock never goes below zero: a delta that would take it there is refused
 * ('short') unless `floor` asks to move only what is there (offline sales, which record the rest
 * as a discrepancy).
 *
 * A put-in (a positive delta, opening stock) is an upsert of the level that appends its ledger row
 * in the same statement (`putInStatement`): one round trip, no separate "create the level row
 * first" statement. Opening stock for many products at once (`postOpeningStock`: seeds, the CSV
 * import's chunks, new products with their size options) is the same statement over many rows.
 *
 * Several changes that must happen together (a refund's lines) are applied one by one inside the
 * caller's transaction with `applyStockDeltas`, in item-id order (the order the sale statement
 * locks levels in), so two of them never deadlock.
 */

/**
 * Whose stock: a product's own (variantId null/absent) or one of its size options', at a store's
 * selling location (the default store's when `storeId` is absent; ADR 0025).
 */
export type StockTarget = { productId: string; variantId?: string | null; storeId?: string | null };

/** Who and what caused a movement. */
export type StockMovementFacts = {
  reason: StockMovementReason;
  userId: string | null;
  approverId?: string | null;
  /** The document the movement came from ('transaction', 'refund', ...) and its id. */
  documentType?: string | null;
  documentId?: string | null;
  /** The human reason typed with an adjustment or a count. */
  note?: string | null;
};

export type StockDelta = StockTarget &
  StockMovementFacts & {
    /** Signed units: negative takes out of stock. 0 changes nothing and writes nothing. */
    quantity: number;
    /**
     * Move only what stock allows, never below zero (the movement is then smaller than asked and
     * `shortfall` says by how much). Without it, a delta stock cannot cover is refused.
     */
    floor?: boolean;
    /**
     * A put-in's cost of one unit (issue #37, ADR 0036): a refund's or void's is the sale line's, so
     * the cost that left comes back. Absent: at the level's moving average. Ignored when taking out
     * (what leaves always goes at the average).
     */
    unitCost?: string | null;
  };

export type StockCount = StockTarget & StockMovementFacts & { counted: number };

export type StockChangeResult =
  /** Applied (or nothing to apply): the stock now, the movement written (null when 0 moved). */
  | {
      outcome: 'applied';
      stock: number;
      moved: number;
      shortfall: number;
      movementId: string | null;
      /** The cost of one unit of what moved (ADR 0036); null when nothing moved. */
      unitCost?: string | null;
    }
  /** Refused: stock would go below zero; nothing written. */
  | { outcome: 'short'; available: number }
  /** No such product, or no such size option of that product; nothing written. */
  | { outcome: 'not_found' };

type Row = {
  stock: string | null;
  before: string | null;
  movement_id: string | null;
  unit_cost: string | null;
  available: string | null;
  exists_now: boolean;
};

/** The item of a product or size option and the selling location of a store, as one row (or none). */
function targetRow(target: StockTarget): SQL {
  const variantId = target.variantId ?? null;
  const store = sql`s.id = coalesce(${target.storeId ?? null}::uuid, default_store_id())`;
  return variantId === null
    ? sql`select i.id as item_id, s.selling_location_id as location_id
            from proc_items i, stores s where i.pos_product_id = ${target.productId}::uuid and ${store}`
    : sql`select i.id as item_id, s.selling_location_id as location_id
            from proc_items i
            join product_variants v on v.id = i.pos_variant_id and v.product_id = ${target.productId}::uuid,
                 stores s
           where i.pos_variant_id = ${variantId}::uuid and ${store}`;
}

/**
 * Creates at 0 the level rows that do not exist yet (an item never held here), for `levels`: SQL
 * selecting (item_id, location_id). The one home of "make sure there is a level row to lock" (a
 * count locks it next); a put-in creates its row itself (putInStatement's upsert).
 */
export async function ensureLevels(db: DbOrTx, levels: SQL): Promise<void> {
  await db.execute(sql`
    insert into proc_stock_levels (item_id, location_id, on_hand_qty)
    select lv.item_id, lv.location_id, 0 from (${levels}) lv
    on conflict (item_id, location_id) do nothing`);
}

/** The level row of a target, created at 0 when it never held stock (before a count locks it). */
function ensureLevel(db: DbOrTx, target: StockTarget): Promise<void> {
  return ensureLevels(db, targetRow(target));
}

/**
 * One statement that puts stock in (THE put-in of the one ledger, ADR 0025: the till's put-ins,
 * opening stock, and the stores' receipts, transfers in, counts up and returns): `put` selects
 * (item_id, location_id, quantity > 0, from_location_id, batch_id, unit_cost, ord), one row per
 * ledger row to write (several rows may share a level: a transfer's batches). Each level is created
 * or raised by the sum of its rows (an upsert, rows in item-id order, the order every writer locks
 * in) and each row's ledger row appended in the same statement, so a level and its ledger never
 * disagree.
 *
 * Cost (issue #37 item 1, ADR 0036): a row's `unit_cost` is what that unit cost (a transfer: the
 * source's average; a refund: the sale line's); null means "at the level's average": a receipt's
 * row then takes its batch's unit cost when the batch has one. The level's moving average is
 * recomputed IN this statement from the locked row: avg = (stock_value + Σ costed q·c) /
 * (on_hand + Σ costed q), rounded to 4 decimals (unchanged when nothing costed comes in), and the
 * uncosted rows come in at that average; `stock_value` gains exactly Σ of the rows' q × cost, the
 * same figures the ledger rows carry, so the level's value always equals its ledger's.
 * Answers `stock` (the level after, for a single level), `movement_id` (the first row's),
 * `movement_ids` (every row's, JSON, in `ord` order), `levels` (how many were written).
 */
const NEW_AVERAGE = sql.raw(`(case when pl.costed_qty > 0
    then greatest(round((l.stock_value + pl.costed_value) / (l.on_hand_qty + pl.costed_qty), 4), 0)
    else l.avg_cost end)`);

function putInStatement(put: SQL, facts: StockMovementFacts): SQL {
  const batchCost =
    facts.reason === 'receipt'
      ? sql`(select b.unit_cost from proc_item_batches b where b.id = q.batch_id)`
      : sql`null::numeric`;
  return sql`
    with put as materialized (
      select q.item_id, q.location_id, q.quantity, q.from_location_id, q.batch_id, q.ord,
             coalesce(q.unit_cost::numeric, ${batchCost}) as unit_cost, uuid_v7() as movement_id
        from (${put}) q
    ), per_level as materialized (
      select p.item_id, p.location_id, sum(p.quantity) as quantity,
             coalesce(sum(p.quantity) filter (where p.unit_cost is not null), 0) as costed_qty,
             coalesce(sum(p.quantity * p.unit_cost), 0) as costed_value
        from put p group by p.item_id, p.location_id
    ), lvl as (
      insert into proc_stock_levels as l (item_id, location_id, on_hand_qty, avg_cost, stock_value)
      select v.item_id, v.location_id, v.quantity, v.avg_cost, v.costed_value + (v.quantity - v.costed_qty) * v.avg_cost
        from (select pl.*, case when pl.costed_qty > 0 then round(pl.costed_value / pl.costed_qty, 4) else 0 end as avg_cost
                from per_level pl) v
       order by v.item_id
      on conflict (item_id, location_id)
        do update set on_hand_qty = l.on_hand_qty + excluded.on_hand_qty,
                      avg_cost = (select ${NEW_AVERAGE} from per_level pl
                                   where pl.item_id = l.item_id and pl.location_id = l.location_id),
                      stock_value = (select l.stock_value + pl.costed_value + (pl.quantity - pl.costed_qty) * ${NEW_AVERAGE}
                                       from per_level pl where pl.item_id = l.item_id and pl.location_id = l.location_id),
                      updated_at = now()
      returning l.item_id, l.location_id, l.on_hand_qty as qty, l.avg_cost
    ), mv as (
      insert into proc_inventory_transactions (id, item_id, from_location_id, to_location_id, qty, reason, ref_table,
                                               ref_id, note, created_by, approved_by, batch_id, unit_cost)
      select p.movement_id, p.item_id, p.from_location_id, p.location_id, p.quantity,
             ${facts.reason}::proc_inventory_reason, ${facts.documentType ?? null}, ${facts.documentId ?? null}::uuid,
             ${facts.note ?? null}, ${facts.userId}::uuid, ${facts.approverId ?? null}::uuid, p.batch_id,
             coalesce(p.unit_cost, lvl.avg_cost)
        from put p join lvl on lvl.item_id = p.item_id and lvl.location_id = p.location_id
      returning id
    )
    select (select qty from lvl limit 1)::text as stock,
           (select p.movement_id from put p where p.movement_id in (select id from mv) order by p.ord limit 1) as movement_id,
           (select coalesce(json_agg(p.movement_id order by p.ord), '[]'::json) from put p
             where p.movement_id in (select id from mv))::text as movement_ids,
           (select count(*) from lvl)::int as levels`;
}

/** The columns a put-in row names besides (item_id, location_id, quantity) when it has none. */
const NO_SOURCE = sql`null::uuid as from_location_id, null::uuid as batch_id, 0 as ord`;
/** The same with a unit cost (null: at the level's average, ADR 0036). */
const noSource = (unitCost: string | null | undefined) => sql`${NO_SOURCE}, ${unitCost ?? null}::numeric as unit_cost`;

/**
 * The stores' put-in (issue #32 item 5: one writer of a put-in): `qty` of an item into a location,
 * in `portions` (a batch each; their quantities are 3-decimal strings), coming from
 * `fromLocationId` (a transfer) or from outside (a receipt, a count up, a return), each portion one
 * ledger row, the level raised by their sum, in ONE statement (putInStatement). Answers the ledger
 * rows' ids in portion order.
 */
export async function putInAtLocation(
  db: DbOrTx,
  input: {
    itemId: string;
    locationId: string;
    fromLocationId: string | null;
    /** Each portion's unit cost: a transfer's is the source's average; null/absent: a receipt's batch cost, else the average. */
    portions: ReadonlyArray<{ qty: string; batchId: string | null; unitCost?: string | null }>;
  },
  facts: StockMovementFacts,
): Promise<string[]> {
  if (input.portions.length === 0) return [];
  const put = sql`
    select ${input.itemId}::uuid as item_id, ${input.locationId}::uuid as location_id, w.qty as quantity,
           ${input.fromLocationId}::uuid as from_location_id, w.batch_id, w.ord, w.unit_cost
      from unnest(${sql.param(input.portions.map((p) => p.qty))}::numeric[],
                  ${sql.param(input.portions.map((p) => p.batchId))}::uuid[],
                  ${sql.param(input.portions.map((p) => p.unitCost ?? null))}::numeric[])
             with ordinality as w(qty, batch_id, unit_cost, ord)`;
  const [row] = await queryRows<{ movement_ids: string | null }>(db, putInStatement(put, facts));
  return JSON.parse(row?.movement_ids ?? '[]') as string[];
}

/** A positive delta of one target, in one statement (see putInStatement). */
async function putIn(db: DbOrTx, change: StockDelta): Promise<StockChangeResult> {
  const put = sql`select t.item_id, t.location_id, ${change.quantity}::int as quantity, ${noSource(change.unitCost)}
                     from (${targetRow(change)}) t`;
  const [row] = await queryRows<{ stock: string | null; movement_id: string | null; levels: number }>(
    db,
    putInStatement(put, change),
  );
  if (!row || row.stock === null) return { outcome: 'not_found' };
  return {
    outcome: 'applied',
    stock: Math.floor(Number(row.stock)),
    moved: change.quantity,
    shortfall: 0,
    movementId: row.movement_id,
  };
}

/**
 * One statement: lock the level row, compute the new value from the locked (latest committed)
 * value, update it and append the ledger row of (after − before). `next` is an SQL expression over
 * `cur.qty`; `allowed` decides whether the change may happen.
 */
async function changeStock(
  db: DbOrTx,
  target: StockTarget,
  facts: StockMovementFacts,
  next: SQL,
  allowed: SQL,
): Promise<StockChangeResult> {
  const statement = sql`
    with target as materialized (${targetRow(target)}
    ), cur as materialized (
      select l.id, l.item_id, l.location_id, l.on_hand_qty as qty, l.avg_cost
        from proc_stock_levels l join target t on t.item_id = l.item_id and t.location_id = l.location_id
       for no key update of l
    ), upd as (
      update proc_stock_levels l set on_hand_qty = ${next},
             stock_value = l.stock_value + (${next} - cur.qty) * cur.avg_cost, updated_at = now()
        from cur where l.id = cur.id and ${allowed}
      returning l.item_id, l.location_id, l.on_hand_qty as qty, cur.qty as before, cur.avg_cost
    ), mv as (
      insert into proc_inventory_transactions (item_id, from_location_id, to_location_id, qty, reason, ref_table, ref_id,
                                               note, created_by, approved_by, unit_cost)
      select upd.item_id,
             case when upd.qty < upd.before then upd.location_id end,
             case when upd.qty > upd.before then upd.location_id end,
             abs(upd.qty - upd.before), ${facts.reason}::proc_inventory_reason, ${facts.documentType ?? null},
             ${facts.documentId ?? null}::uuid, ${facts.note ?? null}, ${facts.userId}::uuid,
             ${facts.approverId ?? null}::uuid, upd.avg_cost
        from upd where upd.qty <> upd.before
      returning id
    )
    select (select qty from upd)::text as stock, (select before from upd)::text as before,
           (select id from mv) as movement_id, (select qty from cur)::text as available,
           (select avg_cost from cur)::text as unit_cost,
           exists (select 1 from target) as exists_now`;
  const [row] = await queryRows<Row>(db, statement);
  if (!row) throw new Error('the stock statement returned no row');
  if (!row.exists_now) return { outcome: 'not_found' };
  if (row.stock === null || row.before === null) {
    // No level row (never held stock here) or the change was not allowed.
    return { outcome: 'short', available: Math.floor(Number(row.available ?? 0)) };
  }
  const stock = Number(row.stock);
  const before = Number(row.before);
  return {
    outcome: 'applied',
    stock: Math.floor(stock),
    moved: stock - before,
    shortfall: 0,
    movementId: row.movement_id,
    unitCost: row.movement_id ? row.unit_cost : null,
  };
}

/**
 * Adds a signed delta to a product's or size option's stock and appends its movement, in one
 * statement. Refused ('short') when stock would go below zero, unless `floor`.
 */
export async function applyStockDelta(db: DbOrTx, change: StockDelta): Promise<StockChangeResult> {
  if (!Number.isSafeInteger(change.quantity)) throw new TypeError(`not a whole quantity: ${change.quantity}`);
  if (change.quantity === 0) {
    const current = await currentStock(db, change);
    return current === null
      ? { outcome: 'not_found' }
      : { outcome: 'applied', stock: current, moved: 0, shortfall: 0, movementId: null };
  }
  const q = change.quantity;
  // A put-in (refund, void, adjustment up, receipt, opening stock): one upsert with its ledger row.
  if (q > 0) return putIn(db, change);
  if (change.floor) {
    const result = await changeStock(db, change, change, sql`greatest(cur.qty + ${q}::int, 0)`, sql`true`);
    if (result.outcome === 'short') {
      // Nothing on hand here at all (no level row): nothing moves, all of it is short.
      return (await exists(db, change))
        ? { outcome: 'applied', stock: 0, moved: 0, shortfall: q, movementId: null }
        : { outcome: 'not_found' };
    }
    return result.outcome === 'applied' ? { ...result, shortfall: q - result.moved } : result;
  }
  return changeStock(db, change, change, sql`cur.qty + ${q}::int`, sql`cur.qty + ${q}::int >= 0`);
}

/**
 * A stock count: sets stock to what was counted, as a `count` movement (or the given reason) of
 * (counted − stock at the moment of writing), in one statement. Nothing is written when the
 * count agrees.
 */
export async function applyStockCount(db: DbOrTx, change: StockCount): Promise<StockChangeResult> {
  if (!Number.isSafeInteger(change.counted) || change.counted < 0) {
    throw new TypeError(`not a count: ${change.counted}`);
  }
  await ensureLevel(db, change);
  return changeStock(db, change, change, sql`${change.counted}::int`, sql`true`);
}

/**
 * Several deltas that belong together, applied in a fixed order (products, then size options, by
 * id: the order sales lock in) so concurrent callers never deadlock. Run it inside a transaction:
 * the first refusal is returned with its index and the caller rolls back.
 */
export async function applyStockDeltas(
  tx: DbOrTx,
  changes: readonly StockDelta[],
): Promise<
  | { outcome: 'applied'; results: StockChangeResult[] }
  | { outcome: 'refused'; index: number; result: StockChangeResult }
> {
  const items = await stockItemIds(tx, changes);
  const key = (change: StockDelta) =>
    items.get(change.variantId ? `v${change.variantId}` : `p${change.productId}`) ?? '';
  const order = changes
    .map((change, index) => ({ change, index }))
    .sort((a, b) => {
      const ka = key(a.change);
      const kb = key(b.change);
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
  const results: StockChangeResult[] = new Array(changes.length);
  for (const { change, index } of order) {
    const result = await applyStockDelta(tx, change);
    if (result.outcome !== 'applied') return { outcome: 'refused', index, result };
    results[index] = result;
  }
  return { outcome: 'applied', results };
}

/** The items of the targets, keyed 'p' + product id or 'v' + size option id (the lock order). */
export async function stockItemIds(db: DbOrTx, changes: readonly StockTarget[]): Promise<Map<string, string>> {
  const productIds = changes.filter((c) => !c.variantId).map((c) => c.productId);
  const variantIds = changes.filter((c) => c.variantId).map((c) => c.variantId as string);
  const rows = await queryRows<{ id: string; pos_product_id: string | null; pos_variant_id: string | null }>(
    db,
    sql`select id, pos_product_id, pos_variant_id from proc_items
         where pos_product_id = any(${sql.param(productIds)}::uuid[]) or pos_variant_id = any(${sql.param(variantIds)}::uuid[])`,
  );
  const map = new Map<string, string>();
  for (const r of rows) {
    if (r.pos_product_id) map.set(`p${r.pos_product_id}`, r.id);
    if (r.pos_variant_id) map.set(`v${r.pos_variant_id}`, r.id);
  }
  return map;
}

async function exists(db: DbOrTx, target: StockTarget): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from (${targetRow(target)}) t`);
  return rows.length > 0;
}

/**
 * The stock of a product or size option now at a store's selling location (the default store's
 * when absent; 0 when it never held any there), or null when it does not exist.
 */
export async function currentStock(db: DbOrTx, target: StockTarget): Promise<number | null> {
  const [row] = await queryRows<{ stock: string | null }>(
    db,
    sql`select (select l.on_hand_qty from proc_stock_levels l
                 where l.item_id = t.item_id and l.location_id = t.location_id)::text as stock
          from (${targetRow(target)}) t`,
  );
  return row ? Math.floor(Number(row.stock ?? 0)) : null;
}

/**
 * Whose stock a read shows: a store's (its id, or SQL giving it), every open store's together
 * (`ALL_STORES`, packages/shared), some stores together (a list of ids: the stores of a reader
 * limited to them, issue #32), or, with `null`, the default store's (the one a back-office stock
 * change acts at when no store is named; one store: that store's).
 */
export { ALL_STORES };
export type StockScope = string | readonly string[] | SQL | null;

/**
 * SQL for the stock of products or size options as every screen reads it (ADR 0025): the level of
 * each one's item at a store's selling location (`scope` a store id), at every store's selling
 * location together (`ALL_STORES`: the back office's "All stores", issue #32 API; open stores only, so a
 * one-store installation with an archived second store reads as before), or, with no store
 * named, at the default store's. Whole units (a linked item received in fractions shows what can be
 * sold). A correlated subquery over two unique indexes (proc_items by product / size option, levels
 * by item and location).
 */
export function productStockSql(productId: AnyPgColumn | SQL, scope: StockScope = null): SQL<number> {
  return stockSql(sql`i.pos_product_id = ${productId}`, scope);
}

export function variantStockSql(variantId: AnyPgColumn | SQL, scope: StockScope = null): SQL<number> {
  return stockSql(sql`i.pos_variant_id = ${variantId}`, scope);
}

function isStoreList(scope: StockScope): scope is readonly string[] {
  return Array.isArray(scope);
}

function stockSql(itemIs: SQL, scope: StockScope): SQL<number> {
  const locations =
    scope === ALL_STORES
      ? sql`(select s.selling_location_id from stores s where not s.is_archived)`
      : isStoreList(scope)
        ? sql`(select s.selling_location_id from stores s
                where not s.is_archived and s.id = any(${sql.param([...scope])}::uuid[]))`
        : scope === null
          ? sql`(select s.selling_location_id from stores s where s.id = default_store_id())`
          : sql`(select s.selling_location_id from stores s where s.id = ${scope}::uuid)`;
  return sql<number>`coalesce((select floor(sum(l.on_hand_qty))::int from proc_items i
      join proc_stock_levels l on l.item_id = i.id
     where ${itemIs} and l.location_id in ${locations}), 0)`.mapWith(Number);
}

/**
 * A product's own stock at each store's selling location (issue #32: the product form's
 * breakdown), in one statement: every store, archived ones only where they still hold some, by name;
 * with `storeIds` (a reader limited to some stores) only those.
 */
export async function productStockByStore(
  db: DbOrTx,
  productId: string,
  storeIds?: readonly string[],
): Promise<Array<{ storeId: string; storeName: string; stock: number }>> {
  const only = storeIds ? sql`where s.id = any(${sql.param([...storeIds])}::uuid[])` : sql``;
  const rows = await queryRows<{ store_id: string; store_name: string; stock: string | null; archived: boolean }>(
    db,
    sql`select s.id as store_id, s.name as store_name, s.is_archived as archived,
               (select floor(sum(l.on_hand_qty))::int from proc_items i
                  join proc_stock_levels l on l.item_id = i.id and l.location_id = s.selling_location_id
                 where i.pos_product_id = ${productId}::uuid)::text as stock
          from stores s ${only}
         order by lower(s.name) collate "C", s.id`,
  );
  return rows
    .map((r) => ({ storeId: r.store_id, storeName: r.store_name, stock: Number(r.stock ?? 0), archived: r.archived }))
    .filter((r) => !r.archived || r.stock !== 0)
    .map(({ archived: _archived, ...r }) => r);
}

/**
 * Opening stock (the one home of it, ADR 0025): new products' or size options' first stock, as one
 * 'opening' ledger row each at the store's (default: the default store's) selling location, in ONE
 * statement for all of them (the put-in statement of every positive delta, over many rows). Used by
 * the product form, the CSV import (a chunk's new products at once), size options, the demo seed,
 * test fixtures and the benchmarks. Entries of 0 write nothing; entries for the same target are
 * summed. Throws when an entry names no product or size option (a caller's bug, never input).
 */
export async function postOpeningStock(
  db: DbOrTx,
  entries: ReadonlyArray<{ productId?: string | null; variantId?: string | null; quantity: number }>,
  options: { storeId?: string | null; userId?: string | null } = {},
): Promise<void> {
  const totals = new Map<string, { productId: string | null; variantId: string | null; quantity: number }>();
  for (const e of entries) {
    if (!Number.isSafeInteger(e.quantity) || e.quantity < 0) throw new TypeError(`not an opening stock: ${e.quantity}`);
    if (e.quantity === 0) continue;
    const key = e.variantId ? `v${e.variantId}` : `p${e.productId}`;
    const entry = totals.get(key) ?? {
      productId: e.variantId ? null : (e.productId ?? null),
      variantId: e.variantId ?? null,
      quantity: 0,
    };
    entry.quantity += e.quantity;
    totals.set(key, entry);
  }
  if (totals.size === 0) return;
  const wanted = [...totals.values()];
  const put = sql`
    select i.id as item_id, s.selling_location_id as location_id, w.quantity, ${noSource(null)}
      from unnest(${sql.param(wanted.map((e) => e.productId))}::uuid[], ${sql.param(wanted.map((e) => e.variantId))}::uuid[],
                  ${sql.param(wanted.map((e) => e.quantity))}::int[]) as w(product_id, variant_id, quantity)
      join proc_items i on (w.variant_id is null and i.pos_product_id = w.product_id) or i.pos_variant_id = w.variant_id
      join stores s on s.id = coalesce(${options.storeId ?? null}::uuid, default_store_id())`;
  const [row] = await queryRows<{ levels: number }>(
    db,
    putInStatement(put, { reason: 'opening', userId: options.userId ?? null }),
  );
  if (Number(row?.levels ?? 0) !== wanted.length) {
    throw new Error(
      `opening stock: ${wanted.length - Number(row?.levels ?? 0)} entries name no product or size option`,
    );
  }
}
