import { expect, test } from '@playwright/test';
import { shot, startSignedIn } from './support';

/**
 * Issue #16 stores (items 1, 2, 6, 7) against the real server and the demo store: a procurement
 * admin finds the Stores & Purchasing card, stock counted into a Building-Floor-Room location shows
 * on the stock tab, an issue and a transfer take their steps, and the reorder list suggests.
 */
const PROCUREMENT_ADMIN_PIN = '6048';

test('a procurement admin sees stock per location, issues, transfers and the reorder list', async ({ page }) => {
  await startSignedIn(page, PROCUREMENT_ADMIN_PIN);
  // A procurement admin lands on the POS (their role's home); the chooser offers the stores card.
  await page.goto('/interface-selection');
  const card = page.getByRole('link', { name: /Stores & Purchasing/ });
  await expect(card).toBeVisible();
  await shot(page, 'stores-chooser-procurement-admin');

  const api = page.request;
  const run = Date.now().toString().slice(-6);
  const departments = await (await api.get('/api/procurement/locations')).json();
  const departmentId: string | null =
    departments.find((l: { departmentId: string | null }) => l.departmentId)?.departmentId ?? null;
  const mk = async (url: string, data: object) => {
    const response = await api.post(url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  const item = await mk('/api/procurement/items', {
    sku: `GLOVE-${run}`,
    name: 'Nitrile gloves (box of 100)',
    uom: 'box',
    reorderPoint: '60',
    minReorderQty: '50',
  });
  const main = await mk('/api/procurement/locations', {
    code: `Main-2-205-${run}`,
    name: 'Main building, room 205',
    departmentId,
    building: 'Main',
    floor: '2',
    room: '205',
  });
  const annex = await mk('/api/procurement/locations', {
    code: `Annex-1-101-${run}`,
    name: 'Annex store',
    departmentId,
  });
  await mk('/api/procurement/stock-counts', {
    locationId: main.id,
    note: 'Opening count',
    lines: [{ itemId: item.id, countedQty: '100' }],
  });
  const issue = await mk('/api/procurement/issues', { itemId: item.id, locationId: main.id, departmentId, qty: '30' });
  await mk(`/api/procurement/issues/${issue.id}/approve`, {});
  const transfer = await mk('/api/procurement/transfers', {
    itemId: item.id,
    fromLocationId: main.id,
    toLocationId: annex.id,
    qty: '20',
  });

  await card.click();
  await expect(page.getByRole('heading', { name: 'Stores', level: 1 })).toBeVisible();
  await page.getByLabel('Search items').fill(`GLOVE-${run}`);
  await expect(page.getByTestId('stock-row')).toHaveCount(1);
  await expect(page.getByTestId('stock-row')).toContainText('100 box');

  await page.getByRole('tab', { name: 'Issues' }).click();
  const issueRow = page.getByTestId('issue-row').filter({ hasText: `GLOVE-${run}` });
  await issueRow.getByRole('button', { name: 'Complete' }).click();
  await expect(issueRow).toContainText('completed');

  await page.getByRole('tab', { name: 'Transfers' }).click();
  const transferRow = page.getByTestId('transfer-row').filter({ hasText: `GLOVE-${run}` });
  for (const step of ['Approve', 'Dispatch']) {
    await transferRow.getByRole('button', { name: step }).click();
    await expect(transferRow.getByRole('button', { name: step })).toHaveCount(0);
  }
  // Issue #30 item 20: Receive asks for the quantity that arrived (the dispatched one by default).
  await transferRow.getByRole('button', { name: 'Receive' }).click();
  const receive = page.getByRole('dialog', { name: `Receive GLOVE-${run} at Annex-1-101-${run}` });
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive).toBeHidden();
  await expect(transferRow.getByRole('button', { name: 'Receive' })).toHaveCount(0);
  await expect(transferRow).toContainText('completed');
  expect(transfer.id).toBeTruthy();

  await page.getByRole('tab', { name: 'Stock' }).click();
  await page.getByLabel('Search items').fill(`GLOVE-${run}`);
  await expect(page.getByTestId('stock-row')).toHaveCount(2);
  await expect(page.getByTestId('stock-row').filter({ hasText: main.code })).toContainText('50 box');
  await expect(page.getByTestId('stock-row').filter({ hasText: annex.code })).toContainText('20 box');
  await shot(page, 'stores-stock-1366');

  await page.getByRole('tab', { name: 'Reorder' }).click();
  const reorder = page.getByTestId('reorder-row').filter({ hasText: `GLOVE-${run}` });
  await expect(reorder.filter({ hasText: main.code })).toContainText('70');
  await shot(page, 'stores-reorder-1366');

  await page.setViewportSize({ width: 820, height: 1180 });
  await page.getByRole('tab', { name: 'Stock' }).click();
  await shot(page, 'stores-stock-820');
});
