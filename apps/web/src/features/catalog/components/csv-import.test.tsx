import type { ProductImportResult } from '@retail-hub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { aProduct, categories } from '../test/fixtures';

type Handlers = Parameters<typeof mockServer>[0];

const PRODUCTS = [aProduct({ name: 'Flat White' })];
const CSV = 'sku,name,price,category\nFW1,Flat White,4.50,Coffee\nXX1,Mystery,abc,Coffee\nNEW1,Latte,5.00,Coffee\n';
const REPORT: ProductImportResult = {
  created: 1,
  updated: 0,
  unchanged: 1,
  refused: 1,
  rows: [
    { row: 2, sku: 'FW1', status: 'unchanged' },
    { row: 3, sku: 'XX1', status: 'refused', reason: 'Price must be a number.' },
    { row: 4, sku: 'NEW1', status: 'created' },
  ],
};

function renderInventory(handlers: Handlers = {}) {
  const fetchMock = mockServer({
    ...sessionHandlers(userWithRole('manager')),
    'GET /api/products': () => json(200, PRODUCTS, { 'X-Total-Count': String(PRODUCTS.length) }),
    'GET /api/categories': () => json(200, categories),
    'GET /api/departments': () => json(200, []),
    ...handlers,
  });
  renderApp('/inventory');
  return { fetchMock, user: userEvent.setup() };
}

const LOAD = { timeout: 5000 };
/** The Import CSV button's hidden file input (the button opens the browser's file picker). */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const skusListed = (report: HTMLElement) =>
  within(within(report).getByRole('table', { name: 'Import rows' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('Inventory Import CSV', { timeout: 15_000 }, () => {
  it('posts the chosen file and opens the per-row report on the refused rows', async () => {
    const { fetchMock, user } = renderInventory({ 'POST /api/products/import': () => json(200, REPORT) });
    await screen.findByText('Flat White', {}, LOAD);
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    await user.upload(fileInput(), new File([CSV], 'catalogue.csv', { type: 'text/csv' }));

    const report = await screen.findByRole('dialog', { name: 'Import Report' });
    const posted = fetchMock.mock.calls.find(([input]) => String(input) === '/api/products/import');
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual({ csv: CSV });
    expect(within(report).getByTestId('import-created').textContent).toBe('1');
    expect(within(report).getByTestId('import-unchanged').textContent).toBe('1');
    expect(within(report).getByTestId('import-refused').textContent).toBe('1');
    expect(within(report).getByRole('columnheader', { name: 'SKU' })).toBeInTheDocument();
    expect(skusListed(report)).toEqual(['XX1']);
    expect(within(report).getByText('Price must be a number.')).toBeInTheDocument();

    await user.click(within(report).getByRole('radio', { name: 'All rows' }));
    expect(skusListed(report)).toEqual(['FW1', 'XX1', 'NEW1']);
    await user.click(within(report).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import Report' })).toBeNull());
  });

  it("toasts 'Import Failed' with the server's message when the file is refused", async () => {
    const { user } = renderInventory({
      'POST /api/products/import': () => json(400, { message: 'The CSV file has no product rows.', code: 'x' }),
    });
    await screen.findByText('Flat White', {}, LOAD);
    await user.upload(fileInput(), new File(['sku,name,price,category\n'], 'empty.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Import Failed')).toBeInTheDocument();
    expect(screen.getByText('The CSV file has no product rows.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Import Report' })).toBeNull();
  });

  it("falls back to 'Failed to import products. Please try again.' without a server message", async () => {
    const { user } = renderInventory({ 'POST /api/products/import': () => new Response('', { status: 500 }) });
    await screen.findByText('Flat White', {}, LOAD);
    await user.upload(fileInput(), new File([CSV], 'catalogue.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Failed to import products. Please try again.')).toBeInTheDocument();
  });
});
