import { centsToDecimal, parseCents, sizeSortOrder, type Variant } from '@retail-hub/shared';
import { pgErrorCode } from '../../lib/db-errors';
import { storeForStockChange } from '../retail-stores/index';
import { postOpeningStock, type StockScope, throwIfRefused } from '../stock/index';
import { type CatalogDeps, UNIQUE_VIOLATION } from './catalog.context';
import { catalogErrors } from './catalog.errors';
import { findProductById, updateProductRow } from './products.repository';
import { applyStockChange, stockChangeOf } from './products.service';
import {
  deleteVariantRow,
  findVariantById,
  findVariantByNameIgnoringCase,
  insertVariant,
  listVariants,
  syncHasVariants,
  updateVariantRow,
  type VariantRow,
  variantHasHistory,
} from './variants.repository';

const toVariant = (row: VariantRow): Variant => ({ ...row });

function price(value: string): string {
  return centsToDecimal(parseCents(value) ?? 0);
}

/**
 * GET /api/products/:id/variants; issue #32: each one's stock at `scope` (the store asked for, the
 * caller's store, else every store together, as GET /api/products/:id answers the product's).
 */
export async function variantsOf(deps: CatalogDeps, productId: string, scope: StockScope = null): Promise<Variant[]> {
  const { db } = deps.database;
  if (!(await findProductById(db, productId))) throw catalogErrors.productNotFound();
  return (await listVariants(db, productId, scope)).map(toVariant);
}

async function publishChange(deps: CatalogDeps, productId: string, stockChanged: boolean) {
  await deps.events.publish('product.changed', [productId]);
  if (stockChanged) await deps.events.publish('stock.changed', [productId]);
}

/**
 * POST /api/products/:id/variants. Names are unique per product ignoring case (spec §9 matches
 * stored variants by name). A deactivated variant of the same name (kept for its sales) is
 * brought back with the new price and stock rather than refused. The product gets hasVariants.
 * Issue #32: the stock is the named store's (`storeId`: it must exist and be open (400) and be one
 * the caller may act at (403)), else the default store's; the answer's stock is that store's.
 */
export async function createVariant(
  deps: CatalogDeps,
  productId: string,
  input: {
    name: string;
    price: string;
    stock: number;
    sortOrder?: number | undefined;
    storeId?: string | undefined;
  },
  actor: { id: string },
): Promise<Variant> {
  const { db } = deps.database;
  if (!(await findProductById(db, productId))) throw catalogErrors.productNotFound();
  const storeId = await storeForStockChange(db, actor.id, input.storeId);
  const sortOrder = input.sortOrder ?? sizeSortOrder(input.name);
  const values = { name: input.name, price: price(input.price), stock: input.stock, sortOrder };
  const existing = await findVariantByNameIgnoringCase(db, productId, input.name);
  if (existing?.isActive) throw catalogErrors.variantNameTaken(existing.name);
  let variant: VariantRow;
  try {
    variant = await db.transaction(async (tx) => {
      let row: VariantRow;
      if (existing) {
        // Brought back: its stock is set to the new figure through the ledger (a count).
        const { stock, ...rest } = values;
        await updateVariantRow(tx, existing.id, { ...rest, isActive: true });
        await applyStockChange(
          tx,
          { productId, variantId: existing.id, storeId },
          { counted: stock },
          { userId: actor.id, note: 'Size option added again' },
        );
        row = (await findVariantById(tx, existing.id, storeId)) as VariantRow;
      } else {
        // A new size option's stock is its 'opening' ledger row (ADR 0025).
        const { stock, ...rest } = values;
        const inserted = await insertVariant(tx, { productId, ...rest });
        await postOpeningStock(tx, [{ productId, variantId: inserted.id, quantity: stock }], {
          storeId,
          userId: actor.id,
        });
        row = (await findVariantById(tx, inserted.id, storeId)) as VariantRow;
      }
      await updateProductRow(tx, productId, { hasVariants: true });
      return row;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw catalogErrors.variantNameTaken(input.name);
    throw error;
  }
  await publishChange(deps, productId, variant.stock > 0);
  return toVariant(variant);
}

/**
 * PATCH /api/variants/:id: name, price, stock, sort order, active flag. Issue #32: `stock` is the
 * named store's (checked as createVariant's), else the default store's; the answer's stock is that
 * store's.
 */
export async function updateVariant(
  deps: CatalogDeps,
  id: string,
  patch: {
    name?: string;
    price?: string;
    stock?: number;
    stockBasedOn?: number;
    sortOrder?: number;
    isActive?: boolean;
    storeId?: string;
  },
  actor: { id: string },
): Promise<Variant> {
  const { db } = deps.database;
  const current = await findVariantById(db, id);
  if (!current) throw catalogErrors.variantNotFound();
  const storeId = await storeForStockChange(db, actor.id, patch.storeId);
  if (patch.name !== undefined && patch.name.toLowerCase() !== current.name.toLowerCase()) {
    const clash = await findVariantByNameIgnoringCase(db, current.productId, patch.name);
    if (clash && clash.id !== id) throw catalogErrors.variantNameTaken(clash.name);
  }
  const values: Parameters<typeof updateVariantRow>[2] = {};
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.price !== undefined) values.price = price(patch.price);
  if (patch.sortOrder !== undefined) values.sortOrder = patch.sortOrder;
  if (patch.isActive !== undefined) values.isActive = patch.isActive;
  const stockChange = stockChangeOf(patch.stock, patch.stockBasedOn);
  if (Object.keys(values).length === 0 && !stockChange) {
    return toVariant(storeId ? ((await findVariantById(db, id, storeId)) as VariantRow) : current);
  }
  let updated: VariantRow;
  let moved = 0;
  try {
    updated = await db.transaction(async (tx) => {
      if (Object.keys(values).length > 0) await updateVariantRow(tx, id, values);
      if (values.isActive !== undefined && values.isActive !== current.isActive) {
        await syncHasVariants(tx, current.productId);
      }
      if (stockChange) {
        // issue #15 item 2: a delta from the stock the form was based on, never a blind overwrite.
        const target = { productId: current.productId, variantId: id, storeId };
        const result = await applyStockChange(tx, target, stockChange, {
          userId: actor.id,
          note: 'Size option form',
        });
        throwIfRefused(result, { variantId: id });
        moved = result.moved;
      }
      return (await findVariantById(tx, id, storeId)) as VariantRow;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw catalogErrors.variantNameTaken(patch.name ?? current.name);
    throw error;
  }
  await publishChange(deps, current.productId, moved !== 0);
  return toVariant(updated);
}

/**
 * DELETE /api/variants/:id. A variant named by a sale line or a checkout is deactivated (its
 * foreign keys would only be nulled, losing which size was sold); any other is deleted. When no
 * active variant remains, the product's hasVariants is cleared.
 */
export async function deleteVariant(deps: CatalogDeps, id: string): Promise<{ message: string }> {
  const { db } = deps.database;
  const current = await findVariantById(db, id);
  if (!current) throw catalogErrors.variantNotFound();
  const deactivated = await db.transaction(async (tx) => {
    const hasHistory = await variantHasHistory(tx, id);
    if (hasHistory) await updateVariantRow(tx, id, { isActive: false });
    else await deleteVariantRow(tx, id);
    await syncHasVariants(tx, current.productId);
    return hasHistory;
  });
  await publishChange(deps, current.productId, false);
  return {
    message: deactivated
      ? `Size option "${current.name}" has sales history, so it was deactivated instead of deleted.`
      : `Size option "${current.name}" was removed.`,
  };
}
