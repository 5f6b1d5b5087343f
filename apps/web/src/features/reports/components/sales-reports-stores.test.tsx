import type { RetailStore } from '@retail-hub/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { LIBRARY, MAIN } from '@/test/stores';

/** Issue #32 items 3 and 5: the store filter appears only with several stores. */

const summary = (revenue: string) => ({
  startDate: '2026-01-01',
  endDate: '2026-01-07',
  totalRevenue: revenue,
  totalTransactions: 1,
  averageSale: revenue,
  totalItemsSold: 1,
  totalDiscounts: '0.00',
  growth: 0,
  previousStartDate: '2025-12-25',
  previousEndDate: '2025-12-31',
  previousRevenue: '0.00',
  dailyRevenue: [],
});

function renderReports(stores: RetailStore[]) {
  return mockServer({
    ...sessionHandlers(userWithRole('manager')),
    'GET /api/stores': () => json(200, stores),
    'GET /api/transactions': () => json(200, []),
    'GET /api/analytics/top-products': () => json(200, []),
    'GET /api/analytics/summary': ({ url }) => {
      const storeId = new URL(url, 'http://localhost').searchParams.get('storeId');
      return json(200, summary(storeId === LIBRARY.id ? '4.00' : storeId === MAIN.id ? '6.00' : '10.00'));
    },
  });
}

describe('store filter on the Sales Reports (issue #32)', () => {
  it('with one store there is no store picker and no store in the period line', async () => {
    const fetchMock = renderReports([MAIN]);
    renderApp('/pos-reports');
    await waitFor(() => expect(screen.getByTestId('report-period').textContent).not.toBe(''));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/stores'))).toBe(true));
    expect(screen.queryByTestId('report-store')).toBeNull();
    expect(screen.getByTestId('report-period').textContent).not.toContain('stores');
  });

  it('with two stores a manager picks a store or All stores, and the figures follow', async () => {
    const fetchMock = renderReports([MAIN, LIBRARY]);
    renderApp('/pos-reports');
    const picker = await screen.findByTestId('report-store');
    expect(screen.getByTestId('report-period').textContent).toContain('All stores');
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'Library Café' }));
    await waitFor(() => expect(screen.getByTestId('report-period').textContent).toContain('Library Café'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u]) => String(u).includes('/api/analytics/summary') && String(u).includes(`storeId=${LIBRARY.id}`),
        ),
      ).toBe(true),
    );
  });
});
