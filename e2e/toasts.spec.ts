import { expect, type Locator, type Page, test } from '@playwright/test';
import { shot, signInOnKeypad, transitionsEnded } from './support';

/**
 * Toasts (issue #13 item 17; spec §9: one at a time, 5000 ms). The newest replaces the one
 * showing at once, instead of waiting behind it ('Shift Started' used to wait 5 s behind a stale
 * toast), and no toast covers a header or the signed-in user's name.
 */
const CASHIER_PIN = '2915';

const toasts = (page: Page) => page.locator('.mantine-Notification-root');

type Box = { x: number; y: number; width: number; height: number };

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

test('a newer toast replaces the one showing at once, on the terminal', async ({ page }) => {
  await signInOnKeypad(page, CASHIER_PIN, /\/pos$/);
  const status = page.getByTestId('shift-status');
  await expect(status).not.toHaveText(/Checking/);
  if (/Shift active/i.test((await status.textContent()) ?? '')) {
    await page.getByTestId('shift-bar').getByRole('button', { name: 'End Shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shift Management' });
    await dialog.getByRole('button', { name: 'End Shift' }).click();
    await expect(toasts(page).filter({ hasText: 'Shift Ended' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(status).toContainText(/No active shift/i);

  // A tap on a sold-out product: 'Out of Stock' (spec §5).
  await page.locator('[data-testid="product-card"][data-out-of-stock]').first().click();
  await expect(toasts(page).filter({ hasText: 'Out of Stock' })).toBeVisible();

  // Starting the shift answers at once: its toast does not queue behind 'Out of Stock' for 5 s.
  await page.getByTestId('shift-bar').getByRole('button', { name: 'Start Shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shift Management' });
  await dialog.getByRole('button', { name: 'Start Shift' }).click();
  await expect(toasts(page).filter({ hasText: 'Shift Started' })).toBeVisible({ timeout: 1500 });
  await expect(toasts(page).filter({ hasText: 'Out of Stock' })).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(1);
});

const HOMES = [
  { role: 'manager', pin: '4826', landing: /\/$/, name: 'interface-selection' },
  { role: 'cashier', pin: CASHIER_PIN, landing: /\/pos$/, name: 'terminal' },
  { role: 'super admin', pin: '7391', landing: /\/super-admin$/, name: 'developer-dashboard' },
] as const;

for (const width of [1366, 820] as const) {
  for (const home of HOMES) {
    test(`at ${width} px the sign-in toast on the ${home.role}'s home stays below the header and the user's name`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width === 820 ? 1180 : 768 });
      await signInOnKeypad(page, home.pin, home.landing);
      const toast = toasts(page).filter({ hasText: 'Login Successful' });
      await expect(toast).toBeVisible();
      // Let the entry transition end before measuring.
      await transitionsEnded(page);
      const toastBox = await boxOf(toast);
      const header = page.locator('header').first();
      await expect(header).toBeVisible();
      const headerBox = await boxOf(header);
      expect(
        intersects(toastBox, headerBox),
        `toast ${JSON.stringify(toastBox)} over header ${JSON.stringify(headerBox)}`,
      ).toBe(false);
      for (const identity of await page.getByTestId('user-identity').all()) {
        if (!(await identity.isVisible())) continue;
        expect(intersects(toastBox, await boxOf(identity))).toBe(false);
      }
      await shot(page, `toast-${home.name}-${width}`, false);
    });
  }
}
