import type { Product, ProductDetail } from '@retail-hub/shared';
import { keepPreviousData, queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders, buildUrl } from '@/lib/api-client';

/** GET /api/products filters (spec §7). `category` is a category id. */
export type ProductQuery = {
  search?: string;
  category?: string;
  assetType?: string;
  department?: string;
  /** Exact SKU, ignoring case (a scanned barcode). */
  sku?: string;
  /**
   * Issue #32 item 2: 'all' for the catalogue's own prices and every product (the back office);
   * left out, the server answers at the caller's store (the till's shift).
   */
  storeId?: string;
  /**
   * Issue #32, the inventory screen: the stock of this store ('all': every store together), with
   * the catalogue's own prices and every product, so a row opened in the product form never
   * carries a store's own price into the base price.
   */
  stockStoreId?: string;
  limit?: number;
  offset?: number;
};

/** The product list; key `['/api/products', query]`, read by the default query function. */
export function productsQueryOptions(query?: ProductQuery) {
  return queryOptions<Product[]>({ queryKey: query ? ['/api/products', query] : ['/api/products'] });
}

/** One product by id (GET /api/products/{id}), whatever page of the catalogue it is on. */
export function productQueryOptions(productId: string) {
  return queryOptions<Product>({ queryKey: [`/api/products/${productId}`] });
}

/**
 * One product with its stock at every store (GET /api/products/{id}?storeId=…): the product form's
 * breakdown reads it with 'all' (issue #32). Disabled while `productId` is not known.
 */
export function useProductDetail(productId: string | null, storeId: string, enabled = true) {
  return useQuery<ProductDetail>({
    queryKey: [`/api/products/${productId ?? ''}`, { storeId }],
    enabled: enabled && productId !== null,
  });
}

type ProductsOptions = Omit<UseQueryOptions<Product[]>, 'queryKey' | 'queryFn'>;

export function useProducts(query?: ProductQuery, options?: ProductsOptions) {
  return useQuery({ ...productsQueryOptions(query), ...options });
}

/** One page of products with the total the server reports in X-Total-Count. */
export type ProductPage = { items: Product[]; total: number };

export async function getProductPage(query: ProductQuery, signal?: AbortSignal): Promise<ProductPage> {
  const { data: items, headers } = await apiRequestWithHeaders<Product[]>(
    'GET',
    buildUrl('/api/products', query),
    undefined,
    { signal },
  );
  const header = Number(headers.get('X-Total-Count'));
  const total = Number.isFinite(header) && headers.has('X-Total-Count') ? header : (query.offset ?? 0) + items.length;
  return { items, total };
}

/**
 * A page of the inventory table. The key stays under '/api/products' (live updates invalidate it)
 * but ends with 'page' so it never shares a cache entry with the plain list of the same filters.
 */
export function productPageQueryOptions(query: ProductQuery) {
  return queryOptions({
    queryKey: ['/api/products', query, 'page'] as const,
    queryFn: ({ signal }) => getProductPage(query, signal),
    placeholderData: keepPreviousData,
  });
}
