import type { QueryFunctionContext } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { json, mockServer } from '@/test/server';
import {
  ApiError,
  apiDownloadText,
  apiGet,
  apiRequest,
  apiRequestWithHeaders,
  buildUrl,
  getQueryFn,
  serverMessage,
} from './api-client';

const contextFor = (queryKey: readonly unknown[]) =>
  ({ queryKey, signal: new AbortController().signal, meta: undefined }) as unknown as QueryFunctionContext;

describe('api client (spec §7 generic request behaviour, §8 generic errors)', () => {
  it('turns the non-empty, non-null entries of the params object into the query string', () => {
    expect(
      buildUrl('/api/products', { search: 'cof fee', category: '', assetType: null, page: undefined, limit: 0 }),
    ).toBe('/api/products?search=cof+fee&limit=0');
  });

  it('leaves the path alone when there are no params or all are empty', () => {
    expect(buildUrl('/api/products')).toBe('/api/products');
    expect(buildUrl('/api/products', { search: '', category: null })).toBe('/api/products');
  });

  it('reads the first element of the query key as the path and the second as its query string', async () => {
    const fetchMock = mockServer({ 'GET /api/expenses': () => json(200, [{ id: 'e1' }]) });
    const read = getQueryFn<unknown[]>({ on401: 'throw' });
    await expect(read(contextFor(['/api/expenses', { category: 'utilities', startDate: '' }]))).resolves.toEqual([
      { id: 'e1' },
    ]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/expenses?category=utilities',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('reports a failed read as "{status}: {response text}"', async () => {
    mockServer({ 'GET /api/products': () => json(500, { message: 'Database unavailable' }) });
    const read = getQueryFn({ on401: 'throw' });
    const error = await Promise.resolve(read(contextFor(['/api/products']))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('500: {"message":"Database unavailable"}');
    expect((error as ApiError).body?.message).toBe('Database unavailable');
  });

  it('falls back to the status text when the error answer has no body', async () => {
    mockServer({ 'GET /api/products': () => new Response(null, { status: 404, statusText: 'Not Found' }) });
    const read = getQueryFn({ on401: 'throw' });
    await expect(read(contextFor(['/api/products']))).rejects.toThrow('404: Not Found');
  });

  it('answers null for a 401 when the caller opts in, and raises it by default', async () => {
    mockServer({ 'GET /auth/session': () => json(401, { message: 'Not signed in' }) });
    await expect(getQueryFn({ on401: 'returnNull' })(contextFor(['/auth/session']))).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(contextFor(['/auth/session']))).rejects.toThrow(
      '401: {"message":"Not signed in"}',
    );
  });

  it('sends a JSON content type only when the request has a body', async () => {
    const fetchMock = mockServer({
      'POST /auth/logout': () => json(200, { ok: true }),
      'POST /auth/pin': () => json(200, { user: {} }),
    });
    await apiRequest('POST', '/auth/logout');
    await apiRequest('POST', '/auth/pin', { pin: '1234' });
    const [, logoutInit] = fetchMock.mock.calls[0] as [string, RequestInit];
    const [, pinInit] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(logoutInit.headers).not.toHaveProperty('Content-Type');
    expect(logoutInit.body).toBeUndefined();
    expect(pinInit.headers).toHaveProperty('Content-Type', 'application/json');
    expect(pinInit.body).toBe('{"pin":"1234"}');
    expect(pinInit.credentials).toBe('include');
  });

  it('raises a rejected state change with the same message format', async () => {
    mockServer({ 'POST /api/shifts/start': () => json(403, { message: 'Forbidden' }) });
    await expect(apiRequest('POST', '/api/shifts/start')).rejects.toThrow('403: {"message":"Forbidden"}');
  });

  it('a server failure (5xx) names its request id in the message a toast shows; a 4xx does not', async () => {
    mockServer({
      'POST /api/transactions': () =>
        json(
          500,
          { message: 'Internal Server Error', code: 'internal', requestId: '0a1b2c3d4e5f' },
          {
            'X-Request-Id': '0a1b2c3d4e5f',
          },
        ),
      'POST /api/products': () => json(400, { message: 'Name is required' }, { 'X-Request-Id': 'ffffffffffff' }),
    });
    const failed = await apiRequest('POST', '/api/transactions', {}).catch((e: unknown) => e);
    expect((failed as ApiError).requestId).toBe('0a1b2c3d4e5f');
    expect(serverMessage(failed)).toBe('Internal Server Error (Request ID: 0a1b2c3d4e5f)');
    const refused = await apiRequest('POST', '/api/products', {}).catch((e: unknown) => e);
    expect(serverMessage(refused)).toBe('Name is required');
  });

  it('sends the headers a call adds (an Idempotency-Key) beside the defaults, and its signal', async () => {
    const fetchMock = mockServer({ 'POST /api/transactions/t1/refunds': () => json(201, { id: 'r1' }) });
    const controller = new AbortController();
    await apiRequest(
      'POST',
      '/api/transactions/t1/refunds',
      { lines: [] },
      {
        headers: { 'Idempotency-Key': 'key-1' },
        signal: controller.signal,
      },
    );
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Idempotency-Key': 'key-1',
    });
    expect(init.signal).toBe(controller.signal);
  });

  it('gives a page read its JSON body and its paging headers', async () => {
    mockServer({
      'GET /api/asset-checkouts': () => json(200, [{ id: 'c1' }], { 'X-Total-Count': '61', 'X-Next-Cursor': 'abc' }),
    });
    const { data, headers } = await apiRequestWithHeaders<{ id: string }[]>('GET', '/api/asset-checkouts?limit=1');
    expect(data).toEqual([{ id: 'c1' }]);
    expect(headers.get('X-Total-Count')).toBe('61');
    expect(headers.get('X-Next-Cursor')).toBe('abc');
  });

  it('reads a GET as JSON and raises a refused one in the same format', async () => {
    mockServer({
      'GET /api/z-reports': () => json(200, { items: [] }),
      'GET /api/users': () => json(403, { message: 'Forbidden' }),
    });
    await expect(apiGet('/api/z-reports?limit=50')).resolves.toEqual({ items: [] });
    await expect(apiGet('/api/users')).rejects.toThrow('403: {"message":"Forbidden"}');
  });

  it('downloads a file as text, asking for its type, and raises a refused download like any call', async () => {
    const fetchMock = mockServer({
      'GET /api/reports/vtpd.csv': ({ url }) =>
        url.includes('startDate=2026-01-01')
          ? new Response('a,b\n1,2\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })
          : json(400, { message: 'startDate is required' }),
    });
    await expect(apiDownloadText('/api/reports/vtpd.csv?startDate=2026-01-01')).resolves.toBe('a,b\n1,2\n');
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toEqual({ Accept: 'text/csv' });
    await expect(apiDownloadText('/api/reports/vtpd.csv')).rejects.toThrow('400: {"message":"startDate is required"}');
  });
});
