import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { noModifiers, signInOnKeypad } from './support';

/**
 * The user guide's screenshots (docs/guide/, issue #14 item 5): the flows the guide describes,
 * driven with the demo PINs against the demo store, each screen saved as the page the guide
 * links. Runs only with GUIDE_SHOTS=1 (`npm run docs:screenshots`), so `npm test` stays fast.
 * Every step still checks what it shows, so a changed screen fails here instead of leaving a
 * picture the text no longer matches.
 */
test.skip(!process.env.GUIDE_SHOTS, 'guide screenshots only with GUIDE_SHOTS=1 (npm run docs:screenshots)');

const IMAGES = path.resolve(process.cwd(), 'docs/guide/images');
const PINS = { manager: '4826', cashier: '2915' } as const;

/** Toasts of earlier steps ('Login Successful', 'Shift Started') are hidden unless the page is about them. */
const HIDE_TOASTS = '.mantine-Notifications-root { visibility: hidden !important; }';

/** The viewport (1366 x 768), not the full page: the guide shows what the person sees. */
async function picture(page: Page, name: string, { toasts = false } = {}): Promise<void> {
  mkdirSync(IMAGES, { recursive: true });
  // Let dialogs' transitions settle before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({
    path: path.join(IMAGES, `${name}.png`),
    animations: 'disabled',
    style: toasts ? undefined : HIDE_TOASTS,
  });
}

const productCard = (page: Page, sku: string) => page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);

