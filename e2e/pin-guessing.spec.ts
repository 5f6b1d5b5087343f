import { expect, test } from '@playwright/test';
import { runAxe, WCAG_22_AA } from './axe';
import { shot, startSignedIn } from './support';

/**
 * Issue #30 item 4: managers are alerted on their dashboard when wrong PINs trip a store-wide
 * daily breaker. The server's side (the breaker, GET /api/auth/pin-guessing) is tested in
 * apps/server/test/security/throttle-insider.test.ts; tripping it here would slow every later
 * spec's sign-ins, so the tripped answer is played back to the browser, after the real quiet one.
 */
const tripped = {
  known: { failures: 52, threshold: 50, tripped: true, since: new Date(Date.now() - 40 * 60_000).toISOString() },
  unknown: { failures: 104, threshold: 100, tripped: true, since: new Date(Date.now() - 90 * 60_000).toISOString() },
};

for (const width of [1366, 820]) {
  test(`the manager's dashboard shows the PIN-guessing alert only when a breaker tripped (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await startSignedIn(page, '4826');
    const quiet = page.waitForResponse((r) => r.url().endsWith('/api/auth/pin-guessing'));
    await page.goto('/pos-dashboard');
    const answer = await quiet;
    expect(answer.status()).toBe(200);
    expect((await answer.json()).known).toMatchObject({ tripped: false, threshold: 50 });
    await expect(page.getByTestId('stat-cards')).toBeVisible();
    await expect(page.getByTestId('pin-guessing')).toHaveCount(0);

    await page.route('**/api/auth/pin-guessing', (route) => route.fulfill({ json: tripped }));
    await page.reload();
    const alert = page.getByTestId('pin-guessing');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Possible PIN guessing');
    await expect(alert).toContainText('52 wrong PINs since');
    await expect(alert).toContainText('from staff who are signed in or on known tills (limit 50 a day)');
    await expect(alert).toContainText('104 wrong PINs since');
    await expect(page.getByRole('alert').filter({ hasText: 'Possible PIN guessing' })).toBeVisible();
    const { violations } = await runAxe(page, WCAG_22_AA, '[data-testid="pin-guessing"]');
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await shot(page, `pin-guessing-alert-${width}`, false);
  });
}
