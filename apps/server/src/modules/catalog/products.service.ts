import {
  centsToDecimal,
  INSTITUTIONAL_FIELDS,
  type LowStockProduct,
  type Product,
  type ProductCreateValues,
  type ProductDetail,
  type ProductFormValues,
  type ProductUpdateValues,
  parseCents,
  type SizeOption,
  sizeOptionsFor,
  sizeSortOrder,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { pgErrorCode } from '../../lib/db-errors';
import { departmentExists } from '../departments/index';
import { storeForStockChange } from '../retail-stores/index';
import {
  ALL_STORES,
  applyStockCount,
  applyStockDelta,
  postOpeningStock,
  productStockByStore,
  type StockScope,
  type StockTarget,
  throwIfRefused,
} from '../stock/index';
import { checkTaxRateExists } from '../tax/index';
import { type Actor, type CatalogDeps, FK_VIOLATION, UNIQUE_VIOLATION } from './catalog.context';
import { catalogErrors } from './catalog.errors';
import { findCategoryById } from './categories.repository';
import {
  deleteProductRow,
  findProductById,
  findProductIdBySku,
  insertProduct,
  listLowStock,
  listProductPage,
  openStoreIds,
  type ProductFilters,
  type ProductRow,
  type ProductWrite,
  productHasHistory,
  storePriceOf,
  updateProductRow,
} from './products.repository';
import { insertVariant, listVariants } from './variants.repository';

/** The API's product JSON (spec §3 products, shared `productSchema`). */
export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    sku: row.sku,
    categoryId: row.categoryId,
    category: row.categoryName === null ? null : { id: row.categoryId, name: row.categoryName },
    stock: row.stock,
    lowStockThreshold: row.lowStockThreshold,
    isActive: row.isActive,
    imageUrl: row.imageUrl,
    hasVariants: row.hasVariants,
    assetType: row.assetType,
    location: row.location,
    isCheckoutRequired: row.isCheckoutRequired,
    departmentId: row.departmentId,
    taxRateId: row.taxRateId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A validated price ('4.5') in the stored 2-decimal form ('4.50'). */
export function normalisePrice(price: string): string {
  const cents = parseCents(price);
  if (cents === null) throw new Error(`price passed validation but does not parse: ${price}`);
  return centsToDecimal(cents);
}

/**
 * spec §6: "Institutional asset fields in the product form: role manager only". From any other
 * role (super_admin included, whose form does not show them) the fields are ignored, so the
 * stored values stay as they are; they are not an error because the same form posts them.
 */
export function mayEditInstitutionalFields(actor: Actor): boolean {
  return actor.role === 'manager';
}

function withoutInstitutionalFields<T extends Partial<Record<(typeof INSTITUTIONAL_FIELDS)[number], unknown>>>(
  input: T,
): T {
  const copy = { ...input };
  for (const field of INSTITUTIONAL_FIELDS) delete copy[field];
  return copy;
}

export async function listProducts(
  deps: CatalogDeps,
  filters: ProductFilters,
  page: { limit: number; offset: number },
): Promise<{ products: Product[]; total: number }> {
  const { db } = deps.database;
  return listProductPage(db, filters, page);
}

/**
 * GET /api/products/low-stock; issue #32: at the stores given (a store asked for, a limited reader's
 * stores; undefined: every open store). Several stores: one row per product and store, each naming
 * its store; one store: spec §7's rows exactly.
 */
export async function lowStockProducts(
  deps: CatalogDeps,
  limit: number,
  storeIds: readonly string[] | undefined,
): Promise<{ products: LowStockProduct[]; total: number }> {
  const { db } = deps.database;
  const { rows, total } = await listLowStock(db, limit, storeIds);
  const several = (storeIds ?? (await openStoreIds(db))).length > 1;
  return {
    products: rows.map((row) => {
      const product = toProduct(row);
      return several ? { ...product, storeId: row.storeId, storeName: row.storeName } : product;
    }),
    total,
  };
}

/**
 * GET /api/products/:id; issue #32 item 2: at a store, its price there (the till's repricing) and
 * its stock there; with no store, every store's stock together. `stockAt` overrides whose stock
 * `stock` is (a create or update answers with the store it changed). `stockByStore`, with several
 * stores only, is the product's own stock at each store (the product form's breakdown).
 */
export async function getProduct(
  deps: CatalogDeps,
  id: string,
  storeId: string | null = null,
  stockAt: StockScope = storeId ?? ALL_STORES,
  readable?: readonly string[],
): Promise<ProductDetail> {
  const { db } = deps.database;
  const row = await findProductById(db, id, stockAt);
  if (!row) throw catalogErrors.productNotFound();
  const storePrice = storeId ? await storePriceOf(db, storeId, id) : null;
  const product = toProduct(storePrice === null ? row : { ...row, price: storePrice });
  // Only with several stores: a single-store installation's answer is spec §7's exactly. A reader
  // limited to some stores sees theirs only (issue #32 item 3).
  const stockByStore = await productStockByStore(db, id, readable);
  return stockByStore.length > 1 ? { ...product, stockByStore } : product;
}

/**
 * spec §9 size options of a product for the terminal: rule prices, stored variants matched by name.
 * Issue #32 item 2: at a store, the rule sizes follow the price charged there (its own, if any),
 * and every size's stock is that store's (the till's shift's store).
 */
export async function productSizeOptions(
  deps: CatalogDeps,
  id: string,
  storeId: string | null = null,
  scope: StockScope = storeId ?? ALL_STORES,
): Promise<SizeOption[]> {
  const { db } = deps.database;
  // Their stock at that store (the till's shift's), else every store's (the reader's) together.
  const row = await findProductById(db, id, scope);
  if (!row) throw catalogErrors.productNotFound();
  const stored = await listVariants(db, id, scope);
  const price = (storeId ? await storePriceOf(db, storeId, id) : null) ?? row.price;
  return sizeOptionsFor(
    { categoryName: row.categoryName, priceCents: parseCents(price) ?? 0, stock: row.stock },
    stored,
  );
}

/** The category and department a product points at must exist (400 on the form's field otherwise). */
async function checkReferences(
  db: DbOrTx,
  input: { categoryId?: string; departmentId?: string | null; taxRateId?: string | null | undefined },
) {
  if (input.taxRateId) await checkTaxRateExists(db, input.taxRateId);
  if (input.categoryId !== undefined && !(await findCategoryById(db, input.categoryId))) {
    throw catalogErrors.unknownCategory();
  }
  if (input.departmentId && !(await departmentExists(db, input.departmentId))) {
    throw catalogErrors.unknownDepartment();
  }
}

/** Maps a write's database refusal to the form's answer; anything else is rethrown. */
function translateWriteError(error: unknown, sku: string | undefined): never {
  const code = pgErrorCode(error);
  if (code === UNIQUE_VIOLATION && sku !== undefined) throw catalogErrors.skuTaken(sku);
  if (code && FK_VIOLATION.has(code)) throw catalogErrors.unknownCategory();
  throw error;
}

/**
 * POST /api/products. Size options sent with the product (issue #13 item 16: the Add dialog) are
 * created with it in one transaction, so a product never exists without the sizes it was saved
 * with; their sort order defaults to spec §9's, as POST /api/products/:id/variants does.
 */
export async function createProduct(
  deps: CatalogDeps,
  actor: Actor,
  form: ProductFormValues & { variants?: ProductCreateValues['variants']; storeId?: string | undefined },
): Promise<ProductDetail> {
  const { db } = deps.database;
  const { variants = [], storeId: askedStore, ...fields } = form;
  const input = mayEditInstitutionalFields(actor) ? fields : withoutInstitutionalFields(fields);
  await checkReferences(db, input);
  // Issue #32: the opening stock goes to the store named, else the default store.
  const storeId = await storeForStockChange(db, actor.id, askedStore);
  if (await findProductIdBySku(db, input.sku)) throw catalogErrors.skuTaken(input.sku);
  const values: ProductWrite = {
    name: input.name,
    description: input.description ?? null,
    price: normalisePrice(input.price),
    sku: input.sku,
    categoryId: input.categoryId,
    stock: input.stock,
    lowStockThreshold: input.lowStockThreshold,
    isActive: input.isActive,
    imageUrl: input.imageUrl ?? null,
    hasVariants: input.hasVariants || variants.length > 0,
    assetType: input.assetType ?? 'regular',
    location: input.location ?? null,
    isCheckoutRequired: input.isCheckoutRequired ?? false,
    departmentId: input.departmentId ?? null,
    taxRateId: input.taxRateId ?? null,
  };
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const productId = await insertProduct(tx, values);
      const opening: Array<{ productId: string; variantId?: string; quantity: number }> = [
        { productId, quantity: values.stock },
      ];
      for (const variant of variants) {
        const name = variant.name.trim();
        const { id: variantId } = await insertVariant(tx, {
          productId,
          name,
          price: normalisePrice(variant.price),
          sortOrder: variant.sortOrder ?? sizeSortOrder(name),
        });
        opening.push({ productId, variantId, quantity: variant.stock });
      }
      // The opening stock is the first row of the one ledger, at the chosen store (ADR 0025):
      // the product's and its size options' in one statement.
      await postOpeningStock(tx, opening, { storeId, userId: actor.id });
      return productId;
    });
  } catch (error) {
    translateWriteError(error, input.sku);
  }
  await deps.events.publish('product.changed', [id]);
  if (values.stock > 0 || variants.some((v) => v.stock > 0)) await deps.events.publish('stock.changed', [id]);
  return getProduct(deps, id, null, storeId);
}

