import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDrawer, openDrawerForFloat, printRefundOn, printSaleOn, printShiftReportOn } from './api';
import { forgetJob, trackedJobs } from './jobs-store';

/** Issue #36 leftovers: every print and drawer call carries an Idempotency-Key (docs/adr/0031). */
const job = (kind: string) => ({
  id: `job-${kind}`,
  printerId: 'p1',
  kind,
  subjectId: null,
  status: 'queued',
  attempts: 0,
  lastError: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  printedAt: null,
});

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 202, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  for (const tracked of trackedJobs()) forgetJob(tracked.id);
});

const keyOf = (call: unknown[]) =>
  (call[1] as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key'];

describe('print and drawer requests', () => {
  it('each carries a fresh UUID Idempotency-Key, on the routes of the API', async () => {
    const fetchMock = vi.fn(async () => answer(job('receipt')));
    vi.stubGlobal('fetch', fetchMock);
    await printSaleOn('sale-1', 'p1');
    await printRefundOn({ id: 'refund-1', number: 'R00ABCD' }, 'p1');
    await printShiftReportOn({ kind: 'X' }, 'p1');
    await printShiftReportOn({ kind: 'Z', shiftId: 7, number: 3 }, 'p1');
    await openDrawerForFloat('p1');
    await openDrawer('p1', { reason: 'Change', approverPin: '4826' });
    const calls = fetchMock.mock.calls as unknown[][];
    expect(calls.map((c) => c[0])).toEqual([
      '/api/transactions/sale-1/print',
      '/api/refunds/refund-1/print',
      '/api/shifts/current/x-report/print',
      '/api/shifts/7/z-report/print',
      '/api/shifts/current/drawer',
      '/api/printers/p1/drawer',
    ]);
    const keys = calls.map(keyOf);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(keys.length);
    const refundCall = calls[1] as [string, RequestInit];
    expect(JSON.parse(refundCall[1].body as string)).toEqual({ printerId: 'p1' });
  });

  it('a lost answer (network error) is asked again once with the same key; a refusal is not', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(job('refund')));
    vi.stubGlobal('fetch', fetchMock);
    await printRefundOn({ id: 'refund-2', number: 'R00BEEF' }, 'p1');
    const calls = fetchMock.mock.calls as unknown[][];
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[0] as unknown[])).toBe(keyOf(calls[1] as unknown[]));
    expect(trackedJobs().map((t) => t.label)).toContain('Refund #R00BEEF');

    const refused = vi.fn(async () => new Response(JSON.stringify({ message: 'No' }), { status: 409 }));
    vi.stubGlobal('fetch', refused);
    await expect(openDrawerForFloat('p1')).rejects.toThrow();
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
