import { expect, type Page, test } from '@playwright/test';

/**
 * Sign-in, role homes, guards and sign-out against the real server (spec §2, §4, §5, §6, §8).
 * The demo staff and their PINs come from the server's demo seed.
 */
const DEMO_STAFF = {
  super_admin: { pin: '7391', home: '/super-admin' },
  manager: { pin: '4826', home: '/' },
  department_manager: { pin: '5174', home: '/pos' },
  procurement_admin: { pin: '6048', home: '/pos' },
  cashier: { pin: '2915', home: '/pos' },
} as const;

const filledPinBoxes = (page: Page) => page.locator('[data-testid="pin-box"][data-filled="true"]');

async function enterPinOnKeypad(page: Page, pin: string) {
  for (const digit of pin) await page.getByRole('button', { name: `Digit ${digit}` }).click();
}

async function signInWithKeypad(page: Page, pin: string) {
  await page.goto('/pin-login');
  await enterPinOnKeypad(page, pin);
  await expect(filledPinBoxes(page)).toHaveCount(4);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
}

async function expectSignedOutOnPinLogin(page: Page) {
  await expect(page).toHaveURL(/\/pin-login$/);
  await expect(page.getByRole('button', { name: 'Digit 1' })).toBeVisible();
  const session = await page.request.get('/auth/session');
  expect(session.status()).toBe(401);
}

test.describe('signing in with a PIN', () => {
  test('a super admin lands on the developer dashboard and sees every interface card', async ({ page }) => {
    await signInWithKeypad(page, DEMO_STAFF.super_admin.pin);
    await expect(page).toHaveURL(/\/super-admin$/);
    await expect(page.getByText('Developer Access')).toBeVisible();

    await page.getByRole('link', { name: 'Interface Selection' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    for (const card of ['POS System', 'Procurement Management', 'Users', 'Developer Dashboard']) {
      await expect(page.getByRole('link', { name: card, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('interface-grid')).toHaveAttribute('data-columns', '3');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expectSignedOutOnPinLogin(page);
  });

  test('a manager lands on the interface selection with the Procurement Management card', async ({ page }) => {
    await signInWithKeypad(page, DEMO_STAFF.manager.pin);
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByText('Choose your interface to get started with your business management experience'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'POS System', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Procurement Management', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Developer Dashboard', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('interface-grid')).toHaveAttribute('data-columns', '2');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expectSignedOutOnPinLogin(page);
  });

  for (const role of ['department_manager', 'procurement_admin'] as const) {
    test(`a ${role.replace('_', ' ')} lands on the point of sale`, async ({ page }) => {
      await signInWithKeypad(page, DEMO_STAFF[role].pin);
      await expect(page).toHaveURL(/\/pos$/);
      await expect(page.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible();
      // A department manager also reads their department's account (issue #34 item 3, ADR 0034).
      await expect(page.getByRole('navigation', { name: 'Point of Sale' }).getByRole('link')).toHaveText([
        'POS Dashboard',
        'Point of Sale',
        'Sales Reports',
        'Sales History',
        ...(role === 'department_manager' ? ['Accounts'] : []),
      ]);

      await page.getByRole('button', { name: 'Logout' }).click();
      await expectSignedOutOnPinLogin(page);
    });
  }

  test('a cashier lands on the point of sale without the Expense Tracker link', async ({ page }) => {
    await signInWithKeypad(page, DEMO_STAFF.cashier.pin);
    await expect(page).toHaveURL(/\/pos$/);
    const sidebar = page.getByRole('navigation', { name: 'Point of Sale' });
    await expect(sidebar.getByRole('link')).toHaveText([
      'POS Dashboard',
      'Point of Sale',
      'Sales Reports',
      'Sales History',
    ]);
    await expect(sidebar.getByRole('link', { name: 'Expense Tracker' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to Interface Selection' }).click();
    await expect(page.getByRole('link', { name: 'POS System', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Procurement Management', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('cashier-note')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expectSignedOutOnPinLogin(page);
  });

  test('typing the PIN on a physical keyboard and pressing Enter signs in too', async ({ page }) => {
    await page.goto('/pin-login');
    await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();
    await page.keyboard.type(DEMO_STAFF.cashier.pin);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pos$/);
  });

  test('a wrong PIN shows Login Failed and clears the boxes', async ({ page }) => {
    await page.goto('/pin-login');
    await enterPinOnKeypad(page, '1111');
    await expect(filledPinBoxes(page)).toHaveCount(4);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(filledPinBoxes(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
    await expect(page).toHaveURL(/\/pin-login$/);
  });
});

test.describe('guards', () => {
  test('a signed-out deep link warns Unauthorized and lands on the PIN login', async ({ page }) => {
    await page.goto('/inventory');
    await expect(page.getByText('Unauthorized')).toBeVisible();
    await expect(page.getByText('You are logged out. Logging in again...')).toBeVisible();
    await expect(page).toHaveURL(/\/pin-login$/);
  });

  test('the landing page leads to the PIN login', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Professional Point of Sale & Procurement System')).toBeVisible();
    await page.getByRole('link', { name: 'PIN Login' }).click();
    await expect(page).toHaveURL(/\/pin-login$/);
  });

  test('an unknown path shows Page Not Found when signed in', async ({ page }) => {
    await signInWithKeypad(page, DEMO_STAFF.manager.pin);
    await page.goto('/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a cashier opening role management sees Access Denied', async ({ page }) => {
    await signInWithKeypad(page, DEMO_STAFF.cashier.pin);
    await page.goto('/role-management');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Only Super Administrators can access the Role Management system.')).toBeVisible();
  });

  test('the session survives a reload', async ({ page }) => {
    await signInWithKeypad(page, DEMO_STAFF.manager.pin);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Procurement Management', exact: true })).toBeVisible();
  });
});
