import { STORE_UNLIMITED_ROLES } from '@retail-hub/shared';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { posTerminals, procLocations, products, storeProducts, stores, userStores, users } from '../../db/schema/index';

const storeColumns = {
  id: stores.id,
  name: stores.name,
  code: stores.code,
  sellingLocationId: stores.sellingLocationId,
  sellingLocationName: procLocations.name,
  isArchived: stores.isArchived,
  createdAt: stores.createdAt,
} as const;

export type StoreRow = {
  id: string;
  name: string;
  code: string;
  sellingLocationId: string | null;
  sellingLocationName: string | null;
  isArchived: boolean;
  createdAt: Date;
};

/** Every store, the default (oldest) first, then by name. */
export async function listStoreRows(db: DbOrTx): Promise<StoreRow[]> {
  return db
    .select(storeColumns)
    .from(stores)
    .leftJoin(procLocations, eq(procLocations.id, stores.sellingLocationId))
    .orderBy(sql`${stores.id} = default_store_id() desc`, asc(stores.name), asc(stores.id));
}

export async function findStoreRow(db: DbOrTx, id: string): Promise<StoreRow | null> {
  const [row] = await db
    .select(storeColumns)
    .from(stores)
    .leftJoin(procLocations, eq(procLocations.id, stores.sellingLocationId))
    .where(eq(stores.id, id))
    .limit(1);
  return row ?? null;
}

export async function locationExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: procLocations.id }).from(procLocations).where(eq(procLocations.id, id)).limit(1);
  return Boolean(row);
}

/**
 * Throws a unique violation (23505) on a duplicate code. A store created without a selling
 * location gets its own, named after it, in the same statement (ADR 0025: a store's stock is its
 * selling location's; its code is the store's, or made unique when a location already has it).
 */
export async function insertStore(
  db: DbOrTx,
  values: { name: string; code: string; sellingLocationId: string | null },
): Promise<string> {
  if (values.sellingLocationId) {
    const [row] = await db
      .insert(stores)
      .values({ ...values, sellingLocationId: values.sellingLocationId })
      .returning({ id: stores.id });
    return (row as { id: string }).id;
  }
  const result = await db.execute(sql`
    with location as (
      insert into proc_locations (code, name, is_selling)
      select case when exists (select 1 from proc_locations l where upper(l.code) = upper(${values.code}))
                  then left(${values.code}, 40) || '-' || left(md5(random()::text), 6) else ${values.code} end,
             ${values.name}, true
      returning id
    )
    insert into stores (name, code, selling_location_id)
    select ${values.name}, ${values.code}, location.id from location
    returning id`);
  const rows = rowsOf<{ id: string }>(result);
  return (rows[0] as { id: string }).id;
}

/** Throws a unique violation (23505) on a duplicate code; false when there is no such store. */
export async function updateStoreRow(
  db: DbOrTx,
  id: string,
  values: { name?: string; code?: string; sellingLocationId?: string; isArchived?: boolean },
): Promise<boolean> {
  if (Object.keys(values).length === 0) return Boolean(await findStoreRow(db, id));
  const rows = await db.update(stores).set(values).where(eq(stores.id, id)).returning({ id: stores.id });
  return rows.length > 0;
}

/** Which of `ids` are stores (archived ones too). */
export async function existingStoreIds(db: DbOrTx, ids: string[]): Promise<string[]> {
  return (await storesByIds(db, ids)).map((r) => r.id);
}

