import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useCallback, useRef } from 'react';
import { productsQueryOptions } from '@/features/catalog';
import { notifyError } from '@/lib/notify';
import type { PosProduct } from '../types';

/**
 * A code rather than words: no spaces and at least one digit (every SKU of the demo store, every
 * EAN). Enter on words ('latte') keeps the search; Enter on a code that matches nothing is a
 * failed scan, said once and cleared for the next.
 */
export function looksLikeCode(value: string): boolean {
  return !/\s/.test(value) && /\d/.test(value);
}

export const UNKNOWN_SKU_TITLE = 'Unknown SKU';

export function unknownSkuMessage(code: string): string {
  return `No product has the SKU "${code}".`;
}

/**
 * Enter in the search, or a whole scan that arrived while a dialog was open: an exact SKU (the
 * grid's page first, then the server) calls `onMatch` with that product. A code leaves the search
 * box at once, before the server answers, so a second scan typed meanwhile is not wiped (issue
 * #22: two scans in quick succession both land); a code that matches nothing shows one toast.
 * Returns a stable handler for the memoised product browser.
 */
export function useSkuSubmit(
  loaded: readonly PosProduct[] | undefined,
  onMatch: (product: PosProduct) => void,
  setSearch: Dispatch<SetStateAction<string>>,
): (value: string, options?: { scanned?: boolean }) => void {
  const queryClient = useQueryClient();
  const addBySku = async (raw: string, scanned: boolean) => {
    const code = raw.trim();
    if (!code) return;
    const isCode = scanned || looksLikeCode(code);
    const clearIfUnchanged = () => setSearch((value) => (value === raw ? '' : value));
    if (isCode) clearIfUnchanged();
    const sku = code.toLowerCase();
    const find = (list: readonly PosProduct[] | undefined) =>
      list?.find((p) => p.sku.toLowerCase() === sku && p.isActive !== false);
    let match = find(loaded);
    if (!match) {
      try {
        match = find(await queryClient.fetchQuery(productsQueryOptions({ sku: code })));
      } catch {
        match = undefined;
      }
    }
    if (match) {
      if (!isCode) clearIfUnchanged();
      onMatch(match);
    } else if (isCode) {
      notifyError({ id: 'unknown-sku', title: UNKNOWN_SKU_TITLE, message: unknownSkuMessage(code) });
    }
  };
  const addBySkuRef = useRef(addBySku);
  addBySkuRef.current = addBySku;
  return useCallback(
    (value: string, options?: { scanned?: boolean }) => void addBySkuRef.current(value, options?.scanned ?? false),
    [],
  );
}