export async function updateProduct(
  deps: CatalogDeps,
  actor: Actor,
  id: string,
  patch: ProductUpdateValues,
): Promise<ProductDetail> {
  const { db } = deps.database;
  const current = await findProductById(db, id);
  if (!current) throw catalogErrors.productNotFound();
  const { storeId: askedStore, ...fields } = patch;
  const input = mayEditInstitutionalFields(actor) ? fields : withoutInstitutionalFields(fields);
  await checkReferences(db, input);
  // Issue #32: the form's stock is the named store's (default: the default store's).
  const storeId = await storeForStockChange(db, actor.id, askedStore);
  if (input.sku !== undefined && input.sku !== current.sku && (await findProductIdBySku(db, input.sku))) {
    throw catalogErrors.skuTaken(input.sku);
  }

  const values: Partial<ProductWrite> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = input.description;
  if (input.price !== undefined) values.price = normalisePrice(input.price);
  if (input.sku !== undefined) values.sku = input.sku;
  if (input.categoryId !== undefined) values.categoryId = input.categoryId;
  if (input.lowStockThreshold !== undefined) values.lowStockThreshold = input.lowStockThreshold;
  if (input.isActive !== undefined) values.isActive = input.isActive;
  if (input.imageUrl !== undefined) values.imageUrl = input.imageUrl;
  if (input.hasVariants !== undefined) values.hasVariants = input.hasVariants;
  // spec §5: an absent asset type is an ordinary product.
  if (input.assetType !== undefined) values.assetType = input.assetType ?? 'regular';
  if (input.location !== undefined) values.location = input.location;
  if (input.isCheckoutRequired !== undefined) values.isCheckoutRequired = input.isCheckoutRequired;
  if (input.departmentId !== undefined) values.departmentId = input.departmentId;
  if (input.taxRateId !== undefined) values.taxRateId = input.taxRateId;

  const stockChange = stockChangeOf(input.stock, input.stockBasedOn);
  if (Object.keys(values).length > 0 || stockChange) {
    let moved = 0;
    try {
      // The fields and the stock change together or not at all (a refused stock change saves nothing).
      moved = await db.transaction(async (tx) => {
        if (Object.keys(values).length > 0) await updateProductRow(tx, id, values);
        if (!stockChange) return 0;
        const result = await applyStockChange(tx, { productId: id, storeId }, stockChange, {
          userId: actor.id,
          note: 'Product form',
        });
        throwIfRefused(result, {});
        return result.moved;
      });
    } catch (error) {
      translateWriteError(error, values.sku);
    }
    await deps.events.publish('product.changed', [id]);
    if (moved !== 0) await deps.events.publish('stock.changed', [id]);
  }
  return getProduct(deps, id, null, storeId);
}

