import { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveUpdatesIndicator } from '@/components/live-updates-indicator';
import { renderWithProviders } from '@/test/render';
import { mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { applyLiveEvent, queryKeyMatchesPath } from './live-updates';

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

function cachedQueries(keys: string[]) {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData([key], []);
  return queryClient;
}

const staleKeys = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey[0])
    .sort();

describe('live updates (architecture guide, DOMAIN_EVENTS)', () => {
  afterEach(() => {
    FakeEventSource.instances = [];
  });

  it('matches a query path and the paths under it, not look-alikes', () => {
    expect(queryKeyMatchesPath(['/api/products'], '/api/products')).toBe(true);
    expect(queryKeyMatchesPath(['/api/products/low-stock'], '/api/products')).toBe(true);
    expect(queryKeyMatchesPath(['/api/products', { search: 'tea' }], '/api/products')).toBe(true);
    expect(queryKeyMatchesPath(['/api/productsx'], '/api/products')).toBe(false);
    expect(queryKeyMatchesPath([42], '/api/products')).toBe(false);
  });

  it('refreshes sales figures when a sale is recorded and leaves the rest alone', () => {
    const queryClient = cachedQueries([
      '/api/transactions',
      '/api/analytics/daily-stats',
      '/api/analytics/top-products',
      '/api/products',
      '/api/expenses',
    ]);
    applyLiveEvent(queryClient, JSON.stringify({ type: 'sale.recorded', ids: ['t1'], at: '2025-01-01T10:00:00Z' }));
    expect(staleKeys(queryClient)).toEqual([
      '/api/analytics/daily-stats',
      '/api/analytics/top-products',
      '/api/transactions',
    ]);
  });

  it('ignores unknown and malformed events', () => {
    const queryClient = cachedQueries(['/api/products']);
    applyLiveEvent(queryClient, JSON.stringify({ type: 'weather.changed' }));
    applyLiveEvent(queryClient, 'not json');
    expect(staleKeys(queryClient)).toEqual([]);
  });

  it('shows the indicator green while the stream is open and grey when it drops', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    mockServer(sessionHandlers(userWithRole('cashier')));
    renderWithProviders(<LiveUpdatesIndicator />);
    const indicator = await screen.findByTestId('live-updates');
    expect(indicator.textContent).toBe('Live Updates');
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.instances[0] as FakeEventSource;
    expect(stream.url).toBe('/api/events');
    expect(indicator.dataset.connected).toBe('false');
    act(() => stream.open());
    expect(indicator.dataset.connected).toBe('true');
    act(() => stream.fail(false));
    expect(indicator.dataset.connected).toBe('false');
  });

  it('reconnects after the server closes the stream', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.stubGlobal('EventSource', FakeEventSource);
      mockServer(sessionHandlers(userWithRole('cashier')));
      renderWithProviders(<LiveUpdatesIndicator />);
      await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
      act(() => (FakeEventSource.instances[0] as FakeEventSource).fail(true));
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(FakeEventSource.instances).toHaveLength(2);
      act(() => (FakeEventSource.instances[1] as FakeEventSource).open());
      expect(screen.getByTestId('live-updates').dataset.connected).toBe('true');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not open the stream for a signed-out visitor', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    mockServer(sessionHandlers(null));
    renderWithProviders(<LiveUpdatesIndicator />);
    await screen.findByTestId('live-updates');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
