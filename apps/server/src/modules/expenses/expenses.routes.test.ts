import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { expenses } from '../../db/schema/index';
import { storeTodayRange } from '../../lib/sales-range';

/**
 * Expense Tracker API (spec §3 expenses, §5 Expense, §7 Expenses, §8 Expenses). The store is in
 * New York here so that store days and UTC days differ.
 */
const ZONE = 'America/New_York';
let t: TestApp;
let manager: string;
let managerId: string;
let admin: string;
let cashier: string;

const valid = {
  category: 'maintenance',
  amount: '12.50',
  description: 'Replace door hinge',
  paymentMethod: 'credit_card',
  receiptNumber: 'R-1001',
  vendor: 'Hardware Co',
  notes: 'Back door',
};

const post = (payload: Record<string, unknown>, cookie = manager) =>
  inject(t, { method: 'POST', url: '/api/expenses', payload, cookie });
const list = (query = '', cookie = manager) => inject(t, { method: 'GET', url: `/api/expenses${query}`, cookie });
const count = async () => (await t.db.db.select({ id: expenses.id }).from(expenses)).length;

beforeAll(async () => {
  t = await buildTestApp({ storeTimeZone: ZONE });
  managerId = await createUser(t, { role: 'manager', pin: '4826', firstName: 'Morgan', lastName: 'Manager' });
  await createUser(t, { role: 'super_admin', pin: '7391', firstName: 'Sam', lastName: 'Admin' });
  await createUser(t, { role: 'cashier', pin: '2915' });
  manager = await signIn(t, '4826', '10.9.0.1');
  admin = await signIn(t, '7391', '10.9.0.2');
  cashier = await signIn(t, '2915', '10.9.0.3');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.db.delete(expenses);
});

describe('validation', () => {
  it.each([
    ['1e3', 'Amount must be 0 or more, with at most 2 decimals (up to 99999999.99)'],
    ['-1', 'Amount must be 0 or more, with at most 2 decimals (up to 99999999.99)'],
    [-1, 'Amount must be 0 or more, with at most 2 decimals (up to 99999999.99)'],
    ['1.234', 'Amount must be 0 or more, with at most 2 decimals (up to 99999999.99)'],
    [1.234, 'Amount must be 0 or more, with at most 2 decimals (up to 99999999.99)'],
    ['100000000.00', 'Amount must be 0 or more, with at most 2 decimals (up to 99999999.99)'],
    ['abc', 'Amount must be 0 or more, with at most 2 decimals (up to 99999999.99)'],
    ['', 'Please fill in all required fields'],
    ['   ', 'Please fill in all required fields'],
    [null, 'Please fill in all required fields'],
  ])('refuses the amount %j with %j and saves nothing', async (amount, message) => {
    const response = await post({ ...valid, amount });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, errors: { amount: message } });
    expect(await count()).toBe(0);
  });

  it('refuses a missing amount, category or description with the required-fields message', async () => {
    for (const field of ['amount', 'category', 'description'] as const) {
      const { [field]: _, ...rest } = valid;
      const response = await post(rest);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Please fill in all required fields',
        errors: { [field]: 'Please fill in all required fields' },
      });
    }
    const blank = await post({ ...valid, description: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ description: 'Please fill in all required fields' });
    expect(await count()).toBe(0);
  });

  it('refuses an unknown category or payment method', async () => {
    const category = await post({ ...valid, category: 'travel' });
    expect(category.statusCode).toBe(400);
    expect(category.json().errors).toEqual({ category: 'Choose one of the expense categories' });
    const method = await post({ ...valid, paymentMethod: 'debit_card' });
    expect(method.statusCode).toBe(400);
    expect(method.json().errors).toEqual({ paymentMethod: 'Choose cash, credit card, bank transfer or other' });
    const long = await post({ ...valid, receiptNumber: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ receiptNumber: 'Must be at most 100 characters' });
    expect(await count()).toBe(0);
  });

  it('refuses a card number in any text of the expense, on create and on edit, and stores it nowhere', async () => {
    const message = 'That looks like a card number. Enter the approval code, never the card number.';
    for (const field of ['notes', 'description', 'vendor', 'receiptNumber'] as const) {
      const response = await post({ ...valid, [field]: 'Paid with 4111 1111 1111 1111' });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({ message, errors: { [field]: message } });
    }
    expect(await count()).toBe(0);
    const saved = await post(valid);
    const edit = await inject(t, {
      method: 'PATCH',
      url: `/api/expenses/${saved.json().id}`,
      payload: { ...valid, notes: 'card 5555-5555-5555-4444' },
      cookie: manager,
    });
    expect(edit.statusCode).toBe(400);
    const [stored] = await t.db.db.select().from(expenses).where(eq(expenses.id, saved.json().id));
    expect(stored?.notes).toBe('Back door');
  });

  it('accepts the largest amount, a number, 0, trims texts, defaults to cash and stores empty texts as null', async () => {
    const biggest = await post({ ...valid, amount: '99999999.99' });
    expect(biggest.statusCode).toBe(201);
    expect(biggest.json().amount).toBe('99999999.99');
    const numeric = await post({
      category: 'other',
      amount: 4.5,
      description: '  Stamps  ',
      receiptNumber: '  ',
      vendor: '',
    });
    expect(numeric.statusCode).toBe(201);
    expect(numeric.json()).toMatchObject({
      category: 'other',
      amount: '4.50',
      description: 'Stamps',
      paymentMethod: 'cash',
      receiptNumber: null,
      vendor: null,
      notes: null,
      status: 'approved',
      userId: managerId,
      user: { firstName: 'Morgan', lastName: 'Manager' },
    });
    const zero = await post({ ...valid, amount: '0' });
    expect(zero.json().amount).toBe('0.00');
    const [row] = await t.db.db.select().from(expenses).where(eq(expenses.id, numeric.json().id));
    expect(row?.amount).toBe('4.50');
  });
});

