import { expect, type Page, test } from '@playwright/test';
import { runAxe, WCAG_22_AA } from './axe';
import { noModifiers, shot, signIn, transitionsEnded } from './support';

/**
 * Issue #36 item 4 against the real server: the till opens the customer display in a second
 * window ('Customer Display'); the display follows the sale line by line (same machine: a
 * BroadcastChannel), shows the amount tendered and the change due when it is paid, thanks the
 * customer and goes back to the store's name. It never shows the cashier.
 */
const CASHIER_PIN = '3862';

async function startShift(page: Page) {
  const status = page.getByTestId('shift-status');
  await expect(status).not.toHaveText(/Checking/);
  if (/No active shift/i.test((await status.textContent()) ?? '')) {
    await page.getByTestId('shift-bar').getByRole('button', { name: 'Start Shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shift Management' });
    await dialog.getByLabel('Opening Float (optional)').fill('50');
    await dialog.getByRole('button', { name: 'Start Shift' }).click();
  }
  await expect(status).toContainText(/Shift active/i);
}

/** WCAG 2.2 AA (axe): every violation on the display, one line each. */
async function violations(page: Page): Promise<string[]> {
  const result = await runAxe(page, WCAG_22_AA);
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const addSku = (page: Page, sku: string) => page.locator(`[data-testid="product-card"][data-sku="${sku}"]`).click();

test('the customer display follows a cash sale line by line to the change due, then thanks and idles', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, CASHIER_PIN, /\/pos$/);
  await expect(page.getByTestId('product-grid')).toBeVisible({ timeout: 30_000 });
  await startShift(page);
  const storeName = (await page.getByTestId('till-store').textContent())?.trim() ?? '';
  expect(storeName).not.toBe('');

  const opening = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Customer Display' }).click();
  await page.getByRole('menuitem', { name: 'Open on This Computer' }).click();
  const display = await opening;
  await display.setViewportSize({ width: 1366, height: 768 });
  await expect(display).toHaveURL(/\/display$/);
  // Idle: the store's name (the till answered the display's hello).
  await expect(display.getByRole('heading', { level: 1 })).toHaveText(storeName);
  await expect(display.getByText('Welcome to')).toBeVisible();
  await shot(page, 'customer-display-till-1366', false);
  await shot(display, 'customer-display-idle-1366', false);
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect(page.getByRole('button', { name: 'Customer Display' })).toBeVisible();
  await shot(page, 'customer-display-till-820', false);
  await page.setViewportSize({ width: 1366, height: 900 });

  const items = display.getByRole('list', { name: 'Items' }).getByRole('listitem');
  const total = display.getByText('Total', { exact: true }).locator('xpath=following-sibling::dd');

  // Line by line.
  await page.getByRole('button', { name: 'Latte, choose size' }).click();
  const sizes = page.getByRole('dialog', { name: 'Choose Size' });
  await sizes.getByRole('button', { name: /^Takeaway Big Cup, \$4\.50/ }).click();
  await noModifiers(page);
  await expect(sizes).toBeHidden();
  await expect(display.getByRole('heading', { level: 1 })).toHaveText('Your purchase');
  await expect(items).toHaveText(['1 ×LatteTakeaway Big Cup$4.50']);
  await expect(total).toHaveText('$4.50');

  await addSku(page, 'BAK-MUFF-01');
  await expect(items).toHaveText(['1 ×LatteTakeaway Big Cup$4.50', '1 ×Blueberry Muffin$4.00']);
  await expect(total).toHaveText('$8.50');

  await addSku(page, 'BAK-MUFF-01');
  await expect(items).toHaveText(['1 ×LatteTakeaway Big Cup$4.50', '2 ×Blueberry Muffin$8.00']);
  await expect(total).toHaveText('$12.50');

  await addSku(page, 'DRK-ORAN-01');
  await expect(items).toHaveText(['1 ×LatteTakeaway Big Cup$4.50', '2 ×Blueberry Muffin$8.00', '1 ×Orange Juice$3.50']);
  await expect(total).toHaveText('$16.00');
  await shot(display, 'customer-display-sale-1366', false);
  expect(await violations(display)).toEqual([]);
  await display.setViewportSize({ width: 820, height: 1180 });
  await shot(display, 'customer-display-sale-820', false);
  await display.setViewportSize({ width: 800, height: 480 });
  await shot(display, 'customer-display-sale-800x480', false);

  // Card: the display adds the card fee; back to cash, it goes.
  const panel = page.getByTestId('payment-panel');
  await panel.getByRole('button', { name: 'Credit Card', exact: true }).click();
  await expect(display.getByText('Card fee')).toBeVisible();
  await expect(total).toHaveText('$16.40');
  await panel.getByRole('button', { name: 'Cash', exact: true }).click();
  await expect(display.getByText('Card fee')).toBeHidden();
  await expect(total).toHaveText('$16.00');

  // Paid: 20.00 cash for 16.00, 4.00 back.
  await panel.getByLabel('Amount Received').fill('20');
  const saleAnswer = page.waitForResponse(
    (r) => r.url().endsWith('/api/transactions') && r.request().method() === 'POST',
  );
  await panel.getByRole('button', { name: 'Complete Sale' }).click();
  expect((await saleAnswer).status()).toBe(201);
  await expect(display.getByRole('heading', { level: 1 })).toHaveText('Payment received');
  const row = (label: string) => display.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(row('Amount tendered')).toHaveText('$20.00');
  await expect(row('Change due')).toHaveText('$4.00');
  await expect(row('Paid by')).toHaveText('Cash');
  await expect(total).toHaveText('$16.00');
  await shot(display, 'customer-display-paid-800x480', false);
  expect(await violations(display)).toEqual([]);
  await display.setViewportSize({ width: 1366, height: 768 });
  await shot(display, 'customer-display-paid-1366', false);
  await display.setViewportSize({ width: 820, height: 1180 });
  await shot(display, 'customer-display-paid-820', false);
  // Nothing of the cashier on the customer's screen.
  await expect(display.locator('body')).not.toContainText('Chris');

  // The cashier closes 'Transaction Complete': thank you, then the store's name.
  await page.getByRole('dialog', { name: 'Transaction Complete' }).getByRole('button', { name: 'Skip' }).click();
  await expect(display.getByRole('heading', { level: 1 })).toHaveText('Thank you!');
  await shot(display, 'customer-display-thanks-820', false);
  await expect(display.getByRole('heading', { level: 1 })).toHaveText(storeName, { timeout: 15_000 });

  await page.getByTestId('shift-bar').getByRole('button', { name: 'End Shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shift Management' });
  await dialog.getByRole('button', { name: 'End Shift' }).click();
  await expect(dialog.getByRole('button', { name: /^Print Z Report #\d+$/ })).toBeVisible();
});

test('the display opens on its own without a sign-in; with no till on this machine and no pairing it asks for the code', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const display = await context.newPage();
  await display.goto('/display');
  await expect(display.getByRole('heading', { level: 1 })).toHaveText('Enter the pairing code');
  await expect(display).toHaveURL(/\/display$/);
  await expect(display.getByRole('link')).toHaveCount(0);
  // Only the pairing form: nothing of the till, no way into the app.
  await expect(display.getByRole('button')).toHaveText(['Pair']);
  expect(await violations(display)).toEqual([]);
  await context.close();
});

/**
 * A tablet on the counter (another browser, so no BroadcastChannel): the till pairs it with a
 * 6-digit code; the tablet follows the sale through the server's stream, line by line, to the
 * change due and the thank-you; unpairing from the till sends it back to the code.
 */
test('a display on another device, paired by a code, follows a sale to the change due and the thank-you', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, CASHIER_PIN, /\/pos$/);
  await expect(page.getByTestId('product-grid')).toBeVisible({ timeout: 30_000 });
  await startShift(page);
  const storeName = (await page.getByTestId('till-store').textContent())?.trim() ?? '';

  const tablet = await browser.newContext({ viewport: { width: 820, height: 1180 } });
  const display = await tablet.newPage();
  await display.goto('/display');
  await expect(display.getByRole('heading', { level: 1 })).toHaveText('Enter the pairing code');
  await shot(display, 'customer-display-pairing-820', false);

  // The till at tablet width first (its layout changes with the width): the dialog fits; a code
  // asked for again replaces this one.
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.getByRole('button', { name: 'Customer Display' }).click();
  await page.getByRole('menuitem', { name: 'Pair a Customer Display' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pair a Customer Display' });
  await expect(dialog.getByTestId('display-code')).toHaveText(/^\d{6}$/);
  // The dialog's fade-in settles first.
  await page.waitForTimeout(400);
  await shot(page, 'customer-display-pair-code-820', false);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByRole('button', { name: 'Customer Display' }).click();
  await page.getByRole('menuitem', { name: 'Pair a Customer Display' }).click();
  const code = dialog.getByTestId('display-code');
  await expect(code).toHaveText(/^\d{6}$/);
  await expect(dialog.getByText(/Valid for \d:\d\d, once\./)).toBeVisible();
  // Axe reads colours: only once the dialog's fade-in has ended (mid-fade its text is translucent).
  await transitionsEnded(page);
  expect(await violations(page)).toEqual([]);
  await page.waitForTimeout(400);
  await shot(page, 'customer-display-pair-code-1366', false);

  // A wrong code first: refused with the server's message.
  const digits = (await code.textContent()) ?? '';
  const wrong = digits === '000000' ? '000001' : '000000';
  await display.getByLabel('Pairing code').fill(wrong);
  await display.getByRole('button', { name: 'Pair' }).click();
  await expect(
    display.getByText('That code is not right or has expired: ask for a new one at the till.'),
  ).toBeVisible();
  await display.getByLabel('Pairing code').fill(digits);
  await display.getByRole('button', { name: 'Pair' }).click();
  await expect(display.getByRole('heading', { level: 1 })).toHaveText(storeName);
  await expect(dialog.getByText('Customer display paired')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  const items = display.getByRole('list', { name: 'Items' }).getByRole('listitem');
  const total = display.getByText('Total', { exact: true }).locator('xpath=following-sibling::dd');
  await addSku(page, 'BAK-MUFF-01');
  await expect(items).toHaveText(['1 ×Blueberry Muffin$4.00']);
  await expect(total).toHaveText('$4.00');
  await addSku(page, 'DRK-ORAN-01');
  await expect(items).toHaveText(['1 ×Blueberry Muffin$4.00', '1 ×Orange Juice$3.50']);
  await addSku(page, 'BAK-MUFF-01');
  await expect(items).toHaveText(['2 ×Blueberry Muffin$8.00', '1 ×Orange Juice$3.50']);
  await expect(total).toHaveText('$11.50');
  await shot(display, 'customer-display-paired-sale-820', false);
  expect(await violations(display)).toEqual([]);

  const panel = page.getByTestId('payment-panel');
  await panel.getByLabel('Amount Received').fill('20');
  await panel.getByRole('button', { name: 'Complete Sale' }).click();
  await expect(display.getByRole('heading', { level: 1 })).toHaveText('Payment received');
  const row = (label: string) => display.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(row('Change due')).toHaveText('$8.50');
  await expect(row('Amount tendered')).toHaveText('$20.00');
  await shot(display, 'customer-display-paired-paid-820', false);
  await display.setViewportSize({ width: 1366, height: 768 });
  await shot(display, 'customer-display-paired-paid-1366', false);
  await expect(display.locator('body')).not.toContainText('Chris');

  await page.getByRole('dialog', { name: 'Transaction Complete' }).getByRole('button', { name: 'Skip' }).click();
  await expect(display.getByRole('heading', { level: 1 })).toHaveText('Thank you!');

  // The display's cookie reads its stream and nothing else.
  expect((await display.request.get('/api/transactions')).status()).toBe(401);
  expect((await display.request.get('/api/shifts/current')).status()).toBe(401);

  // Unpaired from the till: the tablet asks for a code again.
  await page.getByRole('button', { name: 'Customer Display' }).click();
  await page.getByRole('menuitem', { name: 'Unpair the Customer Display' }).click();
  await expect(display.getByRole('heading', { level: 1 })).toHaveText('Enter the pairing code');
  await tablet.close();

  await page.getByTestId('shift-bar').getByRole('button', { name: 'End Shift' }).click();
  const shiftDialog = page.getByRole('dialog', { name: 'Shift Management' });
  await shiftDialog.getByRole('button', { name: 'End Shift' }).click();
  await expect(shiftDialog.getByRole('button', { name: /^Print Z Report #\d+$/ })).toBeVisible();
});
