import { expect, type Page, test } from '@playwright/test';
import { shot, startSignedIn, transitionsEnded } from './support';

/**
 * Readable at tablet width (issue #13 item 13; docs/architecture.md, Standards: WCAG 2.2 AA at 1366 px and at
 * 820 px): no text the screen shows is cut by an ellipsis or a line clamp, and no placeholder is
 * wider than its field. At 820 px the terminal's search read 'Search products or s', product
 * names and badges were cut in the inventory table, 'mobile paym…' in the report lists, and long
 * department names on the cards.
 */
const MANAGER_PIN = '4826';

type Cut = { text: string; where: string };

/**
 * Every element whose own text is cut: an ellipsis or a line clamp with more content than room,
 * a table wider than its box (its last columns need a sideways scroll), or an input whose
 * placeholder is wider than the box it is typed in.
 */
async function cutTexts(page: Page): Promise<Cut[]> {
  return page.evaluate(() => {
    const cuts: { text: string; where: string }[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}`;
    const visible = (el: HTMLElement) => el.offsetParent !== null && el.getClientRects().length > 0;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      // The sign-in toast is not part of the screen.
      if (!visible(el) || el.closest('.mantine-Notification-root')) continue;
      const style = getComputedStyle(el);
      const clipsX = style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
      const clamp = style.getPropertyValue('-webkit-line-clamp');
      const clipsY = clamp !== '' && clamp !== 'none' && el.scrollHeight > el.clientHeight + 1;
      if (clipsX || clipsY) cuts.push({ text: (el.textContent ?? '').trim().slice(0, 80), where: describe(el) });
      // A table wider than its box hides its last columns behind a sideways scroll.
      if (
        el.tagName === 'TABLE' &&
        el.parentElement &&
        el.getBoundingClientRect().right > el.parentElement.getBoundingClientRect().right + 1
      ) {
        cuts.push({ text: (el.getAttribute('aria-label') ?? 'table').slice(0, 80), where: 'table wider than its box' });
      }
    }
    const canvas = document.createElement('canvas').getContext('2d');
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
      if (!visible(input) || !canvas || input.value !== '') continue;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      if (canvas.measureText(input.placeholder).width > room + 1) {
        cuts.push({ text: input.placeholder, where: `placeholder of ${describe(input)}` });
      }
    }
    return cuts;
  });
}

async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.mantine-Skeleton-root[data-visible]')).toHaveCount(0, { timeout: 15_000 });
  await transitionsEnded(page);
}

const SCREENS = [
  { path: '/pos', name: 'terminal' },
  { path: '/inventory', name: 'inventory' },
  { path: '/pos-inventory', name: 'pos-inventory' },
  { path: '/reports', name: 'reports' },
  { path: '/pos-reports', name: 'pos-reports' },
  { path: '/departments', name: 'departments' },
  { path: '/procurement-departments', name: 'procurement-departments' },
  { path: '/pos-dashboard', name: 'pos-dashboard' },
  { path: '/procurement-dashboard', name: 'procurement-dashboard' },
  { path: '/asset-checkout', name: 'asset-checkout' },
  { path: '/analytics', name: 'analytics' },
  { path: '/expenses', name: 'expenses' },
] as const;

for (const width of [820, 1366] as const) {
  test(`at ${width} px the terminal, inventory, reports, departments and dashboards show every text in full`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 820 ? 1180 : 768 });
    await startSignedIn(page, MANAGER_PIN);
    const found: string[] = [];
    for (const screen of SCREENS) {
      await settle(page, screen.path);
      for (const cut of await cutTexts(page)) found.push(`${screen.path}: ${cut.where}: '${cut.text}'`);
      await shot(page, `${screen.name}-${width}`);
    }
    expect(found.join('\n')).toBe('');
  });
}

test("at 820 px the terminal's search shows its whole placeholder", async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await startSignedIn(page, MANAGER_PIN);
  await settle(page, '/pos');
  const search = page.getByPlaceholder('Search products or scan a SKU');
  await expect(search).toBeVisible();
  const cuts = await cutTexts(page);
  expect(cuts.filter((c) => c.text === 'Search products or scan a SKU')).toEqual([]);
});
