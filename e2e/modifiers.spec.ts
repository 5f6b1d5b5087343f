import { expect, type Page, test } from '@playwright/test';
import { noPrintDialogs, shot, signIn } from './support';

/**
 * Issue #35 item 1 (docs/adr/0035): modifiers. A cashier rings up "large latte, oat milk, extra
 * shot" by keyboard only: the Latte by its SKU, the size by its number key (4: Takeaway Big Cup),
 * then 'Choose Modifiers' (3: Oat, 5: Extra shot, Enter); pays cash with F9; the printed receipt
 * lists the modifiers under the line at $4.50 + $0.60 + $0.80 = $5.90.
 */
const CASHIER_PIN = '2915';
const LATTE = 'COF-LATT-01';

async function scan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

async function openTerminal(page: Page) {
  await signIn(page, CASHIER_PIN, /\/pos$/);
  const current = await (await page.request.get('/api/shifts/current')).json();
  if (!current.shift) {
    const stores = (await (await page.request.get('/api/stores')).json()) as { id: string; code: string }[];
    const main = stores.find((s) => s.code === 'MAIN');
    const started = await page.request.post('/api/shifts/start', {
      data: { openingFloat: '100.00', ...(main ? { storeId: main.id } : {}) },
    });
    expect(started.status(), await started.text()).toBe(201);
  }
  await page.reload();
  await expect(page.getByTestId('product-grid')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('shift-status')).toContainText(/Shift active/i);
}

test.describe('modifiers at the till', () => {
  test('large latte, oat milk, extra shot by keyboard, paid; the receipt shows the modifiers (1366 px)', async ({
    page,
  }) => {
    await noPrintDialogs(page);
    await openTerminal(page);
    const search = page.getByRole('textbox', { name: 'Search products' });
    await search.focus();
    await scan(page, LATTE);
    const sizes = page.getByRole('dialog', { name: 'Choose Size' });
    await expect(sizes.getByRole('button', { name: /^Takeaway Big Cup/ })).toBeVisible();
    await page.keyboard.press('4');

    const modifiers = page.getByRole('dialog', { name: 'Choose Modifiers' });
    await expect(modifiers).toBeVisible();
    await expect(modifiers.getByRole('button', { name: 'Oat, plus $0.60' })).toHaveAttribute('aria-keyshortcuts', '3');
    await expect(modifiers.getByRole('button', { name: 'Extra shot, plus $0.80' })).toHaveAttribute(
      'aria-keyshortcuts',
      '5',
    );
    // Two milks: the second replaces the first (Milk is 'choose 1').
    await page.keyboard.press('4');
    await page.keyboard.press('3');
    await page.keyboard.press('5');
    await expect(modifiers.getByRole('button', { name: 'Oat, plus $0.60' })).toHaveAttribute('aria-pressed', 'true');
    await expect(modifiers.getByRole('button', { name: 'Soy, plus $0.60' })).toHaveAttribute('aria-pressed', 'false');
    await expect(modifiers.getByText('Each: $5.90')).toBeVisible();
    await shot(page, 'modifiers-dialog-1366', false);
    await page.keyboard.press('Enter');
    await expect(modifiers).toBeHidden();

    const cart = page.getByTestId('cart-panel');
    const line = cart.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId('cart-line-modifiers')).toHaveText('Oat, Extra shot');
    await expect(cart.getByTestId('total-Total')).toHaveText('$5.90');

    // The same choice again merges into the line; none is a line of its own.
    await search.focus();
    await scan(page, LATTE);
    await page.keyboard.press('4');
    await expect(modifiers).toBeVisible();
    await page.keyboard.press('5');
    await page.keyboard.press('3');
    await page.keyboard.press('Enter');
    await expect(modifiers).toBeHidden();
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId('cart-line-quantity')).toHaveText('2');
    await search.focus();
    await scan(page, LATTE);
    await page.keyboard.press('4');
    await expect(modifiers).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(line).toHaveCount(2);
    await expect(cart.getByTestId('total-Total')).toHaveText('$16.30');
    await shot(page, 'modifiers-cart-1366');

    await search.focus();
    await page.keyboard.press('Alt+3');
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/transactions') && r.request().method() === 'POST' && r.status() === 201,
    );
    await page.keyboard.press('F9');
    const sale = (await (await answer).json()) as {
      id: string;
      items: Array<{ unitPrice: string; modifiers?: Array<{ name: string }> }>;
    };
    expect(sale.items.map((i) => [i.unitPrice, (i.modifiers ?? []).map((m) => m.name)])).toEqual([
      ['5.90', ['Oat', 'Extra shot']],
      ['4.50', []],
    ]);
    const complete = page.getByRole('dialog', { name: 'Transaction Complete' });
    await expect(complete).toBeVisible();
    const popupOpened = page.waitForEvent('popup');
    await page.keyboard.press('p');
    const popup = await popupOpened;
    await expect(popup.locator('body')).toContainText('Served by');
    const receipt = (await popup.locator('body').innerText()).replace(/\s+/g, ' ');
    expect(receipt).toContain('2 × Latte (Takeaway Big Cup) $11.80');
    expect(receipt).toContain('+ Oat $0.60');
    expect(receipt).toContain('+ Extra shot $0.80');
    await popup.setViewportSize({ width: 420, height: 700 });
    await popup.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp'}/modifiers-receipt.png` }).catch(() => {});
    await popup.close();
  });

  test('at tablet width (820 px) the dialog by touch: three extras, then Cancel adds nothing', async ({ page }) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    await openTerminal(page);
    await page.getByRole('button', { name: 'Latte, choose size' }).click();
    await page
      .getByRole('dialog', { name: 'Choose Size' })
      .getByRole('button', { name: /^Takeaway Big Cup/ })
      .click();
    const modifiers = page.getByRole('dialog', { name: 'Choose Modifiers' });
    await expect(modifiers).toBeVisible();
    for (const name of ['Extra shot, plus $0.80', 'Syrup, plus $0.50', 'Decaf']) {
      await modifiers.getByRole('button', { name, exact: true }).click();
    }
    await expect(modifiers.getByText('Each: $5.80')).toBeVisible();
    await shot(page, 'modifiers-dialog-820', false);
    await modifiers.getByRole('button', { name: 'Cancel' }).click();
    await expect(modifiers).toBeHidden();
    await page.getByRole('tab', { name: /Current Sale/ }).click();
    await expect(page.getByTestId('cart-panel').getByTestId('cart-line')).toHaveCount(0);
  });
});
