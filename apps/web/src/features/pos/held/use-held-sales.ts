import {
  type Cents,
  centsToDecimal,
  discountToInput,
  type HeldSale,
  type HoldSaleBody,
  parseCents,
  type SessionUser,
  toDiscount,
  uuidV7,
} from '@retail-hub/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useCallback, useEffect, useState } from 'react';
import { ApiError, serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { isUnreachable } from '@/lib/offline-bridge';
import { HELD_SALES_PATH, heldSalesQueryOptions, holdSale, resumeHeldSale } from '../api/held-sales';
import type { CartAction, CartState } from '../cart/cart-reducer';
import type { ListedHeldSale } from './held-sales-dialog';

/** The cart as a held sale's body (the prices it shows now; the discounts without any PIN). */
export function holdBody(cart: CartState, label: string, terminalId: string | null, now = new Date()) {
  return {
    id: uuidV7(now.getTime()),
    label,
    terminalId,
    heldAt: now.toISOString(),
    lines: cart.lines.map((l) => ({
      productId: l.productId,
      productName: l.name,
      variantId: l.variantId,
      variantName: l.variantName,
      quantity: l.quantity,
      unitPrice: l.price,
      discount: l.discount ? discountToInput(l.discount) : null,
      // Issue #35 item 1: the line's modifiers, with the names and prices shown.
      ...(l.modifiers?.length
        ? {
            modifiers: l.modifiers.map((m) => ({
              optionId: m.optionId,
              name: m.name,
              price: centsToDecimal(m.priceCents),
            })),
          }
        : {}),
    })),
    discount: cart.saleDiscount ? discountToInput(cart.saleDiscount) : null,
  } satisfies HoldSaleBody;
}

function loadAction(held: HeldSale): CartAction {
  return {
    type: 'load',
    lines: held.lines.map((l) => ({
      productId: l.productId,
      variantId: l.variantId ?? null,
      name: l.productName ?? 'Item',
      variantName: l.variantName ?? null,
      priceCents: (parseCents(l.unitPrice) ?? 0) as Cents,
      quantity: l.quantity,
      discount: toDiscount(l.discount),
      ...(l.modifiers?.length
        ? {
            modifiers: l.modifiers.map((m) => ({
              optionId: m.optionId,
              name: m.name ?? 'Modifier',
              priceCents: (parseCents(m.price ?? '0') ?? 0) as Cents,
            })),
          }
        : {}),
    })),
    saleDiscount: toDiscount(held.discount),
  };
}

const offline = () => import('@/features/offline');

/**
 * Issue #35 item 3 (docs/adr/0032): the till's side of held sales. Hold sends the cart (kept in
 * the terminal's IndexedDB when the server cannot be reached, sent when it can); the list is the
 * store's held sales plus this till's offline ones; Resume takes one (the server's DELETE: another
 * till that took it first gets 404) into the empty cart, then re-reads its prices from the server.
 */
export function useHeldSales({
  user,
  terminalId,
  cart,
  dispatch,
  reprice,
}: {
  user: SessionUser;
  terminalId: string | null;
  cart: CartState;
  dispatch: Dispatch<CartAction>;
  reprice: () => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const server = useQuery(heldSalesQueryOptions());
  const [kept, setKept] = useState<ListedHeldSale[]>([]);
  const [isHolding, setHolding] = useState(false);
  const [resumingId, setResumingId] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(0);

  const refreshKept = useCallback(async () => {
    try {
      setKept(await (await offline()).offlineHeldSales());
    } catch {
      setKept([]);
    }
  }, []);

  // Held offline: sent as soon as the server answers (the list read succeeded, or the browser is back online).
  const sendKept = useCallback(async () => {
    try {
      const sent = await (await offline()).sendOfflineHeldSales(holdSale, user.id);
      if (sent > 0) void queryClient.invalidateQueries({ queryKey: [HELD_SALES_PATH] });
    } finally {
      await refreshKept();
    }
  }, [queryClient, refreshKept, user.id]);

  const serverAnswered = server.isSuccess ? server.dataUpdatedAt : 0;
  useEffect(() => {
    if (serverAnswered) void sendKept();
  }, [serverAnswered, sendKept]);
  useEffect(() => {
    void refreshKept();
    const onOnline = () => void sendKept();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [refreshKept, sendKept]);

  // A resumed cart takes the server's current prices and stock once it is on screen.
  useEffect(() => {
    if (loaded > 0) void reprice();
  }, [loaded, reprice]);

  const keepOffline = async (body: ReturnType<typeof holdBody>) => {
    await (await offline()).keepHeldSaleOffline(body, user);
    await refreshKept();
  };

  /** Holds the cart; true when it was held (online, or kept on this terminal). */
  const hold = async (label: string): Promise<boolean> => {
    if (cart.lines.length === 0 || isHolding) return false;
    const body = holdBody(cart, label, terminalId);
    setHolding(true);
    try {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) await keepOffline(body);
      else {
        try {
          await holdSale(body);
          void queryClient.invalidateQueries({ queryKey: [HELD_SALES_PATH] });
        } catch (error) {
          if (!isUnreachable(error)) throw error;
          await keepOffline(body);
        }
      }
      dispatch({ type: 'clear' });
      notifySuccess({ title: 'Sale Held', message: `${label} is waiting in Held Sales.` });
      return true;
    } catch (error) {
      notifyError({
        title: 'Could Not Hold',
        message: serverMessage(error) ?? 'The sale could not be held. Please try again.',
        replace: true,
      });
      return false;
    } finally {
      setHolding(false);
    }
  };

  /** Resumes a held sale into the empty cart; true when it was loaded. */
  const resume = async (held: ListedHeldSale): Promise<boolean> => {
    if (cart.lines.length > 0) {
      notifyError({
        title: 'Sale in Progress',
        message: 'Hold or clear the current sale before resuming another.',
        replace: true,
      });
      return false;
    }
    setResumingId(held.id);
    try {
      let taken: HeldSale | null;
      if (held.offline) {
        const row = await (await offline()).takeOfflineHeldSale(held.id);
        taken = row ? held : null;
        await refreshKept();
      } else {
        taken = await resumeHeldSale(held.id);
      }
      if (!taken) throw new ApiError(404, 'Not Found', null);
      dispatch(loadAction(taken));
      setLoaded((n) => n + 1);
      return true;
    } catch (error) {
      notifyError({
        title: 'Could Not Resume',
        message:
          error instanceof ApiError && error.status === 404
            ? (serverMessage(error) ?? 'This held sale is no longer waiting: another till may have resumed it.')
            : isUnreachable(error)
              ? 'The server cannot be reached. A sale held on another till can be resumed when it is back.'
              : (serverMessage(error) ?? 'The held sale could not be resumed. Please try again.'),
        replace: true,
      });
      return false;
    } finally {
      setResumingId(null);
      void queryClient.invalidateQueries({ queryKey: [HELD_SALES_PATH] });
    }
  };

  const list: ListedHeldSale[] = [...kept, ...(server.data ?? [])].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  return { list, isLoading: server.isPending, isHolding, resumingId, hold, resume };
}
