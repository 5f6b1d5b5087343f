import { type TransactionListItem, VTPD_CSV_COLUMNS } from '@retail-hub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { downloadCsv } from '../download-csv';
import { defaultRange } from '../report-data';

vi.mock('../download-csv', () => ({ downloadCsv: vi.fn() }));
const downloaded = vi.mocked(downloadCsv);
beforeEach(() => downloaded.mockClear());
// The web tests share a worker (isolate: false): the next file gets the real module.
afterAll(() => vi.doUnmock('../download-csv'));

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

/** Discounts given on some of the test's sales, in cents, by sale id (the rest had none). */
const DISCOUNTS: Record<string, number> = {};

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
    totalDiscounts: money(current.reduce((sum, t) => sum + (DISCOUNTS[t.id] ?? 0), 0)),
    growth: before === 0 ? 0 : Math.round(((revenue - before) / before) * 1000) / 10,
    previousStartDate: range.startDate,
    previousEndDate: range.endDate,
    previousRevenue: money(before),
    dailyRevenue: [{ date: range.endDate, revenue: money(revenue), transactions: current.length }],
  };
}

/** GET /api/reports/vtpd.csv as the server writes it: the spec §9 header, then one CR LF line per sale. */
function vtpdCsvOf(rows: string[]): string {
  return [VTPD_CSV_COLUMNS.join(','), ...rows].map((line) => `${line}\r\n`).join('');
}

const vtpdRow = (n: number, notes = '') =>
  `0000000${n}-0000-4000-8000-000000000000,2026-11-20 14:05:09,VTPD${n},credit card,10.00,0.25,10.25,1x Latte,${notes},Jane Smith`;

