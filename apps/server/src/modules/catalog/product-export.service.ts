import type { Readable } from 'node:stream';
import { PRODUCT_CSV_COLUMNS } from '@retail-hub/shared';
import { type CsvColumn, csvStream } from '../../lib/csv';
import type { CatalogDeps } from './catalog.context';
import { type ProductRow, productsAfter } from './products.repository';

const PAGE_SIZE = 1000;

const bool = (value: boolean) => (value ? 'true' : 'false');

/** The catalogue CSV columns (shared PRODUCT_CSV_COLUMNS), in that order. */
const COLUMNS: Record<(typeof PRODUCT_CSV_COLUMNS)[number], (row: ProductRow) => unknown> = {
  sku: (r) => r.sku,
  name: (r) => r.name,
  description: (r) => r.description,
  category: (r) => r.categoryName,
  price: (r) => r.price,
  stock: (r) => r.stock,
  lowStockThreshold: (r) => r.lowStockThreshold,
  assetType: (r) => r.assetType,
  location: (r) => r.location,
  isCheckoutRequired: (r) => bool(r.isCheckoutRequired),
  isActive: (r) => bool(r.isActive),
  imageUrl: (r) => r.imageUrl,
  stockBasedOn: (r) => r.stock,
};

const csvColumns: CsvColumn<ProductRow>[] = PRODUCT_CSV_COLUMNS.map((header) => ({ header, value: COLUMNS[header] }));

/** Every product, active and deactivated, by name, one page at a time; stock at the store (default store). */
async function* everyProduct(deps: CatalogDeps, storeId: string | null): AsyncGenerator<ProductRow> {
  let after: { name: string; id: string } | null = null;
  while (true) {
    const page = await productsAfter(deps.database.db, after, PAGE_SIZE, storeId);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < PAGE_SIZE) return;
    after = { name: last.name, id: last.id };
  }
}

/**
 * GET /api/products/export.csv: the whole catalogue streamed, cells formula-escaped (lib/csv).
 * Issue #32: `stock` and `stockBasedOn` are the named store's (else the default store's), the
 * store an import of the same file then acts at.
 */
export function exportProductsCsv(deps: CatalogDeps, storeId: string | null = null): Readable {
  return csvStream(csvColumns, everyProduct(deps, storeId));
}

/**
 * The export's file name, dated in the store's time zone: products-YYYY-MM-DD.csv, with the
 * store's tag when one of several stores is named (products-YYYY-MM-DD-LIB.csv).
 */
export function exportFileName(timeZone: string, now = new Date(), storeTag = ''): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
  return `products-${day}${storeTag}.csv`;
}
