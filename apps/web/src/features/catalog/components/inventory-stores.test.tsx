import type { RetailStore } from '@retail-hub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { LIBRARY, MAIN } from '@/test/stores';
import { aProduct, categories } from '../test/fixtures';

/**
 * Issue #32: with several stores, Inventory and the product form have a Store picker (All stores and
 * each store); the table's stock is the chosen store's; the form shows Stock by store and changes
 * stock only at a chosen store. With one store nothing of this appears.
 */
const BEANS = aProduct({ name: 'Coffee Beans', stock: 105, lowStockThreshold: 5 });
const LOAD = { timeout: 15_000 };

const movement = (id: string, store: RetailStore, quantity: number) => ({
  id,
  productId: BEANS.id,
  variantId: null,
  variantName: null,
  storeId: store.id,
  storeName: store.name,
  quantity,
  reason: 'receipt',
  stockAfter: quantity,
  documentType: null,
  documentId: null,
  note: null,
  user: null,
  approver: null,
  createdAt: '2026-11-29T09:00:00.000Z',
});

function renderInventory(stores: RetailStore[]) {
  const fetchMock = mockServer({
    ...sessionHandlers(userWithRole('manager')),
    'GET /api/stores': () => json(200, stores),
    // Every store together 112; Main Café 105 (Library Café 7).
    'GET /api/products': ({ url }) => {
      const stockStoreId = new URL(url, 'http://localhost').searchParams.get('stockStoreId');
      return json(200, [{ ...BEANS, stock: stockStoreId === MAIN.id ? 105 : 112 }], { 'X-Total-Count': '1' });
    },
    [`GET /api/products/${BEANS.id}`]: () =>
      json(200, {
        ...BEANS,
        stock: 112,
        stockByStore: [
          { storeId: LIBRARY.id, storeName: 'Library Café', stock: 7 },
          { storeId: MAIN.id, storeName: 'Main Café', stock: 105 },
        ],
      }),
    // With every store asked for, a row per store (each naming it); one store's list is empty here.
    'GET /api/stock-movements': ({ url }) =>
      json(200, {
        movements:
          new URL(url, 'http://localhost').searchParams.get('storeId') === 'all'
            ? [movement('m1', LIBRARY, 7), movement('m2', MAIN, 105)]
            : [],
        nextBefore: null,
      }),
    [`GET /api/products/${BEANS.id}/stores`]: () => json(200, []),
    'GET /api/categories': () => json(200, categories),
    'GET /api/departments': () => json(200, []),
  });
  renderApp('/inventory');
  return { fetchMock, user: userEvent.setup() };
}

const productUrls = (fetchMock: ReturnType<typeof mockServer>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => /\/api\/products\?/.test(url));

describe('stock per store on Inventory and the product form (issue #32)', { timeout: 45_000 }, () => {
  it('with one store shows no Store picker and asks for every store', async () => {
    const { fetchMock } = renderInventory([MAIN]);
    expect(await screen.findByText('Coffee Beans', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByTestId('stock-store-select')).toBeNull();
    expect(productUrls(fetchMock).every((url) => url.includes('storeId=all'))).toBe(true);
  });

  it("shows the default store's stock first; All stores asks for every store; the form shows Stock by store", async () => {
    const { fetchMock, user } = renderInventory([MAIN, LIBRARY]);
    const picker = (await screen.findByTestId('stock-store-select', {}, LOAD)) as HTMLInputElement;
    await waitFor(() => expect(picker.value).toBe('Main Café'));
    await waitFor(() =>
      expect(productUrls(fetchMock).some((url) => url.includes(`stockStoreId=${MAIN.id}`))).toBe(true),
    );
    // The list is always at the catalogue's own prices (the form saves a row's price as the base
    // price): a store is named for its stock only.
    expect(productUrls(fetchMock).every((url) => /[?&]storeId=all(&|$)/.test(url))).toBe(true);
    await waitFor(() =>
      expect((screen.getByText('Coffee Beans').closest('tr') as HTMLElement).textContent).toContain('105'),
    );
    // It waited for the store list: never every store's figure first, then the store's.
    expect(productUrls(fetchMock).every((url) => url.includes(`stockStoreId=${MAIN.id}`))).toBe(true);

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'All stores' }));
    const row = () => screen.getByText('Coffee Beans').closest('tr') as HTMLElement;
    await waitFor(() => expect(row().textContent).toContain('112'));

    await user.click(await screen.findByRole('button', { name: 'Edit Coffee Beans' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    const breakdown = await within(dialog).findByTestId('stock-by-store');
    expect(within(breakdown).getByText('Library Café')).toBeInTheDocument();
    expect(within(breakdown).getByText('7')).toBeInTheDocument();
    const stock = () => within(dialog).getByRole('textbox', { name: 'Stock' }) as HTMLInputElement;
    expect(stock().disabled).toBe(true);
    expect(within(dialog).getByText('Choose a store above to adjust or count its stock.')).toBeInTheDocument();
    expect((within(dialog).getByRole('button', { name: 'Apply adjustment' }) as HTMLButtonElement).disabled).toBe(true);
    // Recent stock movements lists every store's, naming the store.
    const movements = await within(dialog).findByRole('table', { name: 'Recent stock movements' });
    expect(within(movements).getByRole('columnheader', { name: 'Store' })).toBeInTheDocument();
    expect(
      within(movements)
        .getAllByTestId('stock-movement')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('Library Café'), expect.stringContaining('Main Café')]);

    await user.click(within(dialog).getByTestId('stock-store-select'));
    await user.click(await screen.findByRole('option', { name: 'Library Café' }));
    await waitFor(() => expect(stock().value).toBe('7'));
    expect(stock().disabled).toBe(false);
    expect(within(dialog).getByTestId('adjust-store').textContent).toBe('At Library Café');
  });

  it('Export and Import CSV carry the chosen store (All stores: the default store) and say which', async () => {
    const { fetchMock, user } = renderInventory([MAIN, LIBRARY]);
    const picker = (await screen.findByTestId('stock-store-select', {}, LOAD)) as HTMLInputElement;
    // The choice is remembered per browser: start from Main Café whatever an earlier test chose.
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Main Café' }));
    await waitFor(() => expect(picker.value).toBe('Main Café'));
    const exportLink = () => screen.getByRole('link', { name: 'Export CSV' }) as HTMLAnchorElement;
    expect(exportLink().getAttribute('href')).toBe(`/api/products/export.csv?storeId=${MAIN.id}`);
    expect(screen.getByTestId('csv-store').textContent).toBe('CSV stock: at Main Café');

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Library Café' }));
    await waitFor(() => expect(screen.getByTestId('csv-store').textContent).toBe('CSV stock: at Library Café'));
    expect(exportLink().getAttribute('href')).toBe(`/api/products/export.csv?storeId=${LIBRARY.id}`);

    fetchMock.mockClear();
    const file = new File(['sku,name\n'], 'products.csv', { type: 'text/csv' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, file);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/products/import'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/products/import'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ csv: 'sku,name\n', storeId: LIBRARY.id });

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'All stores' }));
    await waitFor(() => expect(screen.getByTestId('csv-store').textContent).toBe('CSV stock: at Main Café'));
  });

  it('with one store the CSV names no store', async () => {
    renderInventory([MAIN]);
    expect(await screen.findByText('Coffee Beans', {}, LOAD)).toBeInTheDocument();
    expect((screen.getByRole('link', { name: 'Export CSV' }) as HTMLAnchorElement).getAttribute('href')).toBe(
      '/api/products/export.csv',
    );
    expect(screen.queryByTestId('csv-store')).toBeNull();
  });
});
