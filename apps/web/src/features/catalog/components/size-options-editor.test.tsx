import type { Variant } from '@retail-hub/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StockStoreChoice } from '@/features/retail-stores';
import { renderWithProviders } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { LIBRARY, MAIN } from '@/test/stores';
import { SizeOptionsEditor } from './size-options-editor';

const PRODUCT_ID = '00000000-0000-4000-8000-00000000abcd';
const small: Variant = {
  id: '00000000-0000-4000-8000-0000000000a1',
  productId: PRODUCT_ID,
  name: 'Small',
  price: '3.60',
  stock: 4,
  isActive: true,
  sortOrder: 0,
};

type Handlers = Parameters<typeof mockServer>[0];

function renderEditor(handlers: Handlers, stockStore?: StockStoreChoice) {
  const fetchMock = mockServer({ ...sessionHandlers(userWithRole('manager')), ...handlers });
  renderWithProviders(
    <SizeOptionsEditor productId={PRODUCT_ID} basePrice="4.50" categoryName="Bakery" stockStore={stockStore} />,
  );
  return { fetchMock, user: userEvent.setup() };
}

/** The product form's Store choice with the demo's two cafés (issue #32). */
const choice = (chosen: string): StockStoreChoice => ({
  stores: [MAIN, LIBRARY],
  choice: chosen,
  store: [MAIN, LIBRARY].find((s) => s.id === chosen) ?? null,
  setChoice: () => {},
  ready: true,
});

const bodyOf = (fetchMock: ReturnType<typeof mockServer>, method: string) =>
  JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === method)?.[1]?.body));

