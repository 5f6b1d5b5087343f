import type { SalesHistoryPage, TransactionDetail } from '@retail-hub/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet, buildUrl } from '@/lib/api-client';

/** The filters of the sales history as the form holds them (empty strings are left out). */
export type HistoryFilters = {
  number: string;
  startDate: string;
  endDate: string;
  cashierId: string;
  paymentMethod: string;
  minTotal: string;
  maxTotal: string;
};

export const EMPTY_FILTERS: HistoryFilters = {
  number: '',
  startDate: '',
  endDate: '',
  cashierId: '',
  paymentMethod: '',
  minTotal: '',
  maxTotal: '',
};

export const HISTORY_PAGE_SIZE = 25;

/** GET /api/sales-history, one server page at a time (keyset cursor), newest first. */
export const salesHistoryQueryOptions = (filters: HistoryFilters) =>
  infiniteQueryOptions({
    queryKey: ['/api/sales-history', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiGet<SalesHistoryPage>(
        buildUrl('/api/sales-history', { ...filters, limit: HISTORY_PAGE_SIZE, cursor: pageParam }),
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });

export function useSalesHistory(filters: HistoryFilters) {
  return useInfiniteQuery(salesHistoryQueryOptions(filters));
}

/** GET /api/transactions/:id: one sale with its lines, payment, refunds and events. */
export const transactionDetailQueryOptions = (id: string) =>
  queryOptions<TransactionDetail>({ queryKey: [`/api/transactions/${encodeURIComponent(id)}`] });

export function useTransactionDetail(id: string | null) {
  return useQuery({ ...transactionDetailQueryOptions(id ?? ''), enabled: id !== null });
}
