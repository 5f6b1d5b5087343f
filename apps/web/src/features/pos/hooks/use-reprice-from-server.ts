import { parseCents } from '@retail-hub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useCallback, useRef } from 'react';
import { productQueryOptions, sizeOptionsQueryOptions } from '@/features/catalog';
import type { CartAction, CartLine } from '../cart/cart-reducer';

/**
 * After the server refused a sale because prices changed (ERROR_CODES.totalsMismatch), the cart
 * takes the server's current prices and stock: each plain product by id (the grid holds one page
 * only, a large catalogue has more) and each sized line from its product's size options. Whatever
 * was read is applied even if a later read fails. Returns a stable callback that reads the lines
 * current when it runs.
 */
export function useRepriceFromServer(lines: CartLine[], dispatch: Dispatch<CartAction>): () => Promise<void> {
  const queryClient = useQueryClient();
  const linesRef = useRef(lines);
  linesRef.current = lines;

  return useCallback(async () => {
    const lines = linesRef.current;
    const prices = new Map<string, { priceCents: number; stock?: number }>();
    try {
      for (const productId of new Set(lines.filter((l) => l.variantName === null).map((l) => l.productId))) {
        const product = await queryClient.fetchQuery({ ...productQueryOptions(productId), staleTime: 0 });
        const cents = parseCents(String(product.price));
        if (cents === null) continue;
        for (const line of lines.filter((l) => l.productId === productId && l.variantName === null)) {
          prices.set(line.key, { priceCents: cents, stock: product.stock });
        }
      }
      for (const productId of new Set(lines.filter((l) => l.variantName !== null).map((l) => l.productId))) {
        const sizes = await queryClient.fetchQuery({ ...sizeOptionsQueryOptions(productId), staleTime: 0 });
        for (const line of lines.filter((l) => l.productId === productId && l.variantName !== null)) {
          const option = sizes.find((o) => o.variantId === line.variantId && o.name === line.variantName);
          if (option) prices.set(line.key, { priceCents: option.priceCents, stock: option.stock });
        }
      }
    } finally {
      dispatch({ type: 'reprice', prices });
    }
  }, [queryClient, dispatch]);
}
