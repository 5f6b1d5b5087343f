import { expect, test } from '@playwright/test';
import { shot, startSignedIn } from './support';

/**
 * Issue #30 items 19–21 in the browser, at 1366 and 820 px: a workshop step completed without hours
 * asks first and a manager corrects completed hours; a draft purchase order is edited in place and
 * prints with buyer, delivery location and needed-by date in the one money format; a transfer is
 * received short.
 */
const MORGAN = '4826';

test.use({ actionTimeout: 20_000 });

for (const width of [1366, 820]) {
  test(`everyday back-office actions at ${width} px`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const run = `${Date.now().toString().slice(-6)}${width}`;
    await startSignedIn(page, MORGAN);
    const api = page.request;
    const mk = async (url: string, data: object, method: 'post' | 'put' | 'patch' = 'post') => {
      const response = await api[method](url, { data });
      expect(response.status(), `${url} ${await response.text()}`).toBeLessThan(300);
      return response.json();
    };
    const lookups = await (await api.get('/api/procurement/purchasing-lookups')).json();
    const eng = lookups.departments.find((d: { code: string }) => d.code === 'ENG');
    const item = await mk('/api/procurement/items', { sku: `OAK-${run}`, name: 'Oak board', uom: 'm' });
    const supplier = await mk('/api/procurement/suppliers', { name: `Timber Yard ${run}`, address: '9 Mill Lane' });
    const from = await mk('/api/procurement/locations', { code: `A-${run}`, name: 'Main store', departmentId: eng.id });
    const to = await mk('/api/procurement/locations', {
      code: `B-${run}`,
      name: 'Workshop store',
      departmentId: eng.id,
    });
    await mk(
      '/api/procurement/purchasing-settings',
      { overReceiptTolerancePercent: '0', buyerName: 'Riverside College', buyerAddress: '1 College Road\nRiverside' },
      'put',
    );

    // Item 21 + 20: a draft order in the one money format, edited in place, then printed.
    const order = await mk('/api/procurement/purchase-orders', {
      supplierId: supplier.id,
      lines: [{ itemId: item.id, qtyOrdered: '10', unitPrice: '102.20' }],
    });
    await page.goto(`/purchase-orders?id=${order.id}`);
    const details = page.getByTestId('order-details');
    await expect(details.getByTestId('order-totals')).toContainText('Total $1,022.00');
    await details.getByRole('button', { name: 'Edit Order' }).click();
    const form = page.getByRole('dialog', { name: `Edit ${order.poNumber}` });
    await form.getByLabel('Needed by').fill('2030-01-15');
    await form.getByRole('combobox', { name: 'Deliver to' }).click();
    await page.getByRole('option', { name: new RegExp(`B-${run}`) }).click();
    await shot(page, `backoffice-po-edit-${width}`, false);
    await form.getByRole('button', { name: 'Save Draft' }).click();
    await expect(form).toBeHidden();
    await expect(details).toContainText(`deliver to B-${run}`);
    await expect(details).toContainText('needed by 2030-01-15');
    await shot(page, `backoffice-po-details-${width}`, false);
    await page.goto(`/purchase-orders/print?id=${order.id}`);
    await expect(page.getByTestId('po-print-buyer')).toContainText('Riverside College');
    await expect(page.getByTestId('po-print-delivery')).toContainText(`B-${run} · Workshop store`);
    await expect(page.getByTestId('po-print-delivery')).toContainText('Needed by: 2030-01-15');
    await expect(page.getByTestId('po-print-totals')).toContainText('Total: $1,022.00');
    await shot(page, `backoffice-po-print-${width}`);

    // Item 20: a transfer received short.
    // (Editing replaced the lines: receive against the order as sent.)
    const sent = await mk(`/api/procurement/purchase-orders/${order.id}/send`, {});
    await mk(`/api/procurement/purchase-orders/${order.id}/receipts`, {
      locationId: from.id,
      lines: [{ poLineId: sent.lines[0].id, qtyReceived: '10' }],
    });
    const transfer = await mk('/api/procurement/transfers', {
      itemId: item.id,
      fromLocationId: from.id,
      toLocationId: to.id,
      qty: '4',
    });
    await mk(`/api/procurement/transfers/${transfer.id}/approve`, {});
    await mk(`/api/procurement/transfers/${transfer.id}/dispatch`, {});
    await page.goto('/stores');
    await page.getByRole('tab', { name: 'Transfers' }).click();
    const row = page.getByTestId('transfer-row').filter({ hasText: `OAK-${run}` });
    await row.getByRole('button', { name: 'Receive' }).click();
    const receive = page.getByRole('dialog', { name: `Receive OAK-${run} at B-${run}` });
    await receive.getByLabel('Quantity received').fill('3.5');
    await expect(receive.getByTestId('transfer-shortfall')).toContainText('Short by 0.5 m');
    await shot(page, `backoffice-transfer-receive-${width}`, false);
    await receive.getByRole('button', { name: 'Receive' }).click();
    await expect(receive).toBeHidden();
    await expect(row).toContainText('0.5');

    // Item 19: a step completed with no hours asks first; the manager corrects completed hours.
    const client = await mk('/api/procurement/clients', { name: `Drama ${run}`, isInternal: true });
    let job = await mk('/api/procurement/jobs', { title: 'Stage props', clientId: client.id, departmentId: eng.id });
    await mk(`/api/procurement/jobs/${job.id}/steps`, { name: 'Cut', plannedHours: '1' });
    job = await mk(`/api/procurement/jobs/${job.id}/quotes`, { validUntil: '2099-12-31' });
    await mk(`/api/procurement/jobs/${job.id}/quotes/${job.quotes[0].id}/send`, {});
    await mk(`/api/procurement/jobs/${job.id}/quotes/${job.quotes[0].id}/accept`, {});
    await page.goto(`/jobs/detail?id=${job.id}`);
    const steps = page.getByTestId('job-steps');
    await steps.getByRole('button', { name: 'Complete step 1' }).click();
    const ask = page.getByRole('dialog', { name: 'No hours entered for step 1' });
    await expect(ask).toBeVisible();
    await shot(page, `backoffice-step-no-hours-${width}`, false);
    await ask.getByRole('button', { name: 'Enter the hours' }).click();
    await steps.getByLabel('Actual hours of step 1').fill('1.4');
    await steps.getByRole('button', { name: 'Complete step 1' }).click();
    await expect(page.getByTestId('step-1')).toContainText('Completed');
    await steps.getByRole('button', { name: 'Edit step 1' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit step 1' });
    await edit.getByLabel('Actual hours').fill('2.75');
    await edit.getByLabel('Reason for the correction').fill('Timesheet says 2.75 h');
    await shot(page, `backoffice-step-correct-${width}`, false);
    await edit.getByRole('button', { name: 'Save step' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByTestId('step-1-hours-change')).toContainText('Corrected from 1.40 to 2.75');
    await shot(page, `backoffice-job-steps-${width}`);
  });
}