describe('create, edit and delete', () => {
  it('creates, lists newest first, edits and deletes; unknown ids are 404 and change nothing', async () => {
    const first = await post(valid);
    expect(first.statusCode).toBe(201);
    const second = await post({ ...valid, category: 'utilities', amount: '80', description: 'Electricity' }, admin);
    expect(second.statusCode).toBe(201);
    expect(second.json().user).toEqual({ firstName: 'Sam', lastName: 'Admin' });

    const listed = await list();
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((e: { description: string }) => e.description)).toEqual([
      'Electricity',
      'Replace door hinge',
    ]);
    expect(listed.json()[1]).toEqual({
      id: first.json().id,
      userId: managerId,
      category: 'maintenance',
      amount: '12.50',
      description: 'Replace door hinge',
      paymentMethod: 'credit_card',
      receiptNumber: 'R-1001',
      vendor: 'Hardware Co',
      notes: 'Back door',
      status: 'approved',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      user: { firstName: 'Morgan', lastName: 'Manager' },
      // Issue #32: no store named, the default store's.
      storeId: expect.any(String),
    });

    const id = first.json().id as string;
    const edited = await inject(t, {
      method: 'PATCH',
      url: `/api/expenses/${id}`,
      payload: { ...valid, amount: '13.05', vendor: '', paymentMethod: 'bank_transfer' },
      cookie: manager,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, amount: '13.05', vendor: null, paymentMethod: 'bank_transfer' });

    const badEdit = await inject(t, {
      method: 'PATCH',
      url: `/api/expenses/${id}`,
      payload: { ...valid, amount: '1.234' },
      cookie: manager,
    });
    expect(badEdit.statusCode).toBe(400);
    const [kept] = await t.db.db.select().from(expenses).where(eq(expenses.id, id));
    expect(kept?.amount).toBe('13.05');

    const unknown = '00000000-0000-4000-8000-000000000000';
    const missingEdit = await inject(t, {
      method: 'PATCH',
      url: `/api/expenses/${unknown}`,
      payload: valid,
      cookie: manager,
    });
    expect(missingEdit.statusCode).toBe(404);
    expect(missingEdit.json()).toEqual({ message: 'Expense not found', code: 'expenses.not_found' });
    const missingDelete = await inject(t, { method: 'DELETE', url: `/api/expenses/${unknown}`, cookie: manager });
    expect(missingDelete.statusCode).toBe(404);
    const badId = await inject(t, { method: 'DELETE', url: '/api/expenses/not-an-id', cookie: manager });
    expect(badId.statusCode).toBe(400);
    expect(await count()).toBe(2);

    const deleted = await inject(t, { method: 'DELETE', url: `/api/expenses/${id}`, cookie: manager });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Expense deleted successfully' });
    expect((await list()).json().map((e: { id: string }) => e.id)).toEqual([second.json().id]);
  });
});

