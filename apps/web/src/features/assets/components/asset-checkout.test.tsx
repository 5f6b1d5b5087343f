import type { Asset, AssetCheckout, LendableAsset } from '@retail-hub/shared';
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

  it('the card subtitle shows the asset type label and the location as entered', async () => {
    mockServer({
      ...sessionHandlers(userWithRole('manager')),
      'GET /api/asset-checkouts': () =>
        json(200, [
          loan({ product: { id: 'p1', name: 'Tablet Kit', assetType: 'equipment', location: 'Store room B' } }),
        ]),
      'GET /api/asset-checkouts/assets': () => json(200, []),
    });
    renderApp('/asset-checkout');
    const card = (await screen.findAllByTestId('checkout-card', {}, LOAD))[0]!;
    const subtitle = within(card).getByText('Equipment · Store room B');
    // Not re-cased by CSS: 'Store room B' must not read 'Store Room B'.
    expect(getComputedStyle(subtitle).textTransform).not.toBe('capitalize');
  });

  it('Return Asset lists each loan with when it went out and is due, so equal loans differ', async () => {
    const bodies: unknown[] = [];
    const loans = [
      loan({ id: 'c1' }),
      loan({
        id: 'c2',
        status: 'checked_out',
        checkedOutAt: new Date(2026, 10, 20, 14, 0).toISOString(),
        expectedReturnAt: null,
      }),
    ];
    mockServer({
      ...sessionHandlers(userWithRole('manager')),
      'GET /api/asset-checkouts': () => json(200, loans),
      'GET /api/asset-checkouts/assets': () => json(200, []),
      'POST /api/asset-checkouts/c2/return': ({ init }) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(200, { ...loans[1]!, status: 'returned', returnedAt: new Date().toISOString() });
      },
    });
    renderApp('/asset-checkout');
    await screen.findAllByTestId('checkout-card', {}, LOAD);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Return Asset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return Asset' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Checkout/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Torque Wrench — Casey Cash · out Nov 11, 2026, 9:30 AM · due Nov 18, 2026, 9:30 AM (overdue)',
      'Torque Wrench — Casey Cash · out Nov 20, 2026, 2:00 PM · no due date',
    ]);
    await user.click(options[1]!);
    // The box cuts a long option off, so the chosen loan's dates are spelled out under it.
    expect(
      within(dialog).getByText('Checked out by Casey Cash on Nov 20, 2026, 2:00 PM · no due date'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Return condition/ }));
    await user.click(await screen.findByRole('option', { name: 'Good' }));
    await user.click(within(dialog).getByRole('button', { name: 'Return Asset' }));
    await waitFor(() => expect(bodies).toEqual([{ returnCondition: 'good', notes: null }]));
  });

  it('every field of the checkout and return dialogs has the same label and input size', async () => {
    mockServer({
      ...sessionHandlers(userWithRole('manager')),
      'GET /api/asset-checkouts': () => json(200, [loan()]),
      'GET /api/asset-checkouts/assets': () => json(200, []),
      'GET /api/asset-checkouts/borrowers': () => json(200, []),
    });
    renderApp('/asset-checkout');
    await screen.findAllByTestId('checkout-card', {}, LOAD);
    const user = userEvent.setup();
    /** The size of each field's label and input box (Mantine sets them as CSS variables). */
    const sizesIn = (dialog: HTMLElement) => {
      const labels = [...dialog.querySelectorAll<HTMLElement>('.mantine-InputWrapper-label')];
      const inputs = [...dialog.querySelectorAll<HTMLElement>('.mantine-Input-wrapper')];
      return {
        fields: labels.map((label) => label.textContent?.replace('*', '').trim()),
        labelSizes: new Set(labels.map((label) => label.style.getPropertyValue('--input-label-size'))),
        inputSizes: new Set(inputs.map((input) => input.style.getPropertyValue('--input-height'))),
      };
    };

    await user.click(screen.getByRole('button', { name: 'Checkout Asset' }));
    const checkout = sizesIn(await screen.findByRole('dialog', { name: 'Checkout Asset' }));
    expect(checkout.fields).toEqual(['Asset', 'Borrower', 'Expected return', 'Notes']);
    expect([...checkout.labelSizes]).toEqual(['var(--mantine-font-size-md)']);
    expect([...checkout.inputSizes]).toEqual(['var(--input-height-md)']);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Checkout Asset' })).getByRole('button', { name: 'Cancel' }),
    );

    await user.click(screen.getByRole('button', { name: 'Return Asset' }));
    const back = sizesIn(await screen.findByRole('dialog', { name: 'Return Asset' }));
    expect(back.fields).toEqual(['Checkout', 'Return condition', 'Notes']);
    expect([...back.labelSizes]).toEqual(['var(--mantine-font-size-md)']);
    expect([...back.inputSizes]).toEqual(['var(--input-height-md)']);
  });

  it('a registered unit that cannot be lent: Check Out is disabled with the reason beside it; a lendable one is lent by assetId', async () => {
    const unit = (overrides: Partial<Asset>): Asset => ({
      id: 'u1',
      assetTag: 'AST-2026-00001',
      serialNumber: null,
      itemId: 'i1',
      itemSku: 'DRILL-18V',
      itemName: 'Cordless drill',
      purchasePrice: null,
      depreciationClass: null,
      departmentId: null,
      departmentName: null,
      locationId: null,
      locationCode: null,
      custodianId: null,
      custodianName: null,
      source: 'receipt',
      notes: null,
      state: 'available',
      blockedReason: null,
      openCheckoutId: null,
      nextMaintenanceAt: null,
      nextSafetyCheckDue: null,
      disposedAt: null,
      createdAt: '2026-11-20T09:00:00.000Z',
      ...overrides,
    });
    const units = [
      unit({ id: 'u1', state: 'in_maintenance', blockedReason: 'it is under maintenance' }),
      unit({ id: 'u2', assetTag: 'AST-2026-00002' }),
    ];
    const bodies: unknown[] = [];
    mockServer({
      ...sessionHandlers(userWithRole('procurement_admin')),
      'GET /api/asset-checkouts': () => json(200, []),
      'GET /api/asset-checkouts/assets': () => json(200, []),
      'GET /api/asset-checkouts/borrowers': () =>
        json(200, [{ id: 'b1', firstName: 'Casey', lastName: 'Cash', email: null, role: 'cashier' }]),
      'GET /api/procurement/assets': () => json(200, { assets: units, total: 2, page: 1, pageSize: 50 }),
      'POST /api/asset-checkouts': ({ init }) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(201, loan({ id: 'c9', status: 'checked_out', productId: null }));
      },
    });
    renderApp('/asset-checkout');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Checkout Asset' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout Asset' });
    await user.click(within(dialog).getByText('Registered unit'));
    await user.click(within(dialog).getByRole('combobox', { name: /^Unit/ }));
    await user.click(await screen.findByRole('option', { name: 'AST-2026-00001 · Cordless drill (In maintenance)' }));
    const submit = within(dialog).getByRole('button', { name: 'Check Out' });
    expect(submit).toBeDisabled();
    expect(document.getElementById(String(submit.getAttribute('aria-describedby')))?.textContent).toBe(
      'AST-2026-00001 cannot be checked out: it is under maintenance.',
    );
    expect(within(dialog).getByTestId('checkout-unit-blocked').textContent).toBe(
      'AST-2026-00001 cannot be checked out: it is under maintenance.',
    );

    await user.click(within(dialog).getByRole('combobox', { name: /^Unit/ }));
    await user.click(await screen.findByRole('option', { name: 'AST-2026-00002 · Cordless drill (Available)' }));
    expect(submit).not.toBeDisabled();
    expect(within(dialog).queryByTestId('checkout-unit-blocked')).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: /^Borrower/ }));
    await user.click(await screen.findByRole('option', { name: /Casey Cash/ }));
    await user.click(submit);
    await waitFor(() => expect(bodies).toEqual([expect.objectContaining({ assetId: 'u2', userId: 'b1' })]));
    expect(bodies[0]).not.toHaveProperty('productId');
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
