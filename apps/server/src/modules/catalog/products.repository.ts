import type { AssetType, Product } from '@retail-hub/shared';
import { and, asc, count, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { assetCheckouts, categories, products, storeProducts, stores, transactionItems } from '../../db/schema/index';
import { escapeLike } from '../../lib/like';
import { ALL_STORES, productStockSql, type StockScope } from '../stock/index';
import { HAS_MODIFIER_GROUPS, MODIFIER_GROUPS_OF_PRODUCT } from './modifier-groups.sql';

/**
 * The columns of a product as the API shows it, with its category's id and name; its stock where
 * `scope` says (a store's, all stores' together, or by default the default store's: ADR 0025).
 */
const columnsAt = (scope: StockScope) => ({
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  sku: products.sku,
  categoryId: products.categoryId,
  categoryName: categories.name,
  stock: productStockSql(products.id, scope),
  lowStockThreshold: products.lowStockThreshold,
  isActive: products.isActive,
  imageUrl: products.imageUrl,
  hasVariants: products.hasVariants,
  assetType: products.assetType,
  location: products.location,
  isCheckoutRequired: products.isCheckoutRequired,
  departmentId: products.departmentId,
  taxRateId: products.taxRateId,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
});

export type ProductRow = {
  id: string;
  name: string;
  description: string | null;
  price: string;
  sku: string;
  categoryId: string;
  categoryName: string | null;
  stock: number;
  lowStockThreshold: number;
  isActive: boolean;
  imageUrl: string | null;
  hasVariants: boolean;
  assetType: AssetType;
  location: string | null;
  isCheckoutRequired: boolean;
  departmentId: string | null;
  taxRateId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** What a create or update writes (price already normalised to a 2-decimal string). */
export type ProductWrite = {
  name: string;
  description: string | null;
  price: string;
  sku: string;
  categoryId: string;
  /** The opening stock of a new product (at the default store); an update's goes through the ledger. */
  stock: number;
  lowStockThreshold: number;
  isActive: boolean;
  imageUrl: string | null;
  hasVariants: boolean;
  assetType: AssetType;
  location: string | null;
  isCheckoutRequired: boolean;
  departmentId: string | null;
  taxRateId: string | null;
};

export type ProductFilters = {
  search?: string | undefined;
  categoryId?: string | undefined;
  assetType?: AssetType | undefined;
  departmentId?: string | undefined;
  /** Exact SKU, ignoring case: what a barcode scanner types at the terminal. */
  sku?: string | undefined;
  /**
   * Issue #32: the store the list is for: prices are its own where it has one, products it does not
   * sell are left out, and stock is its selling location's. Undefined or null: the products' own
   * prices, every product, and every store's stock together (`ALL_STORES`).
   */
  storeId?: string | null | undefined;
  /**
   * Issue #32, the back office's inventory: whose stock `stock` is when it is not `storeId`'s (a
   * store's id, or `ALL_STORES`), while prices and the product list stay the catalogue's own.
   */
  stockAt?: StockScope | undefined;
};

/**
 * Case-insensitive substring match on one column. Written as `lower(col) LIKE '%' || lower($q) || '%'`
 * so it matches the GIN trigram indexes on lower(name), lower(sku) and lower(description); the
 * pattern is a bound parameter, folded to a constant when the statement is planned.
 */
function containsIgnoringCase(column: AnyPgColumn, term: string): SQL {
  return sql`lower(${column}) like '%' || lower(${term}) || '%'`;
}

/**
 * Product order: by name ignoring case, compared byte-wise so PGlite (C collation) and a PostgreSQL
 * server (often en_US, which ignores spaces and punctuation) list products in the same order.
 */
const byName = sql`lower(${products.name}) collate "C"`;

function listConditions(filters: ProductFilters): SQL | undefined {
  const conditions: SQL[] = [eq(products.isActive, true)];
  const term = filters.search?.trim();
  if (term) {
    const escaped = escapeLike(term);
    conditions.push(
      or(
        containsIgnoringCase(products.name, escaped),
        containsIgnoringCase(products.sku, escaped),
        containsIgnoringCase(products.description, escaped),
      ) as SQL,
    );
  }
  const sku = filters.sku?.trim();
  if (sku) conditions.push(sql`lower(${products.sku}) = lower(${sku})`);
  if (filters.categoryId) conditions.push(eq(products.categoryId, filters.categoryId));
  if (filters.assetType) conditions.push(eq(products.assetType, filters.assetType));
  if (filters.departmentId) conditions.push(eq(products.departmentId, filters.departmentId));
  if (filters.storeId) {
    conditions.push(sql`not exists (select 1 from store_products sp
      where sp.store_id = ${filters.storeId}::uuid and sp.product_id = ${products.id} and not sp.is_available)`);
  }
  return and(...conditions);
}

/** ISO 8601 in UTC with milliseconds, as JavaScript's Date#toISOString writes it. */
const isoTimestamp = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One product as the API's JSON (shared productSchema), built by the database; with a store, its
 * price there (the store's own, else the product's) and its stock there (else every store's
 * together: issue #32 API, a back-office caller with no store named).
 */
function productJson(storeId: string | null | undefined, stockAt?: StockScope): SQL {
  const price = storeId
    ? sql`coalesce((select sp.price from store_products sp
        where sp.product_id = p.id and sp.store_id = ${storeId}::uuid), p.price)::text`
    : sql.raw('p.price::text');
  // Issue #35 item 1: a product with modifier groups (its own or its category's) carries them, with
  // their options, as a last key `modifierGroups` (the till needs them); the others are unchanged
  // byte for byte and cost two index probes.
  return sql`case when ${sql.raw(HAS_MODIFIER_GROUPS)}
    then (left(${productObject(price, storeId, stockAt)}::text, -1) || ', "modifierGroups" : '
          || ${sql.raw(MODIFIER_GROUPS_OF_PRODUCT)}::text || '}')::json
    else ${productObject(price, storeId, stockAt)} end`;
}

function productObject(price: SQL, storeId: string | null | undefined, stockAt?: StockScope): SQL {
  return sql`json_build_object(
  'id', p.id, 'name', p.name, 'description', p.description, 'price', ${price}, 'sku', p.sku,
  'categoryId', p.category_id,
  'category', case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end,
  'stock', ${productStockSql(sql.raw('p.id'), stockAt ?? storeId ?? ALL_STORES)}, 'lowStockThreshold', p.low_stock_threshold, 'isActive', p.is_active,
  'imageUrl', p.image_url, 'hasVariants', p.has_variants, 'assetType', p.asset_type,
  'location', p.location, 'isCheckoutRequired', p.is_checkout_required, 'departmentId', p.department_id,
  'taxRateId', p.tax_rate_id,
  'createdAt', ${sql.raw(isoTimestamp('p.created_at'))}, 'updatedAt', ${sql.raw(isoTimestamp('p.updated_at'))})`;
}

/**
 * A page of active products matching the filters, by name (id breaks ties for stable paging), and
 * the number of matches, in one statement:
 * 1. the matches are ranked on (sort key, id) alone, with `count(*) over ()` for X-Total-Count, so
 *    a broad term (thousands of matches) sorts and counts narrow tuples, in one scan;
 * 2. only the page's rows are read in full, and the database returns the page as one JSON text:
 *    decoding 500 wide rows field by field was the largest cost of a search on PGlite (profiled),
 *    and a large share of it on PostgreSQL.
 * Returned unexecuted so the catalogue benchmark can EXPLAIN the exact statement (`.toSQL()`).
 */
export function productPageQuery(db: DbOrTx, filters: ProductFilters, page: { limit: number; offset: number }) {
  const ranked = db.$with('ranked').as(
    db
      .select({
        rankedId: sql<string>`${products.id}`.as('ranked_id'),
        sortKey: sql<string>`${byName}`.as('sort_key'),
        matches: sql<string>`count(*) over ()`.as('matches'),
      })
      .from(products)
      .where(listConditions(filters))
      .orderBy(byName, asc(products.id))
      .limit(page.limit)
      .offset(page.offset),
  );
  return db
    .with(ranked)
    .select({
      page: sql<string>`coalesce(json_agg(${productJson(filters.storeId, filters.stockAt)} order by ranked.sort_key, ranked.ranked_id)::text, '[]')`,
      matches: sql<string | null>`max(ranked.matches)`,
    })
    .from(sql`ranked join products p on p.id = ranked.ranked_id left join categories c on c.id = p.category_id`);
}

/** How many active products match the filters (unexecuted, like productPageQuery). */
export function productCountQuery(db: DbOrTx, filters: ProductFilters) {
  return db.select({ n: count() }).from(products).where(listConditions(filters));
}

/** A page of matching products (already in the API's shape) and the number of all matches. */
export async function listProductPage(
  db: DbOrTx,
  filters: ProductFilters,
  page: { limit: number; offset: number },
): Promise<{ products: Product[]; total: number }> {
  const [row] = await productPageQuery(db, filters, page);
  if (row?.matches != null) return { products: JSON.parse(row.page) as Product[], total: Number(row.matches) };
  // A page past the end carries no count; only then is a separate count needed.
  if (page.offset === 0) return { products: [], total: 0 };
  const [counted] = await productCountQuery(db, filters);
  return { products: [], total: counted?.n ?? 0 };
}

/**
 * spec §7 GET /api/products/low-stock: active products at or below their threshold, emptiest first.
 * Issue #32: per store: one row per (product, open store of `storeIds`, every open store when
 * undefined) where the product is low AT THAT STORE, its stock that store's, so a sum over stores
 * never hides one empty café. Ties by name, then store name. With one store it is today's list.
 */
export async function listLowStock(
  db: DbOrTx,
  limit: number,
  storeIds: readonly string[] | undefined,
): Promise<{ rows: Array<ProductRow & { storeId: string; storeName: string }>; total: number }> {
  const stock = productStockSql(products.id, sql`${stores.id}`);
  // A product a store does not sell (store_products.is_available false) is never low stock there.
  const where = and(
    eq(products.isActive, true),
    lte(stock, products.lowStockThreshold),
    sql`not exists (select 1 from ${storeProducts} sp
      where sp.store_id = ${stores.id} and sp.product_id = ${products.id} and not sp.is_available)`,
  );
  const atStores = and(eq(stores.isArchived, false), storeIds ? inArray(stores.id, [...storeIds]) : undefined) as SQL;
  const rows = await db
    .select({ ...columnsAt(sql`${stores.id}`), storeId: stores.id, storeName: stores.name })
    .from(products)
    .innerJoin(stores, atStores)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(asc(stock), byName, sql`lower(${stores.name}) collate "C"`, asc(products.id), asc(stores.id))
    .limit(limit);
  const [counted] = await db.select({ n: count() }).from(products).innerJoin(stores, atStores).where(where);
  return { rows, total: counted?.n ?? 0 };
}

/** One product; its stock at `scope` (default: the default store's). */
export async function findProductById(db: DbOrTx, id: string, scope: StockScope = null): Promise<ProductRow | null> {
  const rows = await db
    .select(columnsAt(scope))
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findProductIdBySku(db: DbOrTx, sku: string): Promise<string | null> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.sku, sku)).limit(1);
  return rows[0]?.id ?? null;
}

/** Products (active or not) with any of these SKUs, for the import. */
/**
 * Products by SKU with their stock at `scope` (the CSV import compares a row's count with the stock
 * at the store it acts at; null: the default store's).
 */
export async function findProductsBySkus(
  db: DbOrTx,
  skus: readonly string[],
  scope: StockScope = null,
): Promise<ProductRow[]> {
  if (skus.length === 0) return [];
  return db
    .select(columnsAt(scope))
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.sku, [...skus]));
}

