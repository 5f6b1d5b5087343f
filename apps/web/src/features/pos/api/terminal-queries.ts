import type { QueryClient } from '@tanstack/react-query';
import { categoriesQueryOptions, type ProductQuery, productPageQueryOptions } from '@/features/catalog';
import type { MenuMode } from '../components/product-browser';
import { currentShiftQueryOptions } from './get-current-shift';

/**
 * Products per page of the terminal's grid: four screenfuls at 1366x768 and whole rows of 2, 3, 4
 * or 5 columns. The first render of the grid is most of the time to a sell-ready terminal
 * (bench/browser: about 3 ms per card on these machines), so the rest waits for 'Show more' or a search.
 */
export const GRID_PAGE = 60;
/** spec §9 Timing: products refetch every 120 s in the POS and are stale after 60 s. */
const PRODUCTS_REFETCH_MS = 120_000;
const PRODUCTS_STALE_MS = 60_000;

/** The grid's query: one page of what the search, the category and the menu show. */
export function terminalProductsQueryOptions(filter: {
  search: string;
  category: string | null;
  menuMode: MenuMode;
  limit: number;
}) {
  const query: ProductQuery = {
    search: filter.search || undefined,
    category: filter.category ?? undefined,
    // The server pages only what the menu shows.
    assetType: filter.menuMode === 'customer' ? 'regular' : undefined,
    limit: filter.limit,
  };
  return { ...productPageQueryOptions(query), refetchInterval: PRODUCTS_REFETCH_MS, staleTime: PRODUCTS_STALE_MS };
}

/**
 * Issue #19 (cold start): a till opened on /pos asks for what its first screen shows (the first
 * page of the Customer Menu, the categories, the open shift) together with the session check,
 * instead of after it and after the terminal's code has run. The terminal's own queries then find
 * the answers in the cache (same keys). Signed out, the three calls answer 401 and nothing is
 * shown from them: the session check decides what renders, and signing in clears the cache.
 */
export function prefetchTerminal(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(
    terminalProductsQueryOptions({ search: '', category: null, menuMode: 'customer', limit: GRID_PAGE }),
  );
  void queryClient.prefetchQuery(categoriesQueryOptions());
  void queryClient.prefetchQuery(currentShiftQueryOptions());
}
