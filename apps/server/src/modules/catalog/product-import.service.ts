import {
  type ImportRowStatus,
  PRODUCT_MESSAGES,
  type ProductFormValues,
  type ProductImportResult,
  productFormSchema,
  stockBasedOnSchema,
} from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { type CsvImportFile, readCsvImport } from '../../lib/csv';
import { runKeyedImport, yieldToEventLoop } from '../../lib/csv-import';
import { pgErrorCode } from '../../lib/db-errors';
import { storeForStockChange } from '../retail-stores/index';
import { postOpeningStock } from '../stock/index';
import { type Actor, type CatalogDeps, UNIQUE_VIOLATION } from './catalog.context';
import { catalogErrors } from './catalog.errors';
import { allCategoryNames, insertCategory } from './categories.repository';
import {
  findProductsBySkus,
  insertProduct,
  type ProductRow,
  type ProductWrite,
  updateProductRow,
} from './products.repository';
import { applyStockChange, mayEditInstitutionalFields, normalisePrice, stockChangeOf } from './products.service';

/** A row whose stock change would take stock below zero: its savepoint is rolled back. */
class StockRefusal extends Error {
  constructor(readonly available: number) {
    super('stock below zero');
  }
}

const REQUIRED_COLUMNS = ['sku', 'name', 'price', 'category'] as const;
/** A 5 MB file holds at most ~80,000 minimal rows; past this the request would run for minutes. */
export const MAX_IMPORT_ROWS = 50_000;
/** Stands in for a category the row will create, so the rest of the row can be validated first. */
const CATEGORY_TO_CREATE = '00000000-0000-4000-8000-000000000000';
const SELF_EXPLAINING = new Set<string>(Object.values(PRODUCT_MESSAGES));

function parseBoolean(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (['true', 'yes', '1', 'y'].includes(value)) return true;
  if (['false', 'no', '0', 'n'].includes(value)) return false;
  return null;
}

type RowOutcome = { status: ImportRowStatus; reason?: string; productId?: string; stockChanged?: boolean };

/** The form input a stored product corresponds to: the starting point of an update row. */
function formInputOf(product: ProductRow): Record<string, unknown> {
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    sku: product.sku,
    categoryId: product.categoryId,
    stock: product.stock,
    lowStockThreshold: product.lowStockThreshold,
    isActive: product.isActive,
    imageUrl: product.imageUrl,
    hasVariants: product.hasVariants,
    assetType: product.assetType,
    location: product.location,
    isCheckoutRequired: product.isCheckoutRequired,
    departmentId: product.departmentId,
  };
}

function writeOf(values: ProductFormValues, categoryId: string, existing: ProductRow | undefined): ProductWrite {
  return {
    name: values.name,
    description: values.description ?? null,
    price: normalisePrice(values.price),
    sku: values.sku,
    categoryId,
    stock: values.stock,
    lowStockThreshold: values.lowStockThreshold,
    isActive: values.isActive,
    imageUrl: values.imageUrl ?? null,
    hasVariants: existing?.hasVariants ?? false,
    assetType: values.assetType ?? 'regular',
    location: values.location ?? null,
    isCheckoutRequired: values.isCheckoutRequired,
    departmentId: existing?.departmentId ?? null,
    taxRateId: existing?.taxRateId ?? null,
  };
}

/**
 * The fields of `next` that differ from the stored product (empty: the row changes nothing).
 * Stock is never among them: it changes only through the ledger (issue #15 item 2).
 */
function changedFields(existing: ProductRow, next: ProductWrite): Partial<ProductWrite> {
  const changes: Partial<ProductWrite> = {};
  for (const key of Object.keys(next) as Array<keyof ProductWrite>) {
    if (key === 'stock') continue;
    if (next[key] !== existing[key]) (changes as Record<string, unknown>)[key] = next[key];
  }
  return changes;
}

type ImportContext = {
  actor: Actor;
  cell: CsvImportFile['cell'];
  categoryIds: Map<string, string>;
  existing: Map<string, ProductRow>;
  /** The opening stock of the products the open chunk created, posted in one statement before it commits. */
  opening: Array<{ productId: string; quantity: number }>;
  /** Issue #32: the store whose stock the file's stock columns set (null: the default store's). */
  storeId: string | null;
};

