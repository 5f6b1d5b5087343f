import type { AssetCheckout, DailyStats } from '@retail-hub/shared';
import { useQuery } from '@tanstack/react-query';
import { PROCUREMENT_REFETCH_MS } from './dashboard-data';

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

export function useOverdueCheckouts() {
  return useQuery<AssetCheckout[]>({
    queryKey: ['/api/asset-checkouts', { status: 'overdue' }],
    refetchInterval: PROCUREMENT_REFETCH_MS,
  });
}

export function useTodaysStats() {
  return useQuery<DailyStats>({ queryKey: ['/api/analytics/daily-stats'], refetchInterval: PROCUREMENT_REFETCH_MS });
}
