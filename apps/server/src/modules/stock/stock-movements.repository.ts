import {
  ALL_STORES,
  displayName,
  type StockMovement,
  type StockMovementPage,
  type StockMovementReason,
} from '@retail-hub/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows as queryRows } from '../../db/rows';

type MovementRow = {
  id: string;
  product_id: string;
  variant_id: string | null;
  variant_name: string | null;
  store_id: string;
  store_name: string;
  quantity: number;
  reason: StockMovementReason;
  stock_after: number;
  document_type: string | null;
  document_id: string | null;
  note: string | null;
  user_id: string | null;
  user_first: string | null;
  user_last: string | null;
  user_email: string | null;
  approver_id: string | null;
  approver_first: string | null;
  approver_last: string | null;
  approver_email: string | null;
  created_at: string | Date;
};

function toMovement(row: MovementRow): StockMovement {
  const person = (id: string | null, first: string | null, last: string | null, email: string | null) =>
    id ? { id, name: displayName({ firstName: first, lastName: last, email }) } : null;
  return {
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    variantName: row.variant_name,
    storeId: row.store_id,
    storeName: row.store_name,
    quantity: Math.trunc(Number(row.quantity)),
    reason: row.reason,
    stockAfter: Math.floor(Number(row.stock_after)),
    documentType: row.document_type,
    documentId: row.document_id,
    note: row.note,
    user: person(row.user_id, row.user_first, row.user_last, row.user_email),
    approver: person(row.approver_id, row.approver_first, row.approver_last, row.approver_email),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * A product's movements from the one ledger (ADR 0025): the rows of its item and its size options'
 * items that touch a store's selling location (`storeId`, else the default store's: the figure
 * the product form shows and changes), signed as the till sees them (in +, out −), each with the
 * stock there right after it (a running sum per item and store). Issue #32: `ALL_STORES` lists
 * every store's, each row naming its store; a transfer between two stores' selling locations is
 * then two rows (out of one, into the other) with the same ledger id.
 */
function movementsOf(productId: string, storeId: string | null = null): SQL {
  const stores = storeId === ALL_STORES ? sql`true` : sql`s.id = coalesce(${storeId}::uuid, default_store_id())`;
  return sql`(
    with here as materialized (
      select s.id as store_id, s.name as store_name, s.selling_location_id as location_id from stores s where ${stores}
    )
    select t.id, coalesce(i.pos_product_id, v.product_id) as product_id, i.pos_variant_id as variant_id,
           v.name as variant_name, here.store_id, here.store_name, d.delta as quantity, t.reason::text as reason,
           sum(d.delta) over (partition by t.item_id, here.store_id order by t.created_at, t.id) as stock_after,
           t.ref_table as document_type, t.ref_id as document_id, t.note, t.created_by as user_id,
           t.approved_by as approver_id, t.created_at
      from proc_items i
      left join product_variants v on v.id = i.pos_variant_id
      join proc_inventory_transactions t on t.item_id = i.id
      join here on t.to_location_id = here.location_id or t.from_location_id = here.location_id
      cross join lateral (
        select (case when t.to_location_id = here.location_id then t.qty else 0 end)
             - (case when t.from_location_id = here.location_id then t.qty else 0 end) as delta
      ) d
     where (i.pos_product_id = ${productId}::uuid or v.product_id = ${productId}::uuid)
  ) m`;
}

const MOVEMENT_COLUMNS = sql`m.id, m.product_id, m.variant_id, m.variant_name, m.store_id, m.store_name, m.quantity, m.reason,
  m.stock_after, m.document_type, m.document_id, m.note,
  m.user_id, u.first_name as user_first, u.last_name as user_last, u.email as user_email,
  m.approver_id, a.first_name as approver_first, a.last_name as approver_last, a.email as approver_email,
  m.created_at`;
const PEOPLE = sql`left join users u on u.id = m.user_id left join users a on a.id = m.approver_id`;

/**
 * GET /api/stock-movements?productId=: one product's ledger (its own stock and its size options',
 * or one size option's with variantId), newest first, keyset-paged on (created_at, id).
 */
export async function listStockMovements(
  db: DbOrTx,
  query: {
    productId: string;
    variantId?: string | undefined;
    storeId?: string | undefined;
    limit: number;
    before?: string | undefined;
  },
): Promise<StockMovementPage | null> {
  const exists = await queryRows(db, sql`select 1 from products where id = ${query.productId}::uuid`);
  if (exists.length === 0) return null;
  const conditions = [sql`m.quantity <> 0`];
  if (query.variantId) conditions.push(sql`m.variant_id = ${query.variantId}::uuid`);
  if (query.before) {
    conditions.push(
      sql`(m.created_at, m.id) < (select created_at, id from proc_inventory_transactions where id = ${query.before}::uuid)`,
    );
  }
  // A ledger row shows as at most two rows (all stores: a transfer between two stores, out before
  // in), so one
  // more page row than asked for plus its twin tells whether a page cut a row's pair in two.
  const rows = await queryRows<MovementRow>(
    db,
    sql`
    select ${MOVEMENT_COLUMNS} from ${movementsOf(query.productId, query.storeId ?? null)} ${PEOPLE}
     where ${sql.join(conditions, sql` and `)}
     order by m.created_at desc, m.id desc, m.quantity, m.store_id
     limit ${query.limit + 2}`,
  );
  let end = Math.min(query.limit, rows.length);
  // Keep a row's twin on the page: `before` pages on the ledger row, so a twin left for the next page would be lost.
  if (end > 0 && rows[end]?.id === rows[end - 1]?.id) end += 1;
  const page = rows.slice(0, end).map(toMovement);
  return { movements: page, nextBefore: rows.length > end ? (page.at(-1)?.id ?? null) : null };
}

/** One movement as `listStockMovements` shows it, seen from a store (default: the default store). */
export async function findMovement(
  db: DbOrTx,
  id: string,
  storeId: string | null = null,
): Promise<StockMovement | null> {
  const [owner] = await queryRows<{ product_id: string | null }>(
    db,
    sql`select coalesce(i.pos_product_id, v.product_id) as product_id
          from proc_inventory_transactions t join proc_items i on i.id = t.item_id
          left join product_variants v on v.id = i.pos_variant_id
         where t.id = ${id}::uuid`,
  );
  if (!owner?.product_id) return null;
  const [row] = await queryRows<MovementRow>(
    db,
    sql`select ${MOVEMENT_COLUMNS} from ${movementsOf(owner.product_id, storeId)} ${PEOPLE} where m.id = ${id}::uuid`,
  );
  return row ? toMovement(row) : null;
}
