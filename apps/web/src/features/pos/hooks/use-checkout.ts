import { ERROR_CODES, type SaleRequest, type SessionUser } from '@retail-hub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, isUnauthorizedError, serverMessage } from '@/lib/api-client';
import { queryKeyMatchesPath } from '@/lib/live-updates';
import { notifyError } from '@/lib/notify';
import { isUnreachable, setTerminalSyncState } from '@/lib/offline-bridge';
import { CURRENT_SHIFT_PATH } from '../api/get-current-shift';
import { isTransientFailure, newIdempotencyKey, recordSale } from '../api/record-sale';
import type { ReceiptTax, StatedTax } from '../payment/payment';
import type { RecordedSale } from '../types';

type TaxLines = ReceiptTax;

/** What a sale attempt can end in, beyond success, that the terminal reacts to. */
export type SaleRefusal = 'shift_required' | 'insufficient_stock' | 'totals_mismatch' | 'approval' | 'other';

export function classifySaleError(error: unknown): SaleRefusal {
  if (!(error instanceof ApiError)) return 'other';
  const code = error.body?.code;
  // spec §8 Transactions: a message containing 'shift' opens the shift prompt.
  if (code === ERROR_CODES.shiftRequired || /shift/i.test(error.body?.message ?? '')) return 'shift_required';
  if (code === ERROR_CODES.insufficientStock) return 'insufficient_stock';
  if (code === ERROR_CODES.totalsMismatch) return 'totals_mismatch';
  // Issue #15 item 7: a discount above the cap without a valid manager PIN.
  if (error.status === 403 && (code === 'pos.approval_required' || code === 'pos.approval_invalid')) return 'approval';
  return 'other';
}

/** spec §4: a successful sale refreshes products, transactions and daily stats (and what hangs off them). */
export const PATHS_REFRESHED_BY_A_SALE = [
  '/api/products',
  '/api/transactions',
  '/api/analytics/daily-stats',
  '/api/analytics/top-products',
] as const;

type CheckoutHandlers = {
  onRecorded: (sale: RecordedSale) => void;
  onShiftRequired: () => void;
  /** The server's prices differ from the cart's: refresh and reprice. */
  onPricesChanged: () => Promise<void>;
  /** A discount above the cap was refused for want of a valid manager PIN (the PIN is forgotten). */
  onApprovalRefused?: () => void;
  /** Issue #19: who sells and in which shift, for a sale kept in the outbox while offline. */
  seller?: { user: SessionUser; shiftId: number | null };
};

/**
 * Submits a sale with an Idempotency-Key made once per attempt of the same cart: a retry of the
 * same payload (after a network failure, even by a second tap) reuses the key, so the server
 * returns the first result and never records the sale twice. A definite refusal or a changed cart
 * starts a new attempt with a new key.
 */