export async function storesByIds(db: DbOrTx, ids: string[]): Promise<{ id: string; isArchived: boolean }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: stores.id, isArchived: stores.isArchived })
    .from(stores)
    .where(
      sql`${stores.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
}

/** Issue #32 item 2: roles never limited to some stores, whatever user_stores holds (packages/shared). */
const UNLIMITED_ROLES = sql.raw(`(${STORE_UNLIMITED_ROLES.map((role) => `'${role}'`).join(', ')})`);

/**
 * The one home of "the stores a user is limited to" (issue #32): SQL giving the ids (text[]) of the
 * open stores the user's `user_stores` rows name, '{}' when the user is not limited (no rows, or a
 * manager or super admin, who never are).
 */
function limitedStoreIdsSql(userId: string): SQL {
  return sql`coalesce((select array_agg(u.store_id::text order by u.store_id) from ${userStores} u
      join ${stores} s on s.id = u.store_id
     where u.user_id = ${userId}::uuid and not s.is_archived
       and not exists (select 1 from ${users} m where m.id = ${userId}::uuid and m.role in ${UNLIMITED_ROLES})),
    '{}'::text[])`;
}

/**
 * Issue #32 item 2: the stores a user may sell at ([] every store: no rows, or a manager or super
 * admin, who are never limited).
 */
export async function sellableStoreIds(db: DbOrTx, userId: string): Promise<string[]> {
  const result = await db.execute(sql`select ${limitedStoreIdsSql(userId)} as allowed`);
  const row = rowsOf(result)[0] as {
    allowed: string[] | string;
  };
  return parsePgArray(row.allowed);
}

/**
 * What a shift start needs to pick its store, in one round trip: how many stores there are, the
 * stores the user is limited to (empty: all) and the store the terminal is bound to.
 */
export async function shiftStoreFacts(
  db: DbOrTx,
  userId: string,
  terminalId: string | null,
): Promise<{ storeCount: number; allowed: string[]; terminalStoreId: string | null; defaultStoreId: string }> {
  const result = await db.execute(sql`
    select (select count(*)::int from ${stores} where not is_archived) as store_count,
      ${limitedStoreIdsSql(userId)} as allowed,
      (select t.store_id::text from ${posTerminals} t join ${stores} s on s.id = t.store_id
        where t.id = ${terminalId}::uuid and not s.is_archived) as terminal_store_id,
      default_store_id()::text as default_store_id`);
  const row = rowsOf(result)[0] as {
    store_count: number;
    allowed: string[] | string;
    terminal_store_id: string | null;
    default_store_id: string;
  };
  return {
    storeCount: Number(row.store_count),
    allowed: parsePgArray(row.allowed),
    terminalStoreId: row.terminal_store_id,
    defaultStoreId: row.default_store_id,
  };
}

/** A text[] as the driver gives it: an array (node-postgres, PGlite) or its '{a,b}' text form. */
function parsePgArray(value: string[] | string | null): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

export async function userStoreIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ storeId: userStores.storeId })
    .from(userStores)
    .where(eq(userStores.userId, userId))
    .orderBy(asc(userStores.storeId));
  return rows.map((r) => r.storeId);
}

export async function replaceUserStores(tx: DbOrTx, userId: string, storeIds: string[]): Promise<void> {
  await tx.delete(userStores).where(eq(userStores.userId, userId));
  if (storeIds.length > 0) await tx.insert(userStores).values(storeIds.map((storeId) => ({ userId, storeId })));
}

/**
 * Binds a till to a store. A till never seen yet is recorded as the binding manager's, on the
 * binding browser's device (ADR 0008 device cookie), so its later heartbeats from that browser
 * are accepted (issue #30 item 11).
 */
export async function bindTerminalRow(
  db: DbOrTx,
  values: { terminalId: string; storeId: string | null; userId: string; deviceId: string | null },
): Promise<void> {
  await db
    .insert(posTerminals)
    .values({
      id: values.terminalId,
      userId: values.userId,
      createdBy: values.userId,
      deviceId: values.deviceId,
      storeId: values.storeId,
    })
    .onConflictDoUpdate({ target: posTerminals.id, set: { storeId: values.storeId } });
}

/**
 * The name of the store of the till (by its id, else the tills bound on this device cookie) when
 * the user is limited to stores that do not include it; null when they may sell there, when the
 * till is unbound or unknown, or when the user is not limited (managers never are).
 */
export async function tillStoreRefusingUser(
  db: DbOrTx,
  userId: string,
  terminalId: string | null,
  deviceId: string | null,
): Promise<string | null> {
  if (!terminalId && !deviceId) return null;
  const till = terminalId ? sql`t.id = ${terminalId}::uuid` : sql`t.device_id = ${deviceId}`;
  // The till is the device's newest one first, then checked: a device whose newest till is at an
  // allowed store is not refused because of an older till elsewhere.
  const result = await db.execute(sql`
    with till as (
      select t.store_id from ${posTerminals} t where ${till}
      order by t.last_seen_at desc nulls last limit 1
    ), limited as (select ${limitedStoreIdsSql(userId)} as ids)
    select s.name from till join ${stores} s on s.id = till.store_id, limited
    where not s.is_archived and cardinality(limited.ids) > 0 and not (till.store_id::text = any(limited.ids))`);
  const row = rowsOf(result)[0] as { name: string } | undefined;
  return row?.name ?? null;
}

export async function terminalStoreId(db: DbOrTx, terminalId: string): Promise<string | null> {
  const [row] = await db
    .select({ storeId: posTerminals.storeId })
    .from(posTerminals)
    .where(eq(posTerminals.id, terminalId))
    .limit(1);
  return row?.storeId ?? null;
}

export async function upsertProductStore(
  db: DbOrTx,
  values: { productId: string; storeId: string; price?: string | null; isAvailable?: boolean },
) {
  const set: { price?: string | null; isAvailable?: boolean } = {};
  if (values.price !== undefined) set.price = values.price;
  if (values.isAvailable !== undefined) set.isAvailable = values.isAvailable;
  const insert = {
    productId: values.productId,
    storeId: values.storeId,
    price: values.price ?? null,
    isAvailable: values.isAvailable ?? true,
  };
  const query = db.insert(storeProducts).values(insert);
  const [row] = await (Object.keys(set).length > 0
    ? query.onConflictDoUpdate({ target: [storeProducts.storeId, storeProducts.productId], set })
    : query.onConflictDoUpdate({
        target: [storeProducts.storeId, storeProducts.productId],
        set: { isAvailable: sql`${storeProducts.isAvailable}` },
      })
  ).returning();
  return row as { productId: string; storeId: string; price: string | null; isAvailable: boolean };
}

export async function productStoreRows(db: DbOrTx, productId: string) {
  return db
    .select({
      productId: storeProducts.productId,
      storeId: storeProducts.storeId,
      price: storeProducts.price,
      isAvailable: storeProducts.isAvailable,
    })
    .from(storeProducts)
    .where(eq(storeProducts.productId, productId));
}

export async function productExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return Boolean(row);
}

export async function userExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return Boolean(row);
}

/**
 * Issue #32 item 2: the facts GET /api/products decides its store from, in one round trip: the
 * store asked for (null when unknown), the caller's open shift's store, the terminal's store, and
 * the stores the user is limited to ([]: not limited).
 */
export async function catalogueStoreFacts(
  db: DbOrTx,
  values: { askedStoreId: string | null; userId: string; terminalId: string | null },
): Promise<{
  asked: string | null;
  shiftStore: string | null;
  terminalStore: string | null;
  allowed: string[];
}> {
  const result = await db.execute(sql`
    select (select s.id::text from ${stores} s where s.id = ${values.askedStoreId}::uuid) as asked,
      (select sh.store_id::text from shifts sh where sh.cashier_id = ${values.userId}::uuid and sh.is_open) as shift_store,
      (select t.store_id::text from ${posTerminals} t where t.id = ${values.terminalId}::uuid) as terminal_store,
      ${limitedStoreIdsSql(values.userId)} as allowed`);
  const row = rowsOf(result)[0] as {
    asked: string | null;
    shift_store: string | null;
    terminal_store: string | null;
    allowed: string[] | string;
  };
  return {
    asked: row.asked,
    shiftStore: row.shift_store,
    terminalStore: row.terminal_store,
    allowed: parsePgArray(row.allowed),
  };
}

/**
 * Issue #34 item 2: a store's own 'prices include tax' (null = the installation's default);
 * undefined when there is no such store.
 */
export async function storePricesIncludeTaxRow(db: DbOrTx, storeId: string): Promise<boolean | null | undefined> {
  const [row] = await db
    .select({ pricesIncludeTax: stores.pricesIncludeTax })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row ? row.pricesIncludeTax : undefined;
}

/** Sets a store's own 'prices include tax'; false when there is no such store. */
export async function updateStorePricesIncludeTax(db: DbOrTx, storeId: string, value: boolean): Promise<boolean> {
  const rows = await db
    .update(stores)
    .set({ pricesIncludeTax: value })
    .where(eq(stores.id, storeId))
    .returning({ id: stores.id });
  return rows.length > 0;
}
