import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { heldSales, products, users } from '../../db/schema/index';

/**
 * Issue #35 item 3 (docs/adr/0032): held sales, open tickets. Every change is one statement whose
 * condition decides (`resolved_at is null`), so two tills resuming one held sale: one wins.
 */

export type HeldSaleRow = typeof heldSales.$inferSelect;
export type HeldSaleInsert = typeof heldSales.$inferInsert;

/** The caller's open shift and its store, held FOR SHARE so it cannot end while a hold is written. */
export async function lockOpenShiftOf(
  tx: DbOrTx,
  userId: string,
): Promise<{ id: number; storeId: string; startedAt: Date } | null> {
  const [row] = await rows<{ id: number; store_id: string; started_at: string | Date }>(
    tx,
    sql`select id, store_id, started_at from shifts where cashier_id = ${userId}::uuid and is_open for share`,
  );
  return row ? { id: Number(row.id), storeId: row.store_id, startedAt: new Date(row.started_at) } : null;
}

/** The caller's open shift's store, without a lock (the list). */
export async function openShiftStoreOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await rows<{ store_id: string }>(
    db,
    sql`select store_id from shifts where cashier_id = ${userId}::uuid and is_open`,
  );
  return row?.store_id ?? null;
}

/**
 * Holds are taken one at a time per store (a row lock on the store that no sale or foreign key
 * check takes), so the per-store cap is kept under concurrency.
 */
export async function lockStoreForHolds(tx: DbOrTx, storeId: string): Promise<void> {
  await tx.execute(sql`select id from stores where id = ${storeId}::uuid for no key update`);
}

export async function waitingCountAtStore(db: DbOrTx, storeId: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`select count(*) as n from held_sales where store_id = ${storeId}::uuid and resolved_at is null`,
  );
  return Number(row?.n ?? 0);
}

/** How many of the products exist (a held line of an unknown product is refused). */
export async function knownProductCount(db: DbOrTx, productIds: string[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, productIds));
  return found.length;
}

export async function insertHeldSale(tx: DbOrTx, row: HeldSaleInsert): Promise<boolean> {
  const inserted = await tx
    .insert(heldSales)
    .values(row)
    .onConflictDoNothing({ target: heldSales.id })
    .returning({ id: heldSales.id });
  return inserted.length > 0;
}

const withCreator = {
  held: heldSales,
  firstName: users.firstName,
  lastName: users.lastName,
};

export type HeldSaleWithCreator = { held: HeldSaleRow; firstName: string | null; lastName: string | null };

export async function findHeldSaleById(db: DbOrTx, id: string): Promise<HeldSaleWithCreator | null> {
  const [row] = await db
    .select(withCreator)
    .from(heldSales)
    .innerJoin(users, eq(users.id, heldSales.createdBy))
    .where(eq(heldSales.id, id))
    .limit(1);
  return row ?? null;
}

/** The store's waiting held sales, oldest first. */
export async function waitingAtStore(db: DbOrTx, storeId: string): Promise<HeldSaleWithCreator[]> {
  return db
    .select(withCreator)
    .from(heldSales)
    .innerJoin(users, eq(users.id, heldSales.createdBy))
    .where(and(eq(heldSales.storeId, storeId), isNull(heldSales.resolvedAt)))
    .orderBy(asc(heldSales.createdAt), asc(heldSales.id));
}

/** Takes a waiting held sale of the store: the one statement two tills race on (one row back, or none). */
export async function takeHeldSale(
  tx: DbOrTx,
  input: { id: string; storeId: string; userId: string },
): Promise<HeldSaleRow | null> {
  const [row] = await tx
    .update(heldSales)
    .set({ resolvedAt: sql`now()`, resolvedBy: input.userId, resolution: 'resumed' })
    .where(and(eq(heldSales.id, input.id), eq(heldSales.storeId, input.storeId), isNull(heldSales.resolvedAt)))
    .returning();
  return row ?? null;
}

/** The shift's waiting held sales (the ones its end must decide on). */
export async function waitingOfShift(db: DbOrTx, shiftId: number): Promise<HeldSaleRow[]> {
  return db
    .select()
    .from(heldSales)
    .where(and(eq(heldSales.shiftId, shiftId), isNull(heldSales.resolvedAt)))
    .orderBy(asc(heldSales.createdAt), asc(heldSales.id));
}

/** Discards the shift's waiting held sales with the reason; returns those it discarded. */
export async function discardWaitingOfShift(
  tx: DbOrTx,
  input: { shiftId: number; userId: string; reason: string },
): Promise<HeldSaleRow[]> {
  return tx
    .update(heldSales)
    .set({ resolvedAt: sql`now()`, resolvedBy: input.userId, resolution: 'discarded', resolutionReason: input.reason })
    .where(and(eq(heldSales.shiftId, input.shiftId), isNull(heldSales.resolvedAt)))
    .returning();
}

/** How many held sales of the user's open shift are waiting (0 without one). */
export async function waitingCountOfOpenShift(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`select count(*) as n from held_sales h join shifts s on s.id = h.shift_id
        where s.cashier_id = ${userId}::uuid and s.is_open and h.resolved_at is null`,
  );
  return Number(row?.n ?? 0);
}
