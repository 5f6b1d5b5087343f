import { expect as baseExpect, type Page, test } from '@playwright/test';
import { shot, startSignedIn } from './support';

/**
 * Asset checkout and the procurement dashboard against the real server (issue #7; spec §2 Asset
 * checkout, Procurement dashboard; §4 overdue; §5 asset return). Demo PINs and assets come from
 * the server's demo seed (Cordless Drill AST-DRIL-01: 4 units, none out).
 */
// The machine running the E2E tests may be busy: give each expectation more than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

const MANAGER_PIN = '4826';
const CASHIER_PIN = '2915';

async function expectToast(page: Page, text: string | RegExp) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole('button').click();
  await expect(toast).toBeHidden();
}

async function drillStock(page: Page): Promise<{ stock: number; serviceFlag: string | null }> {
  const response = await page.request.get('/api/asset-checkouts/assets');
  expect(response.status()).toBe(200);
  const assets = (await response.json()) as Array<{ name: string; stock: number; serviceFlag: string | null }>;
  const drill = assets.find((a) => a.name === 'Cordless Drill');
  if (!drill) throw new Error('demo Cordless Drill missing');
  return drill;
}

test.describe('Asset checkout', () => {
  test('a manager lends a drill overdue, sees it on the dashboard and under Overdue, and takes it back damaged', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await startSignedIn(page, MANAGER_PIN);
    const before = await drillStock(page);
    expect(before.serviceFlag).toBeNull();

    await page.goto('/asset-checkout');
    await expect(page.getByRole('heading', { name: 'Asset Checkout', level: 1 })).toBeVisible();
    for (const filter of ['All Assets', 'Checked Out', 'Returned', 'Overdue']) {
      await expect(page.getByRole('button', { name: filter, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('checkout-card').first()).toBeVisible();
    await shot(page, 'asset-checkout-all');

    // Lend it to Casey with an expected return in the past (the 15th of last month).
    await page.getByRole('button', { name: 'Checkout Asset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout Asset' });
    await dialog.getByRole('button', { name: 'Check Out' }).click();
    await expect(dialog.getByText('Choose an asset to check out')).toBeVisible();
    await expect(dialog.getByText('Choose who is borrowing the asset')).toBeVisible();

    await dialog.getByLabel(/^Asset/).click();
    await page.getByRole('option', { name: new RegExp(`^Cordless Drill — ${before.stock} available`) }).click();
    await dialog.getByLabel(/^Borrower/).click();
    await page.getByRole('option', { name: /^Casey Cashier/ }).click();
    await dialog.getByLabel('Expected return').click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.locator('table button:not([data-outside])').getByText('15', { exact: true }).click();
    await page.getByRole('button', { name: 'Confirm expected return' }).click();
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('E2E overdue drill');
    await shot(page, 'checkout-dialog');
    await dialog.getByRole('button', { name: 'Check Out' }).click();
    await expectToast(page, 'Cordless Drill is checked out to Casey Cashier.');
    await expect(dialog).toBeHidden();
    expect((await drillStock(page)).stock).toBe(before.stock - 1);

    // The procurement dashboard counts and lists it (most overdue first).
    await page.goto('/procurement-dashboard');
    await expect(page.getByRole('heading', { name: 'Procurement Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Interface Selection' })).toHaveAttribute('href', '/');
    const overduePanel = page.getByTestId('overdue-returns');
    await expect(overduePanel.getByTestId('overdue-item').first()).toContainText('Cordless Drill');
    await expect(overduePanel.getByTestId('overdue-item').first()).toContainText('Overdue');
    // The list is paged; X-Total-Count is every overdue loan.
    const overdueCount = await page.request.get('/api/asset-checkouts?status=overdue&limit=1');
    const overdueTotal = Number(overdueCount.headers()['x-total-count']);
    expect(overdueTotal).toBeGreaterThan(0);
    await expect(page.getByTestId('stat-Overdue Returns').getByTestId('stat-value')).toHaveText(String(overdueTotal));
    await expect(overduePanel.getByTestId('overdue-item')).toHaveCount(Math.min(3, overdueTotal));
    await expect(page.getByTestId("stat-Today's Sales").getByTestId('stat-value')).toHaveText(/^\$\d+\.\d{2}$/);
    for (const card of [
      'Manage Departments',
      'Asset Tracking',
      'View Analytics',
      'Manage Inventory',
      'Manage Users',
      'Open POS Terminal',
    ]) {
      await expect(page.getByTestId('nav-cards').getByRole('link', { name: card })).toBeVisible();
    }
    await expect(page.getByTestId('low-stock-assets')).toBeVisible();
    await shot(page, 'procurement-dashboard');
    await page.goto('/procurement');
    await expect(page.getByTestId('overdue-returns').getByTestId('overdue-item').first()).toContainText(
      'Cordless Drill',
    );

    // Under the Overdue filter on the asset screen.
    await page.getByRole('link', { name: 'Asset Tracking' }).click();
    await expect(page).toHaveURL(/\/asset-checkout$/);
    await page.getByRole('button', { name: 'Overdue', exact: true }).click();
    const card = page.getByTestId('checkout-card').filter({ hasText: 'E2E overdue drill' });
    await expect(card).toHaveAttribute('data-status', 'overdue');
    await expect(card).toContainText('Casey Cashier');
    await expect(card.getByText('Overdue', { exact: true })).toBeVisible();
    for (const other of await page.getByTestId('checkout-card').all()) {
      await expect(other).toHaveAttribute('data-status', 'overdue');
    }
    await shot(page, 'asset-checkout-overdue');

    // Take it back damaged: the condition is required first.
    await card.getByRole('button', { name: 'Return Cordless Drill' }).click();
    const back = page.getByRole('dialog', { name: 'Return Asset' });
    await back.getByRole('button', { name: 'Return Asset' }).click();
    await expect(back.getByText('Return condition is required')).toBeVisible();
    await back.getByLabel(/^Return condition/).click();
    await page.getByRole('option', { name: 'Damaged' }).click();
    await back.getByRole('textbox', { name: 'Notes' }).fill('Chuck wobbles');
    await shot(page, 'return-dialog');
    await back.getByRole('button', { name: 'Return Asset' }).click();
    await expectToast(page, /Cordless Drill was returned in damaged condition/);
    await expect(back).toBeHidden();

    // Stock restored, the flag shown with Clear flag, and the loan under Returned.
    expect(await drillStock(page)).toMatchObject({ stock: before.stock, serviceFlag: 'damaged' });
    const flagged = page.getByTestId('flagged-asset').filter({ hasText: 'Cordless Drill' });
    await expect(flagged).toContainText('Damaged');
    await expect(flagged).toContainText(`${before.stock} in stock`);
    await page.getByRole('button', { name: 'Returned', exact: true }).click();
    const returned = page.getByTestId('checkout-card').filter({ hasText: 'E2E overdue drill' });
    await expect(returned).toHaveAttribute('data-status', 'returned');
    await expect(returned).toContainText('Chuck wobbles');
    await shot(page, 'asset-checkout-returned');

    // A flagged drill cannot be lent; clearing the flag puts it back in service.
    await page.getByRole('button', { name: 'Checkout Asset' }).click();
    await page
      .getByRole('dialog', { name: 'Checkout Asset' })
      .getByLabel(/^Asset/)
      .click();
    await expect(page.getByRole('option', { name: /^Cordless Drill — flagged \(damaged\)/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await flagged.getByRole('button', { name: 'Clear flag on Cordless Drill' }).click();
    await expectToast(page, 'Cordless Drill is back in service.');
    expect((await drillStock(page)).serviceFlag).toBeNull();
  });

  test('a cashier sees only their own loans and cannot lend', async ({ page }) => {
    await startSignedIn(page, CASHIER_PIN);
    await page.goto('/asset-checkout');
    await expect(page.getByRole('heading', { name: 'Asset Checkout', level: 1 })).toBeVisible();
    const checkoutButton = page.getByRole('button', { name: 'Checkout Asset' });
    await expect(checkoutButton).toHaveAttribute('data-disabled', 'true');
    await checkoutButton.hover();
    await expect(page.getByText(/Only managers, department managers and procurement admins/)).toBeVisible();
    await expect(page.getByTestId('checkout-card').first()).toBeVisible();
    for (const card of await page.getByTestId('checkout-card').all()) {
      await expect(card).toContainText('Casey Cashier');
    }
    await shot(page, 'asset-checkout-cashier');
  });
});
