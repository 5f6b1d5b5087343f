import { useQuery } from '@tanstack/react-query';
import { getCheckoutPage } from '@/features/assets';
import { procDepartmentsQueryOptions } from '@/features/departments';
import { PROCUREMENT_OVERDUE_COUNT, PROCUREMENT_REFETCH_MS } from './dashboard-data';

/**
 * The procurement dashboard's reads (spec §2, §7). Every one refetches every 30 s (spec §9) and
 * live updates invalidate them sooner (DOMAIN_EVENTS names these paths). Today's sales are the
 * POS dashboard's daily stats (useDailyStats), which already refetch every 30 s.
 */

/** GET /api/procurement/departments?status=active: the Procurement Departments screen's list, active only. */
export function useActiveDepartments() {
  return useQuery({
    ...procDepartmentsQueryOptions({ search: '', status: 'active', hierarchy: 'all' }),
    refetchInterval: PROCUREMENT_REFETCH_MS,
  });
}

const OVERDUE_QUERY = { status: 'overdue', sort: 'due', limit: PROCUREMENT_OVERDUE_COUNT } as const;

/**
 * GET /api/asset-checkouts?status=overdue&sort=due&limit=3: the server pages the list, so the
 * Overdue Returns count is its X-Total-Count (every overdue loan, however many) and the panel's
 * loans are the first page in due order (the most overdue first).
 */
export function useOverdueCheckouts() {
  return useQuery({
    queryKey: ['/api/asset-checkouts', OVERDUE_QUERY, 'page'],
    queryFn: ({ signal }) =>
      getCheckoutPage({ filter: OVERDUE_QUERY.status, sort: OVERDUE_QUERY.sort, limit: OVERDUE_QUERY.limit }, signal),
    refetchInterval: PROCUREMENT_REFETCH_MS,
  });
}
