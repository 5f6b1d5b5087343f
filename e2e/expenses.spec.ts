import { expect, type Locator, type Page, test } from '@playwright/test';
import { shot, startSignedIn } from './support';

/**
 * Expense Tracker at /expenses against the real server and the demo store (issue #7; spec §2
 * Expense Tracker, §5 Expense, §6 Screen access, §8 Expenses): a manager adds, edits and deletes
 * an expense and sees each toast, the list and the cards change; a cashier is refused.
 */
// Each test walks a whole story on a shared, busy machine: more than the default 30 s.
test.setTimeout(120_000);

const MANAGER_PIN = '4826';
const CASHIER_PIN = '2915';
/** Waits for a toast, then dismisses it so the next one is a new toast. */
async function expectToast(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole('button').click();
  await expect(toast).toBeHidden();
}

const stat = (page: Page, label: string) => page.getByTestId(`expense-stat-${label}`).getByTestId('stat-value');
const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function pick(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

type Stats = { totalExpenses: string; totalTransactions: number; expensesByCategory: { category: string }[] };

test('a manager adds, edits and deletes an expense and sees the toasts, the list and the cards change', async ({
  page,
}) => {
  await startSignedIn(page, MANAGER_PIN);
  await page.goto('/expenses');
  await expect(page.getByRole('heading', { name: 'Expense Tracker', level: 1 })).toBeVisible({ timeout: 20_000 });

  const before = (await (await page.request.get('/api/expenses/stats/daily')).json()) as Stats;
  const baseCents = Math.round(Number(before.totalExpenses) * 100);
  await expect(stat(page, "Today's Expenses")).toHaveText(money(baseCents));
  await expect(stat(page, 'Total Transactions')).toHaveText(String(before.totalTransactions));
  const hadMaintenance = before.expensesByCategory.some((c) => c.category === 'maintenance');
  const baseCategories = before.expensesByCategory.length;
  await expect(stat(page, 'Categories')).toHaveText(String(baseCategories));
  await shot(page, '01-expenses-start');

  // The required fields are checked before anything is sent.
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form.getByText('Please fill in all required fields').first()).toBeVisible();
  await expectToast(page, 'Please fill in all required fields');
  await shot(page, '02-expenses-required', false);

  await pick(form, page, 'Category', 'Maintenance');
  await form.getByRole('textbox', { name: 'Amount' }).fill('12.5');
  await form.getByRole('textbox', { name: 'Description' }).fill('E2E door hinge');
  await pick(form, page, 'Payment Method', 'Credit Card');
  await form.getByRole('textbox', { name: 'Vendor' }).fill('Hardware Co');
  await form.getByRole('textbox', { name: 'Receipt Number' }).fill('R-2201');
  await shot(page, '03-expenses-form', false);
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expectToast(page, 'Expense added successfully');
  await expect(form).toBeHidden();

  const row = page.getByTestId('expense-row').filter({ hasText: 'E2E door hinge' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('expense-amount')).toHaveText('$12.50');
  await expect(row).toContainText('Maintenance');
  await expect(row).toContainText('Hardware Co');
  await expect(stat(page, "Today's Expenses")).toHaveText(money(baseCents + 1250));
  await expect(stat(page, 'Total Transactions')).toHaveText(String(before.totalTransactions + 1));
  await expect(stat(page, 'Categories')).toHaveText(String(baseCategories + (hadMaintenance ? 0 : 1)));
  await shot(page, '04-expenses-added');

  // The category filter hides it under another category and shows it again under its own.
  await pick(page.getByTestId('expense-filters'), page, 'Category', 'Utilities');
  await expect(row).toHaveCount(0);
  await pick(page.getByTestId('expense-filters'), page, 'Category', 'Maintenance');
  await expect(row).toHaveCount(1);
  // The last 7 days include the demo store's earlier expenses.
  await pick(page.getByTestId('expense-filters'), page, 'Date Range', 'Last 7 Days');
  await pick(page.getByTestId('expense-filters'), page, 'Category', 'All Categories');
  await expect(row).toHaveCount(1);
  const week = (await (
    await page.request.get(`/api/expenses?startDate=${await dayOffset(page, -6)}&endDate=${await dayOffset(page, 0)}`)
  ).json()) as unknown[];
  await expect(page.getByTestId('expense-row')).toHaveCount(week.length);
  expect(week.length).toBeGreaterThan(1);
  await shot(page, '05-expenses-week');

  await row.getByRole('button', { name: 'Edit E2E door hinge' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Expense' });
  await expect(edit.getByRole('textbox', { name: 'Description' })).toHaveValue('E2E door hinge');
  await edit.getByRole('textbox', { name: 'Amount' }).fill('20.05');
  await edit.getByRole('button', { name: 'Update Expense' }).click();
  await expectToast(page, 'Expense updated successfully');
  await expect(row.getByTestId('expense-amount')).toHaveText('$20.05');
  await expect(stat(page, "Today's Expenses")).toHaveText(money(baseCents + 2005));

  await row.getByRole('button', { name: 'Delete E2E door hinge' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Expense' });
  await expect(confirm).toBeVisible();
  await shot(page, '06-expenses-confirm', false);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Expense deleted successfully');
  await expect(row).toHaveCount(0);
  await expect(stat(page, "Today's Expenses")).toHaveText(money(baseCents));
  await expect(stat(page, 'Total Transactions')).toHaveText(String(before.totalTransactions));
  await expect(stat(page, 'Categories')).toHaveText(String(baseCategories));
});

/** A calendar day relative to today in the browser's clock (what the screen sends). */
async function dayOffset(page: Page, offset: number): Promise<string> {
  return page.evaluate((days) => {
    const d = new Date();
    d.setDate(d.getDate() + days);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }, offset);
}

test('a cashier visiting /expenses sees Access Denied', async ({ page }) => {
  await startSignedIn(page, CASHIER_PIN);
  await page.goto('/expenses');
  await expect(
    page.getByTestId('access-denied').getByRole('heading', { name: 'Access Denied. Manager privileges required.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Expense Tracker', level: 1 })).toHaveCount(0);
  await shot(page, '07-expenses-cashier');
});
