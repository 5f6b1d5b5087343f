import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type RefObject, type SetStateAction, useCallback, useEffect, useRef } from 'react';
import { productsQueryOptions } from '@/features/catalog';
import type { PosProduct } from '../types';

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A keyboard-wedge scanner types wherever the focus is: stray keystrokes (outside a field, with no
 * dialog open) go to the search box.
 */
export function useScannerKeystrokes(
  searchInput: RefObject<HTMLInputElement | null>,
  setSearch: Dispatch<SetStateAction<string>>,
): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Space stays a button press; scanners send letters, digits and dashes.
      if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1 || event.key === ' ') return;
      if (isTypingTarget(event.target) || document.querySelector('[role="dialog"]')) return;
      const input = searchInput.current;
      if (!input) return;
      event.preventDefault();
      input.focus();
      setSearch((value) => value + event.key);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [searchInput, setSearch]);
}

/**
 * Enter in the search: an exact SKU (the grid's page first, then the server) calls `onMatch` with
 * that product; anything else stays a search. Returns a stable submit handler for the memoised
 * product browser.
 */
export function useSkuSubmit(
  loaded: readonly PosProduct[] | undefined,
  onMatch: (product: PosProduct) => void,
): (value: string) => void {
  const queryClient = useQueryClient();
  const addBySku = async (raw: string) => {
    const sku = raw.trim().toLowerCase();
    if (!sku) return;
    const find = (list: readonly PosProduct[] | undefined) =>
      list?.find((p) => p.sku.toLowerCase() === sku && p.isActive !== false);
    let match = find(loaded);
    if (!match) {
      try {
        match = find(await queryClient.fetchQuery(productsQueryOptions({ sku: raw.trim() })));
      } catch {
        match = undefined;
      }
    }
    if (match) onMatch(match);
  };
  const addBySkuRef = useRef(addBySku);
  addBySkuRef.current = addBySku;
  return useCallback((value: string) => void addBySkuRef.current(value), []);
}
