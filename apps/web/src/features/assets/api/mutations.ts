import type { AssetCheckout, AssetCheckoutCreateInput, ReturnCondition } from '@retail-hub/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeyMatchesPath } from '@/lib/live-updates';
import { CHECKOUTS_PATH } from './get-checkouts';

/**
 * A loan moves stock, may flag an asset and changes a registered unit's state and history: refresh
 * the loans, everything under /api/products and the stores' reads under /api/procurement (the
 * register, its maintenance jobs, stock levels: the unit page lends through here too).
 */
function refreshAfterChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      queryKeyMatchesPath(query.queryKey, CHECKOUTS_PATH) ||
      queryKeyMatchesPath(query.queryKey, '/api/products') ||
      queryKeyMatchesPath(query.queryKey, '/api/procurement'),
  });
}

export async function createCheckout(input: AssetCheckoutCreateInput): Promise<AssetCheckout> {
  const res = await apiRequest('POST', CHECKOUTS_PATH, input);
  return (await res.json()) as AssetCheckout;
}

export function useCreateCheckout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCheckout, onSuccess: () => refreshAfterChange(queryClient) });
}

export type ReturnRequest = { id: string; returnCondition: ReturnCondition; notes: string | null };

export async function returnCheckout({ id, ...body }: ReturnRequest): Promise<AssetCheckout> {
  const res = await apiRequest('POST', `${CHECKOUTS_PATH}/${id}/return`, body);
  return (await res.json()) as AssetCheckout;
}

export function useReturnCheckout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: returnCheckout, onSuccess: () => refreshAfterChange(queryClient) });
}

export async function clearServiceFlag(productId: string): Promise<{ id: string; name: string; message: string }> {
  const res = await apiRequest('POST', `/api/products/${productId}/service-flag/clear`);
  return (await res.json()) as { id: string; name: string; message: string };
}

export function useClearServiceFlag() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: clearServiceFlag, onSuccess: () => refreshAfterChange(queryClient) });
}
