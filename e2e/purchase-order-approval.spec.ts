import { expect, test } from '@playwright/test';
import { shot, startSignedIn } from './support';

/**
 * Issue #30 item 6: an order above its department's approval threshold is approved on the order
 * itself. Priya (procurement admin) writes one for 6,000.00 (no department: the 5,000.00 default);
 * the dialog says a manager approves it and sending is refused; Morgan (manager) approves it from
 * the dialog, which then names him, and it is sent.
 */
test('an order above the threshold is approved by a manager before it is sent', async ({ page }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString().slice(-6);
  await page.setViewportSize({ width: 1366, height: 900 });
  await startSignedIn(page, '6048');
  const api = page.request;
  const mk = async (url: string, data: object) => {
    const response = await api.post(url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  const supplier = await mk('/api/procurement/suppliers', { name: `Approval Supplies ${run}` });
  const item = await mk('/api/procurement/items', { sku: `APR-${run}`, name: `Server rack ${run}` });
  const order = await mk('/api/procurement/purchase-orders', {
    supplierId: supplier.id,
    lines: [{ itemId: item.id, qtyOrdered: 600, unitPrice: '10.00' }],
  });

  await page.goto(`/purchase-orders?id=${order.id}`);
  const dialog = page.getByRole('dialog', { name: `Purchase Order ${order.poNumber}` });
  await expect(dialog.getByTestId('order-approval')).toContainText(
    "Above the department's approval threshold of $5,000.00: a manager approves this order before it is sent.",
  );
  await expect(dialog.getByRole('button', { name: 'Approve Order' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send Order' }).click();
  await expect(page.getByText('a manager must approve it before it is sent').first()).toBeVisible();

  await page.context().clearCookies();
  await startSignedIn(page, '4826');
  await page.goto(`/purchase-orders?id=${order.id}`);
  await dialog.getByRole('button', { name: 'Approve Order' }).click();
  await expect(dialog.getByTestId('order-approval')).toContainText('Approved by Morgan');
  await shot(page, 'purchase-order-approved', false);
  await dialog.getByRole('button', { name: 'Send Order' }).click();
  await expect(dialog.getByRole('button', { name: 'Receive Goods' })).toBeVisible();
});
