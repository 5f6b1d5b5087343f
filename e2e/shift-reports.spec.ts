import { expect, type Page, test } from '@playwright/test';
import { shot, signIn, startSignedIn } from './support';

/**
 * Issue #15 item 8 against the real server: a cashier prints an X report during the shift, ends
 * the shift and prints the Z report; a manager finds it under Z Reports and reprints it (A4).
 */
const CASHIER_PIN = '3862';
const MANAGER_PIN = '4826';
const MUFFIN = 'BAK-MUFF-01';

async function recordPrinting(page: Page) {
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      const popup = open(...args);
      if (popup) {
        popup.print = () => {};
        popup.close = () => {};
      }
      return popup;
    };
  });
}

async function readPopup(
  page: Page,
  click: () => Promise<void>,
  marker: string,
): Promise<{ text: string; width: string }> {
  const opened = page.waitForEvent('popup');
  await click();
  const popup = await opened;
  await expect(popup.locator('body')).toContainText(marker);
  const text = (await popup.locator('body').innerText()).replace(/\s+/g, ' ');
  const width = await popup.evaluate(() => getComputedStyle(document.body).width);
  await popup.close();
  return { text, width };
}

let zNumber = '';

test('a cashier prints an X report, ends the shift and prints the Z report', async ({ page }) => {
  await recordPrinting(page);
  await signIn(page, CASHIER_PIN, /\/pos$/);
  await expect(page.getByTestId('product-grid')).toBeVisible();
  const status = page.getByTestId('shift-status');
  await expect(status).not.toHaveText(/Checking/);
  if (/No active shift/i.test((await status.textContent()) ?? '')) {
    await page.getByTestId('shift-bar').getByRole('button', { name: 'Start Shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shift Management' });
    await dialog.getByLabel('Opening Float (optional)').fill('50');
    await dialog.getByRole('button', { name: 'Start Shift' }).click();
  }
  await expect(status).toContainText(/Shift active/i);

  await page.locator(`[data-testid="product-card"][data-sku="${MUFFIN}"]`).click();
  await page.getByRole('button', { name: 'Quick amount $5', exact: true }).click();
  await page.getByRole('button', { name: 'Complete Sale' }).click();
  const complete = page.getByRole('dialog', { name: 'Transaction Complete' });
  await expect(complete).toBeVisible();
  await complete.getByRole('button', { name: 'Skip' }).click();

  const x = await readPopup(page, () => page.getByRole('button', { name: 'X Report' }).click(), 'X Report');
  expect(x.text).toContain('nothing is closed');
  expect(x.text).toMatch(/Sales \d+/);
  expect(x.width).toBe('400px');

  await page.getByTestId('shift-bar').getByRole('button', { name: 'End Shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shift Management' });
  await dialog.getByLabel('Counted Cash (optional)').fill('50');
  await dialog.getByRole('button', { name: 'End Shift' }).click();
  const print = dialog.getByRole('button', { name: /^Print Z Report #\d+$/ });
  await expect(print).toBeVisible();
  zNumber = /#(\d+)/.exec((await print.textContent()) ?? '')?.[1] ?? '';
  await shot(page, 'shift-ended-z-1366', false);
  const z = await readPopup(page, () => print.click(), `Z Report #${zNumber}`);
  expect(z.text).toContain('Expected cash');
  expect(z.text).toContain('Counted cash $50.00');
  expect(z.text).toMatch(/Over \/ short -\$\d+\.\d\d/);
  expect(z.width).toBe('400px');
});

test('a manager lists Z reports and reprints one on A4, identical to the first print', async ({ page }) => {
  test.skip(!zNumber, 'needs the Z report of the first test');
  await recordPrinting(page);
  await startSignedIn(page, MANAGER_PIN);
  await page.goto('/z-reports');
  await expect(page.getByRole('heading', { name: 'Z Reports', level: 1 })).toBeVisible();
  // Each store numbers its Z reports (issue #32): the demo's Chris sells at Library Café only.
  const row = page
    .getByTestId('z-report-row')
    .filter({ has: page.getByText(`Z #${zNumber}`, { exact: true }) })
    .filter({ hasText: 'Library Café' });
  await expect(row).toHaveCount(1);
  await shot(page, 'z-reports-manager-1366');
  const roll = await readPopup(
    page,
    () => row.getByRole('button', { name: `Print Z report #${zNumber}`, exact: true }).click(),
    `Z Report #${zNumber}`,
  );
  const again = await readPopup(
    page,
    () => row.getByRole('button', { name: `Print Z report #${zNumber}`, exact: true }).click(),
    `Z Report #${zNumber}`,
  );
  expect(again.text).toBe(roll.text);
  const a4 = await readPopup(
    page,
    () => row.getByRole('button', { name: `Print Z report #${zNumber} on A4` }).click(),
    `Z Report #${zNumber}`,
  );
  expect(a4.text).toBe(roll.text);
  await page.setViewportSize({ width: 820, height: 1180 });
  await shot(page, 'z-reports-manager-820');
});
