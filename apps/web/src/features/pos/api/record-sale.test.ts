import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/server';
import { isTransientFailure, newIdempotencyKey, recordSale, SaleTimeoutError } from './record-sale';

const sale = {
  subtotal: '4.50',
  tax: '0.00',
  total: '4.50',
  paymentMethod: 'cash' as const,
  items: [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 1, unitPrice: '4.50', totalPrice: '4.50' }],
};

describe('recording a sale (Idempotency-Key)', () => {
  it('retries a network failure with the same key and returns the first result', async () => {
    const keys: (string | null)[] = [];
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        keys.push(new Headers(init.headers).get('Idempotency-Key'));
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return json(201, { id: 'sale-1', receipt: {} });
      }),
    );
    const recorded = await recordSale(sale, 'key-1', { retryDelaysMs: [0, 0] });
    expect(recorded.id).toBe('sale-1');
    expect(keys).toEqual(['key-1', 'key-1']);
  });

  it('does not retry a refusal: the server decided', async () => {
    const fetchMock = vi.fn(async () =>
      json(409, { code: 'pos.insufficient_stock', message: 'Only 1 units available for Latte.' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(recordSale(sale, 'key-2', { retryDelaysMs: [0, 0] })).rejects.toMatchObject({ status: 409 });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('gives up on a request the server never answers after the time limit, aborting it', async () => {
    let aborted = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => {
              aborted = true;
              reject(new DOMException('Aborted', 'AbortError'));
            }),
          ),
      ),
    );
    const started = Date.now();
    const error = await recordSale(sale, 'key-3', { retryDelaysMs: [0], timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SaleTimeoutError);
    expect(isTransientFailure(error)).toBe(true);
    expect(aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('makes time-ordered RFC 9562 v7 keys (issue #38), even without crypto.randomUUID (plain HTTP on the shop LAN)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const before = Date.now();
      const first = newIdempotencyKey();
      const second = newIdempotencyKey();
      for (const key of [first, second]) {
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      }
      // The first 48 bits are the milliseconds it was made at, so later keys sort after earlier ones.
      expect(Number.parseInt(first.replace(/-/g, '').slice(0, 12), 16)).toBeGreaterThanOrEqual(before);
      expect(second > first).toBe(true);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
