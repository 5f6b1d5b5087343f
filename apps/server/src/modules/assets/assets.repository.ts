import type {
  AssetType,
  CheckoutFilter,
  CheckoutSort,
  CheckoutStatus,
  ReturnCondition,
  Role,
  ServiceFlag,
} from '@retail-hub/shared';
import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  assetCheckouts,
  procAssets,
  procItems,
  procLocations,
  products,
  productVariants,
  users,
} from '../../db/schema/index';
import { applyStockDelta, productStockSql, variantStockSql } from '../stock/index';

/**
 * spec §4: the displayed status is computed from the return time and the clock, never read from
 * the stored column (rows written before this rule, such as the demo seed's, may say 'overdue').
 * `now` is a JS Date sent as a parameter, so a test's clock decides what is overdue.
 */
const displayedStatus = (now: Date) => sql<CheckoutStatus>`case
    when ${assetCheckouts.returnedAt} is not null then 'returned'
    when ${assetCheckouts.expectedReturnAt} < ${now.toISOString()}::timestamptz then 'overdue'
    else 'checked_out' end`;

export type CheckoutRow = {
  id: string;
  status: CheckoutStatus;
  productId: string | null;
  variantId: string | null;
  userId: string;
  productName: string;
  assetType: AssetType | null;
  location: string | null;
  assetId: string | null;
  assetTag: string | null;
  variantName: string | null;
  firstName: string | null;
  lastName: string | null;
  checkedOutAt: Date;
  expectedReturnAt: Date | null;
  returnedAt: Date | null;
  returnCondition: ReturnCondition | null;
  notes: string | null;
  returnNotes: string | null;
};

/**
 * The filter of GET /api/asset-checkouts. 'checked_out' is every loan not yet returned, overdue
 * ones included (as Snipe-IT lists "checked out" assets): an overdue asset is still out, and the
 * Overdue filter narrows to the late ones.
 */
function filterCondition(filter: CheckoutFilter, now: Date): SQL | undefined {
  switch (filter) {
    case 'checked_out':
      return isNull(assetCheckouts.returnedAt);
    case 'returned':
      return sql`${assetCheckouts.returnedAt} is not null`;
    case 'overdue':
      return and(
        isNull(assetCheckouts.returnedAt),
        sql`${assetCheckouts.expectedReturnAt} < ${now.toISOString()}::timestamptz`,
      );
    default:
      return undefined;
  }
}

/** spec §4: a loan without an expected return is never due, so it sorts after every dated one. */
const dueKey = sql`coalesce(${assetCheckouts.expectedReturnAt}, 'infinity'::timestamptz)`;

/**
 * The rows after the cursor checkout in the list's order (keyset paging). The cursor row's own
 * values are read in SQL, so timestamps keep their microseconds and a page boundary between two
 * loans of the same instant neither repeats nor skips one.
 */
function afterCursor(sort: CheckoutSort, cursorId: string): SQL {
  return sort === 'due'
    ? sql`(${dueKey}, ${assetCheckouts.id}) > (select coalesce(c.expected_return_at, 'infinity'::timestamptz), c.id
        from asset_checkouts c where c.id = ${cursorId}::uuid)`
    : sql`(${assetCheckouts.checkedOutAt}, ${assetCheckouts.createdAt}, ${assetCheckouts.id}) <
        (select c.checked_out_at, c.created_at, c.id from asset_checkouts c where c.id = ${cursorId}::uuid)`;
}

