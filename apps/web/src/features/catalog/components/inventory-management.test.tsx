import type { Role } from '@retail-hub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { aProduct, categories } from '../test/fixtures';

type Handlers = Parameters<typeof mockServer>[0];

const PRODUCTS = [
  aProduct({ name: 'Flat White', stock: 40, lowStockThreshold: 10 }),
  aProduct({ name: 'Blueberry Muffin', stock: 10, lowStockThreshold: 10, price: '3.5' }),
  aProduct({ name: 'Croissant', stock: 0, lowStockThreshold: 5 }),
  aProduct({
    name: 'Cordless Drill',
    category: null,
    stock: 3,
    lowStockThreshold: 1,
    price: '129.00',
    assetType: 'tool',
    location: 'Main-2-205',
    isCheckoutRequired: true,
  }),
];

function renderInventory(role: Role, handlers: Handlers = {}) {
  const fetchMock = mockServer({
    ...sessionHandlers(userWithRole(role)),
    'GET /api/products': () => json(200, PRODUCTS, { 'X-Total-Count': String(PRODUCTS.length) }),
    'GET /api/categories': () => json(200, categories),
    'GET /api/departments': () => json(200, [{ id: 'd1', name: 'Science' }]),
    ...handlers,
  });
  renderApp('/inventory');
  return { fetchMock, user: userEvent.setup() };
}

/** The first visit loads the screen's lazy chunk, which can take more than findBy's default second. */
const LOAD = { timeout: 5000 };
const rowOf = async (name: string) => (await screen.findByText(name, {}, LOAD)).closest('tr') as HTMLElement;
const columnHeaders = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

// Each test renders the whole app (shell, guard, lazy screen): slower than a unit, hence the timeout.
describe('Inventory Management (spec §2, §4, §6)', { timeout: 15_000 }, () => {
  it('lists products with their stock status badge, price with $ and 2 decimals, and category', async () => {
    renderInventory('manager');
    expect(await screen.findByRole('heading', { name: 'Inventory Management' }, LOAD)).toBeInTheDocument();
    expect(within(await rowOf('Flat White')).getByText('In Stock')).toBeInTheDocument();
    expect(within(await rowOf('Blueberry Muffin')).getByText('Low Stock')).toBeInTheDocument();
    expect(within(await rowOf('Blueberry Muffin')).getByText('$3.50')).toBeInTheDocument();
    expect(within(await rowOf('Croissant')).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(await rowOf('Croissant')).getByText('Coffee')).toBeInTheDocument();
  });

  it("shows 'Uncategorized' for a product whose category has no name", async () => {
    renderInventory('manager');
    expect(within(await rowOf('Cordless Drill')).getByText('Uncategorized')).toBeInTheDocument();
  });

  it.each(['manager', 'super_admin'] as const)(
    'shows a %s the Asset Info column and the asset-type and department filters',
    async (role) => {
      renderInventory(role);
      const drill = await rowOf('Cordless Drill');
      expect(columnHeaders()).toEqual(['Product', 'Category', 'Asset Info', 'Price', 'Stock', 'Status', 'Actions']);
      expect(within(drill).getByText('Tool')).toBeInTheDocument();
      expect(within(drill).getByText('Main-2-205')).toBeInTheDocument();
      expect(within(drill).getByText('Checkout required')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Filter by asset type' })).toBeInTheDocument();
      expect(await screen.findByRole('combobox', { name: 'Filter by department' })).toBeInTheDocument();
    },
  );

  it('leaves the department filter out when there are no departments', async () => {
    renderInventory('manager', { 'GET /api/departments': () => json(200, []) });
    await rowOf('Flat White');
    expect(screen.getByRole('combobox', { name: 'Filter by asset type' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Filter by department' })).toBeNull();
  });

  it("shows 'No products found' when nothing matches", async () => {
    renderInventory('manager', { 'GET /api/products': () => json(200, [], { 'X-Total-Count': '0' }) });
    expect(await screen.findByText('No products found', {}, LOAD)).toBeInTheDocument();
  });

  it('asks for the page with the search, after the debounce, from the first row', async () => {
    const { fetchMock, user } = renderInventory('manager');
    await rowOf('Flat White');
    await user.type(screen.getByRole('textbox', { name: 'Search products' }), 'mocha');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('search=mocha'))).toBe(true));
    const searched = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('search='));
    // Typed letter by letter, sent once: the 300 ms debounce (spec §9).
    expect(searched).toEqual(['/api/products?search=mocha&storeId=all&stockStoreId=all&limit=50&offset=0']);
  });

  it('asks before deleting and says when the product is gone', async () => {
    const target = PRODUCTS[2];
    const { user, fetchMock } = renderInventory('manager', {
      [`DELETE /api/products/${target?.id}`]: () => json(200, { message: 'Deleted', deactivated: false }),
    });
    await user.click(within(await rowOf('Croissant')).getByRole('button', { name: 'Delete Croissant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Product' });
    expect(within(dialog).getByText('Are you sure you want to delete "Croissant"?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product deleted successfully!')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it("opens the form titled 'Add New Product' and 'Edit Product'", async () => {
    const { user } = renderInventory('manager');
    await user.click(await screen.findByRole('button', { name: 'Add Product' }, LOAD));
    expect(await screen.findByRole('dialog', { name: 'Add New Product' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await rowOf('Flat White')).getByRole('button', { name: 'Edit Flat White' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Flat White');
  });

  it('keeps a cashier out with the Access Denied card (spec §6)', async () => {
    renderInventory('cashier');
    expect(await screen.findByTestId('access-denied', {}, LOAD)).toBeInTheDocument();
    expect(screen.getAllByText('Only managers and developers can add and edit products.').length).toBeGreaterThan(0);
  });
});