/**
 * POST /api/products/import. Rows are matched to products by SKU (active or deactivated), each
 * validated with the product form's schema (spec §5 messages), and each written in its own
 * savepoint, so a refused row never leaves half a product (nor a category created for it).
 * Columns that are absent, and empty number or flag cells, keep the stored value (a new product
 * takes the form's default); an empty text cell clears the text. An unknown category name is
 * created. Institutional columns are read only for role manager (spec §6). Refused rows are
 * reported; the others are committed in chunks as the file goes (runKeyedImport), so a large file
 * never holds the terminals' sales for long (issue #13 item 10).
 */
export async function importProductsCsv(
  deps: CatalogDeps,
  actor: Actor,
  text: string,
  askedStore?: string | undefined,
): Promise<ProductImportResult> {
  const storeId = await storeForStockChange(deps.database.db, actor.id, askedStore);
  const { records, cell } = await readCsvImport(text, {
    rowNoun: 'product',
    required: REQUIRED_COLUMNS,
    maxRows: MAX_IMPORT_ROWS,
    invalid: catalogErrors.invalidCsv,
  });

  const { db } = deps.database;
  const skuOf = (record: Record<string, string>) => (cell(record, 'sku') ?? '').trim();
  const context: ImportContext = {
    actor,
    cell,
    categoryIds: new Map((await allCategoryNames(db)).map((c) => [c.name.toLowerCase(), c.id])),
    existing: new Map(),
    opening: [],
    storeId,
  };
  const skus = [...new Set(records.map(skuOf).filter(Boolean))];
  // In batches with a turn of the event loop between them (on PGlite each query holds it).
  for (let i = 0; i < skus.length; i += 250) {
    for (const product of await findProductsBySkus(db, skus.slice(i, i + 250), storeId))
      context.existing.set(product.sku, product);
    await yieldToEventLoop();
  }

  const result: ProductImportResult = { created: 0, updated: 0, unchanged: 0, refused: 0, rows: [] };
  const changedIds: string[] = [];
  let stockChanged = false;
  try {
    await runKeyedImport({
      db,
      records,
      keyOf: skuOf,
      missingKey: PRODUCT_MESSAGES.skuRequired,
      duplicateKey: (sku, firstRow) => `SKU "${sku}" appears more than once in the file (first at row ${firstRow}).`,
      importRow: (tx, record, sku) => importRow(tx, context, record, sku),
      // A chunk's new products get their opening stock in ONE statement (the one ledger's
      // opening-stock writer), not two round trips per row.
      beforeCommit: async (tx) => {
        const opening = context.opening.splice(0);
        await postOpeningStock(tx, opening, { storeId: context.storeId, userId: actor.id });
      },
      onRow: (row, sku, outcome: RowOutcome) => {
        result[outcome.status] += 1;
        result.rows.push({ row, sku, status: outcome.status, ...(outcome.reason ? { reason: outcome.reason } : {}) });
        if (outcome.productId) changedIds.push(outcome.productId);
        if (outcome.stockChanged) stockChanged = true;
      },
    });
  } finally {
    // Chunks commit as they go: the terminals hear of what was saved even if a later chunk failed.
    await publishChanges(deps, changedIds, stockChanged);
  }
  return result;
}

async function publishChanges(deps: CatalogDeps, changedIds: string[], stockChanged: boolean): Promise<void> {
  if (changedIds.length > 0) await deps.events.publish('product.changed', changedIds.slice(0, 100));
  if (stockChanged) await deps.events.publish('stock.changed', changedIds.slice(0, 100));
}