describe('date and category filters', () => {
  it('bounds store days in the store time zone, inclusive, at 23:59:59 local', async () => {
    // 2026-03-10 23:59:59 in New York (EDT, UTC-4) is 2026-03-11 03:59:59 UTC.
    const lateTenth = await post({ ...valid, description: 'Late on the 10th' });
    const earlyEleventh = await post({ ...valid, category: 'transport', description: 'Midnight on the 11th' });
    const ninth = await post({ ...valid, description: 'Noon on the 9th' });
    const at = async (id: string, iso: string) =>
      t.db.db
        .update(expenses)
        .set({ createdAt: new Date(iso) })
        .where(eq(expenses.id, id));
    await at(lateTenth.json().id, '2026-03-11T03:59:59Z');
    await at(earlyEleventh.json().id, '2026-03-11T04:00:00Z');
    await at(ninth.json().id, '2026-03-09T16:00:00Z');

    const names = async (query: string) =>
      (await list(query)).json().map((e: { description: string }) => e.description) as string[];
    expect(await names('?startDate=2026-03-10&endDate=2026-03-10')).toEqual(['Late on the 10th']);
    expect(await names('?startDate=2026-03-11&endDate=2026-03-11')).toEqual(['Midnight on the 11th']);
    expect(await names('?startDate=2026-03-09&endDate=2026-03-11')).toEqual([
      'Midnight on the 11th',
      'Late on the 10th',
      'Noon on the 9th',
    ]);
    expect(await names('?startDate=2026-03-10')).toEqual(['Midnight on the 11th', 'Late on the 10th']);
    expect(await names('?endDate=2026-03-09')).toEqual(['Noon on the 9th']);
    expect(await names('?startDate=2026-03-09&endDate=2026-03-11&category=transport')).toEqual([
      'Midnight on the 11th',
    ]);
    expect(await names('?category=maintenance')).toEqual(['Late on the 10th', 'Noon on the 9th']);
  });

  it('refuses bad dates, a reversed range and an unknown category with 400', async () => {
    for (const query of ['?startDate=2026-02-30', '?endDate=yesterday', '?startDate=2026-3-1', '?category=travel']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
    }
    const reversed = await list('?startDate=2026-03-11&endDate=2026-03-10');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({
      message: 'Start date must be before end date.',
      code: 'expenses.invalid_range',
      errors: { startDate: 'Start date must be before end date.' },
    });
  });
});

describe('daily stats', () => {
  it("sums today's expenses in the store zone, by category, leaving out yesterday", async () => {
    const empty = await inject(t, { method: 'GET', url: '/api/expenses/stats/daily', cookie: manager });
    expect(empty.json()).toEqual({ totalExpenses: '0.00', totalTransactions: 0, expensesByCategory: [] });

    await post({ ...valid, amount: '12.50' });
    await post({ ...valid, amount: '7.25' });
    await post({ ...valid, category: 'utilities', amount: '0.10' });
    const yesterday = await post({ ...valid, category: 'transport', amount: '100.00' });
    const todayStart = storeTodayRange(ZONE).start;
    await t.db.db
      .update(expenses)
      .set({ createdAt: new Date(todayStart.getTime() - 1000) })
      .where(eq(expenses.id, yesterday.json().id));

    const stats = await inject(t, { method: 'GET', url: '/api/expenses/stats/daily', cookie: manager });
    expect(stats.statusCode).toBe(200);
    // 12.50 + 7.25 + 0.10 = 19.85 over 3 expenses; maintenance 19.75 (2), utilities 0.10 (1).
    expect(stats.json()).toEqual({
      totalExpenses: '19.85',
      totalTransactions: 3,
      expensesByCategory: [
        { category: 'maintenance', total: '19.75', count: 2 },
        { category: 'utilities', total: '0.10', count: 1 },
      ],
    });
  });
});

describe('permissions', () => {
  it('refuses a cashier every call (403) and saves nothing; signed out is 401', async () => {
    const created = await post(valid);
    const id = created.json().id as string;
    const calls = [
      { method: 'GET' as const, url: '/api/expenses' },
      { method: 'GET' as const, url: '/api/expenses/stats/daily' },
      { method: 'POST' as const, url: '/api/expenses', payload: valid },
      { method: 'PATCH' as const, url: `/api/expenses/${id}`, payload: { ...valid, amount: '1.00' } },
      { method: 'DELETE' as const, url: `/api/expenses/${id}` },
    ];
    for (const call of calls) {
      expect((await inject(t, { ...call, cookie: cashier })).statusCode, call.url).toBe(403);
      expect((await inject(t, call)).statusCode, call.url).toBe(401);
    }
    const rows = await t.db.db.select().from(expenses);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amount).toBe('12.50');
  });
});
