import { expect, type Page, test } from '@playwright/test';
import { shot, signIn } from './support';

/**
 * Issue #17 Done when: 3 drills flagged as assets are received (3 tagged units), one is lent and
 * returned damaged (a corrective job opens, the unit cannot be lent), the job is completed, a failed
 * safety check blocks it and a passed one makes it lendable, it is written off through approval by
 * someone else; its page shows the whole history and the labels print.
 */
const PROCUREMENT_ADMIN_PIN = '6048';
const MANAGER_PIN = '4826';

test.use({ actionTimeout: 20_000 });

async function choose(page: Page, label: string, option: string | RegExp, type?: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (type) await input.fill(type);
  await page.getByRole('option', { name: option }).first().click();
}

test('receive 3 drills as assets, lend, repair, safety-check, write off, history and labels', async ({ page }) => {
  test.setTimeout(240_000);
  const run = Date.now().toString().slice(-6);
  const sku = `DRILL-${run}`;
  const mainCode = `Main-1-10-${run}`;
  await signIn(page, PROCUREMENT_ADMIN_PIN);
  const api = page.request;
  const mk = async (url: string, data: object) => {
    const response = await api.post(url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  const supplier = await mk('/api/procurement/suppliers', { name: `Tool Supplies ${run}` });
  await mk('/api/procurement/locations', { code: mainCode, name: 'Main building tool room' });
  const item = await mk('/api/procurement/items', {
    sku,
    name: 'Cordless drill 18V',
    isAsset: true,
    serviceIntervalDays: 180,
  });
  const order = await mk('/api/procurement/purchase-orders', {
    supplierId: supplier.id,
    lines: [{ itemId: item.id, qtyOrdered: '3', unitPrice: '149.00' }],
  });
  await mk(`/api/procurement/purchase-orders/${order.id}/send`, {});

  // 1. The delivery of 3 drills, received on the purchase order's screen.
  await page.goto(`/purchase-orders?id=${order.id}`);
  const orderDialog = page.getByRole('dialog', { name: `Purchase Order ${order.poNumber}` });
  await orderDialog.getByRole('button', { name: 'Receive Goods' }).click();
  const receipt = page.getByRole('dialog', { name: `Receive goods for ${order.poNumber}` });
  await choose(page, 'Location', new RegExp(mainCode), mainCode);
  await receipt.getByLabel('Received now 1').fill('3');
  await receipt.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(receipt).toBeHidden();

  // 2. Three tagged units in the register.
  await page.goto('/assets');
  await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
  await page.getByLabel('Search').fill(sku);
  const rows = page.getByTestId('asset-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Available');
  const tags = (await rows.locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim());
  expect(new Set(tags).size).toBe(3);
  for (const tag of tags) expect(tag).toMatch(/^AST-\d{4}-\d{5}$/);
  await shot(page, 'assets-register');

  // 3. Labels for the three: QR codes and barcodes, ready to print.
  await page.getByRole('link', { name: 'Print labels' }).click();
  await expect(page.getByRole('heading', { name: 'Asset Labels' })).toBeVisible();
  await expect(page.getByTestId('asset-label')).toHaveCount(3);
  await expect(page.getByRole('img', { name: `QR code of ${tags[0]}` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Barcode of ${tags[0]}` })).toBeVisible();
  await shot(page, 'assets-labels');
  await page.goBack();

  // 4. Lend one, take it back damaged: a corrective job opens and it cannot be lent.
  const tag = tags[0] as string;
  await page.getByLabel('Search').fill(tag);
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link', { name: tag }).click();
  await expect(page.getByTestId('asset-tag')).toHaveText(tag);
  await choose(page, 'Borrower', /.+/);
  await page.getByRole('button', { name: 'Check out', exact: true }).click();
  await expect(page.getByTestId('asset-state')).toHaveText('Checked out');
  await choose(page, 'Condition', 'Damaged');
  await page.getByLabel('Notes').fill('Chuck wobbles');
  await page.getByRole('button', { name: 'Take back' }).click();
  await expect(page.getByTestId('asset-state')).toHaveText('In maintenance');
  await expect(page.getByTestId('asset-blocked')).toContainText(
    `${tag} cannot be checked out: it is under maintenance.`,
  );
  await expect(page.getByTestId('open-job')).toContainText('corrective');
  await shot(page, 'assets-unit-in-maintenance');

  // 5. The job is completed: lendable again.
  await page.getByLabel('Technician or inspector').fill('Ana Repairs');
  await page.getByRole('button', { name: 'Complete job' }).click();
  await expect(page.getByTestId('asset-state')).toHaveText('Available');

  // 6. A failed safety check blocks it; a later passed one makes it lendable.
  const today = new Date().toLocaleDateString('en-CA');
  for (const [result, state] of [
    ['Failed', 'Safety check'],
    ['Passed', 'Available'],
  ] as const) {
    await page.getByLabel('Safety check', { exact: true }).fill('PAT test');
    await page.getByLabel('Due date').fill(today);
    await page.getByRole('button', { name: 'Schedule safety check' }).click();
    const check = page.getByTestId('safety-row').filter({ hasText: 'PAT test' });
    await expect(check).toHaveCount(1);
    await page.getByLabel('Technician or inspector').fill('Ines Safety');
    await check.getByRole('button', { name: result }).click();
    await expect(page.getByTestId('asset-state')).toHaveText(state);
    if (result === 'Failed') {
      await expect(page.getByTestId('asset-blocked')).toContainText(
        `${tag} cannot be checked out: its last safety check failed; a passed check is needed.`,
      );
      await shot(page, 'assets-unit-safety-failed');
    }
  }
  await expect(page.getByTestId('asset-blocked')).toHaveCount(0);

  // 7. A write-off: requested and submitted by the procurement admin, approved by a manager.
  await choose(page, 'Write-off reason', 'Damaged');
  await page.getByRole('button', { name: 'Request write-off' }).click();
  await expect(page.getByText('Write-off drafted')).toBeVisible();
  const unitUrl = page.url();
  await page.goto('/assets');
  await page.getByRole('tab', { name: 'Write-offs' }).click();
  const writeoff = page.getByTestId('writeoff-row').filter({ hasText: tag });
  await writeoff.getByRole('button', { name: 'Submit' }).click();
  await expect(writeoff).toContainText('Someone else approves');
  await page.context().clearCookies();
  await signIn(page, MANAGER_PIN);
  await page.goto('/assets');
  await page.getByRole('tab', { name: 'Write-offs' }).click();
  await writeoff.getByRole('button', { name: 'Approve' }).click();
  await expect(writeoff).toContainText('approved');
  await shot(page, 'assets-writeoffs');
  await writeoff.getByRole('button', { name: 'Dispose' }).click();
  await expect(writeoff).toContainText('disposed');

  // 8. The unit's page: written off, read-only, with its whole history in time order.
  await page.goto(unitUrl);
  await expect(page.getByTestId('asset-state')).toHaveText('Written off');
  await expect(page.getByRole('button', { name: 'Check out', exact: true })).toHaveCount(0);
  const history = page.getByTestId('history-row');
  const events = (await history.locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim());
  expect(events[0]).toBe('Received');
  expect(events).toEqual(
    expect.arrayContaining([
      'Checked out',
      'Returned',
      'Maintenance scheduled',
      'Maintenance completed',
      'Safety check failed',
      'Safety check passed',
      'Write-off drafted',
      'Write-off submitted',
      'Write-off approved',
      'Disposed',
    ]),
  );
  expect(events.at(-1)).toBe('Disposed');
  expect(events.indexOf('Returned')).toBeGreaterThan(events.indexOf('Checked out'));
  expect(events.indexOf('Safety check passed')).toBeGreaterThan(events.indexOf('Safety check failed'));
  await expect(history.filter({ hasText: 'Returned damaged' }).first()).toContainText('Chuck wobbles');
  await shot(page, 'assets-unit-history');

  // 9. Institutional analytics count the registered units.
  await page.goto('/analytics');
  await page.getByRole('tab', { name: /Asset Utilization/ }).click();
  await expect(page.getByTestId('registered-units-summary')).toContainText('written off');
  await expect(page.getByTestId('registered-units')).toContainText(tag);
  await shot(page, 'assets-analytics');
  const csv = await api.get(`/api/procurement/assets/${new URL(unitUrl).searchParams.get('id')}/history.csv`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('Disposed');
});
