import { checkModifierChoice, parseCents, type TaxRate, type TaxSettings } from '@retail-hub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useCallback, useRef } from 'react';
import {
  categoriesQueryOptions,
  productModifierGroupsQueryOptions,
  productQueryOptions,
  sizeOptionsQueryOptions,
} from '@/features/catalog';
import type { CartAction, CartLine } from '../cart/cart-reducer';
import { TAX_RATES_PATH, taxSettingsKey, tillTaxOf } from './use-till-tax';

/**
 * After the server refused a sale because prices changed (ERROR_CODES.totalsMismatch), the cart
 * takes the server's current prices and stock: each plain product by id (the grid holds one page
 * only, a large catalogue has more) and each sized line from its product's size options. Whatever
 * was read is applied even if a later read fails. Issue #34 item 2: each line also takes its tax
 * rate in force now (the rates, the categories and the store's setting read again), so a held sale
 * resumed, or a cart rung up before a rate changed, is sent with the rates the server charges.
 * Returns a stable callback that reads the lines current when it runs.
 */
export function useRepriceFromServer(
  lines: CartLine[],
  dispatch: Dispatch<CartAction>,
  storeId?: string | null,
): () => Promise<void> {
  const queryClient = useQueryClient();
  const linesRef = useRef(lines);
  linesRef.current = lines;

  return useCallback(async () => {
    const lines = linesRef.current;
    const prices = new Map<
      string,
      { priceCents: number; stock?: number; taxRate?: number; pricesIncludeTax?: boolean }
    >();
    try {
      const [rates, settings, categories] = await Promise.all([
        queryClient.fetchQuery<TaxRate[]>({ queryKey: [TAX_RATES_PATH], staleTime: 0 }),
        queryClient.fetchQuery<TaxSettings>({ queryKey: taxSettingsKey(storeId), staleTime: 0 }),
        queryClient.fetchQuery({ ...categoriesQueryOptions(), staleTime: 0 }),
      ]).catch(() => [undefined, undefined, undefined] as const);
      const taxOf = (product: { categoryId: string | null; taxRateId?: string | null }) =>
        rates && settings ? tillTaxOf(product, { categories, rates, pricesIncludeTax: settings.pricesIncludeTax }) : {};
      for (const productId of new Set(lines.map((l) => l.productId))) {
        const product = await queryClient.fetchQuery({ ...productQueryOptions(productId), staleTime: 0 });
        const tax = taxOf(product);
        const cents = parseCents(String(product.price));
        // Issue #35 item 1: a line's modifiers at the options' prices now (0 when it has none).
        const withModifiers = lines.some((l) => l.productId === productId && l.modifiers?.length);
        const groups = withModifiers
          ? await queryClient.fetchQuery({ ...productModifierGroupsQueryOptions(productId), staleTime: 0 })
          : [];
        const extra = (line: CartLine) => {
          if (!line.modifiers?.length) return 0;
          const choice = checkModifierChoice(
            groups,
            line.modifiers.map((m) => m.optionId),
          );
          return choice.ok ? choice.cents : null;
        };
        for (const line of lines.filter((l) => l.productId === productId && l.variantName === null)) {
          const more = extra(line);
          if (cents !== null && more !== null)
            prices.set(line.key, { priceCents: cents + more, stock: product.stock, ...tax });
        }
        if (!lines.some((l) => l.productId === productId && l.variantName !== null)) continue;
        const sizes = await queryClient.fetchQuery({ ...sizeOptionsQueryOptions(productId), staleTime: 0 });
        for (const line of lines.filter((l) => l.productId === productId && l.variantName !== null)) {
          const option = sizes.find((o) => o.variantId === line.variantId && o.name === line.variantName);
          const more = extra(line);
          if (option && more !== null)
            prices.set(line.key, { priceCents: option.priceCents + more, stock: option.stock, ...tax });
        }
      }
    } finally {
      dispatch({ type: 'reprice', prices });
    }
  }, [queryClient, dispatch, storeId]);
}
