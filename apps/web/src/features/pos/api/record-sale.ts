import { type SaleRequest, uuidV7 } from '@retail-hub/shared';
import { ApiError, apiGet, apiRequest } from '@/lib/api-client';
import type { RecordedSale } from '../types';

/**
 * POST /api/transactions (spec §7, issue #4). The `Idempotency-Key` header makes a retried
 * request return the first result: a sale whose answer was lost on the wire is retried with the
 * same key and is never recorded twice.
 */

const RETRY_DELAYS_MS = [400, 1_000, 2_000];

/**
 * How long the terminal waits for a sale, retries included, before it says the connection failed
 * (issue #13 item 18: with no bound the button spun forever). Long enough for a slow sale, short
 * enough that the cashier is never left guessing at the counter.
 */
export const SALE_TIMEOUT_MS = 15_000;

/** The server did not answer within SALE_TIMEOUT_MS: the sale may or may not have been recorded. */
export class SaleTimeoutError extends Error {
  override readonly name = 'SaleTimeoutError';
  constructor() {
    super('The server did not answer in time');
  }
}

/** Answers that say nothing about the sale itself (gateway, restart): safe to retry with the key. */
const RETRYABLE_STATUSES = new Set([502, 503, 504]);

/**
 * The sale's Idempotency-Key, kept by the outbox when the sale goes offline: a time-ordered UUID
 * v7 (issue #38, docs/adr/0023), so the server's unique index on the keys grows at its right-most
 * page; made with crypto.getRandomValues, also in HTTP on the shop's LAN.
 */
export const newIdempotencyKey = uuidV7;

/** Waits `ms`, or less when the signal aborts first. */
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** True for a failure where the request may or may not have reached the server. */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof ApiError) return RETRYABLE_STATUSES.has(error.status);
  // fetch: network error, connection reset; or no answer in time.
  return error instanceof TypeError || error instanceof SaleTimeoutError;
}

async function postSale(sale: SaleRequest, idempotencyKey: string, signal: AbortSignal): Promise<RecordedSale> {
  try {
    const res = await apiRequest('POST', '/api/transactions', sale, {
      headers: { 'Idempotency-Key': idempotencyKey },
      signal,
    });
    return (await res.json()) as RecordedSale;
  } catch (error) {
    if (signal.aborted) throw new SaleTimeoutError();
    throw error;
  }
}

/**
 * Records a sale, retrying transient failures with the same key (the server never doubles it),
 * within `timeoutMs` in all: then the request is aborted and SaleTimeoutError is thrown.
 */
export async function recordSale(
  sale: SaleRequest,
  idempotencyKey: string,
  {
    retryDelaysMs = RETRY_DELAYS_MS,
    timeoutMs = SALE_TIMEOUT_MS,
  }: { retryDelaysMs?: readonly number[]; timeoutMs?: number } = {},
): Promise<RecordedSale> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await postSale(sale, idempotencyKey, controller.signal);
      } catch (error) {
        const delay = retryDelaysMs[attempt];
        if (delay === undefined || !isTransientFailure(error) || controller.signal.aborted) throw error;
        await wait(delay, controller.signal);
        if (controller.signal.aborted) throw new SaleTimeoutError();
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/transactions/:id/receipt: a sale's receipt, for a reprint. */
export async function fetchReceipt(transactionId: string): Promise<RecordedSale['receipt']> {
  return apiGet<RecordedSale['receipt']>(`/api/transactions/${encodeURIComponent(transactionId)}/receipt`);
}
