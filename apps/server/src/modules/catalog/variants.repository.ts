import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assetCheckouts, products, productVariants, transactionItems } from '../../db/schema/index';
import { type StockScope, variantStockSql } from '../stock/index';

export type VariantRow = {
  id: string;
  productId: string;
  name: string;
  price: string;
  stock: number;
  isActive: boolean;
  sortOrder: number;
};

/**
 * A size option's columns, its stock where `scope` says (issue #32: a store's, every store's
 * together with `ALL_STORES`, or by default the default store's; ADR 0025).
 */
const variantColumnsAt = (scope: StockScope) =>
  ({
    id: productVariants.id,
    productId: productVariants.productId,
    name: productVariants.name,
    price: productVariants.price,
    stock: variantStockSql(productVariants.id, scope),
    isActive: productVariants.isActive,
    sortOrder: productVariants.sortOrder,
  }) as const;

const variantColumns = variantColumnsAt(null);

/**
 * Every variant of a product, active or not, in display order (spec §9 sort order, then name),
 * with its stock at `scope` (default: the default store's).
 */
export async function listVariants(db: DbOrTx, productId: string, scope: StockScope = null): Promise<VariantRow[]> {
  return db
    .select(variantColumnsAt(scope))
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.name), asc(productVariants.id));
}

/** One size option; its stock at `scope` (default: the default store's). */
export async function findVariantById(db: DbOrTx, id: string, scope: StockScope = null): Promise<VariantRow | null> {
  const rows = await db
    .select(variantColumnsAt(scope))
    .from(productVariants)
    .where(eq(productVariants.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** The product's variant named `name` ignoring letter case (spec §9 matches stored variants by name). */
export async function findVariantByNameIgnoringCase(
  db: DbOrTx,
  productId: string,
  name: string,
): Promise<VariantRow | null> {
  const rows = await db
    .select(variantColumns)
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), sql`lower(${productVariants.name}) = lower(${name})`))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertVariant(
  db: DbOrTx,
  values: { productId: string; name: string; price: string; sortOrder: number },
): Promise<VariantRow> {
  const [row] = await db.insert(productVariants).values(values).returning(variantColumns);
  return row as VariantRow;
}

export async function updateVariantRow(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<VariantRow, 'name' | 'price' | 'sortOrder' | 'isActive'>>,
): Promise<VariantRow> {
  const [row] = await db
    .update(productVariants)
    .set(values)
    .where(eq(productVariants.id, id))
    .returning(variantColumns);
  return row as VariantRow;
}

export async function deleteVariantRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(productVariants).where(eq(productVariants.id, id));
}

/** True when a sale line or an asset checkout names the variant (its FK would only be nulled). */
export async function variantHasHistory(db: DbOrTx, id: string): Promise<boolean> {
  const [sold] = await db
    .select({ id: transactionItems.id })
    .from(transactionItems)
    .where(eq(transactionItems.variantId, id))
    .limit(1);
  if (sold) return true;
  const [checkedOut] = await db
    .select({ id: assetCheckouts.id })
    .from(assetCheckouts)
    .where(eq(assetCheckouts.variantId, id))
    .limit(1);
  return Boolean(checkedOut);
}

/** Keeps products.hasVariants true exactly when the product has an active variant. */
export async function syncHasVariants(db: DbOrTx, productId: string): Promise<void> {
  await db
    .update(products)
    .set({
      hasVariants: sql`exists (select 1 from "product_variants" as v where v."product_id" = ${productId} and v."is_active")`,
    })
    .where(eq(products.id, productId));
}
