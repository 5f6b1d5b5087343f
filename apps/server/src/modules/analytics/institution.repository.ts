import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assetCheckouts, categories, procDepartments, products, users } from '../../db/schema/index';
import { ALL_STORES, productStockSql } from '../stock/index';

/**
 * Aggregate SQL for Institutional Analytics (spec §2, §4 Utilization rating, §9 Asset value).
 * An institutional asset is an active product whose assetType is not 'regular'. Money sums come
 * back as numeric text; the service turns them into cents.
 *
 * Issue #32: the institution's figures are installation-wide by nature (an asset belongs to the
 * institution, not to a café), so stock here is every open store's together, never one store's.
 */

type Range = { start: Date; end: Date };

/** An instant as a timestamptz parameter (raw sql does not map Dates through a column). */
const ts = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** An asset's units, at every store (see above). */
const stockOf = (productId: typeof products.id) => productStockSql(productId, ALL_STORES);

const isAsset = and(ne(products.assetType, 'regular'), eq(products.isActive, true));
const value = sql<string>`coalesce(sum(${products.price} * ${stockOf(products.id)}), 0)::text`;
const count = sql<number>`count(*)::int`;
const units = sql<number>`coalesce(sum(${stockOf(products.id)}), 0)::int`;

/** Per product: checkouts made in the range and checkouts not yet returned. */
function checkoutsPerProduct(db: DbOrTx, range: Range) {
  return db
    .select({
      productId: assetCheckouts.productId,
      inRange:
        sql<number>`count(*) filter (where ${assetCheckouts.checkedOutAt} >= ${ts(range.start)} and ${assetCheckouts.checkedOutAt} < ${ts(range.end)})::int`.as(
          'in_range',
        ),
      active: sql<number>`count(*) filter (where ${assetCheckouts.returnedAt} is null)::int`.as('active'),
    })
    .from(assetCheckouts)
    .groupBy(assetCheckouts.productId)
    .as('per_product');
}

/** The four cards: assets, their value (price × stock), active and overdue checkouts. */
export async function cardFigures(db: DbOrTx, now: Date) {
  const [[assets], [checkouts]] = await Promise.all([
    db.select({ totalAssets: count, assetValue: value }).from(products).where(isAsset),
    db
      .select({
        activeCheckouts: sql<number>`count(*) filter (where ${assetCheckouts.returnedAt} is null)::int`,
        overdueItems: sql<number>`count(*) filter (where ${assetCheckouts.returnedAt} is null and ${assetCheckouts.expectedReturnAt} < ${ts(now)})::int`,
      })
      .from(assetCheckouts),
  ]);
  return {
    totalAssets: assets?.totalAssets ?? 0,
    assetValue: assets?.assetValue ?? '0',
    activeCheckouts: checkouts?.activeCheckouts ?? 0,
    overdueItems: checkouts?.overdueItems ?? 0,
  };
}

export async function assetsByType(db: DbOrTx) {
  return db
    .select({ assetType: products.assetType, count, units, value })
    .from(products)
    .where(isAsset)
    .groupBy(products.assetType);
}

export async function assetsByCategory(db: DbOrTx) {
  return db
    .select({ category: categories.name, count, units, value })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(isAsset)
    .groupBy(categories.name)
    .orderBy(desc(sql`sum(${products.price} * ${stockOf(products.id)})`), asc(categories.name));
}

/** Assets at or below their low-stock threshold, emptiest first. */
export async function lowStockAssets(db: DbOrTx, limit: number) {
  return db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      assetType: products.assetType,
      stock: stockOf(products.id),
      lowStockThreshold: products.lowStockThreshold,
      location: products.location,
    })
    .from(products)
    .where(and(isAsset, sql`${stockOf(products.id)} <= ${products.lowStockThreshold}`))
    .orderBy(asc(stockOf(products.id)), asc(products.name), asc(products.id))
    .limit(limit);
}

/** Every asset with its checkouts in the range, most used first (limit for the top list). */
export async function assetUtilization(db: DbOrTx, range: Range, limit?: number) {
  const perProduct = checkoutsPerProduct(db, range);
  const checkouts = sql<number>`coalesce(${perProduct.inRange}, 0)::int`;
  const query = db
    .select({
      id: products.id,
      name: products.name,
      assetType: products.assetType,
      location: products.location,
      stock: stockOf(products.id),
      checkouts,
      activeCheckouts: sql<number>`coalesce(${perProduct.active}, 0)::int`,
    })
    .from(products)
    .leftJoin(perProduct, eq(perProduct.productId, products.id))
    .where(isAsset)
    .orderBy(desc(checkouts), asc(products.name), asc(products.id));
  return limit === undefined ? query : query.limit(limit);
}

