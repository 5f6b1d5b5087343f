import { parseCents, type SizeOption, sizeOptionsFor } from '@retail-hub/shared';
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { TerminalDatabase } from './db';

/**
 * The answers the terminal needs to keep selling without network (issue #19): the catalogue's
 * pages, size options, categories and the open shift; and the tax rates and the store's
 * 'prices include tax' (issue #34 item 2: a till that starts offline in a taxed store charges what
 * the server will check when the sale syncs, not 0%). Each successful answer (and each local
 * change, such as stock sold offline) is copied to IndexedDB; a read that cannot reach the server
 * and has nothing to show gets the copy. Nothing else is kept: the service worker caches no API
 * answer (ADR 0014).
 */
export function isKeptOffline(queryKey: QueryKey): boolean {
  const [path] = queryKey;
  if (typeof path !== 'string') return false;
  return (
    path === '/api/products' ||
    path === '/api/categories' ||
    path === '/api/shifts/current' ||
    path === '/api/tax-rates' ||
    path === '/api/settings/tax' ||
    /^\/api\/products\/[^/]+\/size-options$/.test(path)
  );
}

type ProductLike = { id: string; name?: string; sku?: string; categoryId?: string | null; assetType?: string | null };
type ProductPage = { items: ProductLike[]; total: number };
type ProductQuery = { search?: string; category?: string; assetType?: string; sku?: string; limit?: number };

function isProductPage(data: unknown): data is ProductPage {
  return typeof data === 'object' && data !== null && Array.isArray((data as ProductPage).items);
}

/**
 * A page of products for a search or category never asked online: filtered from every product
 * the terminal has seen (the search matches name or SKU, as the server's does).
 */
export function productPageFromKnown(known: readonly unknown[], query: ProductQuery): ProductPage {
  const byId = new Map<string, ProductLike>();
  for (const data of known) {
    const items = isProductPage(data) ? data.items : Array.isArray(data) ? (data as ProductLike[]) : [];
    for (const item of items) if (!byId.has(item.id)) byId.set(item.id, item);
  }
  const search = query.search?.trim().toLowerCase();
  const sku = query.sku?.trim().toLowerCase();
  const matches = [...byId.values()].filter(
    (p) =>
      (!search || (p.name ?? '').toLowerCase().includes(search) || (p.sku ?? '').toLowerCase().includes(search)) &&
      (!sku || (p.sku ?? '').toLowerCase() === sku) &&
      (!query.category || p.categoryId === query.category) &&
      (!query.assetType || (p.assetType ?? 'regular') === query.assetType),
  );
  matches.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
  return { items: matches.slice(0, query.limit ?? matches.length), total: matches.length };
}

export function keepQueriesOffline(db: TerminalDatabase, queryClient: QueryClient): () => void {
  const writes = new Map<string, { queryKey: QueryKey; data: unknown }>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const rows = [...writes.entries()].map(([hash, { queryKey, data }]) => ({
      hash,
      queryKey: [...queryKey],
      data,
      savedAt: new Date().toISOString(),
    }));
    writes.clear();
    void db.snapshots.bulkPut(rows).catch((error: unknown) => console.warn('Could not keep data offline', error));
  };
  const keep = (query: { queryKey: QueryKey; queryHash: string; state: { data: unknown } }) => {
    if (!isKeptOffline(query.queryKey) || query.state.data === undefined) return;
    writes.set(query.queryHash, { queryKey: query.queryKey, data: query.state.data });
    // Batched: a sale or a refetch touches several pages at once.
    timer ??= setTimeout(flush, 250);
  };
  // What the first screen already read (this module starts after it), then every new answer.
  for (const query of queryClient.getQueryCache().getAll()) if (query.state.status === 'success') keep(query);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') keep(event.query);
  });
  return () => {
    unsubscribe();
    if (timer) {
      clearTimeout(timer);
      flush();
    }
  };
}

/** Answers a read that could not reach the server from the terminal's copy, when it has one. */
export async function answerFromSnapshot(
  db: TerminalDatabase,
  queryClient: QueryClient,
  query: { queryKey: QueryKey; state: { data: unknown } },
): Promise<void> {
  if (!isKeptOffline(query.queryKey)) return;
  const exact = await db.snapshots.get(hashKey(query.queryKey));
  let data = exact?.data;
  const [path, params, kind] = query.queryKey;
  if (data === undefined && path === '/api/products' && kind === 'page') {
    const all = await db.snapshots.toArray();
    const known = all.filter((row) => row.queryKey[0] === '/api/products').map((row) => row.data);
    if (known.length > 0) data = productPageFromKnown(known, (params ?? {}) as ProductQuery);
  }
  if (data === undefined && typeof path === 'string') {
    const sized = SIZE_OPTIONS_PATH.exec(path);
    if (sized?.[1]) data = await fixedSizeOptions(db, queryClient, decodeURIComponent(sized[1]));
  }
  if (data === undefined || query.state.data !== undefined) return;
  queryClient.setQueryData(query.queryKey, data);
}

const SIZE_OPTIONS_PATH = /^\/api\/products\/([^/]+)\/size-options$/;

type SizedProduct = ProductLike & { price?: string; stock?: number; category?: { name?: string } | null };

/**
 * Issue #30 item 15: a sized product whose sizes this terminal never read offers the catalogue's
 * fixed options (packages/shared size-options.ts: the coffee and mocktail sizes, Small/Large
 * otherwise), priced by the same rule from the product it has kept. Sizes only stored on the
 * server are not known here; the server prices the sale by size name when it arrives.
 */
async function fixedSizeOptions(
  db: TerminalDatabase,
  queryClient: QueryClient,
  productId: string,
): Promise<SizeOption[] | undefined> {
  const cached = queryClient.getQueriesData<unknown>({ queryKey: ['/api/products'] }).map(([, data]) => data);
  const kept = (await db.snapshots.toArray()).filter((row) => row.queryKey[0] === '/api/products').map((r) => r.data);
  for (const data of [...cached, ...kept]) {
    const items = isProductPage(data) ? data.items : Array.isArray(data) ? (data as ProductLike[]) : [];
    const product = items.find((p) => p.id === productId) as SizedProduct | undefined;
    const priceCents = product?.price === undefined ? null : parseCents(product.price);
    if (!product || priceCents === null) continue;
    return sizeOptionsFor({ categoryName: product.category?.name ?? null, priceCents, stock: product.stock ?? 0 }, []);
  }
  return undefined;
}

/** Sign-out: nothing of the last person's is kept on the terminal but its outbox. */
export async function forgetSnapshots(db: TerminalDatabase): Promise<void> {
  await db.snapshots.clear();
}