/** Who may be listed: everyone's loans, or one borrower's (the IDOR rule: cashiers see their own). */
function listConditions(options: {
  filter: CheckoutFilter;
  now: Date;
  userId?: string | undefined;
  id?: string | undefined;
}): SQL | undefined {
  const conditions = [
    filterCondition(options.filter, options.now),
    options.userId ? eq(assetCheckouts.userId, options.userId) : undefined,
    options.id ? eq(assetCheckouts.id, options.id) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * One page of checkouts: newest first (or soonest due first), after the `cursor` checkout when
 * given, at most `limit` of them (all when no limit is given, for one loan by id).
 */
export async function listCheckoutRows(
  db: DbOrTx,
  options: {
    filter: CheckoutFilter;
    now: Date;
    userId?: string | undefined;
    id?: string | undefined;
    sort?: CheckoutSort;
    cursor?: string | undefined;
    limit?: number;
  },
): Promise<CheckoutRow[]> {
  const sort = options.sort ?? 'newest';
  const query = db
    .select({
      id: assetCheckouts.id,
      status: displayedStatus(options.now),
      productId: assetCheckouts.productId,
      variantId: assetCheckouts.variantId,
      userId: assetCheckouts.userId,
      // A registered unit's loan (issue #17) is named by its item and tag, and sits at its location.
      productName: sql<string>`coalesce(${products.name}, concat_ws(' ', ${procItems.name}, ${procAssets.assetTag}))`,
      assetType: products.assetType,
      location: sql<string | null>`coalesce(${products.location}, ${procLocations.code})`,
      assetId: assetCheckouts.assetId,
      assetTag: procAssets.assetTag,
      variantName: productVariants.name,
      firstName: users.firstName,
      lastName: users.lastName,
      checkedOutAt: assetCheckouts.checkedOutAt,
      expectedReturnAt: assetCheckouts.expectedReturnAt,
      returnedAt: assetCheckouts.returnedAt,
      returnCondition: assetCheckouts.returnCondition,
      notes: assetCheckouts.notes,
      returnNotes: assetCheckouts.returnNotes,
    })
    .from(assetCheckouts)
    .leftJoin(products, eq(products.id, assetCheckouts.productId))
    .leftJoin(procAssets, eq(procAssets.id, assetCheckouts.assetId))
    .leftJoin(procItems, eq(procItems.id, procAssets.itemId))
    .leftJoin(procLocations, eq(procLocations.id, procAssets.locationId))
    .innerJoin(users, eq(users.id, assetCheckouts.userId))
    .leftJoin(productVariants, eq(productVariants.id, assetCheckouts.variantId))
    .where(and(listConditions(options), options.cursor ? afterCursor(sort, options.cursor) : undefined))
    .orderBy(
      ...(sort === 'due'
        ? [asc(dueKey), asc(assetCheckouts.id)]
        : [desc(assetCheckouts.checkedOutAt), desc(assetCheckouts.createdAt), desc(assetCheckouts.id)]),
    );
  return options.limit === undefined ? query : query.limit(options.limit);
}

/** How many checkouts a list holds in all, for 'Showing N of M' and the dashboard's count. */
export async function countCheckoutRows(
  db: DbOrTx,
  options: { filter: CheckoutFilter; now: Date; userId?: string | undefined },
): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(assetCheckouts).where(listConditions(options));
  return row?.n ?? 0;
}

/** Is this checkout one the reader may list (any, or only their own)? Decides whether a cursor is valid. */
export async function checkoutListedFor(db: DbOrTx, id: string, userId: string | undefined): Promise<boolean> {
  const rows = await db
    .select({ id: assetCheckouts.id })
    .from(assetCheckouts)
    .where(and(eq(assetCheckouts.id, id), userId ? eq(assetCheckouts.userId, userId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export type AssetFacts = {
  id: string;
  name: string;
  isActive: boolean;
  assetType: AssetType;
  isCheckoutRequired: boolean;
  serviceFlag: ServiceFlag | null;
  stock: number;
};

export async function findAsset(db: DbOrTx, id: string): Promise<AssetFacts | null> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      isActive: products.isActive,
      assetType: products.assetType,
      isCheckoutRequired: products.isCheckoutRequired,
      serviceFlag: products.serviceFlag,
      stock: productStockSql(products.id),
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, serviceFlag: row.serviceFlag as ServiceFlag | null } : null;
}

export async function activeVariantsOf(db: DbOrTx, productId: string) {
  return db
    .select({ id: productVariants.id, name: productVariants.name, stock: variantStockSql(productVariants.id) })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.isActive, true)))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.name));
}

export async function findVariant(db: DbOrTx, id: string) {
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      name: productVariants.name,
      isActive: productVariants.isActive,
    })
    .from(productVariants)
    .where(eq(productVariants.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserFacts(db: DbOrTx, id: string) {
  const rows = await db
    .select({ id: users.id, isActive: users.isActive, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** An institutional asset that is lent out: active, checkout required, not a regular product. */
const lendable = and(
  eq(products.isActive, true),
  eq(products.isCheckoutRequired, true),
  ne(products.assetType, 'regular'),
);

/**
 * Takes one unit of the product for a loan, through the stock ledger (a 'checkout' movement,
 * issue #15): the product row is locked while it is re-checked as active and in service, then
 * the ledger's conditional delta takes the unit (never below zero). Returns false when it did not
 * apply (no unit left, or the asset changed under us).
 */
export async function takeProductUnit(
  db: DbOrTx,
  productId: string,
  movement: { checkoutId: string; userId: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.serviceFlag), lendable))
    .for('no key update');
  if (rows.length === 0) return false;
  const taken = await applyStockDelta(db, {
    productId,
    quantity: -1,
    reason: 'checkout',
    documentType: 'asset_checkout',
    documentId: movement.checkoutId,
    userId: movement.userId,
  });
  return taken.outcome === 'applied';
}

/** The same for a size option's stock; the product's service flag still decides. */
export async function takeVariantUnit(
  db: DbOrTx,
  productId: string,
  variantId: string,
  movement: { checkoutId: string; userId: string },
): Promise<boolean> {
  const inService = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.serviceFlag), lendable))
    // Holds the product row so a flag set concurrently waits for this loan (or this loan for it).
    .for('share');
  if (inService.length === 0) return false;
  const active = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.id, variantId),
        eq(productVariants.productId, productId),
        eq(productVariants.isActive, true),
      ),
    );
  if (active.length === 0) return false;
  const taken = await applyStockDelta(db, {
    productId,
    variantId,
    quantity: -1,
    reason: 'checkout',
    documentType: 'asset_checkout',
    documentId: movement.checkoutId,
    userId: movement.userId,
  });
  return taken.outcome === 'applied';
}