/** Checkouts made in the range of any asset, and how many assets they touched. */
export async function utilizationTotals(db: DbOrTx, range: Range) {
  const [row] = await db
    .select({
      totalCheckouts: count,
      assetsUsed: sql<number>`count(distinct ${assetCheckouts.productId})::int`,
    })
    .from(assetCheckouts)
    .innerJoin(products, eq(products.id, assetCheckouts.productId))
    .where(
      and(
        isAsset,
        sql`${assetCheckouts.checkedOutAt} >= ${ts(range.start)}`,
        sql`${assetCheckouts.checkedOutAt} < ${ts(range.end)}`,
      ),
    );
  return { totalCheckouts: row?.totalCheckouts ?? 0, assetsUsed: row?.assetsUsed ?? 0 };
}

/** Per POS department: active products, assets, asset value and checkouts; then the unassigned. */
export async function departmentFigures(db: DbOrTx, range: Range) {
  const perProduct = checkoutsPerProduct(db, range);
  const figures = {
    products: sql<number>`count(${products.id})::int`,
    assets: sql<number>`count(${products.id}) filter (where ${products.assetType} <> 'regular')::int`,
    assetValue: sql<string>`coalesce(sum(${products.price} * ${stockOf(products.id)}) filter (where ${products.assetType} <> 'regular'), 0)::text`,
    activeCheckouts: sql<number>`coalesce(sum(${perProduct.active}), 0)::int`,
    checkoutsInRange: sql<number>`coalesce(sum(${perProduct.inRange}), 0)::int`,
  };
  const named = await db
    .select({ id: procDepartments.id, name: procDepartments.name, building: procDepartments.building, ...figures })
    .from(procDepartments)
    .leftJoin(products, and(eq(products.departmentId, procDepartments.id), eq(products.isActive, true)))
    .leftJoin(perProduct, eq(perProduct.productId, products.id))
    .groupBy(procDepartments.id, procDepartments.name, procDepartments.building)
    .orderBy(asc(procDepartments.name));
  const [unassigned] = await db
    .select(figures)
    .from(products)
    .leftJoin(perProduct, eq(perProduct.productId, products.id))
    .where(and(isNull(products.departmentId), eq(products.isActive, true)));
  return { named, unassigned: unassigned ?? null };
}

/** Assets per building: the first dash-separated segment of the location (spec §3 products). */
export async function locationFigures(db: DbOrTx) {
  const building = sql<string>`coalesce(nullif(trim(split_part(coalesce(${products.location}, ''), '-', 1)), ''), 'Unassigned')`;
  return db
    .select({
      building,
      rooms: sql<number>`count(distinct nullif(trim(${products.location}), ''))::int`,
      assets: count,
      units,
      value,
    })
    .from(products)
    .where(isAsset)
    .groupBy(sql`1`)
    .orderBy(desc(sql`sum(${products.price} * ${stockOf(products.id)})`), asc(sql`1`));
}

/** Every asset with its category, department and stock value: the export's Inventory section. */
export async function assetInventory(db: DbOrTx) {
  return db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      assetType: products.assetType,
      category: categories.name,
      department: procDepartments.name,
      location: products.location,
      price: products.price,
      stock: stockOf(products.id),
      lowStockThreshold: products.lowStockThreshold,
      isCheckoutRequired: products.isCheckoutRequired,
      value: sql<string>`(${products.price} * ${stockOf(products.id)})::text`,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(procDepartments, eq(procDepartments.id, products.departmentId))
    .where(isAsset)
    .orderBy(asc(products.name), asc(products.id));
}

/**
 * Checkouts of assets made in the range, newest first: the export's Checkout History section.
 * The status is computed from the return time and the clock (spec §4 Asset checkout), as the
 * asset checkout screen does.
 */
export async function checkoutHistory(db: DbOrTx, range: Range, now: Date) {
  return db
    .select({
      id: assetCheckouts.id,
      assetName: products.name,
      assetType: products.assetType,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      checkedOutAt: assetCheckouts.checkedOutAt,
      expectedReturnAt: assetCheckouts.expectedReturnAt,
      returnedAt: assetCheckouts.returnedAt,
      returnCondition: assetCheckouts.returnCondition,
      notes: assetCheckouts.notes,
      returnNotes: assetCheckouts.returnNotes,
      status: sql<'checked_out' | 'returned' | 'overdue'>`case
        when ${assetCheckouts.returnedAt} is not null then 'returned'
        when ${assetCheckouts.expectedReturnAt} < ${ts(now)} then 'overdue'
        else 'checked_out' end`,
    })
    .from(assetCheckouts)
    .innerJoin(products, eq(products.id, assetCheckouts.productId))
    .leftJoin(users, eq(users.id, assetCheckouts.userId))
    .where(
      and(
        ne(products.assetType, 'regular'),
        sql`${assetCheckouts.checkedOutAt} >= ${ts(range.start)}`,
        sql`${assetCheckouts.checkedOutAt} < ${ts(range.end)}`,
      ),
    )
    .orderBy(desc(assetCheckouts.checkedOutAt), asc(assetCheckouts.id));
}
