import { expect, type Page, test } from '@playwright/test';
import { noModifiers, shot, signIn } from './support';

/**
 * Issue #35 item 3: held sales (open tickets). A cashier rings up a large coffee and a muffin by
 * keyboard, holds the cart for "Table 4" (F8), serves another customer, opens Held Sales (F4),
 * resumes Table 4 with its age shown, and pays it. At tablet width the same with the buttons.
 */
const CASHIER_PIN = '2915';
const SKU = { latte: 'COF-LATT-01', muffin: 'BAK-MUFF-01', juice: 'DRK-ORAN-01' } as const;

async function scan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/** The cashier's open shift (started at the main café when there is none). */
async function ensureShift(page: Page) {
  const current = await (await page.request.get('/api/shifts/current')).json();
  if (current.shift) return;
  const stores = (await (await page.request.get('/api/stores')).json()) as { id: string; code: string }[];
  const main = stores.find((s) => s.code === 'MAIN');
  const started = await page.request.post('/api/shifts/start', {
    data: { openingFloat: '100.00', ...(main ? { storeId: main.id } : {}) },
  });
  expect(started.status(), await started.text()).toBe(201);
}

async function openTerminal(page: Page) {
  await signIn(page, CASHIER_PIN, /\/pos$/);
  await ensureShift(page);
  await page.reload();
  await expect(page.getByTestId('product-grid')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('shift-status')).toContainText(/Shift active/i);
}

function saleAnswer(page: Page) {
  return page.waitForResponse(
    (r) => r.url().endsWith('/api/transactions') && r.request().method() === 'POST' && r.status() === 201,
  );
}

test.describe('held sales', () => {
  test('hold a cart by keyboard, serve another customer, resume it and pay (1366 px)', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openTerminal(page);
    const search = page.getByRole('textbox', { name: 'Search products' });
    await search.focus();
    await scan(page, SKU.latte);
    const sizes = page.getByRole('dialog', { name: 'Choose Size' });
    await expect(sizes.getByRole('button', { name: /^Takeaway Big Cup/ })).toBeVisible();
    await page.keyboard.press('4');
    await noModifiers(page);
    await expect(sizes).toBeHidden();
    await scan(page, SKU.muffin);
    const cart = page.getByTestId('cart-panel');
    await expect(cart.getByTestId('cart-line')).toHaveCount(2);
    const heldTotal = await cart.getByTestId('total-Total').textContent();

    // F8: Hold Sale asks a name or table number; Enter holds it and the cart is empty again.
    await page.keyboard.press('F8');
    const hold = page.getByRole('dialog', { name: 'Hold Sale' });
    await expect(hold.getByLabel(/Name or table number/)).toBeFocused();
    await page.keyboard.type('Table 4');
    await shot(page, 'held-sales-hold-dialog-1366', false);
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/held-sales') && r.request().method() === 'POST');
    await page.keyboard.press('Enter');
    expect((await posted).status()).toBe(201);
    await expect(hold).toBeHidden();
    await expect(cart.getByTestId('cart-count')).toHaveText('0 items');

    // Another customer: a juice, paid at once.
    await search.focus();
    await scan(page, SKU.juice);
    await expect(cart.getByTestId('cart-line')).toHaveCount(1);
    await page.keyboard.press('Alt+3');
    const other = saleAnswer(page);
    await page.keyboard.press('F9');
    await other;
    const complete = page.getByRole('dialog', { name: 'Transaction Complete' });
    await expect(complete).toBeVisible();
    await page.keyboard.press('s');
    await expect(complete).toBeHidden();

    // F4: Held Sales, with Table 4 and its age; resume it.
    await page.keyboard.press('F4');
    const list = page.getByRole('dialog', { name: 'Held Sales' });
    const row = list.getByTestId('held-sale').filter({ hasText: 'Table 4' }).last();
    await expect(row).toBeVisible();
    await expect(row.getByTestId('held-sale-age')).toHaveText(/^\d+ min$/);
    await expect(row).toContainText('1 × Latte (Takeaway Big Cup), 1 × Blueberry Muffin');
    await shot(page, 'held-sales-list-1366', false);
    const resumeButton = row.getByRole('button', { name: 'Resume Table 4' });
    await resumeButton.focus();
    const taken = page.waitForResponse(
      (r) => r.url().includes('/api/held-sales/') && r.request().method() === 'DELETE',
    );
    await page.keyboard.press('Enter');
    expect((await taken).status()).toBe(200);
    await expect(list).toBeHidden();
    await expect(cart.getByTestId('cart-line')).toHaveCount(2);
    await expect(cart.getByTestId('total-Total')).toHaveText(heldTotal ?? '');
    await shot(page, 'held-sales-resumed-1366');

    // Paid like any sale.
    await search.focus();
    await page.keyboard.press('Alt+3');
    const paid = saleAnswer(page);
    await page.keyboard.press('F9');
    const sale = (await (await paid).json()) as { items: unknown[] };
    expect(sale.items).toHaveLength(2);
    await expect(page.getByRole('dialog', { name: 'Transaction Complete' })).toBeVisible();
    await page.keyboard.press('s');
  });

  test('at tablet width (820 px): Hold Sale and Held Sales by their buttons', async ({ page }) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    await openTerminal(page);
    const search = page.getByRole('textbox', { name: 'Search products' });
    await search.focus();
    await scan(page, SKU.muffin);
    await page.getByRole('tab', { name: /Current Sale/ }).click();
    const cart = page.getByTestId('cart-panel');
    await expect(cart.getByTestId('cart-line')).toHaveCount(1);
    await cart.getByRole('button', { name: 'Hold Sale' }).click();
    const hold = page.getByRole('dialog', { name: 'Hold Sale' });
    await hold.getByLabel(/Name or table number/).fill('Sam');
    await shot(page, 'held-sales-hold-dialog-820', false);
    await hold.getByRole('button', { name: 'Hold Sale' }).click();
    await expect(hold).toBeHidden();
    await page.getByRole('button', { name: /^Held Sales/ }).click();
    const list = page.getByRole('dialog', { name: 'Held Sales' });
    const row = list.getByTestId('held-sale').filter({ hasText: 'Sam' }).last();
    await expect(row).toBeVisible();
    await shot(page, 'held-sales-list-820', false);
    await row.getByRole('button', { name: 'Resume Sam' }).click();
    await expect(list).toBeHidden();
    await expect(cart.getByTestId('cart-line')).toHaveCount(1);
    await shot(page, 'held-sales-resumed-820');
    await cart.getByRole('button', { name: 'Clear' }).click();
  });
});
