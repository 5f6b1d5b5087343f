import type { AssetCheckout } from '@retail-hub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';

/** 70 loans, newest first: the first 65 overdue, the last 5 returned. */
const LOANS: AssetCheckout[] = Array.from({ length: 70 }, (_, i) => {
  const returned = i >= 65;
  return {
    id: `loan-${String(i).padStart(2, '0')}`,
    status: returned ? 'returned' : 'overdue',
    productId: `p${i}`,
    variantId: null,
    userId: 'user-cashier',
    product: { id: `p${i}`, name: `Asset ${i}`, assetType: 'tool', location: null },
    variant: null,
    user: { id: 'user-cashier', firstName: 'Casey', lastName: 'Cash' },
    checkedOutAt: new Date(2026, 10, 20, 9, 0, 0, 0 - i * 60_000).toISOString(),
    expectedReturnAt: new Date(2026, 10, 19, 9, 0).toISOString(),
    returnedAt: returned ? new Date(2026, 10, 20, 12, 0).toISOString() : null,
    returnCondition: returned ? 'good' : null,
    notes: null,
    returnNotes: null,
  };
});

/** GET /api/asset-checkouts as the server pages it: 60 by default, after `cursor`, with the paging headers. */
function pagedCheckouts(options: { failCursor?: boolean } = {}) {
  return ({ url }: { url: string }) => {
    const params = new URL(url, 'http://x').searchParams;
    const status = params.get('status');
    const list = LOANS.filter((c) =>
      !status ? true : status === 'checked_out' ? c.returnedAt === null : c.status === status,
    );
    const cursor = params.get('cursor');
    if (cursor && options.failCursor)
      return json(503, { message: 'Service temporarily unavailable. Please try again.' });
    const start = cursor ? list.findIndex((c) => c.id === cursor) + 1 : 0;
    const limit = Number(params.get('limit') ?? 60);
    const page = list.slice(start, start + limit);
    const more = start + limit < list.length;
    return json(200, page, {
      'X-Total-Count': String(list.length),
      ...(more ? { 'X-Next-Cursor': page[page.length - 1]!.id } : {}),
    });
  };
}

const LOAD = { timeout: 10_000 };
const cardNames = () =>
  screen.getAllByTestId('checkout-card').map((card) => within(card).getByRole('heading').textContent);

describe('Asset Checkout list, a page at a time', { timeout: 40_000 }, () => {
  it("shows the first 60 with 'Showing 60 of 70 checkouts'; Show more adds the rest once, in order", async () => {
    const fetchMock = mockServer({
      ...sessionHandlers(userWithRole('cashier')),
      'GET /api/asset-checkouts': pagedCheckouts(),
    });
    renderApp('/asset-checkout');
    await screen.findAllByTestId('checkout-card', {}, LOAD);
    expect(screen.getAllByTestId('checkout-card')).toHaveLength(60);
    const paging = screen.getByTestId('checkout-paging');
    expect(within(paging).getByText('Showing 60 of 70 checkouts')).toBeInTheDocument();

    await userEvent.click(within(paging).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('checkout-card')).toHaveLength(70));
    expect(cardNames()).toEqual(LOANS.map((c) => c.product.name));
    expect(screen.queryByTestId('checkout-paging')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/asset-checkouts?cursor=loan-59');
  });

  it('keeps the filter when showing more, and a filter with one page has no Show more', async () => {
    const fetchMock = mockServer({
      ...sessionHandlers(userWithRole('cashier')),
      'GET /api/asset-checkouts': pagedCheckouts(),
    });
    renderApp('/asset-checkout');
    await screen.findAllByTestId('checkout-card', {}, LOAD);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Returned' }));
    await waitFor(() => expect(screen.getAllByTestId('checkout-card')).toHaveLength(5));
    expect(screen.queryByTestId('checkout-paging')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Overdue' }));
    expect(await screen.findByText('Showing 60 of 65 checkouts', {}, LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('checkout-card')).toHaveLength(65));
    expect(screen.getAllByTestId('checkout-card').every((card) => card.dataset.status === 'overdue')).toBe(true);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/asset-checkouts?status=overdue&cursor=loan-59',
    );
  });

  it('says so when the next page cannot be loaded, and keeps the cards already shown', async () => {
    mockServer({
      ...sessionHandlers(userWithRole('cashier')),
      'GET /api/asset-checkouts': pagedCheckouts({ failCursor: true }),
    });
    renderApp('/asset-checkout');
    await screen.findAllByTestId('checkout-card', {}, LOAD);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Service temporarily unavailable. Please try again.', {}, LOAD)).toBeInTheDocument();
    expect(screen.getAllByTestId('checkout-card')).toHaveLength(60);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeEnabled();
  });
});
