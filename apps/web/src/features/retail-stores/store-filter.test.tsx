import type { RetailStore } from '@retail-hub/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aProduct } from '@/features/catalog/test/fixtures';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { LIBRARY, MAIN } from '@/test/stores';

/** Issue #32 item 2: the one store picker on the POS dashboard and the Expense Tracker. */

const storeOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('storeId');
const stats = (totalSales: string) => ({
  totalSales,
  totalTransactions: 1,
  totalItemsSold: 1,
  totalDiscounts: '0.00',
});
const expenseStats = (totalExpenses: string) => ({ totalExpenses, totalTransactions: 1, expensesByCategory: [] });

function serve(
  stores: RetailStore[],
  role: 'manager' | 'cashier' = 'manager',
  mine: RetailStore[] = stores,
  lowStock?: unknown[],
) {
  return mockServer({
    ...sessionHandlers(userWithRole(role)),
    'GET /api/stores': () => json(200, stores),
    'GET /api/stores/mine': () => json(200, mine),
    'GET /api/transactions': () => json(200, []),
    'GET /api/analytics/top-products': () => json(200, []),
    // Oat milk: none left at the Library Café, 2 at the Main Café (threshold 5).
    'GET /api/products/low-stock': ({ url }) =>
      lowStock
        ? json(200, lowStock)
        : json(
            200,
            storeOf(url) === LIBRARY.id
              ? [{ ...OAT_MILK, stock: 0 }]
              : storeOf(url) === MAIN.id
                ? [{ ...OAT_MILK, stock: 2 }]
                : [
                    { ...OAT_MILK, stock: 0, storeId: LIBRARY.id, storeName: LIBRARY.name },
                    { ...OAT_MILK, stock: 2, storeId: MAIN.id, storeName: MAIN.name },
                  ],
          ),
    'GET /api/terminals/stale': () => json(200, []),
    'GET /api/auth/pin-guessing': () => json(200, { tripped: false }),
    'GET /api/analytics/daily-stats': ({ url }) =>
      json(200, stats(storeOf(url) === LIBRARY.id ? '4.00' : storeOf(url) === MAIN.id ? '6.00' : '10.00')),
    'GET /api/expenses': () => json(200, []),
    'GET /api/expenses/stats/daily': ({ url }) =>
      json(200, expenseStats(storeOf(url) === LIBRARY.id ? '1.50' : storeOf(url) === MAIN.id ? '2.50' : '4.00')),
  });
}

const OAT_MILK = aProduct({ name: 'Oat Milk', stock: 2, lowStockThreshold: 5 });

const salesCard = () => screen.getByTestId("stat-Today's Sales");

describe('store filter on the POS dashboard (issue #32)', () => {
  it('with one store there is no picker', async () => {
    const fetchMock = serve([MAIN]);
    renderApp('/pos-dashboard');
    await waitFor(() => expect(salesCard().textContent).toContain('$10.00'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/stores'))).toBe(true));
    expect(screen.queryByTestId('dashboard-store')).toBeNull();
  });

  it('with two stores a manager picks a store and the stat cards and lists follow', async () => {
    const fetchMock = serve([MAIN, LIBRARY]);
    renderApp('/pos-dashboard');
    const picker = await screen.findByTestId('dashboard-store');
    await waitFor(() => expect(salesCard().textContent).toContain('$10.00'));
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'Library Café' }));
    await waitFor(() => expect(salesCard().textContent).toContain('$4.00'));
    for (const path of ['/api/transactions', '/api/analytics/top-products']) {
      await waitFor(() =>
        expect(
          fetchMock.mock.calls.some(([u]) => String(u).includes(path) && String(u).includes(`storeId=${LIBRARY.id}`)),
        ).toBe(true),
      );
    }
  });

  it('Low Stock Alert: a row per store under All stores, naming it; one store once picked', async () => {
    const fetchMock = serve([MAIN, LIBRARY]);
    renderApp('/pos-dashboard');
    const picker = await screen.findByTestId('dashboard-store');
    const alert = () => screen.getByTestId('low-stock-alert');
    await waitFor(() => expect(alert().textContent).toContain('Library Café'));
    expect(alert().textContent).toContain('Main Café');
    expect(alert().textContent).toContain('0 left');
    expect(alert().textContent).toContain('2 left');
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'Library Café' }));
    await waitFor(() => expect(alert().textContent).not.toContain('2 left'));
    expect(alert().textContent).toContain('0 left');
    expect(alert().textContent).not.toContain('Main Café');
    expect(
      fetchMock.mock.calls.some(
        ([u]) => String(u).includes('/api/products/low-stock') && String(u).includes(`storeId=${LIBRARY.id}`),
      ),
    ).toBe(true);
  });

  it('"and N more" counts products, not rows: a product low at two stores is one', async () => {
    const at = (product: ReturnType<typeof aProduct>, stock: number, store: RetailStore) => ({
      ...product,
      stock,
      storeId: store.id,
      storeName: store.name,
    });
    const [scone, cups, lids] = ['Scone', 'Cups', 'Lids'].map((name) => aProduct({ name, lowStockThreshold: 5 }));
    const rows = [
      at(OAT_MILK, 0, LIBRARY),
      at(scone as typeof OAT_MILK, 0, LIBRARY),
      at(cups as typeof OAT_MILK, 1, LIBRARY),
      at(OAT_MILK, 2, MAIN),
      at(cups as typeof OAT_MILK, 3, MAIN),
      at(lids as typeof OAT_MILK, 3, MAIN),
    ];
    serve([MAIN, LIBRARY], 'manager', [MAIN, LIBRARY], rows);
    renderApp('/pos-dashboard');
    const alert = () => screen.getByTestId('low-stock-alert');
    // Three rows shown (Oat Milk, Scone, Cups); of the other three rows only Lids is a product not named yet.
    await waitFor(() => expect(alert().textContent).toContain('and 1 more products need restocking'));
    expect(screen.getByRole('link', { name: 'View All 1 More' })).toBeTruthy();
  });

  it('a cashier limited to one of the stores gets no picker (the server reads their store)', async () => {
    serve([MAIN, LIBRARY], 'cashier', [LIBRARY]);
    renderApp('/pos-dashboard');
    await waitFor(() => expect(salesCard().textContent).toContain('$10.00'));
    expect(screen.queryByTestId('dashboard-store')).toBeNull();
  });
});

describe('store filter on the Expense Tracker (issue #32)', () => {
  it('the stat cards and the list follow the chosen store', async () => {
    const fetchMock = serve([MAIN, LIBRARY]);
    renderApp('/expenses');
    const picker = await screen.findByTestId('expense-store-filter');
    await waitFor(() => expect(screen.getByTestId("expense-stat-Today's Expenses").textContent).toContain('$4.00'));
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'Main Café' }));
    await waitFor(() => expect(screen.getByTestId("expense-stat-Today's Expenses").textContent).toContain('$2.50'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u]) => /\/api\/expenses\?/.test(String(u)) && String(u).includes(`storeId=${MAIN.id}`),
        ),
      ).toBe(true),
    );
  });
});
