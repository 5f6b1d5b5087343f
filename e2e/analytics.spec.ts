import { expect, type Page, test } from '@playwright/test';
import { shot, startSignedIn } from './support';

/**
 * Institutional Analytics at /analytics against the real server and the demo store (issue #7;
 * spec §2 Institutional Analytics, §6 Screen access): a manager reads the cards, switches a tab
 * and the range, and opens Export Reports; a cashier is refused.
 */
// Each test walks a whole story on a shared, busy machine: more than the default 30 s.
test.setTimeout(120_000);

const MANAGER_PIN = '4826';
const CASHIER_PIN = '2915';
const card = (page: Page, label: string) => page.getByTestId(`analytics-card-${label}`).getByTestId('card-value');
const money = (value: string) =>
  `$${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type Report = {
  cards: { totalAssets: number; assetValue: string; activeCheckouts: number; overdueItems: number };
  utilization: { top: { name: string; rating: string }[] };
  locations: { building: string }[];
};

test('a manager reads the cards, switches a tab and the range, and opens Export Reports', async ({ page }) => {
  await startSignedIn(page, MANAGER_PIN);
  await page.goto('/analytics');
  // The first visit loads the screen and its chart library.
  await expect(page.getByRole('heading', { name: 'Institutional Analytics', level: 1 })).toBeVisible({
    timeout: 20_000,
  });

  const report = (await (await page.request.get('/api/analytics/institution?days=30')).json()) as Report;
  expect(report.cards.totalAssets).toBeGreaterThan(0);
  await expect(card(page, 'Total Assets')).toHaveText(String(report.cards.totalAssets));
  await expect(card(page, 'Asset Value')).toHaveText(money(report.cards.assetValue));
  await expect(card(page, 'Active Checkouts')).toHaveText(String(report.cards.activeCheckouts));
  await expect(card(page, 'Overdue Items')).toHaveText(String(report.cards.overdueItems));
  await expect(page.getByRole('tab', { name: 'Inventory Analysis', selected: true })).toBeVisible();
  await expect(page.getByTestId('value-by-type')).toBeVisible();
  await shot(page, '01-analytics-inventory');

  await page.getByRole('tab', { name: 'Asset Utilization' }).click();
  const ratings = page.getByTestId('asset-utilization').getByTestId('utilization-rating');
  await expect(ratings).toHaveCount(Math.min(10, report.utilization.top.length));
  await expect(ratings.first()).toHaveText(report.utilization.top[0]?.rating ?? '');
  await expect(page.getByTestId('utilization-summary')).toContainText('checkout');
  await shot(page, '02-analytics-utilization');

  // A longer range asks the server again and the summary follows it.
  const yearAnswer = page.waitForResponse((r) => r.url().includes('/api/analytics/institution?days=365'));
  await page.getByRole('combobox', { name: 'Time Range' }).click();
  await page.getByRole('option', { name: 'Last 365 days' }).click();
  expect((await yearAnswer).status()).toBe(200);
  await expect(page.getByRole('combobox', { name: 'Time Range' })).toHaveValue('Last 365 days');

  await page.getByRole('tab', { name: 'Location Analytics' }).click();
  const buildings = page.getByRole('table', { name: 'Assets by building' });
  for (const { building } of report.locations) await expect(buildings).toContainText(building);
  await shot(page, '03-analytics-locations');

  await page.getByRole('tab', { name: 'Department Insights' }).click();
  await expect(page.getByRole('table', { name: 'Departments' })).toBeVisible();
  await shot(page, '04-analytics-departments');

  await page.getByRole('button', { name: 'Export Reports' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Reports' });
  const csv = dialog.getByRole('textbox', { name: 'CSV report' });
  // spec §9: three sections (inventory, utilization, checkout history) in one CSV text.
  await expect(csv).toHaveValue(/^Inventory\nAsset,SKU,Asset Type,Category,/);
  const text = await csv.inputValue();
  expect(text).toContain(
    '\n\nUtilization\nAsset,Asset Type,Location,Stock,Checkouts in Period,Active Checkouts,Utilization\n',
  );
  expect(text).toContain(
    '\n\nCheckout History\nAsset,Asset Type,Checked Out By,Checked Out,Expected Return,Returned,Status,Return Condition,Notes\n',
  );
  expect(text.split('\n').filter((line) => /^(Summary|Asset Utilization|Department Insights)$/.test(line))).toEqual([]);
  await expect(dialog.getByRole('button', { name: 'Copy to Clipboard' })).toBeEnabled();
  await shot(page, '05-analytics-export', false);
});

test('a cashier visiting /analytics sees Access Denied', async ({ page }) => {
  await startSignedIn(page, CASHIER_PIN);
  await page.goto('/analytics');
  const denied = page.getByTestId('access-denied');
  await expect(denied.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(denied.getByText('Only managers and developers can view institutional analytics.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Institutional Analytics', level: 1 })).toHaveCount(0);
  await shot(page, '06-analytics-cashier');
});
