import type { Product } from '@retail-hub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { aProduct, CATEGORY_ID, categories } from '../test/fixtures';
import { ProductForm } from './product-form';

type Handlers = Parameters<typeof mockServer>[0];

function renderForm({
  product = null,
  withAssetFields = true,
  handlers = {},
}: {
  product?: Product | null;
  withAssetFields?: boolean;
  handlers?: Handlers;
} = {}) {
  const fetchMock = mockServer({
    ...sessionHandlers(userWithRole('manager')),
    'GET /api/categories': () => json(200, categories),
    ...handlers,
  });
  const onSaved = vi.fn();
  renderWithProviders(
    <ProductForm product={product} withAssetFields={withAssetFields} onSaved={onSaved} onCancel={() => {}} />,
  );
  return { fetchMock, onSaved, user: userEvent.setup() };
}

const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const categorySelect = () => screen.getByRole('combobox', { name: 'Category' }) as HTMLInputElement;

/** The body of the last call to `METHOD path`. */
function lastBody(fetchMock: ReturnType<typeof mockServer>, method: string, path: string) {
  const call = fetchMock.mock.calls.filter(
    ([url, init]) => String(url).startsWith(path) && (init?.method ?? 'GET') === method,
  );
  const init = call.at(-1)?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

describe('product form (spec §2 Product form, §5 validation on change)', { timeout: 15_000 }, () => {
  it('says the name is required as soon as it is emptied, not before', async () => {
    const { user } = renderForm();
    await user.type(field('Name'), 'L');
    expect(screen.queryByText('Name is required')).toBeNull();
    await user.clear(field('Name'));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
  });

  it('checks the price format while it is typed', async () => {
    const { user } = renderForm();
    await user.type(field('Price'), '4.');
    expect(screen.getByText('Invalid price format')).toBeInTheDocument();
    await user.type(field('Price'), '5');
    expect(screen.queryByText('Invalid price format')).toBeNull();
    await user.clear(field('Price'));
    expect(screen.getByText('Price is required')).toBeInTheDocument();
  });

  it('wants a valid image URL or none', async () => {
    const { user } = renderForm();
    await user.type(field('Image URL'), 'x');
    expect(screen.getByText('Must be a valid URL')).toBeInTheDocument();
    await user.clear(field('Image URL'));
    expect(screen.queryByText('Must be a valid URL')).toBeNull();
  });

  it('refuses a negative stock or low stock threshold', async () => {
    const { user } = renderForm();
    await user.type(field('Stock'), '{Backspace}-3');
    expect(screen.getByText('Stock must be 0 or greater')).toBeInTheDocument();
    await user.type(field('Low stock threshold'), '{Backspace}{Backspace}-1');
    expect(screen.getByText('Low stock threshold must be 0 or greater')).toBeInTheDocument();
  });

  it('shows every missing field on a save attempt and sends nothing', async () => {
    const { user, fetchMock } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    for (const message of ['Name is required', 'Price is required', 'SKU is required', 'Category is required']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(lastBody(fetchMock, 'POST', '/api/products')).toBeUndefined();
  });

  it('accepts only digits and one decimal point in the price', async () => {
    const { user } = renderForm();
    await user.type(field('Price'), 'a1b2.3.4x');
    expect(field('Price').value).toBe('12.34');
  });

  it('starts with the spec defaults: stock 0, threshold 10, active, no size options', () => {
    renderForm();
    expect(field('Stock').value).toBe('0');
    expect(field('Low stock threshold').value).toBe('10');
    expect(field('Low stock threshold').placeholder).toBe('10');
    expect(screen.getByRole('switch', { name: 'Active' })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: 'Has size options' })).toHaveProperty('checked', false);
  });

  it('generates a SKU from the first six letters or digits of the name plus three capitals', async () => {
    const { user } = renderForm();
    await user.type(field('Name'), 'Café Latte!');
    await user.click(screen.getByRole('button', { name: 'Generate SKU' }));
    expect(field('SKU').value).toMatch(/^CAFELA[A-Z]{3}$/);
  });

  it('fills an empty SKU from the name when the name is left (the auto-generate action)', async () => {
    const { user } = renderForm();
    await user.type(field('Name'), 'Bagel 2');
    await user.tab();
    expect(field('SKU').value).toMatch(/^BAGEL2[A-Z]{3}$/);
  });

  it('shows the institutional asset fields to a manager only', () => {
    renderForm({ withAssetFields: true });
    expect(screen.getByRole('group', { name: 'Institutional asset' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Location' })).toBeInTheDocument();
  });

  it('hides the institutional asset fields from anyone else and leaves them out of the save', async () => {
    const { user, fetchMock } = renderForm({
      withAssetFields: false,
      handlers: { 'POST /api/products': () => json(201, aProduct()) },
    });
    expect(screen.queryByText('Institutional asset')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Location' })).toBeNull();

    await user.type(field('Name'), 'Scone');
    await user.type(field('Price'), '3');
    // Leaving the name filled the SKU (auto-generate); this one is typed instead.
    await user.clear(field('SKU'));
    await user.type(field('SKU'), 'SCONE1');
    await user.click(categorySelect());
    await user.click(await screen.findByRole('option', { name: 'Coffee' }));
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(lastBody(fetchMock, 'POST', '/api/products')).toBeDefined());
    const body = lastBody(fetchMock, 'POST', '/api/products');
    expect(body).toMatchObject({ name: 'Scone', price: '3', sku: 'SCONE1', categoryId: CATEGORY_ID, stock: 0 });
    expect(body).not.toHaveProperty('assetType');
    expect(body).not.toHaveProperty('location');
  });

  it('creates a product and says so', async () => {
    const created = aProduct({ name: 'Scone' });
    const { user, onSaved } = renderForm({ handlers: { 'POST /api/products': () => json(201, created) } });
    await user.type(field('Name'), 'Scone');
    await user.type(field('Price'), '3.25');
    await user.click(screen.getByRole('button', { name: 'Generate SKU' }));
    await user.click(categorySelect());
    await user.click(await screen.findByRole('option', { name: 'Coffee' }));
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product created successfully!')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith(created, 'created');
  });

  it('puts the server’s SKU conflict on the SKU field', async () => {
    const { user } = renderForm({
      handlers: {
        'POST /api/products': () =>
          json(409, { code: 'catalog.sku_taken', message: 'SKU "SCONE1" is already used by another product.' }),
      },
    });
    await user.type(field('Name'), 'Scone');
    await user.type(field('Price'), '3');
    // Leaving the name filled the SKU (auto-generate); this one is typed instead.
    await user.clear(field('SKU'));
    await user.type(field('SKU'), 'SCONE1');
    await user.click(categorySelect());
    await user.click(await screen.findByRole('option', { name: 'Coffee' }));
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('SKU "SCONE1" is already used by another product.')).toBeInTheDocument();
    expect(screen.getByText('Failed to create product. Please try again.')).toBeInTheDocument();
  });

  it('updates an existing product with its changed price', async () => {
    const product = aProduct({ name: 'Muffin', price: '2.00' });
    const { user, fetchMock } = renderForm({
      product,
      handlers: { [`PATCH /api/products/${product.id}`]: () => json(200, { ...product, price: '2.50' }) },
    });
    await user.clear(field('Price'));
    await user.type(field('Price'), '2.50');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PATCH', `/api/products/${product.id}`)).toMatchObject({ price: '2.50' });
  });
});

describe('size options in the Add and Edit forms (issue #13 item 16)', { timeout: 15_000 }, () => {
  /** True when `a` comes before `b` in the document. */
  const before = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

  it('a new product is created with the size options listed above Create Product, in one request', async () => {
    const created = aProduct({ name: 'Flat White', hasVariants: true });
    const { user, fetchMock, onSaved } = renderForm({ handlers: { 'POST /api/products': () => json(201, created) } });
    await user.type(field('Name'), 'Flat White');
    await user.type(field('Price'), '4.00');
    await user.click(categorySelect());
    await user.click(await screen.findByRole('option', { name: 'Coffee' }));
    expect(screen.queryByRole('heading', { name: 'Size Options' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Has size options' }));
    const heading = screen.getByRole('heading', { name: 'Size Options' });
    expect(before(heading, screen.getByRole('button', { name: 'Create Product' }))).toBe(true);
    // A spec §9 coffee size from the suggestions, and one typed in its own row.
    await user.click(screen.getByRole('button', { name: 'Dine In Small Cup ($3.00)' }));
    await user.click(screen.getByRole('button', { name: 'Add Size Option' }));
    await user.type(field('Name of size option 2'), 'Oat Large');
    await user.type(field('Price of size option 2'), '5.5');
    await user.type(screen.getByRole('textbox', { name: 'Stock of size option 2' }), '{Backspace}7');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product created successfully!')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith(created, 'created');
    expect(lastBody(fetchMock, 'POST', '/api/products')).toMatchObject({
      name: 'Flat White',
      hasVariants: true,
      variants: [
        { name: 'Dine In Small Cup', price: '3.00', stock: 0, sortOrder: 0 },
        { name: 'Oat Large', price: '5.50', stock: 7, sortOrder: 0 },
      ],
    });
  });

  it('a size row without a name or listed twice stops the save, with its message', async () => {
    const { user, fetchMock } = renderForm();
    await user.type(field('Name'), 'Tea');
    await user.type(field('Price'), '3');
    await user.click(categorySelect());
    await user.click(await screen.findByRole('option', { name: 'Pastries' }));
    await user.click(screen.getByRole('switch', { name: 'Has size options' }));
    await user.click(screen.getByRole('button', { name: 'Small ($2.40)' }));
    await user.click(screen.getByRole('button', { name: 'Add Size Option' }));
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    await user.type(field('Name of size option 2'), 'small');
    expect(screen.getByText('A size option named "small" is listed twice.')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'POST', '/api/products')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Remove size option small' }));
    expect(screen.getAllByTestId('size-option-row')).toHaveLength(1);
  });

  it("an edited product's stored size options are shown above Update Product", async () => {
    const product = aProduct({ name: 'Latte', hasVariants: true });
    renderForm({
      product,
      handlers: {
        [`GET /api/products/${product.id}/variants`]: () =>
          json(200, [
            {
              id: 'v1',
              productId: product.id,
              name: 'Takeaway Big Cup',
              price: '4.50',
              stock: 9,
              isActive: true,
              sortOrder: 3,
            },
          ]),
      },
    });
    const row = await screen.findByTestId('size-option-row');
    expect(before(row, screen.getByRole('button', { name: 'Update Product' }))).toBe(true);
    expect(
      before(screen.getByRole('heading', { name: 'Size Options' }), screen.getByRole('button', { name: 'Cancel' })),
    ).toBe(true);
  });
});

describe('inline categories (spec §2 Product form, §5 Category, §8)', { timeout: 15_000 }, () => {
  it('creates a category and selects it on the form', async () => {
    const created = {
      id: '9d1b0a5e-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
      name: 'Tea',
      description: null,
      department: null,
      isInstitutional: false,
      taxRateId: null,
      productCount: 0,
    };
    let stored = categories;
    const { user } = renderForm({
      handlers: {
        'GET /api/categories': () => json(200, stored),
        'POST /api/categories': () => {
          stored = [...categories, created];
          return json(201, created);
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Create category' }));
    const panel = screen.getByRole('group', { name: 'New category' });
    await user.type(within(panel).getByRole('textbox', { name: 'Category name' }), ' ');
    expect(within(panel).getByText('Category name is required.')).toBeInTheDocument();
    await user.type(within(panel).getByRole('textbox', { name: 'Category name' }), 'Tea');
    await user.click(within(panel).getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText('Category created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(categorySelect().value).toBe('Tea'));
  });

  it('shows the server’s reason when a category with products cannot be deleted', async () => {
    const { user } = renderForm({
      product: aProduct(),
      handlers: {
        [`DELETE /api/categories/${CATEGORY_ID}`]: () =>
          json(409, { message: 'Cannot delete "Coffee": 2 products are assigned to it.' }),
      },
    });
    await waitFor(() => expect(categorySelect().value).toBe('Coffee'));
    await user.click(screen.getByRole('button', { name: 'Delete category' }));
    await user.click(screen.getByRole('button', { name: 'Delete Category' }));
    expect(await screen.findByText('Cannot delete "Coffee": 2 products are assigned to it.')).toBeInTheDocument();
  });

  it('falls back to the spec text when the server gives no reason', async () => {
    const { user } = renderForm({
      product: aProduct(),
      handlers: { [`DELETE /api/categories/${CATEGORY_ID}`]: () => new Response('', { status: 500 }) },
    });
    await waitFor(() => expect(categorySelect().value).toBe('Coffee'));
    await user.click(screen.getByRole('button', { name: 'Delete category' }));
    await user.click(screen.getByRole('button', { name: 'Delete Category' }));
    expect(
      await screen.findByText('Failed to delete category. It may have products assigned to it.'),
    ).toBeInTheDocument();
  });
});
