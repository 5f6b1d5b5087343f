import type { AssetCheckout } from '@retail-hub/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';

const overdue = (n: number): AssetCheckout => ({
  id: `c${n}`,
  status: 'overdue',
  productId: `0000000${n}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`,
  variantId: null,
  userId: 'u1',
  product: { id: `p${n}`, name: `Asset ${n}`, assetType: 'tool', location: null },
  variant: null,
  user: { id: 'u1', firstName: 'Casey', lastName: 'Cash' },
  checkedOutAt: new Date(2026, 10, 1, 9, 0).toISOString(),
  expectedReturnAt: new Date(2026, 10, n, 9, 0).toISOString(),
  returnedAt: null,
  returnCondition: null,
  notes: null,
  returnNotes: null,
});

const product = (name: string, assetType: string, stock: number, location: string | null) => ({
  id: name,
  name,
  assetType,
  stock,
  location,
  lowStockThreshold: 5,
});

const LOAD = { timeout: 10_000 };

/**
 * GET /api/asset-checkouts as the server answers the dashboard: the overdue loans in due order, one
 * page of `limit`, and the whole count in X-Total-Count.
 */
const overduePage =
  (loans: AssetCheckout[]) =>
  ({ url }: { url: string }) => {
    const params = new URL(url, 'http://x').searchParams;
    const due = [...loans].sort((a, b) => Date.parse(a.expectedReturnAt!) - Date.parse(b.expectedReturnAt!));
    return json(200, due.slice(0, Number(params.get('limit') ?? 60)), { 'X-Total-Count': String(loans.length) });
  };
const statValue = (label: string) => within(screen.getByTestId(`stat-${label}`)).getByTestId('stat-value');

describe('Procurement dashboard (spec §2)', { timeout: 30_000 }, () => {
  it('shows the four cards, the first 3 overdue returns with View All N More, and low-stock assets', async () => {
    const fetchMock = mockServer({
      ...sessionHandlers(userWithRole('manager')),
      'GET /api/procurement/departments': () =>
        json(200, [
          { id: 'd1', code: 'ENG', name: 'Engineering', isArchived: false },
          { id: 'd2', code: 'SCI', name: 'Science', isArchived: false },
        ]),
      'GET /api/asset-checkouts': overduePage([overdue(5), overdue(2), overdue(3), overdue(4), overdue(6)]),
      'GET /api/analytics/daily-stats': () =>
        json(200, { totalSales: '119.5', totalTransactions: 3, totalItemsSold: 5 }),
      'GET /api/products/low-stock': () =>
        json(200, [
          product('Milk', 'regular', 1, null),
          product('Gloves', 'consumable', 0, 'Science-1-110'),
          product('Goggles', 'consumable', 2, null),
        ]),
    });
    renderApp('/procurement-dashboard');
    expect(await screen.findByRole('heading', { name: 'Procurement Dashboard', level: 1 }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Interface Selection' }).getAttribute('href')).toBe('/');
    await screen.findAllByTestId('overdue-item', {}, LOAD);
    expect(statValue('Departments').textContent).toBe('2');
    expect(statValue('Asset Alerts').textContent).toBe('2');
    expect(statValue('Overdue Returns').textContent).toBe('5');
    expect(statValue("Today's Sales").textContent).toBe('$119.50');

    const items = screen.getAllByTestId('overdue-item');
    expect(items.map((i) => within(i).getByText(/^Asset \d$/).textContent)).toEqual(['Asset 2', 'Asset 3', 'Asset 4']);
    expect(within(items[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Due Nov 2, 2026, 9:00 AM')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All 2 More' }).getAttribute('href')).toBe('/asset-checkout');
    // Only the panel's 3 travel; the server counts the rest.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/asset-checkouts?status=overdue&sort=due&limit=3',
    );

    const low = screen.getAllByTestId('low-stock-asset');
    expect(low).toHaveLength(2);
    expect(within(low[0]!).getByText('0 left')).toBeInTheDocument();
    expect(within(low[1]!).getByText(/No location/)).toBeInTheDocument();
    for (const [name, to] of [
      ['Manage Departments', '/procurement-departments'],
      ['Asset Tracking', '/asset-checkout'],
      ['View Analytics', '/analytics'],
      ['Manage Inventory', '/inventory'],
      ['Manage Users', '/users'],
      ['Open POS Terminal', '/pos'],
    ] as const) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(to);
    }
  });

  it('counts every overdue loan, not just the page it lists', async () => {
    const many = Array.from({ length: 75 }, (_, i) => ({ ...overdue((i % 9) + 1), id: `c${i}` }));
    mockServer({
      ...sessionHandlers(userWithRole('manager')),
      'GET /api/procurement/departments': () => json(200, []),
      'GET /api/asset-checkouts': overduePage(many),
      'GET /api/analytics/daily-stats': () => json(200, { totalSales: '0', totalTransactions: 0, totalItemsSold: 0 }),
      'GET /api/products/low-stock': () => json(200, []),
    });
    renderApp('/procurement-dashboard');
    await screen.findAllByTestId('overdue-item', {}, LOAD);
    expect(statValue('Overdue Returns').textContent).toBe('75');
    expect(screen.getAllByTestId('overdue-item')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'View All 72 More' })).toBeInTheDocument();
  });

  it('shows 0 departments and $0.00 when those calls fail', async () => {
    mockServer({
      ...sessionHandlers(userWithRole('super_admin')),
      'GET /api/procurement/departments': () => json(500, { message: 'Internal Server Error' }),
      'GET /api/asset-checkouts': () => json(200, []),
      'GET /api/analytics/daily-stats': () => json(500, { message: 'Internal Server Error' }),
      'GET /api/products/low-stock': () => json(200, []),
    });
    renderApp('/procurement');
    expect(await screen.findByText('No overdue returns', {}, LOAD)).toBeInTheDocument();
    expect(statValue('Departments').textContent).toBe('0');
    expect(statValue("Today's Sales").textContent).toBe('$0.00');
  });
});