async function importRow(
  tx: DbOrTx,
  context: ImportContext,
  record: Record<string, string>,
  sku: string,
): Promise<RowOutcome> {
  const cell = (column: string): string | undefined => context.cell(record, column);
  const existing = context.existing.get(sku);
  const input: Record<string, unknown> = existing ? formInputOf(existing) : {};
  input.sku = sku;

  for (const column of ['name', 'price', 'description', 'imageUrl']) {
    const value = cell(column);
    if (value !== undefined) input[column] = value;
  }
  for (const column of ['stock', 'lowStockThreshold']) {
    const value = cell(column);
    if (value) input[column] = value;
  }
  // issue #15 item 2: a row of an existing product changes its stock only when its stock cell is
  // filled, as the difference from its 'stockBasedOn' cell (the stock the export showed) or, without
  // one, as a count. An empty stock cell leaves stock alone, whatever was sold meanwhile.
  const stockCell = cell('stock')?.trim();
  const basedOnCell = cell('stockBasedOn')?.trim();
  let stockBasedOn: number | undefined;
  if (existing && stockCell && basedOnCell) {
    const parsedBase = stockBasedOnSchema.safeParse(basedOnCell);
    if (!parsedBase.success) return { status: 'refused', reason: 'stockBasedOn must be a whole number, 0 or more' };
    stockBasedOn = parsedBase.data;
  }
  const flags = ['isActive'];
  if (mayEditInstitutionalFields(context.actor)) {
    flags.push('isCheckoutRequired');
    const location = cell('location');
    if (location !== undefined) input.location = location;
    const assetType = cell('assetType');
    if (assetType) input.assetType = assetType.toLowerCase();
  }
  for (const column of flags) {
    const value = cell(column);
    if (!value) continue;
    const flag = parseBoolean(value);
    if (flag === null) return { status: 'refused', reason: `${column} must be true or false` };
    input[column] = flag;
  }

  const categoryName = cell('category')?.trim() ?? '';
  let categoryId: string | undefined = existing?.categoryId;
  let categoryToCreate: string | null = null;
  if (categoryName) {
    categoryId = context.categoryIds.get(categoryName.toLowerCase());
    if (!categoryId) categoryToCreate = categoryName;
  }
  input.categoryId = categoryToCreate ? CATEGORY_TO_CREATE : categoryId;

  const parsed = productFormSchema.safeParse(input);
  if (!parsed.success) {
    const reasons = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.');
      if (!reasons.has(field))
        reasons.set(field, SELF_EXPLAINING.has(issue.message) ? issue.message : `${field}: ${issue.message}`);
    }
    return { status: 'refused', reason: [...reasons.values()].join('; ') };
  }
  if (categoryToCreate && categoryToCreate.length > 255) {
    return { status: 'refused', reason: 'Category name must be at most 255 characters' };
  }

  const next = writeOf(parsed.data, categoryId ?? CATEGORY_TO_CREATE, existing);
  const changes = existing ? changedFields(existing, next) : null;
  const stockChange = existing && stockCell ? stockChangeOf(next.stock, stockBasedOn) : null;
  // A count that agrees with the stock read at the start is no change (re-checked when written).
  const countAgrees = stockChange !== null && 'counted' in stockChange && stockChange.counted === existing?.stock;
  if (
    existing &&
    !categoryToCreate &&
    changes &&
    Object.keys(changes).length === 0 &&
    (stockChange === null || countAgrees)
  ) {
    return { status: 'unchanged' };
  }

  try {
    const outcome = await tx.transaction(async (savepoint) => {
      let createdCategoryId: string | null = null;
      if (categoryToCreate) {
        createdCategoryId = await insertCategory(savepoint, {
          name: categoryToCreate,
          description: null,
          taxRateId: null,
        });
        next.categoryId = createdCategoryId;
      }
      if (existing) {
        await updateProductRow(savepoint, existing.id, { ...changes, categoryId: next.categoryId });
        let moved = 0;
        if (stockChange) {
          const result = await applyStockChange(
            savepoint,
            { productId: existing.id, storeId: context.storeId },
            stockChange,
            {
              userId: context.actor.id,
              note: 'CSV import',
              reason: 'import',
            },
          );
          if (result.outcome === 'short') throw new StockRefusal(result.available);
          if (result.outcome === 'applied') moved = result.moved;
        }
        return { productId: existing.id, createdCategoryId, status: 'updated' as const, moved };
      }
      const productId = await insertProduct(savepoint, next);
      return {
        productId,
        createdCategoryId,
        status: 'created' as const,
        moved: next.stock,
      };
    });
    // Its opening stock goes with the chunk's (posted before the chunk commits; 0 writes nothing).
    if (outcome.status === 'created') context.opening.push({ productId: outcome.productId, quantity: next.stock });
    if (outcome.createdCategoryId && categoryToCreate) {
      context.categoryIds.set(categoryToCreate.toLowerCase(), outcome.createdCategoryId);
    }
    return {
      status: outcome.status,
      productId: outcome.productId,
      stockChanged: outcome.moved !== 0,
    };
  } catch (error) {
    if (error instanceof StockRefusal) {
      return { status: 'refused', reason: `Stock cannot go below zero: only ${error.available} in stock.` };
    }
    const code = pgErrorCode(error);
    // Integrity refusals (class 23) belong to the row; anything else (a lost connection) fails the file.
    if (!code?.startsWith('23')) throw error;
    if (code === UNIQUE_VIOLATION) return { status: 'refused', reason: `A product with SKU "${sku}" already exists.` };
    return { status: 'refused', reason: `Refused by the database (${code}).` };
  }
}
