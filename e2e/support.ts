import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/**
 * Signs in for a test that is not about signing in (issue #31): the PIN goes to POST /auth/pin
 * from the page's browser context, so the session and device cookies (ADR 0008) land in that
 * context as the keypad's sign-in would set them, and /pin-login then sends the signed-in person
 * to their role's home, where the keypad would have taken them (spec §2 interface selection);
 * `landing`, when given, is checked. Every test still gets its own session, so one that signs out,
 * changes a PIN or is throttled touches no other test's session. The keypad's typing, the 'Login
 * Successful' toast and the PIN screen are tested with signInOnKeypad (auth, toasts, axe, offline).
 */
export async function signIn(page: Page, pin: string, landing?: RegExp): Promise<void> {
  const response = await page.request.post('/auth/pin', { data: { pin } });
  expect(response.status(), `sign-in with PIN ${pin}: ${await response.text()}`).toBe(200);
  await page.goto('/pin-login');
  await expect(page).not.toHaveURL(/pin-login/);
  if (landing) await expect(page).toHaveURL(landing);
}

/**
 * Signs in on the PIN keypad (spec §2 PIN login) as a person would: the 'Login Successful' toast,
 * off the PIN screen, and on `landing` when given (the role's home, spec §2 interface selection).
 */
export async function signInOnKeypad(page: Page, pin: string, landing?: RegExp): Promise<void> {
  await page.goto('/pin-login');
  for (const digit of pin) await page.getByRole('button', { name: `Digit ${digit}` }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page).not.toHaveURL(/pin-login/);
  if (landing) await expect(page).toHaveURL(landing);
}

/** Folder for screenshots a human looks at (E2E_SHOTS_DIR); none are taken without it. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? process.env.SHOTS_DIR ?? '';

/** A screenshot for review; a dialog is best shot as the viewport (a full-page shot resizes it). */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/**
 * Archives every store a spec added, leaving the demo's two cafés (MAIN, LIB): the specs after it
 * expect the demo's stores, also when a test failed half-way.
 */
export async function archiveAddedStores(page: Page): Promise<void> {
  const stores = await page.request.get('/api/stores');
  if (!stores.ok()) return;
  for (const store of (await stores.json()) as { id: string; code: string; isArchived?: boolean }[]) {
    if (store.code === 'MAIN' || store.code === 'LIB' || store.isArchived) continue;
    const archived = await page.request.patch(`/api/stores/${store.id}`, { data: { isArchived: true } });
    expect(archived.status()).toBe(200);
  }
}
