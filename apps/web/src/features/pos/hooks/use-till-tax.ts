import { type TaxRate, type TaxSettings, taxRateHundredths } from '@retail-hub/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';

/** A product as the till knows it: its own tax rate and its category. */
type TaxedProduct = { categoryId: string | null; taxRateId?: string | null };

export type TillTax = (product: TaxedProduct) => { taxRate: number; pricesIncludeTax: boolean };

type TaxFacts = {
  categories: ReadonlyArray<{ id: string; taxRateId?: string | null }> | undefined;
  rates: readonly TaxRate[] | undefined;
  pricesIncludeTax: boolean;
};

/** The one reading of a product's rate on the till: its own, else its category's, else 0. */
export function tillTaxOf(product: TaxedProduct, facts: TaxFacts): { taxRate: number; pricesIncludeTax: boolean } {
  const categoryRate = facts.categories?.find((c) => c.id === product.categoryId)?.taxRateId ?? null;
  const rateId = product.taxRateId ?? categoryRate;
  const rate = rateId ? facts.rates?.find((r) => r.id === rateId) : undefined;
  return { taxRate: rate ? (taxRateHundredths(rate.rate) ?? 0) : 0, pricesIncludeTax: facts.pricesIncludeTax };
}

export const TAX_RATES_PATH = '/api/tax-rates';
export const taxSettingsKey = (storeId: string | null | undefined) =>
  ['/api/settings/tax', storeId ? { storeId } : {}] as const;

/**
 * Issue #34 item 2 (ADR 0030): the sales tax a product is rung up at on this till: its own rate,
 * else its category's, else 0; and whether the shift's store's prices include tax. The server
 * charges the same (and refuses a sale whose figures differ, 409): the cart and the offline
 * outbox compute with the shared rule (packages/shared/src/tax.ts).
 */
export function useTillTax(
  storeId: string | null | undefined,
  categories: ReadonlyArray<{ id: string; taxRateId?: string | null }> | undefined,
): TillTax {
  const rates = useQuery<TaxRate[]>({ queryKey: [TAX_RATES_PATH], staleTime: 60_000 });
  const settings = useQuery<TaxSettings>({ queryKey: taxSettingsKey(storeId), staleTime: 60_000 });
  const rateData = rates.data;
  const pricesIncludeTax = settings.data?.pricesIncludeTax ?? false;
  return useCallback(
    (product: TaxedProduct) => tillTaxOf(product, { categories, rates: rateData, pricesIncludeTax }),
    [categories, rateData, pricesIncludeTax],
  );
}
