import type { Expense, ExpenseCategory, ExpenseDailyStats, ExpenseInput } from '@retail-hub/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeyMatchesPath } from '@/lib/live-updates';

/** spec §7 Expenses. The Expense Tracker sends a 2-decimal amount string (spec §5). */
export type ExpensePayload = Omit<ExpenseInput, 'amount'> & { amount: string };

/** `storeId` (issue #32): one store's expenses; null for every store. */
export type ExpenseFilter = {
  startDate: string;
  endDate: string;
  category: ExpenseCategory | null;
  storeId?: string | null;
};

/** GET /api/expenses?startDate&endDate&category: newest first. */
export const expensesQueryOptions = (filter: ExpenseFilter) =>
  queryOptions<Expense[]>({
    queryKey: [
      '/api/expenses',
      {
        startDate: filter.startDate,
        endDate: filter.endDate,
        category: filter.category ?? undefined,
        storeId: filter.storeId ?? undefined,
      },
    ],
  });

/** GET /api/expenses/stats/daily: today's figures in the store's time zone (of one store, issue #32). */
export const expenseStatsQueryOptions = (storeId: string | null = null) =>
  queryOptions<ExpenseDailyStats>({
    queryKey: storeId ? ['/api/expenses/stats/daily', { storeId }] : ['/api/expenses/stats/daily'],
  });

/** `enabled: false` holds the request back (e.g. until the store's time zone, which decides the days, is known). */
export function useExpenses(filter: ExpenseFilter, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...expensesQueryOptions(filter), enabled });
}

export function useExpenseStats(storeId: string | null = null) {
  return useQuery(expenseStatsQueryOptions(storeId));
}

function useRefreshExpenses() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ predicate: (query) => queryKeyMatchesPath(query.queryKey, '/api/expenses') });
}

export function useCreateExpense() {
  const refresh = useRefreshExpenses();
  return useMutation({
    mutationFn: async (payload: ExpensePayload) =>
      (await (await apiRequest('POST', '/api/expenses', payload)).json()) as Expense,
    onSuccess: refresh,
  });
}

export function useUpdateExpense() {
  const refresh = useRefreshExpenses();
  return useMutation({
    mutationFn: async ({ id, payload }: { id: string; payload: ExpensePayload }) =>
      (await (await apiRequest('PATCH', `/api/expenses/${id}`, payload)).json()) as Expense,
    onSuccess: refresh,
  });
}

export function useDeleteExpense() {
  const refresh = useRefreshExpenses();
  return useMutation({
    mutationFn: async (id: string) =>
      (await (await apiRequest('DELETE', `/api/expenses/${id}`)).json()) as { message: string },
    onSuccess: refresh,
  });
}
