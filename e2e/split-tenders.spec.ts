import { expect, test } from '@playwright/test';
import { noPrintDialogs, shot, signIn } from './support';

/**
 * Issue #34 item 1 against the real server: a café sale of 3 items paid 10.00 cash and the rest by
 * card, the card fee on the card part only; the Z report lists one line per tender method.
 */
const CASHIER_PIN = '3862';
const ITEMS = ['BAK-MUFF-01', 'BAK-ALMO-01', 'DRK-ORAN-01'];

test('a café sale paid 10.00 cash + the rest by card, and the Z report’s tender lines', async ({ page }) => {
  test.setTimeout(120_000);
  await noPrintDialogs(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, CASHIER_PIN, /\/pos$/);
  await expect(page.getByTestId('product-grid')).toBeVisible({ timeout: 30_000 });
  const status = page.getByTestId('shift-status');
  await expect(status).not.toHaveText(/Checking/);
  if (/No active shift/i.test((await status.textContent()) ?? '')) {
    await page.getByTestId('shift-bar').getByRole('button', { name: 'Start Shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shift Management' });
    await dialog.getByLabel('Opening Float (optional)').fill('50');
    await dialog.getByRole('button', { name: 'Start Shift' }).click();
  }
  await expect(status).toContainText(/Shift active/i);

  // 4.00 + 4.80 + 3.50 = 12.30.
  for (const sku of ITEMS) await page.locator(`[data-testid="product-card"][data-sku="${sku}"]`).click();
  const panel = page.getByTestId('payment-panel');
  await expect(panel.getByTestId('total-Total')).toHaveText('$12.30');
  await panel.getByLabel('Amount Received').fill('10');
  await panel.getByRole('button', { name: 'Add $10.00 Cash Payment' }).click();
  await expect(panel.getByTestId('remaining-due')).toHaveText('$2.30');
  await panel.getByRole('button', { name: 'Credit Card', exact: true }).click();
  // The rest, 2.30, by card: 2.5% of it (0.0575 → 0.06), so the card pays 2.36 and the sale 12.36.
  await expect(panel.getByTestId('total-Card Fee (2.5%)')).toHaveText('$0.06');
  await expect(panel.getByTestId('total-Total')).toHaveText('$12.36');
  await expect(panel.getByTestId('remaining-due')).toHaveText('$2.36');
  await expect(panel.getByTestId('payments-taken')).toContainText('Cash');
  await shot(page, 'split-tenders-1366', false);
  await page.setViewportSize({ width: 820, height: 1180 });
  // At tablet width the sale is a tab of its own.
  await page.getByRole('button', { name: 'View Sale' }).click();
  await expect(panel.getByTestId('remaining-due')).toBeVisible();
  await shot(page, 'split-tenders-820', false);
  await page.setViewportSize({ width: 1366, height: 900 });

  const saleAnswer = page.waitForResponse(
    (r) => r.url().endsWith('/api/transactions') && r.request().method() === 'POST',
  );
  await panel.getByRole('button', { name: 'Complete Sale' }).click();
  const answer = await saleAnswer;
  expect(answer.status()).toBe(201);
  const sale = await answer.json();
  expect(sale).toMatchObject({ subtotal: '12.30', tax: '0.06', total: '12.36', paymentMethod: 'cash' });
  expect(sale.payments.map((p: { method: string; amount: string }) => [p.method, p.amount])).toEqual([
    ['cash', '10.00'],
    ['credit_card', '2.36'],
  ]);
  const complete = page.getByRole('dialog', { name: 'Transaction Complete' });
  await expect(complete).toBeVisible();
  const number = /Sale #([0-9A-F]{6})/.exec((await complete.textContent()) ?? '')?.[1] ?? '';
  expect(number).toMatch(/^[0-9A-F]{6}$/);
  await complete.getByRole('button', { name: 'Skip' }).click();

  // The refund form of a split sale offers where the money goes back: the card first, or cash.
  await page.getByRole('link', { name: 'Sales History' }).click();
  await expect(page).toHaveURL(/\/pos-history$/);
  await page.getByLabel('Sale number').fill(number);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('history-row')).toHaveCount(1);
  await page
    .getByTestId('history-row')
    .first()
    .getByRole('button', { name: `Open sale #${number}` })
    .click();
  const detail = page.getByRole('dialog', { name: `Sale #${number}` });
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  const form = page.getByRole('dialog', { name: `Refund sale #${number}` });
  await expect(form.getByRole('radio', { name: 'Back to Credit Card first, then Cash' })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'Cash from the till' })).toBeVisible();
  await shot(page, 'split-tenders-refund-form-1366', false);
  await page.setViewportSize({ width: 820, height: 1180 });
  await shot(page, 'split-tenders-refund-form-820', false);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await page.goto('/pos');
  await expect(page.getByTestId('product-grid')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('shift-bar').getByRole('button', { name: 'End Shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shift Management' });
  await dialog.getByRole('button', { name: 'End Shift' }).click();
  const print = dialog.getByRole('button', { name: /^Print Z Report #\d+$/ });
  await expect(print).toBeVisible();
  const opened = page.waitForEvent('popup');
  await print.click();
  const popup = await opened;
  await expect(popup.locator('body')).toContainText('By payment method');
  const text = (await popup.locator('body').innerText()).replace(/\s+/g, ' ');
  expect(text).toMatch(/Cash \(\d+\) \$\d+\.\d\d/);
  expect(text).toMatch(/Credit Card \(\d+\) \$\d+\.\d\d/);
  await popup.setViewportSize({ width: 1366, height: 900 });
  await popup.screenshot({
    path: `${process.env.E2E_SHOTS_DIR ?? '/tmp/ht-shots'}/split-tenders-z-report.png`,
    fullPage: true,
  });
  await popup.close();
  await shot(page, 'split-tenders-shift-ended-1366', false);
});