test.describe('user guide screenshots', () => {
  test('first start: the PIN login and the interface chooser', async ({ page }) => {
    await page.goto('/pin-login');
    for (const digit of PINS.manager.slice(0, 2)) await page.getByRole('button', { name: `Digit ${digit}` }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await picture(page, 'pin-login');

    await signInOnKeypad(page, PINS.manager, /\/$/);
    await expect(page.getByText('POS System').first()).toBeVisible();
    await picture(page, 'interface-selection', { toasts: true });
  });

  test("a cashier's shift: start, sell for cash and by card, end with the summary", async ({ page }) => {
    await signInOnKeypad(page, PINS.cashier, /\/pos$/);
    await expect(page.getByTestId('product-grid')).toBeVisible();
    const status = page.getByTestId('shift-status');
    await expect(status).not.toHaveText(/Checking/);
    const shiftDialog = page.getByRole('dialog', { name: 'Shift Management' });
    if (/Shift active/i.test((await status.textContent()) ?? '')) {
      // A shift the demo left open: end it first so the guide starts from the beginning.
      await page.getByTestId('shift-bar').getByRole('button', { name: 'End Shift' }).click();
      await shiftDialog.getByRole('button', { name: 'End Shift' }).click();
      await shiftDialog.getByRole('button', { name: 'Done' }).click();
      await expect(status).toHaveText(/No active shift/i);
    }

    await page.getByTestId('shift-bar').getByRole('button', { name: 'Start Shift' }).click();
    await shiftDialog.getByLabel('Opening Float (optional)').fill('150');
    await picture(page, 'shift-start');
    await shiftDialog.getByRole('button', { name: 'Start Shift' }).click();
    await expect(status).toContainText(/Shift active/i);

    // A coffee in a size, then a muffin; cash with a quick amount.
    await page.getByRole('button', { name: 'Latte, choose size' }).click();
    const sizes = page.getByRole('dialog', { name: 'Choose Size' });
    await expect(sizes.getByRole('button', { name: /^Takeaway Big Cup, \$4\.50/ })).toBeVisible();
    await picture(page, 'choose-size');
    await sizes.getByRole('button', { name: /^Takeaway Big Cup, \$4\.50/ }).click();
    await noModifiers(page);
    await expect(sizes).toBeHidden();
    await productCard(page, 'BAK-MUFF-01').click();
    const cart = page.getByTestId('cart-panel');
    await expect(cart.getByTestId('total-Total')).toHaveText('$8.50');
    await cart.getByRole('button', { name: 'Quick amount $10' }).click();
    await expect(cart.getByTestId('change-due')).toHaveText('$1.50');
    await picture(page, 'cash-sale');
    await cart.getByRole('button', { name: 'Complete Sale' }).click();
    const complete = page.getByRole('dialog', { name: 'Transaction Complete' });
    await expect(complete).toBeVisible();
    await complete.getByRole('button', { name: 'Skip' }).click();
    await expect(complete).toBeHidden();

    // A card sale: the 2.5% card fee and a reference code.
    await productCard(page, 'DRK-ORAN-01').click();
    await productCard(page, 'SNK-CHIP-01').click();
    await cart.getByRole('button', { name: 'Eftpos' }).click();
    await expect(cart.getByTestId('total-Card Fee (2.5%)')).toHaveText('$0.15');
    await cart.getByLabel('Reference Code (optional)').fill('445566');
    await picture(page, 'card-sale');
    await cart.getByRole('button', { name: 'Complete Sale' }).click();
    await expect(complete).toBeVisible();
    await complete.getByRole('button', { name: 'Skip' }).click();
    await expect(complete).toBeHidden();

    // Pairing a tablet as the customer display: the till's 6-digit code.
    await page.getByRole('button', { name: 'Customer Display' }).click();
    await page.getByRole('menuitem', { name: 'Pair a Customer Display' }).click();
    const pairing = page.getByRole('dialog', { name: 'Pair a Customer Display' });
    await expect(pairing.getByTestId('display-code')).toHaveText(/^\d{6}$/);
    await picture(page, 'customer-display-pair-code');
    await page.keyboard.press('Escape');
    await expect(pairing).toBeHidden();

    // End of the shift: counted cash, then the summary.
    await page.getByTestId('shift-bar').getByRole('button', { name: 'End Shift' }).click();
    await shiftDialog.getByLabel('Counted Cash (optional)').fill('158.50');
    await shiftDialog.getByRole('button', { name: 'End Shift' }).click();
    await expect(shiftDialog.getByTestId('shift-summary')).toBeVisible();
    await picture(page, 'shift-summary');
    await shiftDialog.getByRole('button', { name: 'Done' }).click();
  });

  test('managing products and stock', async ({ page }) => {
    await signInOnKeypad(page, PINS.manager, /\/$/);
    await page.goto('/inventory');
    await expect(page.getByRole('heading', { name: 'Inventory Management', level: 1 })).toBeVisible();
    await expect(page.getByTestId('product-row').first()).toBeVisible();
    await picture(page, 'inventory');

    await page.getByRole('textbox', { name: 'Search products' }).fill('Blueberry Muffin');
    const row = page.getByTestId('product-row').filter({ hasText: 'Blueberry Muffin' });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Edit Blueberry Muffin' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(edit.getByRole('textbox', { name: 'Stock', exact: true })).toBeVisible();
    await picture(page, 'edit-product');
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  test('reports and exports', async ({ page }) => {
    await signInOnKeypad(page, PINS.manager, /\/$/);
    await page.goto('/pos-reports');
    await expect(page.getByTestId('report-transaction').first()).toBeVisible();
    await picture(page, 'sales-reports');
    await page.getByRole('button', { name: 'Actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Export VTPD' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Print Report' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/analytics');
    await page.getByRole('button', { name: 'Export Reports' }).click();
    await expect(page.getByRole('dialog', { name: 'Export Reports' })).toBeVisible();
    await picture(page, 'analytics-export');
  });

  test('staff and PINs', async ({ page }) => {
    await signInOnKeypad(page, PINS.manager, /\/$/);
    await page.goto('/admin/staff');
    await expect(page.getByRole('button', { name: 'Set PIN for Chris Cashier' })).toBeVisible();
    await picture(page, 'staff');
    await page.getByRole('button', { name: 'Set PIN for Chris Cashier' }).click();
    const dialog = page.getByRole('dialog', { name: 'New 4-digit PIN?' });
    await expect(dialog.getByLabel('New 4-digit PIN')).toBeVisible();
    await picture(page, 'set-pin');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('departments and asset loans', async ({ page }) => {
    await signInOnKeypad(page, PINS.manager, /\/$/);
    await page.goto('/procurement-departments');
    await expect(page.getByRole('button', { name: 'Add Department' })).toBeVisible();
    await expect(page.getByLabel('Search departments')).toBeVisible();
    await picture(page, 'departments');

    await page.goto('/asset-checkout');
    await expect(page.getByTestId('checkout-card').first()).toBeVisible();
    await picture(page, 'asset-loans');
    await page.getByRole('button', { name: 'Checkout Asset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout Asset' });
    await dialog.getByLabel(/^Asset/).click();
    await page.getByRole('option', { name: /^Cordless Drill/ }).click();
    await dialog.getByLabel(/^Borrower/).click();
    await page.getByRole('option', { name: /^Casey Cashier/ }).click();
    await picture(page, 'checkout-asset');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
