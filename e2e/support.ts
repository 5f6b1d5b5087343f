import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

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
  // A step of its own, so the reporters time the sign-in apart from the test (issue #31).
  await test.step(
    'sign in through the API',
    async () => {
      const response = await page.request.post('/auth/pin', { data: { pin } });
      expect(response.status(), `sign-in with PIN ${pin}: ${await response.text()}`).toBe(200);
      await page.goto('/pin-login');
      await expect(page).not.toHaveURL(/pin-login/);
      if (landing) await expect(page).toHaveURL(landing);
    },
    { box: true },
  );
}

/**
 * Starts a test signed in, on no page yet (issue #31): the PIN goes to POST /auth/pin from the
 * page's browser context, which then holds the session and device cookies as after `signIn`, and
 * nothing is loaded, so the test's own first `goto` is the app's first load in that context. For
 * tests that open their first screen by address or set up through the API: `signIn` loads
 * /pin-login and the role's home first, a whole app load (the home's own requests too) that such a
 * test then leaves at once. Tests about where a role lands use `signIn` with `landing`; tests about
 * the PIN screen use `signInOnKeypad`. Each test still gets its own session (ADR 0022 decision 6).
 */
export async function startSignedIn(page: Page, pin: string): Promise<void> {
  await test.step(
    'sign in through the API, no page loaded',
    async () => {
      const response = await page.request.post('/auth/pin', { data: { pin } });
      expect(response.status(), `sign-in with PIN ${pin}: ${await response.text()}`).toBe(200);
    },
    { box: true },
  );
}

/**
 * Signs in on the PIN keypad (spec §2 PIN login) as a person would: the 'Login Successful' toast,
 * off the PIN screen, and on `landing` when given (the role's home, spec §2 interface selection).
 */
export async function signInOnKeypad(page: Page, pin: string, landing?: RegExp): Promise<void> {
  await test.step(
    'sign in on the keypad',
    async () => {
      await page.goto('/pin-login');
      for (const digit of pin) await page.getByRole('button', { name: `Digit ${digit}` }).click();
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Login Successful')).toBeVisible();
      await expect(page).not.toHaveURL(/pin-login/);
      if (landing) await expect(page).toHaveURL(landing);
    },
    { box: true },
  );
}

/**
 * Waits until the page's CSS transitions and animations have ended (issue #31: instead of a fixed
 * 300–400 ms sleep before axe samples colours or a test measures a box): the running finite ones
 * are awaited, and the page must then go three frames without one, since Mantine starts a
 * dialog's or a toast's transition two frames after it mounts. Endless ones (a loader's spin, a
 * skeleton's pulse) are not waited for. At most `timeout` ms.
 */
export async function transitionsEnded(page: Page, timeout = 5_000): Promise<void> {
  await page.evaluate(async (timeout) => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const deadline = performance.now() + timeout;
    let quiet = 0;
    while (quiet < 3 && performance.now() < deadline) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
      if (running.length === 0) quiet++;
      else {
        quiet = 0;
        await Promise.race([
          Promise.all(running.map((a) => a.finished.catch(() => undefined))),
          new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now()))),
        ]);
      }
      await frame();
    }
  }, timeout);
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

/**
 * Receipts open a print window (spec §4): the window stays open and readable, but its print() and
 * close() do nothing, so a test can read what would have printed.
 */
export async function noPrintDialogs(page: Page): Promise<void> {
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

/**
 * Issue #35 item 1: a coffee opens 'Choose Modifiers' after its size (the demo's Milk and Extras);
 * Enter adds it without any.
 */
export async function noModifiers(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Choose Modifiers' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}
