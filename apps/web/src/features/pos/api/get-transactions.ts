import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionListItem } from '../types';

/** `storeId` (issue #32): one store's sales; absent for every store the reader may read. */
export type TransactionsQuery = { limit?: number; storeId?: string };

/** GET /api/transactions (today by default); spec §9: the dashboard refetches every 30 s. */
export const transactionsQueryOptions = (query: TransactionsQuery = {}) =>
  queryOptions<TransactionListItem[]>({
    queryKey: ['/api/transactions', query],
    refetchInterval: 30_000,
  });

export function useTransactions(query: TransactionsQuery = {}) {
  return useQuery(transactionsQueryOptions(query));
}
