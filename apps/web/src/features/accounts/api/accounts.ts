import type { Account, AccountStatement, Customer, CustomerSale } from '@retail-hub/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, buildUrl } from '@/lib/api-client';

/** Issue #34 item 3 (ADR 0034): the calls of the Accounts and Customers screens. */

export function accountsQueryOptions() {
  return queryOptions<Account[]>({ queryKey: ['/api/accounts'] });
}

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}

export function useStatement(accountId: string | null, month: string) {
  return useQuery({
    queryKey: [`/api/accounts/${accountId}/statement`, { month }],
    queryFn: async () => {
      const res = await apiRequest('GET', buildUrl(`/api/accounts/${accountId}/statement`, { month }));
      return (await res.json()) as AccountStatement;
    },
    enabled: accountId !== null,
  });
}

/** The statement's CSV download link. */
export function statementCsvUrl(accountId: string, month: string): string {
  return buildUrl(`/api/accounts/${accountId}/statement`, { month, format: 'csv' });
}

function useRefreshAccounts() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/accounts'),
    });
}

export function useRecordPayment(accountId: string) {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: async (body: { amount: string; method: string; referenceCode?: string | null }) =>
      (await apiRequest('POST', `/api/accounts/${accountId}/payments`, body)).json() as Promise<Account>,
    onSuccess: refresh,
  });
}

export function useApproveCharge(accountId: string) {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: async (entryId: string) => {
      await apiRequest('POST', `/api/accounts/${accountId}/charges/${entryId}/approve`);
    },
    onSuccess: refresh,
  });
}

export function useCreateAccount() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: async (body: {
      kind: 'customer' | 'department';
      customerId?: string | null;
      departmentId?: string | null;
      creditLimit: string;
    }) => (await apiRequest('POST', '/api/accounts', body)).json() as Promise<Account>,
    onSuccess: refresh,
  });
}

export function useCustomers(search: string) {
  return useQuery(queryOptions<Customer[]>({ queryKey: ['/api/customers', { search }] }));
}

export function useCustomerSales(customerId: string | null) {
  return useQuery({
    queryKey: [`/api/customers/${customerId}/sales`],
    enabled: customerId !== null,
    queryFn: async () =>
      (await apiRequest('GET', `/api/customers/${customerId}/sales`)).json() as Promise<CustomerSale[]>,
  });
}

export function useSaveCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: { id?: string | null } & Record<string, string | null>) =>
      (
        await apiRequest(id ? 'PATCH' : 'POST', id ? `/api/customers/${id}` : '/api/customers', body)
      ).json() as Promise<Customer>,
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/customers'] }),
  });
}
