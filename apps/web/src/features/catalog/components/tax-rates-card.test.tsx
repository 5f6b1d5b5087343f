import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { categories } from '../test/fixtures';

/** Issue #34 item 2: the Tax rates panel on Inventory (managers and super admins, 'tax.manage'). */
const LOAD = { timeout: 15_000 };
const GST = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'GST',
  rate: '10.00',
  createdAt: '2026-11-29T00:00:00Z',
};

function renderInventory(role: 'manager' | 'cashier') {
  const fetchMock = mockServer({
    ...sessionHandlers(userWithRole(role)),
    'GET /api/stores': () => json(200, []),
    'GET /api/products': () => json(200, [], { 'X-Total-Count': '0' }),
    'GET /api/categories': () => json(200, categories),
    'GET /api/departments': () => json(200, []),
    'GET /api/tax-rates': () => json(200, [GST]),
    'GET /api/settings/tax': () => json(200, { storeId: null, pricesIncludeTax: false }),
    'POST /api/tax-rates': () => json(201, { ...GST, id: '00000000-0000-4000-8000-0000000000a2', name: 'Reduced' }),
    [`PATCH /api/categories/${categories[0]?.id}`]: () => json(200, { ...categories[0], taxRateId: GST.id }),
    'PUT /api/settings/tax': () => json(200, { storeId: null, pricesIncludeTax: true }),
  });
  renderApp('/inventory');
  return { fetchMock, user: userEvent.setup() };
}

const calls = (fetchMock: ReturnType<typeof mockServer>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).includes(path) && (init?.method ?? 'GET') === method)
    .map(([, init]) => JSON.parse(String(init?.body ?? '{}')));

describe('the Tax rates panel', { timeout: 45_000 }, () => {
  it('lists the rates, adds one, sets a category rate and prices including tax', async () => {
    const { fetchMock, user } = renderInventory('manager');
    const card = await screen.findByTestId('tax-rates-card', {}, LOAD);
    const table = within(card).getByRole('table', { name: 'Tax rates' });
    expect(await within(table).findByText('GST', {}, LOAD)).toBeInTheDocument();
    expect(within(table).getByText('10%')).toBeInTheDocument();

    // A rate that is not a percentage is refused on the form, with the server's wording.
    await user.type(within(card).getByLabelText('Tax rate name'), 'Reduced');
    await user.type(within(card).getByLabelText('Rate (%)'), '10.555');
    await user.click(within(card).getByRole('button', { name: 'Add Rate' }));
    expect(
      within(card).getByText('Rate must be a percentage from 0 to 100 with at most 2 decimals'),
    ).toBeInTheDocument();
    await user.clear(within(card).getByLabelText('Rate (%)'));
    await user.type(within(card).getByLabelText('Rate (%)'), '5');
    await user.click(within(card).getByRole('button', { name: 'Add Rate' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/tax-rates')).toEqual([{ name: 'Reduced', rate: '5' }]));

    const name = categories[0]?.name as string;
    await user.click(within(card).getAllByLabelText(`Tax rate of ${name}`)[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'GST (10%)' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'PATCH', `/api/categories/${categories[0]?.id}`)).toEqual([{ taxRateId: GST.id }]),
    );

    await user.click(within(card).getByRole('switch', { name: /Prices include tax/ }));
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/api/settings/tax')).toEqual([{ pricesIncludeTax: true }]));
  });

  it('is not shown to a cashier', async () => {
    renderInventory('cashier');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByTestId('tax-rates-card')).toBeNull();
  });
});