export async function insertProduct(db: DbOrTx, values: ProductWrite): Promise<string> {
  const { stock: _opening, ...row } = values;
  const [inserted] = await db.insert(products).values(row).returning({ id: products.id });
  return (inserted as { id: string }).id;
}

export async function updateProductRow(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<ProductWrite, 'stock'>>,
): Promise<void> {
  await db.update(products).set(values).where(eq(products.id, id));
}

export async function deleteProductRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(products).where(eq(products.id, id));
}

/** True when a sale line or an asset checkout refers to the product: deleting it would break history. */
export async function productHasHistory(db: DbOrTx, id: string): Promise<boolean> {
  const [sold] = await db
    .select({ id: transactionItems.id })
    .from(transactionItems)
    .where(eq(transactionItems.productId, id))
    .limit(1);
  if (sold) return true;
  const [checkedOut] = await db
    .select({ id: assetCheckouts.id })
    .from(assetCheckouts)
    .where(eq(assetCheckouts.productId, id))
    .limit(1);
  return Boolean(checkedOut);
}

/**
 * Every product (active or not) after a (name, id) position, with its stock at `scope` (issue #32:
 * the export's store; default: the default store's), for the streamed export: keyset paging
 * keeps each page a cheap index-free top-N sort instead of an ever-growing OFFSET.
 */
export async function productsAfter(
  db: DbOrTx,
  after: { name: string; id: string } | null,
  limit: number,
  scope: StockScope = null,
): Promise<ProductRow[]> {
  return db
    .select(columnsAt(scope))
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(after ? sql`(${byName}, ${products.id}) > (lower(${after.name}) collate "C", ${after.id})` : undefined)
    .orderBy(byName, asc(products.id))
    .limit(limit);
}

/** Issue #32 item 2: the product's own price at the store (null: it charges the product's price). */
export async function storePriceOf(db: DbOrTx, storeId: string, productId: string): Promise<string | null> {
  const [row] = await db
    .select({ price: storeProducts.price })
    .from(storeProducts)
    .where(and(eq(storeProducts.storeId, storeId), eq(storeProducts.productId, productId)))
    .limit(1);
  return row?.price ?? null;
}

/** Issue #32: the open stores' ids (whether a list covers several stores). */
export async function openStoreIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: stores.id }).from(stores).where(eq(stores.isArchived, false));
  return rows.map((r) => r.id);
}