export async function insertCheckout(
  db: DbOrTx,
  values: {
    id: string;
    productId: string | null;
    variantId: string | null;
    userId: string;
    checkedOutAt: Date;
    expectedReturnAt: Date | null;
    notes: string | null;
    checkedOutBy: string;
    assetId?: string | null;
    fromLocationId?: string | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(assetCheckouts)
    .values({ ...values, status: 'checked_out' })
    .returning({ id: assetCheckouts.id });
  return (row as { id: string }).id;
}

/**
 * Marks a loan returned, only if it is still out (a second return finds nothing to update).
 * Returns the product and size option whose stock comes back, or null.
 */
export async function markReturned(
  db: DbOrTx,
  id: string,
  values: { returnedAt: Date; returnCondition: ReturnCondition; returnNotes: string | null; returnedBy: string },
): Promise<{
  productId: string | null;
  variantId: string | null;
  assetId: string | null;
  fromLocationId: string | null;
  userId: string;
} | null> {
  const rows = await db
    .update(assetCheckouts)
    .set({ ...values, status: 'returned', updatedAt: sql`now()` })
    .where(and(eq(assetCheckouts.id, id), isNull(assetCheckouts.returnedAt)))
    .returning({
      productId: assetCheckouts.productId,
      variantId: assetCheckouts.variantId,
      assetId: assetCheckouts.assetId,
      fromLocationId: assetCheckouts.fromLocationId,
      userId: assetCheckouts.userId,
    });
  return rows[0] ?? null;
}

/** The registered unit a loan is of (null for a POS asset's loan or an unknown loan). */
export async function checkoutUnitId(db: DbOrTx, id: string): Promise<string | null> {
  const rows = await db
    .select({ assetId: assetCheckouts.assetId })
    .from(assetCheckouts)
    .where(eq(assetCheckouts.id, id))
    .limit(1);
  return rows[0]?.assetId ?? null;
}

export async function checkoutExists(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: assetCheckouts.id })
    .from(assetCheckouts)
    .where(eq(assetCheckouts.id, id))
    .limit(1);
  return rows.length > 0;
}

/** A returned unit goes back to the product's stock, as a 'checkin' movement of the ledger. */
export async function restoreProductUnit(
  db: DbOrTx,
  productId: string,
  movement: { checkoutId: string; userId: string },
): Promise<void> {
  await applyStockDelta(db, {
    productId,
    quantity: 1,
    reason: 'checkin',
    documentType: 'asset_checkout',
    documentId: movement.checkoutId,
    userId: movement.userId,
  });
}

/** Returns false when the size option is gone (deleted variants null the checkout's variantId). */
export async function restoreVariantUnit(
  db: DbOrTx,
  productId: string,
  variantId: string,
  movement: { checkoutId: string; userId: string },
): Promise<boolean> {
  const restored = await applyStockDelta(db, {
    productId,
    variantId,
    quantity: 1,
    reason: 'checkin',
    documentType: 'asset_checkout',
    documentId: movement.checkoutId,
    userId: movement.userId,
  });
  return restored.outcome === 'applied';
}

export async function setServiceFlag(db: DbOrTx, productId: string, flag: ServiceFlag | null, at: Date | null) {
  const rows = await db
    .update(products)
    .set({ serviceFlag: flag, serviceFlaggedAt: at, updatedAt: sql`now()` })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function listBorrowerRows(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
    })
    .from(users)
    .where(eq(users.isActive, true))
    .orderBy(
      sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) collate "C"`,
      asc(users.id),
    ) as Promise<
    Array<{ id: string; firstName: string | null; lastName: string | null; email: string | null; role: Role }>
  >;
}

/** Institutional assets that are lent out: active, checkout required, not a regular product. */
export async function listLendableRows(db: DbOrTx) {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      assetType: products.assetType,
      location: products.location,
      stock: productStockSql(products.id),
      serviceFlag: products.serviceFlag,
      serviceFlaggedAt: products.serviceFlaggedAt,
      // Spelled out: Drizzle leaves columns unqualified in a one-table select, which a subquery would misread.
      checkedOut: sql<number>`(select count(*)::int from asset_checkouts ac
        where ac.product_id = "products"."id" and ac.returned_at is null)`,
    })
    .from(products)
    .where(lendable)
    .orderBy(sql`lower(${products.name}) collate "C"`, asc(products.id));
  const ids = rows.map((r) => r.id);
  const variants =
    ids.length === 0
      ? []
      : await db
          .select({
            id: productVariants.id,
            productId: productVariants.productId,
            name: productVariants.name,
            stock: variantStockSql(productVariants.id),
          })
          .from(productVariants)
          .where(and(inArray(productVariants.productId, ids), eq(productVariants.isActive, true)))
          .orderBy(asc(productVariants.sortOrder), asc(productVariants.name));
  return rows.map((row) => ({
    ...row,
    serviceFlag: row.serviceFlag as ServiceFlag | null,
    variants: variants.filter((v) => v.productId === row.id).map(({ id, name, stock }) => ({ id, name, stock })),
  }));
}