/**
 * What a form's or an import row's stock asks for (issue #15 item 2): with the stock it was based
 * on, the difference; without it (spec §7 clients), the stock as a count. Null: nothing to do.
 */
export function stockChangeOf(
  stock: number | undefined,
  stockBasedOn: number | undefined,
): { delta: number } | { counted: number } | null {
  if (stock === undefined) return null;
  if (stockBasedOn === undefined) return { counted: stock };
  return stock === stockBasedOn ? null : { delta: stock - stockBasedOn };
}

/** Applies a form's or import's stock change through the ledger ('edit' or 'import' movements). */
export function applyStockChange(
  db: DbOrTx,
  target: StockTarget,
  change: { delta: number } | { counted: number },
  facts: { userId: string | null; note: string; reason?: 'edit' | 'import' },
) {
  const reason = facts.reason ?? 'edit';
  return 'delta' in change
    ? applyStockDelta(db, { ...target, quantity: change.delta, reason, userId: facts.userId, note: facts.note })
    : applyStockCount(db, { ...target, counted: change.counted, reason, userId: facts.userId, note: facts.note });
}

/**
 * DELETE /api/products/:id. A product named by a sale line or an asset checkout is deactivated
 * (hidden from lists and the terminal; its sales and checkouts stay readable); any other product
 * is deleted with its size options. A sale recorded between the check and the delete makes the
 * delete fail on the RESTRICT foreign key, and the product is deactivated instead.
 */
export async function deleteProduct(deps: CatalogDeps, id: string): Promise<{ message: string; deactivated: boolean }> {
  const { db } = deps.database;
  const product = await findProductById(db, id);
  if (!product) throw catalogErrors.productNotFound();
  let deactivated = await productHasHistory(db, id);
  if (!deactivated) {
    try {
      await deleteProductRow(db, id);
    } catch (error) {
      const code = pgErrorCode(error);
      if (!code || !FK_VIOLATION.has(code)) throw error;
      deactivated = true;
    }
  }
  if (deactivated) await updateProductRow(db, id, { isActive: false });
  await deps.events.publish('product.changed', [id]);
  return deactivated
    ? {
        message: `"${product.name}" has sales or checkout history, so it was deactivated instead of deleted; its history is kept.`,
        deactivated: true,
      }
    : { message: `"${product.name}" was deleted.`, deactivated: false };
}
