import type { SizeOption } from '@retail-hub/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import type { PosProduct } from '../types';
import { SizeDialog } from './size-dialog';

/**
 * Issue #30 item 15: offline, a product whose sizes were opened online seconds before showed "The
 * sizes could not be loaded": the fresh read failed and the dialog showed the failure, not the
 * sizes it had.
 */
const latte: PosProduct = {
  id: 'p-latte',
  name: 'Latte',
  price: '4.00',
  sku: 'LAT',
  categoryId: 'c-coffee',
  category: { id: 'c-coffee', name: 'Coffee' },
  stock: 12,
  lowStockThreshold: 2,
  isActive: true,
  imageUrl: null,
  hasVariants: true,
  assetType: null,
};
const sizes: SizeOption[] = [
  { variantId: 'v-1', name: 'Dine In Small Cup', priceCents: 300, price: '3.00', stock: 5, sortOrder: 1 },
  { variantId: 'v-2', name: 'Takeaway Big Cup', priceCents: 450, price: '4.50', stock: 0, sortOrder: 4 },
];

function failedRead(error: unknown, data: SizeOption[] | undefined) {
  return { isPending: false, isError: true, error, data, refetch: async () => ({}) } as unknown as UseQueryResult<
    SizeOption[]
  >;
}

describe("'Choose Size' offline (issue #30 item 15)", () => {
  it('the fresh read failing for the network still shows the sizes the terminal has', async () => {
    renderWithProviders(
      <SizeDialog
        product={latte}
        sizes={failedRead(new TypeError('Failed to fetch'), sizes)}
        onPick={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Dine In Small Cup, $3.00' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Takeaway Big Cup, $4.50, out of stock' })).toBeDisabled();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it('a refusal from the server, or no sizes at all, still says they could not be loaded', async () => {
    const { unmount } = renderWithProviders(
      <SizeDialog
        product={latte}
        sizes={failedRead(new ApiError(404, 'Not found', { message: 'Product not found' }), sizes)}
        onPick={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <SizeDialog
        product={latte}
        sizes={failedRead(new TypeError('Failed to fetch'), undefined)}
        onPick={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
  });
});