function renderReports(
  role: 'manager' | 'cashier' | 'department_manager' | 'procurement_admin',
  current: TransactionListItem[],
  previous: TransactionListItem[],
  exportAnswer: () => Response = () =>
    new Response(vtpdCsvOf(current.filter((t) => t.referenceCode?.startsWith('VTPD')).map((_, i) => vtpdRow(i))), {
      status: 200,
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    }),
) {
  const range = defaultRange();
  const vtpdOnly = (list: TransactionListItem[], params: URLSearchParams) =>
    params.get('vtpdOnly') === 'true' ? list.filter((t) => t.referenceCode?.startsWith('VTPD')) : list;
  const fetchMock = mockServer({
    ...sessionHandlers(userWithRole(role)),
    'GET /api/transactions': ({ url }) => {
      const params = new URL(url, 'http://localhost').searchParams;
      const today = range.endDate;
      if (role === 'cashier' && (params.get('startDate') !== today || params.get('endDate') !== today)) {
        return json(403, { message: 'Sales reports are available to managers.', code: 'forbidden' });
      }
      return json(200, vtpdOnly(current, params).slice(0, Number(params.get('limit') ?? 5000)));
    },
    'GET /api/analytics/summary': ({ url }) => {
      const params = new URL(url, 'http://localhost').searchParams;
      const today = range.endDate;
      if (role === 'cashier') {
        // The server's rule: today only, and no previous period (growth null).
        if (params.get('startDate') !== today || params.get('endDate') !== today) {
          return json(403, { message: 'Sales reports are available to managers.', code: 'forbidden' });
        }
        const todays = summaryOf({ startDate: today, endDate: today }, vtpdOnly(current, params), []);
        return json(200, { ...todays, growth: null, previousRevenue: null });
      }
      return json(200, summaryOf(range, vtpdOnly(current, params), vtpdOnly(previous, params)));
    },
    'GET /api/analytics/top-products': () => json(200, []),
    'GET /api/reports/vtpd.csv': exportAnswer,
  });
  renderApp('/pos-reports');
  return fetchMock;
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

  it.each(['department_manager', 'procurement_admin'] as const)(
    "opens a %s's report on the manager's last 7 days, with growth (issue #13 item 20)",
    async (role) => {
      const fetchMock = renderReports(role, [sale('01', '10.00'), sale('02', '20.00')], [sale('03', '20.00')]);
      const { startDate, endDate } = defaultRange();
      expect(startDate).not.toBe(endDate);
      await waitFor(() => expect(cardValue('Growth').textContent).toContain('+50.0%'));
      expect(screen.getByTestId('report-period').textContent).toBe(`${startDate} to ${endDate}`);
      const asked = fetchMock.mock.calls
        .map(([url]) => String(url))
        .filter((u) => u.includes('/api/analytics/summary'));
      expect(asked.some((u) => u.includes(`startDate=${startDate}`) && u.includes(`endDate=${endDate}`))).toBe(true);
    },
  );

  it('says the discounts given in the range under the cards, VTPD ones only when VTPD Only is ticked', async () => {
    const vtpd = sale('01', '18.00', 'VTPD1');
    const other = sale('02', '8.50');
    DISCOUNTS[vtpd.id] = 200;
    DISCOUNTS[other.id] = 150;
    renderReports('manager', [vtpd, other], []);
    await waitFor(() =>
      expect(screen.getByTestId('summary-discounts').textContent).toBe(
        'Discounts: $3.50, already taken off the revenue.',
      ),
    );
    // Still the four cards of spec §2: the figure is a line, not a fifth card.
    expect(within(screen.getByTestId('summary-cards')).getAllByTestId('summary-value')).toHaveLength(4);
    await userEvent.click(screen.getByLabelText('VTPD Only'));
    await waitFor(() => expect(screen.getByTestId('summary-discounts').textContent).toContain('Discounts: $2.00'));
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
    expect(downloaded).not.toHaveBeenCalled();
  });

  it('downloads every VTPD sale of the range from the server, past 5,000, and counts them in the toast', async () => {
    const range = defaultRange();
    // 6,001 sales; one note holds a comma, a doubled quote and a line break, still one sale.
    const csv = vtpdCsvOf([
      vtpdRow(1, '"paid, ""thanks""\r\nsecond line"'),
      ...Array.from({ length: 6000 }, (_, i) => vtpdRow(i + 2)),
    ]);
    const fetchMock = renderReports(
      'manager',
      [sale('01', '10.00', 'VTPD1')],
      [],
      () => new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    );
    await waitFor(() => expect(cardValue('Total Transactions').textContent).toContain('1'));
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Export VTPD' }));
    expect(await screen.findByText('Export Successful')).toBeInTheDocument();
    expect(screen.getByText('Downloaded 6001 VTPD transactions as CSV file.')).toBeInTheDocument();
    expect(downloaded).toHaveBeenCalledTimes(1);
    expect(downloaded).toHaveBeenCalledWith(`VTPD_Transactions_${range.startDate}_to_${range.endDate}.csv`, csv);
    const exportCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/reports/vtpd.csv'));
    expect(String(exportCall?.[0])).toBe(`/api/reports/vtpd.csv?startDate=${range.startDate}&endDate=${range.endDate}`);
  });

  it('says the export failed, with the server message, and saves nothing', async () => {
    renderReports('manager', [sale('01', '10.00', 'VTPD1')], [], () =>
      json(503, { message: 'Service temporarily unavailable. Please try again.', code: 'system.unavailable' }),
    );
    await waitFor(() => expect(cardValue('Total Transactions').textContent).toContain('1'));
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Export VTPD' }));
    expect(await screen.findByText('Export Failed')).toBeInTheDocument();
    expect(screen.getByText('Service temporarily unavailable. Please try again.')).toBeInTheDocument();
    expect(downloaded).not.toHaveBeenCalled();
  });

  it('shows a cashier a clear message instead of an error page for days before today', async () => {
    renderReports('cashier', [sale('02', '20.00')], []);
    await waitFor(() => expect(cardValue('Total Revenue').textContent).toContain('$20.00'));
    // No previous period for a cashier: growth is not shown as a figure.
    expect(cardValue('Growth').textContent).toBe('—');
    expect(screen.queryByText(/vs the previous/)).not.toBeInTheDocument();
    const start = screen.getByLabelText('Start Date');
    await userEvent.clear(start);
    await userEvent.type(start, '2020-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText('Reports beyond today are for managers')).toBeInTheDocument();
    // The refusal only: no 'Report Generated' success beside it.
    expect(screen.queryByText('Report Generated')).not.toBeInTheDocument();
  });
});
