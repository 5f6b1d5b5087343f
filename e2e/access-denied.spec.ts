import { expect, type Page, test } from '@playwright/test';
import { shot, signIn } from './support';

/**
 * Issue #30 item 23: 'Access Denied' showed its toast twice on /inventory, /users, /analytics and
 * /departments, and some denied routes stayed on the lock panel while others went to the chooser.
 */
const CASHIER_PIN = '2915';
const toasts = (page: Page) => page.locator('.mantine-Notification-root');

const REASONS: Record<string, string> = {
  '/inventory': 'Only managers and developers can add and edit products.',
  '/users': 'Manager or Developer access required for user management.',
  '/analytics': 'Only managers and developers can view institutional analytics.',
  '/departments': 'Manager or Developer access required for department management.',
};

for (const [path, reason] of Object.entries(REASONS)) {
  test(`a cashier opening ${path}: the reason once, then the interface selection`, async ({ page }) => {
    await signIn(page, CASHIER_PIN, /\/pos$/);
    await page.goto(path);
    await expect(page.getByTestId('access-denied')).toBeVisible();
    await expect(page.getByText(reason)).toHaveCount(1);
    await expect(toasts(page).filter({ hasText: reason })).toHaveCount(1);
    await shot(page, `access-denied${path.replace('/', '-')}-panel`);
    // spec §9: back at the chooser 1 second after the denial, the toast still saying why.
    await expect(page).toHaveURL(/\/$/, { timeout: 3000 });
    await expect(page.getByText(reason)).toHaveCount(1);
    await shot(page, `access-denied${path.replace('/', '-')}`);
  });
}
