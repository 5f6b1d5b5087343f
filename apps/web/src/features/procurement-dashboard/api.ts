import { type AssetCheckout, CHECKOUT_TOTAL_HEADER, type DailyStats } from '@retail-hub/shared';
import { useQuery } from '@tanstack/react-query';
import { buildUrl, throwIfResNotOk } from '@/lib/api-client';
import { PROCUREMENT_OVERDUE_COUNT, PROCUREMENT_REFETCH_MS } from './dashboard-data';

/**
 * The procurement dashboard's reads (spec §2, §7). Every one refetches every 30 s (spec §9) and
 * live updates invalidate them sooner (DOMAIN_EVENTS names these paths).
 */

/** GET /api/procurement/departments?status=active: array of { id, code, name, isArchived, ... }. */
export function useActiveDepartments() {
  return useQuery<unknown>({
    queryKey: ['/api/procurement/departments', { status: 'active' }],
    refetchInterval: PROCUREMENT_REFETCH_MS,
  });
}

/** The most overdue loans (as many as the panel shows) and how many are overdue in all. */
export type OverdueLoans = { items: AssetCheckout[]; total: number };

const OVERDUE_QUERY = { status: 'overdue', sort: 'due', limit: PROCUREMENT_OVERDUE_COUNT } as const;

/**
 * GET /api/asset-checkouts?status=overdue&sort=due&limit=3: the server pages the list, so the
 * Overdue Returns count is its X-Total-Count (every overdue loan, however many) and the panel's
 * loans are the first page in due order (the most overdue first).
 */
export async function getOverdueLoans(signal?: AbortSignal): Promise<OverdueLoans> {
  const res = await fetch(buildUrl('/api/asset-checkouts', OVERDUE_QUERY), {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal,
  });
  await throwIfResNotOk(res);
  const items = (await res.json()) as AssetCheckout[];
  const total = Number(res.headers.get(CHECKOUT_TOTAL_HEADER));
  return { items, total: res.headers.has(CHECKOUT_TOTAL_HEADER) && Number.isFinite(total) ? total : items.length };
}

export function useOverdueCheckouts() {
  return useQuery({
    queryKey: ['/api/asset-checkouts', OVERDUE_QUERY, 'page'],
    queryFn: ({ signal }) => getOverdueLoans(signal),
    refetchInterval: PROCUREMENT_REFETCH_MS,
  });
}

export function useTodaysStats() {
  return useQuery<DailyStats>({ queryKey: ['/api/analytics/daily-stats'], refetchInterval: PROCUREMENT_REFETCH_MS });
}
