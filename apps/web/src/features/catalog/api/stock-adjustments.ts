import type { StockAdjustmentInput, StockAdjustmentResult, StockMovementPage } from '@retail-hub/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Issue #15 item 2: a product's stock adjustments and counts, and the ledger's movements (issue #33
 * item 2: the product form's stock panel holds no URL). The movements' key is their URL.
 */
export const STOCK_MOVEMENTS_PATH = '/api/stock-movements';

/** GET /api/stock-movements filters: one product's latest, at one store, 'all' stores, or the till's. */
export type StockMovementQuery = { productId: string; storeId?: string; limit: number };

export const stockMovementsQueryOptions = (query: StockMovementQuery) =>
  queryOptions<StockMovementPage>({ queryKey: [STOCK_MOVEMENTS_PATH, query] });

export function useStockMovements(query: StockMovementQuery) {
  return useQuery(stockMovementsQueryOptions(query));
}

/** POST /api/products/:id/stock-adjustments: the movement recorded and the stock afterwards. */
export async function postStockAdjustment(
  productId: string,
  input: StockAdjustmentInput,
): Promise<StockAdjustmentResult> {
  const res = await apiRequest('POST', `/api/products/${encodeURIComponent(productId)}/stock-adjustments`, input);
  return (await res.json()) as StockAdjustmentResult;
}

/** After a stock change: every movements list is read again. */
export function refreshStockMovements(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [STOCK_MOVEMENTS_PATH] });
}
