import { ApiError, apiRequest } from '@/lib/api-client';
import type { OutboxSale } from './db';
import type { SendResult } from './sync-worker';

/** How long one attempt may take before it counts as not delivered (then it is retried, same key). */
export const SEND_TIMEOUT_MS = 15_000;

/** Statuses that say nothing about the sale: try again later with the same key. */
const TRY_AGAIN_STATUSES = new Set([401, 408, 425, 429]);

/** POST /api/transactions/offline with the sale's own Idempotency-Key (ADR 0014). */
export async function sendOfflineSale(sale: OutboxSale, terminalId: string | null): Promise<SendResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
  try {
    await apiRequest(
      'POST',
      '/api/transactions/offline',
      { ...sale.body, terminalId: sale.body.terminalId ?? terminalId },
      { headers: { 'Idempotency-Key': sale.key }, signal: controller.signal },
    );
    return { kind: 'confirmed' };
  } catch (error) {
    return classifySendError(error);
  } finally {
    clearTimeout(timer);
  }
}

export function classifySendError(error: unknown): SendResult {
  if (error instanceof ApiError) {
    if (error.status >= 500 || TRY_AGAIN_STATUSES.has(error.status)) {
      const reason =
        error.status === 401 ? 'Sign in to send this sale.' : error.body?.message || `Server error (${error.status})`;
      return { kind: 'retry', reason };
    }
    const field = Object.values(error.body?.errors ?? {}).find(Boolean);
    return {
      kind: 'refused',
      reason: [error.body?.message, field].filter(Boolean).join(' ') || error.message,
      code: error.body?.code ?? null,
    };
  }
  return { kind: 'retry', reason: 'The server could not be reached.' };
}
