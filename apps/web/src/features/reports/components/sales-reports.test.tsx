import type { TransactionListItem } from '@retail-hub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { defaultRange } from '../report-data';

/** spec §2 Sales Reports at /pos-reports against a stubbed server (§4 Growth, §5 and §8 Reports). */

function sale(id: string, total: string, referenceCode: string | null = null): TransactionListItem {
  return {
    id: `00000000-0000-4000-8000-0000000000${id}`,
    userId: 'u1',
    shiftId: 1,
    createdAt: new Date().toISOString(),
    subtotal: total,
    tax: '0.00',
    total,
    paymentMethod: 'cash',
    referenceCode,
    notes: null,
    status: 'completed',
    items: [{ quantity: 1, variantName: null, product: { id: 'p1', name: 'Latte' } }],
    user: { firstName: 'Jane', lastName: 'Smith' },
  };
}

/** What GET /api/analytics/summary answers for these sales (the server's arithmetic, in brief). */
function summaryOf(
  range: { startDate: string; endDate: string },
  current: TransactionListItem[],
  previous: TransactionListItem[],
) {
  const cents = (list: TransactionListItem[]) => list.reduce((sum, t) => sum + Math.round(Number(t.total) * 100), 0);
  const revenue = cents(current);
  const before = cents(previous);
  const money = (c: number) => (c / 100).toFixed(2);
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    totalRevenue: money(revenue),
    totalTransactions: current.length,
    averageSale: money(current.length ? Math.round(revenue / current.length) : 0),
    totalItemsSold: current.length,
    growth: before === 0 ? 0 : Math.round(((revenue - before) / before) * 1000) / 10,
    previousStartDate: range.startDate,
    previousEndDate: range.endDate,
    previousRevenue: money(before),
    dailyRevenue: [{ date: range.endDate, revenue: money(revenue), transactions: current.length }],
  };
}

function renderReports(role: 'manager' | 'cashier', current: TransactionListItem[], previous: TransactionListItem[]) {
  const range = defaultRange();
  const vtpd = (list: TransactionListItem[], params: URLSearchParams) =>
    params.get('vtpdOnly') === 'true' ? list.filter((t) => t.referenceCode?.startsWith('VTPD')) : list;
  mockServer({
    ...sessionHandlers(userWithRole(role)),
    'GET /api/transactions': ({ url }) => {
      const params = new URL(url, 'http://localhost').searchParams;
      const today = range.endDate;
      if (role === 'cashier' && (params.get('startDate') !== today || params.get('endDate') !== today)) {
        return json(403, { message: 'Sales reports are available to managers.', code: 'forbidden' });
      }
      return json(200, vtpd(current, params).slice(0, Number(params.get('limit') ?? 5000)));
    },
    'GET /api/analytics/summary': ({ url }) => {
      const params = new URL(url, 'http://localhost').searchParams;
      if (role === 'cashier') return json(403, { message: 'Access Denied', code: 'forbidden' });
      return json(200, summaryOf(range, vtpd(current, params), vtpd(previous, params)));
    },
    'GET /api/analytics/top-products': () => json(200, []),
  });
  return renderApp('/pos-reports');
}

const cardValue = (label: string) => within(screen.getByTestId(`summary-${label}`)).getByTestId('summary-value');

describe('the Sales Reports screen', () => {
  it('shows a manager the four summary cards of the last 7 days, with growth against the 7 days before', async () => {
    renderReports('manager', [sale('01', '10.00', 'VTPD1'), sale('02', '20.00')], [sale('03', '20.00')]);
    await waitFor(() => expect(cardValue('Total Revenue').textContent).toContain('$30.00'));
    expect(cardValue('Total Transactions').textContent).toContain('2');
    expect(cardValue('Average Sale').textContent).toContain('$15.00');
    await waitFor(() => expect(cardValue('Growth').textContent).toContain('+50.0%'));
    expect(screen.getAllByTestId('report-transaction')).toHaveLength(2);
    expect(screen.getByText('No sales data available')).toBeInTheDocument();
  });

  it('keeps only VTPD sales in the cards and lists when VTPD Only is ticked', async () => {
    renderReports('manager', [sale('01', '10.00', 'VTPD1'), sale('02', '20.00')], []);
    await waitFor(() => expect(cardValue('Total Revenue').textContent).toContain('$30.00'));
    await userEvent.click(screen.getByLabelText('VTPD Only'));
    await waitFor(() => expect(cardValue('Total Revenue').textContent).toContain('$10.00'));
    await waitFor(() => expect(screen.getAllByTestId('report-transaction')).toHaveLength(1));
  });

  it('refuses a start date after the end date under Invalid Date Range', async () => {
    renderReports('manager', [], []);
    await screen.findByText('No transactions found');
    const start = screen.getByLabelText('Start Date');
    await userEvent.clear(start);
    await userEvent.type(start, '2999-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText('Invalid Date Range')).toBeInTheDocument();
    expect(screen.getByText('Start date must be before end date.')).toBeInTheDocument();
  });

  it('says there is nothing to export when the range has no VTPD sales', async () => {
    renderReports('manager', [sale('02', '20.00')], []);
    await waitFor(() => expect(cardValue('Total Transactions').textContent).toContain('1'));
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Export VTPD' }));
    expect(await screen.findByText('No VTPD Transactions')).toBeInTheDocument();
  });

  it('shows a cashier a clear message instead of an error page for days before today', async () => {
    renderReports('cashier', [sale('02', '20.00')], []);
    await waitFor(() => expect(cardValue('Total Revenue').textContent).toContain('$20.00'));
    const start = screen.getByLabelText('Start Date');
    await userEvent.clear(start);
    await userEvent.type(start, '2020-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText('Reports beyond today are for managers')).toBeInTheDocument();
  });
});
