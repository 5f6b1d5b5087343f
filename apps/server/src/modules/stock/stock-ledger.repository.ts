import type { StockMovementReason } from '@retail-hub/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The stock ledger writer (issue #15 items 1 and 2, docs/adr/0010). EVERY change of a POS
 * product's or size option's stock goes through `applyStockDelta` / `applyStockCount` (or, for
 * the sale, the one sale statement that writes its movements itself): each is ONE statement that
 * changes `stock` and appends its movement, so the two can never disagree and no change is a
 * read-decide-write in JavaScript. Stock never goes below zero: a delta that would take it there
 * is refused ('short') unless `floor` asks to move only what is there (offline sales, which
 * record the rest as a discrepancy).
 *
 * Creating a product or size option with stock needs nothing: a database trigger writes its
 * 'opening' movement. Several changes that must happen together (a refund's lines) are applied
 * one by one inside the caller's transaction with `applyStockDeltas`, in a fixed order so two
 * of them never deadlock.
 */

/** Whose stock: a product's own (variantId null/absent) or one of its size options'. */
export type StockTarget = { productId: string; variantId?: string | null };

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
  };

export type StockCount = StockTarget & StockMovementFacts & { counted: number };

export type StockChangeResult =
  /** Applied (or nothing to apply): the stock now, the movement written (null when 0 moved). */
  | { outcome: 'applied'; stock: number; moved: number; shortfall: number; movementId: string | null }
  /** Refused: stock would go below zero; nothing written. */
  | { outcome: 'short'; available: number }
  /** No such product, or no such size option of that product; nothing written. */
  | { outcome: 'not_found' };

/** Rows of a raw statement, on either driver (both answer with `{ rows }`). */
export async function queryRows<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

type Row = { stock: number | null; before: number | null; movement_id: string | null; exists_now: boolean };

/**
 * One statement: lock the stock row, compute the new value from the locked (latest committed)
 * value, update it and append the movement of (after − before). `next` is an SQL expression over
 * `cur.stock`; `allowed` decides whether the change may happen.
 */
async function changeStock(
  db: DbOrTx,
  target: StockTarget,
  facts: StockMovementFacts,
  next: SQL,
  allowed: SQL,
): Promise<StockChangeResult> {
  const variantId = target.variantId ?? null;
  const documentId = facts.documentId ?? null;
  const common = sql`${facts.reason}, ${facts.documentType ?? null}, ${documentId}::uuid, ${facts.note ?? null},
                     ${facts.userId}::uuid, ${facts.approverId ?? null}::uuid`;
  const statement =
    variantId === null
      ? sql`
      with cur as materialized (
        select id, stock from products where id = ${target.productId}::uuid for no key update
      ), upd as (
        update products p set stock = ${next}
          from cur where p.id = cur.id and ${allowed}
        returning p.id, p.stock, cur.stock as before
      ), mv as (
        insert into stock_movements (product_id, variant_id, quantity, reason, document_type, document_id, note,
                                     user_id, approver_id, stock_after)
        select upd.id, null, upd.stock - upd.before, ${common}, upd.stock from upd where upd.stock <> upd.before
        returning id
      )
      select (select stock from upd) as stock, (select before from upd) as before,
             (select id from mv) as movement_id, (select stock from cur) as available,
             exists (select 1 from cur) as exists_now`
      : sql`
      with cur as materialized (
        select id, product_id, stock from product_variants
         where id = ${variantId}::uuid and product_id = ${target.productId}::uuid for no key update
      ), upd as (
        update product_variants p set stock = ${next}
          from cur where p.id = cur.id and ${allowed}
        returning p.id, p.product_id, p.stock, cur.stock as before
      ), mv as (
        insert into stock_movements (product_id, variant_id, quantity, reason, document_type, document_id, note,
                                     user_id, approver_id, stock_after)
        select upd.product_id, upd.id, upd.stock - upd.before, ${common}, upd.stock from upd
         where upd.stock <> upd.before
        returning id
      )
      select (select stock from upd) as stock, (select before from upd) as before,
             (select id from mv) as movement_id, (select stock from cur) as available,
             exists (select 1 from cur) as exists_now`;
  const [row] = await queryRows<Row & { available: number | null }>(db, statement);
  if (!row) throw new Error('the stock statement returned no row');
  if (!row.exists_now) return { outcome: 'not_found' };
  if (row.stock === null || row.before === null) return { outcome: 'short', available: Number(row.available ?? 0) };
  const stock = Number(row.stock);
  const before = Number(row.before);
  return { outcome: 'applied', stock, moved: stock - before, shortfall: 0, movementId: row.movement_id };
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
  if (change.floor) {
    const result = await changeStock(db, change, change, sql`greatest(cur.stock + ${q}::int, 0)`, sql`true`);
    return result.outcome === 'applied' ? { ...result, shortfall: q - result.moved } : result;
  }
  return changeStock(db, change, change, sql`cur.stock + ${q}::int`, sql`cur.stock + ${q}::int >= 0`);
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
  const order = changes
    .map((change, index) => ({ change, index }))
    .sort((a, b) => {
      const ka = a.change.variantId ? `1${a.change.variantId}` : `0${a.change.productId}`;
      const kb = b.change.variantId ? `1${b.change.variantId}` : `0${b.change.productId}`;
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

/** The stock of a product or size option now, or null when it does not exist. */
export async function currentStock(db: DbOrTx, target: StockTarget): Promise<number | null> {
  const [row] = await queryRows<{ stock: number }>(
    db,
    target.variantId
      ? sql`select stock from product_variants where id = ${target.variantId}::uuid and product_id = ${target.productId}::uuid`
      : sql`select stock from products where id = ${target.productId}::uuid`,
  );
  return row ? Number(row.stock) : null;
}
