import type { QueryFunctionContext } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { json, mockServer } from '@/test/server';
import { ApiError, apiRequest, buildUrl, getQueryFn, serverMessage } from './api-client';

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
});
