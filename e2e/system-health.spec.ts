import { expect, test } from '@playwright/test';
import { runAxe, WCAG_22_AA } from './axe';
import { shot, startSignedIn } from './support';

/**
 * Issue #30 item 24: System Health's memory is the server's resident memory against the
 * container's limit or the computer's memory (it was V8's heap used over reserved, red at 92% on
 * an idle server), the heap as a detail; at both widths, WCAG 2.2 AA.
 */
for (const width of [1366, 820]) {
  test(`System Health memory at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await startSignedIn(page, '7391');
    await page.goto('/super-admin');
    await page.getByRole('tab', { name: 'System Health' }).click();
    const memory = page.getByText(/^[\d,]+ MB \/ [\d,]+ MB$/);
    await expect(memory).toBeVisible();
    const [used, total] =
      ((await memory.textContent()) ?? '').match(/[\d,]+/g)?.map((n) => Number(n.replace(/,/g, ''))) ?? [];
    // Resident memory of a Node server is well over 50 MB; a machine or container has far more.
    expect(used).toBeGreaterThan(50);
    expect(total).toBeGreaterThan(used as number);
    await expect(page.getByText(/^Resident memory against the (container limit|computer's memory)$/)).toBeVisible();
    await expect(page.getByText(/^JavaScript heap \d+ MB of \d+ MB$/)).toBeVisible();
    const results = await runAxe(page, WCAG_22_AA);
    expect(results.violations).toEqual([]);
    await shot(page, `system-health-${width}`);
  });
}
