import { type Browser, expect, type Page, test } from '@playwright/test';
import { noModifiers, shot, signIn } from './support';

/**
 * Selling at the terminal against the real server and the demo store (issue #4; spec §2 POS
 * terminal and POS dashboard, §4 Cart and checkout, §5 Cash sale, §9 Receipt): a cashier opens a
 * shift, rings up a coffee in a size and two other products, pays cash with a quick amount,
 * prints the receipt, and the stock drops; a card sale carries the 2.5% fee and a VTPD
 * reference; a manager's dashboard in another browser shows the sale within 2 seconds.
 */
const CASHIER_PIN = '2915';
const SECOND_CASHIER_PIN = '3862';
const MANAGER_PIN = '4826';

const SKU = { muffin: 'BAK-MUFF-01', juice: 'DRK-ORAN-01', chips: 'SNK-CHIP-01', cola: 'DRK-COLA-01' } as const;

/**
 * The print window's print() and close() are recorded instead of run, so the test can read the
 * receipt the terminal wrote and see that it printed and closed in that order.
 */
async function recordPrinting(page: Page) {
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    const log: string[] = [];
    Object.assign(window, { __printLog: log });
    window.open = (...args: Parameters<typeof window.open>) => {
      const popup = open(...args);
      if (popup) {
        popup.print = () => log.push('print');
        popup.close = () => log.push('close');
      }
      return popup;
    };
  });
}

const printLog = (page: Page) => page.evaluate(() => (window as unknown as { __printLog: string[] }).__printLog);

const productCard = (page: Page, sku: string) => page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);

async function stockOf(page: Page, sku: string): Promise<number> {
  const text = await productCard(page, sku).getByTestId('product-stock').textContent();
  return Number(/(\d+) in stock/.exec(text ?? '')?.[1]);
}

async function openTerminal(page: Page) {
  await page.goto('/pos');
  await expect(page.getByTestId('product-grid')).toBeVisible();
  await expect(page.getByTestId('cashier-header')).toContainText('All sales are tracked to');
}

async function ensureShift(page: Page) {
  const status = page.getByTestId('shift-status');
  await expect(status).not.toHaveText(/Checking/);
  if (/No active shift/i.test((await status.textContent()) ?? '')) {
    await page.getByTestId('shift-bar').getByRole('button', { name: 'Start Shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shift Management' });
    await expect(dialog.getByText('A shift must be started before you can make sales.')).toBeVisible();
    await dialog.getByLabel('Opening Float (optional)').fill('150');
    await dialog.getByRole('button', { name: 'Start Shift' }).click();
    await expect(page.getByText('Shift Started', { exact: true })).toBeVisible();
  }
  await expect(status).toContainText(/Shift active/i);
}

/** Latte in 'Takeaway Big Cup' through the 'Choose Size' dialog; returns that size's stock before. */
async function addLatteTakeawayBig(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Latte, choose size' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Size' });
  const size = dialog.getByRole('button', { name: /^Takeaway Big Cup, \$4\.50/ });
  await expect(size).toBeVisible();
  const available = Number(/(\d+) available/.exec((await size.textContent()) ?? '')?.[1]);
  await size.click();
  await noModifiers(page);
  await expect(dialog).toBeHidden();
  return available;
}

async function sizeStock(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Latte, choose size' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Size' });
  const size = dialog.getByRole('button', { name: /^Takeaway Big Cup/ });
  await expect(size).toBeVisible();
  const available = Number(/(\d+) available/.exec((await size.textContent()) ?? '')?.[1]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  return available;
}

async function printAndReadReceipt(page: Page): Promise<string> {
  const complete = page.getByRole('dialog', { name: 'Transaction Complete' });
  const popupOpened = page.waitForEvent('popup');
  await complete.getByRole('button', { name: 'Print Receipt' }).click();
  const popup = await popupOpened;
  await expect(popup.locator('body')).toContainText('Served by');
  const receipt = (await popup.locator('body').innerText()).replace(/\s+/g, ' ');
  // spec §4: print after the 250 ms delay, close the window, then dismiss the dialog.
  await expect(complete).toBeHidden();
  expect(await printLog(page)).toEqual(['print', 'close']);
  expect(await popup.evaluate(() => document.body.style.width || getComputedStyle(document.body).width)).toBe('400px');
  await popup.close();
  return receipt;
}

async function quickCashSale(page: Page, sku: string) {
  await productCard(page, sku).click();
  await page.getByRole('button', { name: 'Quick amount $5', exact: true }).click();
  await page.getByRole('button', { name: 'Complete Sale' }).click();
  await expect(page.getByRole('dialog', { name: 'Transaction Complete' })).toBeVisible();
}

async function newSignedInPage(browser: Browser, pin: string, landing: RegExp) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, pin, landing);
  return { context, page };
}

