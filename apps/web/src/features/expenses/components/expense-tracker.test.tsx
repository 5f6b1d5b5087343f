import type { Expense } from '@retail-hub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localDay } from '@/lib/time-zone';
import { renderApp } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { toPayload } from './expense-form';

/** spec §2 Expense Tracker at /expenses against a stubbed server (§5 Expense, §6, §8 Expenses). */

const expense: Expense = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: 'u1',
  category: 'utilities',
  amount: '79.00',
  description: 'Internet service',
  paymentMethod: 'credit_card',
  receiptNumber: 'R-1',
  vendor: 'FastNet',
  notes: null,
  status: 'approved',
  createdAt: new Date().toISOString(),
  user: { firstName: 'Morgan', lastName: 'Manager' },
  storeId: '00000000-0000-4000-8000-0000000000aa',
};

describe('toPayload', () => {
  it('sends the amount as a 2-decimal string and empty optional texts as null', () => {
    expect(
      toPayload({
        category: 'maintenance',
        amount: 12.5,
        description: ' Hinge ',
        paymentMethod: 'cash',
        vendor: ' ',
        receiptNumber: '',
        notes: 'n',
      }),
    ).toEqual({
      payload: {
        category: 'maintenance',
        amount: '12.50',
        description: 'Hinge',
        paymentMethod: 'cash',
        vendor: null,
        receiptNumber: null,
        notes: 'n',
      },
    });
  });

  it('asks for the required fields', () => {
    const result = toPayload({
      category: null,
      amount: '',
      description: '',
      paymentMethod: 'cash',
      vendor: '',
      receiptNumber: '',
      notes: '',
    });
    expect(result).toEqual({
      errors: {
        category: 'Please fill in all required fields',
        amount: 'Please fill in all required fields',
        description: 'Please fill in all required fields',
      },
    });
  });

  it("refuses a card number in the notes or vendor with the server's message before sending", () => {
    const result = toPayload({
      category: 'other',
      amount: '5',
      description: 'Refund',
      paymentMethod: 'credit_card',
      vendor: 'Shop 4111-1111-1111-1111',
      receiptNumber: '',
      notes: 'card 5555 5555 5555 4444',
    });
    const message = 'That looks like a card number. Enter the approval code, never the card number.';
    expect(result).toEqual({ errors: { vendor: message, notes: message } });
  });
});

describe('Expense Tracker', () => {
  it('shows the stat cards and the list, and the failure toast with the server field error', async () => {
    const fetchMock = mockServer({
      ...sessionHandlers(userWithRole('manager')),
      'GET /api/expenses': () => json(200, [expense]),
      'GET /api/expenses/stats/daily': () =>
        json(200, {
          totalExpenses: '79.00',
          totalTransactions: 1,
          expensesByCategory: [{ category: 'utilities', total: '79.00', count: 1 }],
        }),
      'POST /api/expenses': () =>
        json(400, {
          message: 'Must be at most 255 characters',
          code: 'validation',
          errors: { vendor: 'Must be at most 255 characters' },
        }),
    });
    renderApp('/expenses');
    // The screen is loaded lazily: give a busy machine time.
    expect(
      await screen.findByRole('heading', { name: 'Expense Tracker', level: 1 }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByTestId("expense-stat-Today's Expenses")).getByTestId('stat-value').textContent,
      ).toContain('$79.00'),
    );
    expect(within(screen.getByTestId('expense-stat-Categories')).getByTestId('stat-value').textContent).toContain('1');
    const row = await screen.findByTestId('expense-row', {}, { timeout: 5_000 });
    expect(row.textContent).toContain('Internet service');
    expect(row.textContent).toContain('Utilities');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Expense' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Expense' }));
    expect(await screen.findByText('Category, amount and description are required.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Transport' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '8.4');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Taxi');
    await user.click(within(dialog).getByRole('button', { name: 'Add Expense' }));
    expect(await screen.findByText('Failed to add expense', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(dialog).getByText('Must be at most 255 characters')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      category: 'transport',
      amount: '8.40',
      description: 'Taxi',
    });
  }, 40_000);

  it("asks for today's expenses by the store's date, not the till's", async () => {
    // UTC+14 and UTC-11 are 25 hours apart, so at any moment one of them is on another date than the till.
    const till = localDay(new Date());
    const storeTimeZone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
      (zone) => localDay(new Date(), zone) !== till,
    );
    const fetchMock = mockServer({
      ...sessionHandlers(userWithRole('manager'), { storeTimeZone }),
      'GET /api/expenses': () => json(200, []),
      'GET /api/expenses/stats/daily': () =>
        json(200, { totalExpenses: '0.00', totalTransactions: 0, expensesByCategory: [] }),
    });
    renderApp('/expenses');
    expect(await screen.findByText('No expenses found', {}, { timeout: 10_000 })).toBeInTheDocument();
    const storeToday = localDay(new Date(), storeTimeZone);
    const listCalls = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/expenses?'));
    expect(listCalls).toEqual([`/api/expenses?startDate=${storeToday}&endDate=${storeToday}`]);
  });

  it("dates each row on the store's clock, not the till's", async () => {
    // 03:00 UTC on 1 March is 16:00 the same day in Auckland (NZDT, UTC+13) and 17:00 the day
    // before in Honolulu (UTC-10): whatever zone the test machine runs in, the row says 16:00.
    const atNight = { ...expense, createdAt: '2026-03-01T03:00:00.000Z' };
    mockServer({
      ...sessionHandlers(userWithRole('manager'), { storeTimeZone: 'Pacific/Auckland' }),
      'GET /api/expenses': () => json(200, [atNight]),
      'GET /api/expenses/stats/daily': () =>
        json(200, { totalExpenses: '79.00', totalTransactions: 1, expensesByCategory: [] }),
    });
    renderApp('/expenses');
    const row = await screen.findByTestId('expense-row', {}, { timeout: 10_000 });
    expect(row.textContent).toContain('Mar 1, 2026 16:00');
  });

  it('shows a cashier Access Denied', async () => {
    mockServer({ ...sessionHandlers(userWithRole('cashier')) });
    renderApp('/expenses');
    expect(
      await screen.findByText('Access Denied. Manager privileges required.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
