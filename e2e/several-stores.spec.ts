import { expect, type Page, test } from '@playwright/test';
import { archiveAddedStores, shot, startSignedIn } from './support';

/**
 * Issue #32 items 2, 5 and 6 against the real server: the demo store has two cafés (Main Café, the
 * default, and Library Café). A manager adds a third store on the Terminals screen, binds this
 * browser to Library Café, sells there (the header and the shift's report say the store) and
 * filters the Sales Reports by store. The added store is archived at the end, so the specs after
 * this one find the demo's two cafés.
 */
const MANAGER_PIN = '4826';
const MUFFIN = 'BAK-MUFF-01';

async function shots(page: Page, name: string, fullPage = true, focus?: ReturnType<Page['getByTestId']>) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await focus?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(page, `${name}-1366`, fullPage);
  await page.setViewportSize({ width: 820, height: 1180 });
  await focus?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(page, `${name}-820`, fullPage);
  await page.setViewportSize({ width: 1366, height: 768 });
}

async function pick(page: Page, input: ReturnType<Page['getByLabel']>, option: string) {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// Leave the demo's two cafés behind for the specs that follow, also when the test failed half-way.
test.afterEach(async ({ page }) => archiveAddedStores(page));

test('a manager binds this browser to the second café and sells there; reports filter by store', async ({ page }) => {
  test.setTimeout(180_000);
  await startSignedIn(page, MANAGER_PIN);

  // What Library Café had sold before this test (the demo's Chris sells there), on the Sales
  // Reports' default period and on the dashboard's today.
  const revenue = page.getByTestId('summary-Total Revenue').getByTestId('summary-value');
  const todays = page.getByTestId("stat-Today's Sales").getByTestId('stat-value');
  const toCents = async (locator: ReturnType<Page['getByTestId']>) =>
    Math.round(Number(((await locator.textContent()) ?? '').replace(/[^0-9.-]/g, '')) * 100);
  const storeAnswer = (path: string) =>
    page.waitForResponse((r) => r.url().includes(path) && r.url().includes('storeId=') && r.ok());
  await page.goto('/pos-reports');
  await expect(revenue).not.toHaveText('');
  let answered = storeAnswer('/api/analytics/summary');
  await pick(page, page.getByTestId('report-store'), 'Library Café');
  const summary = (await (await answered).json()) as { totalRevenue: string };
  await expect(page.getByTestId('report-period')).toContainText('Library Café');
  const libraryBeforeSale = Math.round(Number(summary.totalRevenue) * 100);
  await expect.poll(() => toCents(revenue)).toBe(libraryBeforeSale);
  await page.goto('/pos-dashboard');
  await expect(todays).not.toHaveText('…');
  answered = storeAnswer('/api/analytics/daily-stats');
  await pick(page, page.getByTestId('dashboard-store'), 'Library Café');
  const stats = (await (await answered).json()) as { totalSales: string };
  const libraryTodayBefore = Math.round(Number(stats.totalSales) * 100);
  await expect.poll(() => toCents(todays)).toBe(libraryTodayBefore);

  // The demo's two cafés, the default first; a third store is added (and archived afterwards).
  await page.goto('/terminals');
  const panel = page.getByTestId('stores-panel');
  await expect(panel.getByTestId('store-row')).toHaveCount(2);
  await expect(panel.getByTestId('store-row').nth(0)).toContainText('Main Café');
  await expect(panel.getByTestId('store-row').nth(1)).toContainText('LIB');

  await panel.getByRole('button', { name: 'Add Store' }).click();
  const form = page.getByRole('dialog', { name: 'Add Store' });
  await form.getByLabel('Store Name').fill('Science Shop');
  await form.getByLabel('Code').fill('sci');
  await form.getByRole('button', { name: 'Save Store' }).click();
  await expect(form).toBeHidden();
  await expect(panel.getByTestId('store-row')).toHaveCount(3);
  await expect(panel.getByTestId('store-row').nth(2)).toContainText('SCI');

  // This browser (its terminal id, kept in IndexedDB) sells at Library Café from now on.
  const bind = panel.getByLabel('This terminal sells at');
  await expect(bind).toBeEnabled({ timeout: 20_000 });
  await pick(page, bind, 'Library Café');
  await expect(page.getByText('This terminal now sells at Library Café.')).toBeVisible();
  await expect(bind).toHaveValue('Library Café');
  await shots(page, 'stores-panel');

  // The till: the header names the store; a shift started here is at Library Café.
  await page.goto('/pos');
  await expect(page.getByTestId('product-grid')).toBeVisible();
  const status = page.getByTestId('shift-status');
  await expect(status).not.toHaveText(/Checking/);
  if (/Shift active/i.test((await status.textContent()) ?? '')) {
    // A shift left open by an earlier spec is at the main store: end it first.
    await page.getByTestId('shift-bar').getByRole('button', { name: 'End Shift' }).click();
    const ending = page.getByRole('dialog', { name: 'Shift Management' });
    await ending.getByRole('button', { name: 'End Shift' }).click();
    await ending.getByRole('button', { name: 'Done' }).click();
    await expect(status).toContainText(/No active shift/i);
  }
  await expect(page.getByTestId('till-store')).toHaveText('Library Café');
  await page.getByTestId('shift-bar').getByRole('button', { name: 'Start Shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shift Management' });
  await expect(dialog.getByTestId('shift-store')).toHaveText('Store: Library Café');
  await dialog.getByRole('button', { name: 'Start Shift' }).click();
  await expect(status).toContainText(/Shift active/i);

  await page.locator(`[data-testid="product-card"][data-sku="${MUFFIN}"]`).click();
  await page.getByRole('button', { name: 'Quick amount $5', exact: true }).click();
  await page.getByRole('button', { name: 'Complete Sale' }).click();
  const complete = page.getByRole('dialog', { name: 'Transaction Complete' });
  await expect(complete).toBeVisible();
  await complete.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByTestId('till-store')).toHaveText('Library Café');
  await expect(page.getByText('Shift Started')).toBeHidden({ timeout: 20_000 });
  await shots(page, 'till-header-store', false, page.getByTestId('cashier-header'));

  await page.getByTestId('shift-bar').getByRole('button', { name: 'End Shift' }).click();
  const ending = page.getByRole('dialog', { name: 'Shift Management' });
  await ending.getByRole('button', { name: 'End Shift' }).click();
  await expect(ending.getByTestId('ended-shift-store')).toHaveText('Store: Library Café');
  // Library Café numbers its own Z reports (a cashier limited to it may have ended one already).
  await expect(ending.getByRole('button', { name: /^Print Z Report #\d+$/ })).toBeVisible();
  await ending.getByRole('button', { name: 'Done' }).click();

  // The Sales Reports: All stores, then each store; the two stores add up to All stores.
  await page.goto('/pos-reports');
  const picker = page.getByTestId('report-store');
  await expect(page.getByTestId('report-period')).toContainText('All stores');
  await expect(revenue).not.toHaveText(/^(\$0\.00)?$/);
  const cents = () => toCents(revenue);
  const all = await cents();
  await pick(page, picker, 'Library Café');
  await expect(page.getByTestId('report-period')).toContainText('Library Café');
  // The Library Café's sale of this test: a Blueberry Muffin (BAK-MUFF-01, $4.00 in the demo).
  await expect.poll(cents).toBe(libraryBeforeSale + 400);
  const library = await cents();
  await shots(page, 'report-store-filter', false, page.getByTestId('report-period'));
  await pick(page, picker, 'Main Café');
  await expect(page.getByTestId('report-period')).toContainText('Main Café');
  await expect.poll(async () => (await cents()) + library).toBe(all);

  // h-filters: the POS dashboard's stat cards follow the same store picker; the stores add up.
  await page.goto('/pos-dashboard');
  await expect(todays).not.toHaveText('…');
  const dashboardAll = await toCents(todays);
  const dashboardPicker = page.getByTestId('dashboard-store');
  await pick(page, dashboardPicker, 'Library Café');
  await expect.poll(() => toCents(todays)).toBe(libraryTodayBefore + 400);
  await expect(page.getByTestId('recent-transaction').first()).toContainText('$4.00');
  const libraryToday = await toCents(todays);
  await shots(page, 'dashboard-store-filter', false);
  await pick(page, dashboardPicker, 'Main Café');
  await expect.poll(async () => (await toCents(todays)) + libraryToday).toBe(dashboardAll);

  // The Expense Tracker: an expense added with Library Café chosen is Library Café's.
  await page.goto('/expenses');
  const spent = page.getByTestId("expense-stat-Today's Expenses").getByTestId('stat-value');
  const expensePicker = page.getByTestId('expense-store-filter');
  await pick(page, expensePicker, 'Library Café');
  await expect(spent).not.toHaveText('…');
  const libraryBefore = await toCents(spent);
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const expenseForm = page.getByRole('dialog', { name: 'Add Expense' });
  await expect(expenseForm.getByTestId('expense-store')).toHaveValue('Library Café');
  await pick(page, expenseForm.getByRole('combobox', { name: 'Category' }), 'Food & Beverage');
  await expenseForm.getByRole('textbox', { name: 'Amount' }).fill('2.5');
  await expenseForm.getByRole('textbox', { name: 'Description' }).fill('E2E library milk');
  await expenseForm.getByRole('button', { name: 'Add Expense' }).click();
  await expect(expenseForm).toBeHidden();
  await expect.poll(async () => toCents(spent)).toBe(libraryBefore + 250);
  const row = page.getByTestId('expense-row').filter({ hasText: 'E2E library milk' });
  await expect(row).toContainText('Library Café');
  await shots(page, 'expenses-store-filter', false);
  const libraryAfter = await toCents(spent);
  await pick(page, expensePicker, 'Main Café');
  await expect(row).toHaveCount(0);
  const mainSpent = await toCents(spent);
  await pick(page, expensePicker, 'All stores');
  await expect(row).toHaveCount(1);
  await expect.poll(async () => toCents(spent)).toBe(mainSpent + libraryAfter);
});