export function useCheckout({
  onRecorded,
  onShiftRequired,
  onPricesChanged,
  onApprovalRefused,
  seller,
}: CheckoutHandlers) {
  const queryClient = useQueryClient();
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  /**
   * The last attempt got no answer (network down, or none within SALE_TIMEOUT_MS): the terminal
   * shows the §8 connection error with a Retry that sends the same cart under the same key.
   */
  const [connectionLost, setConnectionLost] = useState(false);
  const mutation = useMutation({
    mutationFn: ({ sale, key }: { sale: SaleRequest; key: string }) => recordSale(sale, key),
  });
  /** Writing a sale to the outbox (issue #19): the button waits as for an online sale. */
  const [isQueuing, setQueuing] = useState(false);

  /**
   * Issue #19 (ADR 0014): the server cannot be reached. The sale goes to the outbox under the key it
   * was tried with, and shows as complete only once IndexedDB has it; the sync worker sends it later.
   * Where the outbox cannot be written, the §8 connection error and Retry stay as they were.
   */
  const keepOffline = async (sale: SaleRequest, key: string, taxLines?: TaxLines, stated?: StatedTax) => {
    if (!seller) {
      setConnectionLost(true);
      return;
    }
    if (seller.shiftId === null) {
      notifyError({ title: 'Shift Required', message: 'Please start your shift before making sales.', replace: true });
      onShiftRequired();
      return;
    }
    setQueuing(true);
    try {
      const { queueOfflineSale } = await import('@/features/offline');
      const recorded = await queueOfflineSale({
        sale,
        key,
        shiftId: seller.shiftId,
        user: seller.user,
        queryClient,
        ...(taxLines ? { receiptTax: taxLines } : {}),
        ...(stated ? { stated } : {}),
      });
      attempt.current = null;
      setTerminalSyncState({ online: false });
      onRecorded(recorded);
    } catch (error) {
      console.warn('The sale could not be kept offline', error);
      setConnectionLost(true);
    } finally {
      setQueuing(false);
    }
  };

  const refreshAfterSale = () =>
    queryClient.invalidateQueries({
      predicate: (query) => PATHS_REFRESHED_BY_A_SALE.some((path) => queryKeyMatchesPath(query.queryKey, path)),
    });

  /**
   * `taxLines`: the cart's tax by rate (issue #34 item 2), for the receipt printed offline;
   * `stated`: the rates the lines were charged at, sent with an offline sale.
   */
  const submit = (sale: SaleRequest, taxLines?: TaxLines, stated?: StatedTax) => {
    if (mutation.isPending || isQueuing) return;
    const fingerprint = JSON.stringify(sale);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
    const { key } = attempt.current;
    setConnectionLost(false);
    // The browser knows it has no network: straight to the outbox, no 3 s of retries per sale.
    if (seller && typeof navigator !== 'undefined' && navigator.onLine === false) {
      void keepOffline(sale, key, taxLines, stated);
      return;
    }

    mutation.mutate(
      { sale, key },
      {
        onSuccess: (recorded) => {
          attempt.current = null;
          setTerminalSyncState({ online: true });
          void refreshAfterSale();
          onRecorded(recorded);
        },
        onError: (error) => {
          // Not reached, or the server unavailable (502-504 and the like): the sale may have been
          // recorded; the outbox sends it again under the same key, which the server never records
          // twice. A plain 500 keeps the spec's §8 'Transaction Failed' (a fault, not an outage).
          if (
            isTransientFailure(error) ||
            (isUnreachable(error) && !(error instanceof ApiError && error.status === 500))
          ) {
            void keepOffline(sale, key, taxLines, stated);
            return;
          }
          attempt.current = null;
          // 401: the query client signs the user out and the guard shows 'Unauthorized'.
          if (isUnauthorizedError(error)) return;
          switch (classifySaleError(error)) {
            case 'shift_required':
              void queryClient.invalidateQueries({ queryKey: [CURRENT_SHIFT_PATH] });
              notifyError({
                title: 'Shift Required',
                message: 'Please start your shift before making sales.',
                replace: true,
              });
              onShiftRequired();
              return;
            case 'insufficient_stock':
              void queryClient.invalidateQueries({
                predicate: (query) => queryKeyMatchesPath(query.queryKey, '/api/products'),
              });
              notifyError({ title: 'Insufficient Stock', message: serverMessage(error) ?? 'Not enough stock.' });
              return;
            case 'totals_mismatch':
              void onPricesChanged().finally(() =>
                notifyError({
                  title: 'Prices Updated',
                  message: 'Prices changed since this sale started. Check the new total, then complete the sale again.',
                }),
              );
              return;
            case 'approval':
              onApprovalRefused?.();
              notifyError({ title: 'Manager Approval Needed', message: serverMessage(error) ?? 'Invalid manager PIN' });
              return;
            default: {
              const fieldMessage =
                error instanceof ApiError && error.status === 400
                  ? Object.values(error.body?.errors ?? {}).find(Boolean)
                  : undefined;
              notifyError({
                title: 'Transaction Failed',
                message: fieldMessage ?? 'Failed to process transaction. Please try again.',
              });
            }
          }
        },
      },
    );
  };

  return { submit, isSubmitting: mutation.isPending || isQueuing, connectionLost };
}
