import type { TaxRate, TaxSettings } from '@retail-hub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshCatalog } from './invalidate';

/** Issue #34 item 2 (ADR 0030): the tax rates, each category's rate and 'Prices include tax'. */
const RATES = '/api/tax-rates';
const SETTINGS = '/api/settings/tax';

export function useTaxRates() {
  return useQuery<TaxRate[]>({ queryKey: [RATES] });
}

/** The installation's default (no storeId). */
export function useTaxSettings() {
  return useQuery<TaxSettings>({ queryKey: [SETTINGS, {}] });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: [RATES] });
    await queryClient.invalidateQueries({ queryKey: [SETTINGS] });
    await refreshCatalog(queryClient);
  };
}

export function useSaveTaxRate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { id?: string; name: string; rate: string }) =>
      input.id
        ? apiRequest('PATCH', `${RATES}/${input.id}`, { name: input.name, rate: input.rate })
        : apiRequest('POST', RATES, { name: input.name, rate: input.rate }),
    onSuccess: refresh,
  });
}

export function useSetCategoryTaxRate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { categoryId: string; taxRateId: string | null }) =>
      apiRequest('PATCH', `/api/categories/${input.categoryId}`, { taxRateId: input.taxRateId }),
    onSuccess: refresh,
  });
}

export function useSetPricesIncludeTax() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (pricesIncludeTax: boolean) => apiRequest('PUT', SETTINGS, { pricesIncludeTax }),
    onSuccess: refresh,
  });
}
