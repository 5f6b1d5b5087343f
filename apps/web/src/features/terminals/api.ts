import type {
  HeldOfflineSale,
  ResolveDiscrepancyBody,
  ResolveHeldSaleBody,
  StockDiscrepancy,
  TerminalStatus,
} from '@retail-hub/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Issue #19 (ADR 0014): the terminals' sync state and the stock discrepancies offline sales opened. */

export const TERMINALS_PATH = '/api/terminals';
export const DISCREPANCIES_PATH = '/api/stock-discrepancies';

/** Terminals report every minute: the manager's view follows at that pace. */
const TERMINALS_REFETCH_MS = 60_000;

export type TerminalsAnswer = { staleAfterMinutes: number; terminals: TerminalStatus[] };

export const terminalsQueryOptions = () =>
  queryOptions<TerminalsAnswer>({ queryKey: [TERMINALS_PATH], refetchInterval: TERMINALS_REFETCH_MS, staleTime: 0 });

export function useTerminals(options: { enabled?: boolean } = {}) {
  return useQuery({ ...terminalsQueryOptions(), ...options });
}

export type DiscrepancyStatus = 'open' | 'resolved' | 'all';

export function useDiscrepancies(status: DiscrepancyStatus) {
  return useQuery<StockDiscrepancy[]>({ queryKey: [DISCREPANCIES_PATH, { status }] });
}

export function useResolveDiscrepancy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ResolveDiscrepancyBody }) => {
      const res = await apiRequest('POST', `${DISCREPANCIES_PATH}/${encodeURIComponent(id)}/resolve`, body);
      return (await res.json()) as StockDiscrepancy;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [DISCREPANCIES_PATH] }),
        queryClient.invalidateQueries({ queryKey: ['/api/products'] }),
      ]),
  });
}

/** Issue #30 items 1 and 3: offline sales refused and held for a manager, on the same screen. */
export const HELD_SALES_PATH = '/api/stock-discrepancies/held-sales';

export function useHeldOfflineSales(status: DiscrepancyStatus) {
  return useQuery<HeldOfflineSale[]>({ queryKey: [HELD_SALES_PATH, { status }] });
}

export function useResolveHeldOfflineSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ResolveHeldSaleBody }) => {
      const res = await apiRequest('POST', `${HELD_SALES_PATH}/${encodeURIComponent(id)}/resolve`, body);
      return (await res.json()) as HeldOfflineSale;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [DISCREPANCIES_PATH] }),
        queryClient.invalidateQueries({ queryKey: [HELD_SALES_PATH] }),
        queryClient.invalidateQueries({ queryKey: ['/api/products'] }),
      ]),
  });
}