const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('size options of a product (spec §2 Product form, §8, §9)', { timeout: 15_000 }, () => {
  it('lists the stored size options with their name, price and stock', async () => {
    renderEditor({ [`GET /api/products/${PRODUCT_ID}/variants`]: () => json(200, [small]) });
    expect(
      (await screen.findByRole('textbox', { name: 'Name of size option Small' })) as HTMLInputElement,
    ).toHaveProperty('value', 'Small');
    expect(box('Price of size option Small').value).toBe('3.60');
    expect(box('Stock of size option Small').value).toBe('4');
  });

  it('suggests the category’s rule sizes that are not stored yet, priced from the base price', async () => {
    renderEditor({ [`GET /api/products/${PRODUCT_ID}/variants`]: () => json(200, [small]) });
    await screen.findByRole('textbox', { name: 'Name of size option Small' });
    // 1.125 × 4.50 = 5.0625, rounded half up to 5.06 (shared size-option rules).
    expect(screen.getByText('Large ($5.06)')).toBeInTheDocument();
    expect(screen.queryByText(/^Small \(/)).toBeNull();
  });

  it('adds a size option with its spec sort order and says so', async () => {
    let stored: Variant[] = [];
    const { user, fetchMock } = renderEditor({
      [`GET /api/products/${PRODUCT_ID}/variants`]: () => json(200, stored),
      [`POST /api/products/${PRODUCT_ID}/variants`]: () => {
        stored = [{ ...small, id: 'new', name: 'Large', price: '5.06', sortOrder: 1 }];
        return json(201, stored[0]);
      },
    });
    await user.click(await screen.findByText('Large ($5.06)'));
    expect(box('Size name').value).toBe('Large');
    expect(box('Size price').value).toBe('5.06');
    await user.click(screen.getByRole('button', { name: 'Add Size Option' }));
    expect(await screen.findByText('Size option created successfully!')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Large', price: '5.06', stock: 0, sortOrder: 1 });
  });

  it('refuses to add a size option without a name or with a bad price', async () => {
    const { user } = renderEditor({ [`GET /api/products/${PRODUCT_ID}/variants`]: () => json(200, []) });
    await screen.findByText('No size options yet.');
    await user.click(screen.getByRole('button', { name: 'Add Size Option' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Price is required')).toBeInTheDocument();
  });

  it('saves a changed price and removes a size option, each with its toast', async () => {
    const { user } = renderEditor({
      [`GET /api/products/${PRODUCT_ID}/variants`]: () => json(200, [small]),
      [`PATCH /api/variants/${small.id}`]: () => json(200, { ...small, price: '3.90' }),
      [`DELETE /api/variants/${small.id}`]: () => json(200, { message: 'Removed' }),
    });
    const price = (await screen.findByRole('textbox', { name: 'Price of size option Small' })) as HTMLInputElement;
    await user.clear(price);
    await user.type(price, '3.90');
    await user.click(screen.getByRole('button', { name: 'Save size option Small' }));
    expect(await screen.findByText('Size option updated successfully!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove size option Small' }));
    expect(await screen.findByText('Size option removed successfully!')).toBeInTheDocument();
  });

  it('shows the spec failure texts', async () => {
    const { user } = renderEditor({
      [`GET /api/products/${PRODUCT_ID}/variants`]: () => json(200, [small]),
      [`DELETE /api/variants/${small.id}`]: () => json(500, { message: 'boom' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove size option Small' }));
    expect(await screen.findByText('Failed to remove size option. Please try again.')).toBeInTheDocument();
  });

  it("says 'Failed to fetch variants' when the list cannot be read", async () => {
    renderEditor({ [`GET /api/products/${PRODUCT_ID}/variants`]: () => json(500, { message: 'down' }) });
    await waitFor(() => expect(screen.getByText('Failed to fetch variants')).toBeInTheDocument());
  });

  describe('with several stores (issue #32)', () => {
    it("reads and changes the chosen store's stock, and says whose it is", async () => {
      const { user, fetchMock } = renderEditor(
        {
          [`GET /api/products/${PRODUCT_ID}/variants`]: ({ url }) =>
            json(200, [{ ...small, stock: url.includes(`storeId=${LIBRARY.id}`) ? 2 : 99 }]),
          [`PATCH /api/variants/${small.id}`]: () => json(200, { ...small, stock: 5 }),
          [`POST /api/products/${PRODUCT_ID}/variants`]: () => json(201, { ...small, id: 'new', name: 'Large' }),
        },
        choice(LIBRARY.id),
      );
      const stock = (await screen.findByRole('textbox', { name: 'Stock of size option Small' })) as HTMLInputElement;
      await waitFor(() => expect(stock.value).toBe('2'));
      expect(screen.getByRole('columnheader', { name: 'Stock at Library Café' })).toBeInTheDocument();
      expect(screen.getByText('At Library Café')).toBeInTheDocument();
      await user.clear(stock);
      await user.type(stock, '5');
      await user.click(screen.getByRole('button', { name: 'Save size option Small' }));
      expect(await screen.findByText('Size option updated successfully!')).toBeInTheDocument();
      expect(bodyOf(fetchMock, 'PATCH')).toMatchObject({ stock: 5, stockBasedOn: 2, storeId: LIBRARY.id });

      await user.type(box('Size name'), 'Large');
      await user.type(box('Size price'), '5.00');
      await user.click(screen.getByRole('button', { name: 'Add Size Option' }));
      expect(await screen.findByText('Size option created successfully!')).toBeInTheDocument();
      expect(bodyOf(fetchMock, 'POST')).toMatchObject({ name: 'Large', storeId: LIBRARY.id });
    });

    it('waits for the Store choice: no read and no new size before the store list is known', async () => {
      const { fetchMock } = renderEditor(
        { [`GET /api/products/${PRODUCT_ID}/variants`]: () => json(200, [small]) },
        { stores: [], choice: null, store: null, setChoice: () => {}, ready: false },
      );
      const add = screen.getByRole('button', { name: /Add Size Option/ }) as HTMLButtonElement;
      expect(add.getAttribute('data-loading')).toBe('true');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/variants'))).toBe(false);
    });

    it('with All stores shows the total and changes no stock', async () => {
      const { user, fetchMock } = renderEditor(
        {
          [`GET /api/products/${PRODUCT_ID}/variants`]: ({ url }) =>
            json(200, [{ ...small, stock: url.includes('storeId=all') ? 12 : 99 }]),
          [`PATCH /api/variants/${small.id}`]: () => json(200, { ...small, price: '3.90', stock: 12 }),
        },
        choice('all'),
      );
      const stock = (await screen.findByRole('textbox', { name: 'Stock of size option Small' })) as HTMLInputElement;
      await waitFor(() => expect(stock.value).toBe('12'));
      expect(stock).toBeDisabled();
      expect(screen.getByText('All stores together: choose a store to change its stock')).toBeInTheDocument();
      const price = box('Price of size option Small');
      await user.clear(price);
      await user.type(price, '3.90');
      await user.click(screen.getByRole('button', { name: 'Save size option Small' }));
      expect(await screen.findByText('Size option updated successfully!')).toBeInTheDocument();
      const body = bodyOf(fetchMock, 'PATCH');
      expect(body).toMatchObject({ price: '3.90' });
      expect(body).not.toHaveProperty('stock');
      expect(body).not.toHaveProperty('storeId');
    });
  });
});
