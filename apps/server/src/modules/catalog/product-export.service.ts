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

/** Every product, active and deactivated, by name, one page at a time. */
async function* everyProduct(deps: CatalogDeps): AsyncGenerator<ProductRow> {
  let after: { name: string; id: string } | null = null;
  while (true) {
    const page = await productsAfter(deps.database.db, after, PAGE_SIZE);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < PAGE_SIZE) return;
    after = { name: last.name, id: last.id };
  }
}

/** GET /api/products/export.csv: the whole catalogue streamed, cells formula-escaped (lib/csv). */
export function exportProductsCsv(deps: CatalogDeps): Readable {
  return csvStream(csvColumns, everyProduct(deps));
}

/** The export's file name, dated in the store's time zone: products-YYYY-MM-DD.csv. */
export function exportFileName(timeZone: string, now = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
  return `products-${day}.csv`;
}
