import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aProduct } from '../test/fixtures';
import { ProductTable } from './product-table';

const drill = aProduct({
  name: 'Cordless Drill',
  category: null,
  assetType: 'tool',
  location: 'Main-2-205',
  isCheckoutRequired: true,
});

function renderTable(showAssetInfo: boolean, products = [drill]) {
  render(
    <MantineProvider env="test">
      <ProductTable products={products} showAssetInfo={showAssetInfo} onEdit={vi.fn()} onDelete={vi.fn()} />
    </MantineProvider>,
  );
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

describe('product table (spec §2 Inventory Management, §4 Stock status badge)', () => {
  it('shows the Asset Info column with type, location and checkout flag when asked', () => {
    renderTable(true);
    expect(headers()).toEqual(['Product', 'Category', 'Asset Info', 'Price', 'Stock', 'Status', 'Actions']);
    const info = screen.getByTestId('asset-info');
    expect(within(info).getByText('Tool')).toBeInTheDocument();
    expect(within(info).getByText('Main-2-205')).toBeInTheDocument();
    expect(within(info).getByText('Checkout required')).toBeInTheDocument();
  });

  it('leaves the Asset Info column out otherwise', () => {
    renderTable(false);
    expect(headers()).toEqual(['Product', 'Category', 'Price', 'Stock', 'Status', 'Actions']);
    expect(screen.queryByTestId('asset-info')).toBeNull();
  });

  it("names a category without a name 'Uncategorized'", () => {
    renderTable(false, [drill, aProduct({ name: 'Blank', category: { id: 'c', name: '  ' } })]);
    expect(screen.getAllByText('Uncategorized')).toHaveLength(2);
  });

  it.each([
    [0, 10, 'Out of Stock', 'red'],
    [10, 10, 'Low Stock', 'orange'],
    [11, 10, 'In Stock', 'green'],
  ] as const)('with stock %i and threshold %i the badge reads %s in %s', (stock, lowStockThreshold, label, color) => {
    renderTable(false, [aProduct({ stock, lowStockThreshold })]);
    const badge = screen.getByText(label).closest('[data-status]') as HTMLElement;
    expect(badge.dataset.status).toBe(label);
    expect(badge.getAttribute('style')).toContain(`--mantine-color-${color}-`);
  });
});
