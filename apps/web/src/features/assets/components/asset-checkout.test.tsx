import type { AssetCheckout, LendableAsset } from '@retail-hub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';

const loan = (overrides: Partial<AssetCheckout> = {}): AssetCheckout => ({
  id: 'c1',
  status: 'overdue',
  productId: 'p1',
  variantId: null,
  userId: 'user-cashier',
  product: { id: 'p1', name: 'Torque Wrench', assetType: 'tool', location: 'Workshop-1-104' },
  variant: null,
  user: { id: 'user-cashier', firstName: 'Casey', lastName: 'Cash' },
  checkedOutAt: new Date(2026, 10, 11, 9, 30).toISOString(),
  expectedReturnAt: new Date(2026, 10, 18, 9, 30).toISOString(),
  returnedAt: null,
  returnCondition: null,
  notes: 'Bike rack repair',
  returnNotes: null,
  ...overrides,
});

const drill: LendableAsset = {
  id: 'p2',
  name: 'Cordless Drill',
  sku: 'AST-DRIL-01',
  assetType: 'tool',
  location: null,
  stock: 3,
  serviceFlag: 'damaged',
  serviceFlaggedAt: new Date(2026, 10, 20, 8, 0).toISOString(),
  checkedOut: 0,
  variants: [],
};

const LOAD = { timeout: 10_000 };

describe('Asset Checkout screen (spec §2, issue #7)', { timeout: 40_000 }, () => {
  it("shows a card with status, who has it and 'PPp' dates; filters send the status", async () => {
    const fetchMock = mockServer({
      ...sessionHandlers(userWithRole('manager')),
      'GET /api/asset-checkouts': ({ url }) =>
        json(200, new URL(url, 'http://x').searchParams.get('status') === 'returned' ? [] : [loan()]),
      'GET /api/asset-checkouts/assets': () => json(200, [drill]),
      'GET /api/asset-checkouts/borrowers': () => json(200, []),
    });
    renderApp('/asset-checkout');
    const card = (await screen.findAllByTestId('checkout-card', {}, LOAD))[0]!;
    expect(within(card).getByText('Torque Wrench')).toBeInTheDocument();
    expect(within(card).getByText('Overdue')).toBeInTheDocument();
    expect(within(card).getByText('Casey Cash')).toBeInTheDocument();
    expect(within(card).getByText('Nov 11, 2026, 9:30 AM')).toBeInTheDocument();
    expect(within(card).getByText('Nov 18, 2026, 9:30 AM')).toBeInTheDocument();
    expect(within(card).getByText('Bike rack repair')).toBeInTheDocument();

    // The flagged drill, with its badge and Clear flag.
    const flagged = await screen.findByTestId('flagged-asset', {}, LOAD);
    expect(within(flagged).getByText('Damaged')).toBeInTheDocument();
    expect(within(flagged).getByRole('button', { name: 'Clear flag on Cordless Drill' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Returned' }));
    expect(await screen.findByText('No returned assets yet', {}, LOAD)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/asset-checkouts?status=returned'))).toBe(
      true,
    );
  });

  it('a return needs a condition, then posts it', async () => {
    const bodies: unknown[] = [];
    mockServer({
      ...sessionHandlers(userWithRole('manager')),
      'GET /api/asset-checkouts': () => json(200, [loan()]),
      'GET /api/asset-checkouts/assets': () => json(200, []),
      'POST /api/asset-checkouts/c1/return': ({ init }) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(200, loan({ status: 'returned', returnedAt: new Date().toISOString(), returnCondition: 'good' }));
      },
    });
    renderApp('/asset-checkout');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Return Torque Wrench' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Return Asset' });
    await user.click(within(dialog).getByRole('button', { name: 'Return Asset' }));
    expect(within(dialog).getByText('Return condition is required')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: /Return condition/ }));
    await user.click(await screen.findByRole('option', { name: 'Good' }));
    await user.click(within(dialog).getByRole('button', { name: 'Return Asset' }));
    await waitFor(() => expect(bodies).toEqual([{ returnCondition: 'good', notes: null }]));
    expect(await screen.findByText(/Torque Wrench was returned in good condition/)).toBeInTheDocument();
  });

  it("a cashier's buttons are disabled and the empty state reads 'No asset checkouts yet'", async () => {
    const fetchMock = mockServer({
      ...sessionHandlers(userWithRole('cashier')),
      'GET /api/asset-checkouts': () => json(200, []),
    });
    renderApp('/asset-checkout');
    expect(await screen.findByText('No asset checkouts yet', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout Asset' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Return Asset' })).toBeDisabled();
    // Lender-only lists are never asked for.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/asset-checkouts/assets'))).toBe(false);
  });
});