test.describe('the POS terminal', () => {
  test('a cashier sells a sized coffee and two products for cash, prints the receipt, and stock drops', async ({
    page,
  }) => {
    await recordPrinting(page);
    await signIn(page, CASHIER_PIN, /\/pos$/);
    await openTerminal(page);
    await expect(page.getByTestId('cashier-header')).toContainText('Cashier');
    await ensureShift(page);

    const muffinBefore = await stockOf(page, SKU.muffin);
    const juiceBefore = await stockOf(page, SKU.juice);
    const latteBefore = await addLatteTakeawayBig(page);
    await productCard(page, SKU.muffin).click();
    await productCard(page, SKU.juice).click();

    const cart = page.getByTestId('cart-panel');
    await expect(cart.getByTestId('cart-line')).toHaveCount(3);
    await expect(cart.getByTestId('cart-count')).toHaveText('3 items');
    // $4.50 + $4.00 + $3.50
    await expect(cart.getByTestId('total-Total')).toHaveText('$12.00');

    await cart.getByRole('button', { name: 'Quick amount $20' }).click();
    await expect(cart.getByTestId('change-due')).toHaveText('$8.00');
    await cart.getByRole('button', { name: 'Complete Sale' }).click();

    const complete = page.getByRole('dialog', { name: 'Transaction Complete' });
    await expect(complete).toBeVisible();
    await expect(complete.getByTestId('complete-change-due')).toHaveText('$8.00');
    const saleText = (await complete.textContent()) ?? '';

    const receipt = await printAndReadReceipt(page);
    for (const text of [
      '1 × Latte (Takeaway Big Cup) $4.50',
      '1 × Blueberry Muffin $4.00',
      '1 × Orange Juice $3.50',
      'Subtotal $12.00',
      'Tax (0%) $0.00',
      'Total $12.00',
      'Amount Received $20.00',
      'Change Due $8.00',
      'Served by Casey',
    ]) {
      expect(receipt).toContain(text);
    }
    expect(receipt).not.toContain('Card Fee');

    // spec §4: the cart clears and the products refresh with the new stock.
    await expect(cart.getByTestId('cart-count')).toHaveText('0 items');
    await expect(cart.getByTestId('cart-line')).toHaveCount(0);
    await expect(productCard(page, SKU.muffin).getByTestId('product-stock')).toHaveText(`${muffinBefore - 1} in stock`);
    expect(await stockOf(page, SKU.juice)).toBe(juiceBefore - 1);
    await expect.poll(() => sizeStock(page), { timeout: 15_000 }).toBe(latteBefore - 1);

    // Receipts are data: the sale's receipt reprints from the server later.
    const number = /Sale #([0-9A-F]{6})/.exec(saleText)?.[1];
    await page.goto('/pos-dashboard');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: `Reprint receipt #${number}` }).click();
    const reprint = await popupOpened;
    await expect(reprint.locator('body')).toContainText('Served by Casey');
    const reprinted = (await reprint.locator('body').innerText()).replace(/\s+/g, ' ');
    expect(reprinted).toContain('1 × Latte (Takeaway Big Cup) $4.50');
    expect(reprinted).toContain('Change Due $8.00');
    expect(reprinted).toContain(`#${number}`);
  });

  test('a card sale adds the 2.5% card fee and prints the VTPD reference', async ({ page }) => {
    await recordPrinting(page);
    await signIn(page, CASHIER_PIN, /\/pos$/);
    await openTerminal(page);
    await ensureShift(page);

    // A keyboard-wedge scanner: the exact SKU and Enter add the product at once.
    const search = page.getByRole('textbox', { name: 'Search products' });
    await search.fill(SKU.chips);
    await search.press('Enter');
    await expect(search).toHaveValue('');
    await addLatteTakeawayBig(page);

    const cart = page.getByTestId('cart-panel');
    await expect(cart.getByTestId('cart-line')).toHaveCount(2);
    await cart.getByRole('button', { name: 'Eftpos' }).click();
    await expect(cart.getByLabel('Amount Received')).toHaveCount(0);
    // $2.50 + $4.50 = $7.00; 2.5% = $0.18 (0.175 rounded half up)
    await expect(cart.getByTestId('total-Subtotal')).toHaveText('$7.00');
    await expect(cart.getByTestId('total-Card Fee (2.5%)')).toHaveText('$0.18');
    await expect(cart.getByTestId('total-Total')).toHaveText('$7.18');
    await cart.getByLabel('Reference Code (optional)').fill('VTPD 445-566');
    await expect(cart.getByLabel('Reference Code (optional)')).toHaveValue('445566');
    await cart.getByLabel('Payment Notes (optional)').fill('Customer kept the slip');
    await cart.getByRole('button', { name: 'Complete Sale' }).click();

    await expect(page.getByRole('dialog', { name: 'Transaction Complete' })).toBeVisible();
    const receipt = await printAndReadReceipt(page);
    for (const text of [
      '1 × Sea Salt Chips $2.50',
      '1 × Latte (Takeaway Big Cup) $4.50',
      'Subtotal $7.00',
      'Tax (0%) $0.00',
      'Card Fee (2.5%) $0.18',
      'Total $7.18',
      'Payment Method Eftpos',
      'Reference / Approval Code VTPD445566',
      'Customer kept the slip',
      'Served by',
    ]) {
      expect(receipt).toContain(text);
    }
    expect(receipt).not.toContain('Change Due');
  });

  test('a sale the server does not answer is kept offline after 15 s, and its resend does not double it', async ({
    page,
  }) => {
    // Issue #13 item 18: Complete Sale used to spin forever when no answer came back. Issue #19:
    // after 15 s without an answer the sale goes to the terminal's outbox under the same key.
    test.setTimeout(90_000);
    // Issue #31: the page's clock is Playwright's, so the 15 s bound is reached by moving the
    // clock on instead of sleeping 12 s; it runs at the real pace otherwise.
    await page.clock.install();
    await signIn(page, CASHIER_PIN, /\/pos$/);
    await openTerminal(page);
    await ensureShift(page);
    const stockBefore = await stockOf(page, SKU.juice);

    // The first request reaches the server and is recorded, but its answer never comes back.
    const keys: string[] = [];
    const resent: string[] = [];
    const landed: { sale?: { id: string; number: string } } = {};
    await page.route('**/api/transactions', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.continue();
      const response = await route.fetch();
      landed.sale = await response.json();
      // No fulfil: the terminal waits on a request that never answers.
    });
    await page.route('**/api/transactions/offline', async (route) => {
      resent.push(route.request().headers()['idempotency-key'] ?? '');
      return route.continue();
    });

    await productCard(page, SKU.juice).click();
    const cart = page.getByTestId('cart-panel');
    await cart.getByRole('button', { name: 'Complete Sale' }).click();
    const complete = page.getByRole('dialog', { name: 'Transaction Complete' });
    const clicked = Date.now();
    // Still waiting (the button spins) well into the bound, then kept offline within it: the clock
    // jumps to 12 s after the click (the real time spent since counted), then past 15 s.
    await page.clock.fastForward(Math.max(0, 12_000 - (Date.now() - clicked)));
    await expect(complete).toBeHidden();
    await page.clock.fastForward(4_000);
    await expect(complete).toBeVisible({ timeout: 8_000 });
    await expect(complete.getByTestId('complete-offline')).toContainText('Offline – will sync');
    await expect.poll(() => landed.sale?.number).toMatch(/^[0-9A-F]{6}$/);
    await shot(page, 'pos-sale-kept-offline', false);
    await complete.getByRole('button', { name: 'Skip' }).click();

    // The outbox resends it under the same key: the server answers with the sale that had landed.
    await expect(page.getByTestId('unsynced-badge')).toBeHidden({ timeout: 30_000 });
    expect(keys).toHaveLength(1);
    expect(resent.length).toBeGreaterThanOrEqual(1);
    expect(new Set(resent)).toEqual(new Set(keys));
    await expect.poll(() => stockOf(page, SKU.juice), { timeout: 15_000 }).toBe(stockBefore - 1);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('an empty cart is refused, and a sale without a shift opens the shift prompt', async ({ page }) => {
    await signIn(page, SECOND_CASHIER_PIN, /\/pos$/);
    await openTerminal(page);
    await expect(page.getByTestId('shift-status')).toHaveText(/No active shift/i);

    await page.getByRole('button', { name: 'Complete Sale' }).click();
    await expect(page.getByText('Please add items to cart before checkout.')).toBeVisible();

    await productCard(page, SKU.cola).click();
    await page.getByRole('button', { name: 'Complete Sale' }).click();
    await expect(page.getByText('Please start your shift before making sales.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Shift Management' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Shift Management' }).getByRole('button', { name: 'Cancel' }).click();
    // The sale is still there to complete once the shift is open.
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
  });
});

test.describe('the POS dashboard', () => {
  test("a manager's dashboard shows a new sale within 2 seconds, without a reload", async ({ browser }) => {
    const manager = await newSignedInPage(browser, MANAGER_PIN, /\/$/);
    const cashier = await newSignedInPage(browser, CASHIER_PIN, /\/pos$/);
    try {
      const dashboard = manager.page;
      await dashboard.goto('/pos-dashboard');
      await expect(dashboard.getByTestId('live-updates')).toHaveAttribute('data-connected', 'true');
      const transactions = dashboard.getByTestId('stat-Transactions').getByTestId('stat-value');
      await expect(transactions).toHaveText(/^\d+$/);
      const before = Number(await transactions.textContent());

      await openTerminal(cashier.page);
      await ensureShift(cashier.page);
      await quickCashSale(cashier.page, SKU.cola);
      const number = (await cashier.page.getByRole('dialog', { name: 'Transaction Complete' }).textContent())?.match(
        /Sale #([0-9A-F]{6})/,
      )?.[1];
      expect(number).toBeTruthy();

      await expect(transactions).toHaveText(String(before + 1), { timeout: 2_000 });
      await expect(dashboard.getByTestId('recent-transaction').first()).toContainText(`#${number}`, {
        timeout: 2_000,
      });
      expect(dashboard.url()).toMatch(/\/pos-dashboard$/);
    } finally {
      await manager.context.close();
      await cashier.context.close();
    }
  });
});
