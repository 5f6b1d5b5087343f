import { expect, type Page, test } from '@playwright/test';
import { noModifiers, shot } from './support';

/**
 * A cashier runs the terminal without touching the mouse (issue #22): the PIN typed, products
 * scanned as a keyboard-wedge scanner sends them (the SKU and Enter, as one burst of keys), the
 * coffee's size by its number key, the payment by its keys, Complete Sale by F9 from the search
 * box, and 'Transaction Complete' answered by a key. The page counts every pointer press and
 * every mouse click: there are none. The sale is then read back through the API.
 */
const CASHIER_PIN = '2915';
const SKU = { latte: 'COF-LATT-01', muffin: 'BAK-MUFF-01', juice: 'DRK-ORAN-01', chips: 'SNK-CHIP-01' } as const;

type PointerLog = { presses: number; mouseClicks: number };

/** Counts pointer presses and clicks made by a mouse (a click from a key has `detail` 0). */
async function countPointerUse(page: Page) {
  await page.addInitScript(() => {
    const log = { presses: 0, mouseClicks: 0 };
    Object.assign(window, { __pointerLog: log });
    for (const type of ['pointerdown', 'mousedown', 'touchstart']) {
      window.addEventListener(type, () => log.presses++, true);
    }
    window.addEventListener('click', (event) => (event.detail > 0 ? log.mouseClicks++ : undefined), true);
  });
}

const pointerLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pointerLog: PointerLog }).__pointerLog);

/** The print window's print() and close() are recorded instead of run. */
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

async function signInWithKeys(page: Page) {
  await page.goto('/pin-login');
  await expect(page.getByRole('textbox', { name: 'PIN' })).toBeFocused();
  await page.keyboard.type(CASHIER_PIN);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pos$/);
  // The first load of the terminal on a busy two-core machine can take more than the default 5 s.
  await expect(page.getByTestId('product-grid')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('shift-status')).not.toHaveText(/Checking/);
}

/** A keyboard-wedge scan: the code's keys in one burst, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/** The POST of the sale, read when it answers. */
function saleAnswer(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/transactions') &&
      response.request().method() === 'POST' &&
      response.status() === 201,
  );
}

/**
 * F9. Without an open shift the terminal asks for one first: the opening float is typed and Enter
 * starts the shift, then F9 again (all by keys).
 */
async function completeWithF9(page: Page) {
  const complete = page.getByRole('dialog', { name: 'Transaction Complete' });
  const shift = page.getByRole('dialog', { name: 'Shift Management' });
  await page.keyboard.press('F9');
  await expect(complete.or(shift)).toBeVisible();
  if (await shift.isVisible()) {
    await expect(shift.getByLabel('Opening Float (optional)')).toBeFocused();
    await page.keyboard.type('150');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('shift-status')).toContainText(/Shift active/i);
    await expect(shift).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Search products' })).toBeFocused();
    await page.keyboard.press('F9');
  }
  await expect(complete).toBeVisible();
  return complete;
}

/** The coffee by scan and its size by number key: 4 is Takeaway Big Cup (spec §9 sort order). */
async function scanLatteTakeawayBig(page: Page) {
  await scan(page, SKU.latte);
  const sizes = page.getByRole('dialog', { name: 'Choose Size' });
  await expect(sizes.getByRole('button', { name: /^Takeaway Big Cup, \$4\.50/ })).toBeVisible();
  await expect(sizes.getByRole('button', { name: /^Takeaway Big Cup/ })).toHaveAttribute('aria-keyshortcuts', '4');
  await shot(page, 'keyboard-choose-size', false);
  await page.keyboard.press('4');
  await noModifiers(page);
  await expect(sizes).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Search products' })).toBeFocused();
}

test.describe('the terminal with the keyboard only', () => {
  test('a 3-item cash sale with a sized coffee: scans, the size key, F9 and S, no mouse', async ({ page }) => {
    await countPointerUse(page);
    await signInWithKeys(page);
    const search = page.getByRole('textbox', { name: 'Search products' });
    await expect(search).toBeFocused();

    await scanLatteTakeawayBig(page);
    await scan(page, SKU.muffin);
    await scan(page, SKU.juice);
    const cart = page.getByTestId('cart-panel');
    await expect(cart.getByTestId('cart-line')).toHaveCount(3);
    await expect(search).toHaveValue('');
    // + and − on the last line (the juice), from the empty search box.
    await page.keyboard.press('+');
    await expect(cart.getByTestId('cart-line').last().getByTestId('cart-line-quantity')).toHaveText('2');
    await page.keyboard.press('-');
    await expect(cart.getByTestId('cart-count')).toHaveText('3 items');
    // $4.50 + $4.00 + $3.50; Alt+3 is the third quick amount, $20.
    await expect(cart.getByTestId('total-Total')).toHaveText('$12.00');
    await page.keyboard.press('Alt+3');
    await expect(cart.getByTestId('change-due')).toHaveText('$8.00');
    await expect(search).toBeFocused();
    await shot(page, 'keyboard-cash-sale-ready');

    const answer = saleAnswer(page);
    const complete = await completeWithF9(page);
    const sale = (await (await answer).json()) as { id: string; number: string };
    await expect(complete).toContainText(`Sale #${sale.number}`);
    await expect(complete.getByTestId('complete-change-due')).toHaveText('$8.00');
    await expect(complete.getByRole('button', { name: 'Print Receipt' })).toBeFocused();
    await shot(page, 'keyboard-transaction-complete', false);
    await page.keyboard.press('s');
    await expect(complete).toBeHidden();
    // Ready for the next customer's first scan.
    await expect(search).toBeFocused();
    await expect(cart.getByTestId('cart-line')).toHaveCount(0);

    const receipt = await page.request.get(`/api/transactions/${sale.id}/receipt`);
    expect(receipt.status()).toBe(200);
    const body = await receipt.json();
    expect(body).toMatchObject({
      paymentMethod: 'cash',
      subtotal: '12.00',
      total: '12.00',
      amountReceived: '20.00',
      changeDue: '8.00',
      cashierName: 'Casey Cashier',
    });
    expect(body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: expect.stringContaining('Takeaway Big Cup'), quantity: 1, total: '4.50' }),
        expect.objectContaining({ name: 'Blueberry Muffin', quantity: 1, total: '4.00' }),
        expect.objectContaining({ name: 'Orange Juice', quantity: 1, total: '3.50' }),
      ]),
    );
    expect(body.items).toHaveLength(3);
    expect(await pointerLog(page)).toEqual({ presses: 0, mouseClicks: 0 });
  });

  test('the same by card with a reference: Alt+R, Alt+A, the reference, Esc, F9 and Enter to print', async ({
    page,
  }) => {
    await countPointerUse(page);
    await recordPrinting(page);
    await signInWithKeys(page);
    const search = page.getByRole('textbox', { name: 'Search products' });
    await expect(search).toBeFocused();

    await scan(page, SKU.chips);
    await scanLatteTakeawayBig(page);
    await scan(page, SKU.muffin);
    const cart = page.getByTestId('cart-panel');
    await expect(cart.getByTestId('cart-line')).toHaveCount(3);

    await page.keyboard.press('Alt+R');
    await expect(cart.getByRole('button', { name: 'Credit Card' })).toHaveAttribute('aria-pressed', 'true');
    // $2.50 + $4.50 + $4.00 = $11.00; 2.5% = $0.28 (0.275 rounded half up)
    await expect(cart.getByTestId('total-Card Fee (2.5%)')).toHaveText('$0.28');
    await expect(cart.getByTestId('total-Total')).toHaveText('$11.28');
    await page.keyboard.press('Alt+A');
    const reference = cart.getByLabel('Reference Code (optional)');
    await expect(reference).toBeFocused();
    // Keys typed in the reference are the reference: F9 does nothing here.
    await page.keyboard.type('445566');
    await page.keyboard.press('F9');
    await expect(page.getByRole('dialog', { name: 'Transaction Complete' })).toBeHidden();
    await expect(reference).toHaveValue('445566');
    await page.keyboard.press('Escape');
    await expect(search).toBeFocused();
    await shot(page, 'keyboard-card-sale-ready');

    const answer = saleAnswer(page);
    const complete = await completeWithF9(page);
    const sale = (await (await answer).json()) as { id: string; number: string };
    await expect(complete).toContainText(`Sale #${sale.number}`);
    const popup = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    const receiptWindow = await popup;
    await expect(receiptWindow.locator('body')).toContainText('Reference / Approval Code VTPD445566');
    await expect(complete).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { __printLog: string[] }).__printLog)).toEqual([
      'print',
      'close',
    ]);
    await expect(search).toBeFocused();

    const receipt = await page.request.get(`/api/transactions/${sale.id}/receipt`);
    expect(receipt.status()).toBe(200);
    const body = await receipt.json();
    expect(body).toMatchObject({
      paymentMethod: 'credit_card',
      subtotal: '11.00',
      tax: '0.28',
      total: '11.28',
      referenceCode: 'VTPD445566',
    });
    expect(body.items).toHaveLength(3);
    expect(await pointerLog(page)).toEqual({ presses: 0, mouseClicks: 0 });
  });

  test('an unknown scan says so once and clears the box; two quick scans both land', async ({ page }) => {
    await signInWithKeys(page);
    const search = page.getByRole('textbox', { name: 'Search products' });
    await expect(search).toBeFocused();
    await scan(page, 'NOPE-0000-99');
    await expect(page.getByText('No product has the SKU "NOPE-0000-99".')).toBeVisible();
    await expect(page.getByText('Unknown SKU')).toHaveCount(1);
    await expect(search).toHaveValue('');
    // Two scans back to back, the second typed while the first is still being looked up.
    await page.keyboard.type(`${SKU.chips}\n${SKU.juice}\n`);
    const cart = page.getByTestId('cart-panel');
    await expect(cart.getByTestId('cart-line')).toHaveCount(2);
    await expect(search).toHaveValue('');
    // The legend is one key away, and closes with Esc.
    await page.keyboard.press('?');
    const legend = page.getByRole('dialog', { name: 'Keyboard Shortcuts' });
    await expect(legend).toBeVisible();
    await shot(page, 'keyboard-legend', false);
    await page.keyboard.press('Escape');
    await expect(legend).toBeHidden();
    // At tablet width the legend's button is in the header, and the sale's keys still work.
    await page.setViewportSize({ width: 820, height: 1180 });
    await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeVisible();
    await shot(page, 'keyboard-terminal-820', false);
    await page.keyboard.press('Alt+A');
    await expect(page.getByLabel('Amount Received')).toBeFocused();
    await shot(page, 'keyboard-amount-820', false);
  });
});

test('every control of the terminal reached by Tab shows a focus ring of at least 2 px', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithKeys(page);
  const search = page.getByRole('textbox', { name: 'Search products' });
  await expect(search).toBeFocused();
  await scan(page, SKU.muffin);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  const seen: string[] = [];
  const missing: string[] = [];
  const walk = async (key: 'Tab' | 'Shift+Tab', stops: number) => {
    for (let stop = 0; stop < stops; stop++) {
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        // A segmented control's radio is hidden; its label shows the ring.
        const shown = el instanceof HTMLInputElement && el.type === 'radio' ? (el.labels?.[0] ?? el) : el;
        const style = getComputedStyle(shown);
        const width = style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth);
        const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null;
        const name = el.getAttribute('aria-label') ?? label ?? el.textContent?.trim().slice(0, 30) ?? '';
        return { name: `${el.tagName} ${name}`, width };
      });
      if (ring) {
        seen.push(ring.name);
        if (ring.width < 2) missing.push(`${ring.name} (outline ${ring.width}px)`);
      }
      await page.keyboard.press(key);
    }
  };
  // The header and the side bar (backwards from the search), the filters and the first products,
  // then the sale and the payment panel around Amount Received.
  await walk('Shift+Tab', 12);
  await page.keyboard.press('F2');
  await walk('Tab', 10);
  await page.keyboard.press('Alt+A');
  await expect(page.getByLabel('Amount Received')).toBeFocused();
  await walk('Shift+Tab', 16);
  await page.keyboard.press('Alt+A');
  await walk('Tab', 7);
  for (const control of [
    'BUTTON Keyboard shortcuts',
    'INPUT Search products',
    'INPUT Category',
    'BUTTON Increase quantity of Blueberry Muffin',
    'BUTTON Cash',
    'INPUT Amount Received',
    'BUTTON Quick amount $50',
    'BUTTON Complete Sale',
  ]) {
    expect(
      seen.some((name) => name.startsWith(control)),
      `${control} reached by Tab: ${seen.join(', ')}`,
    ).toBe(true);
  }
  expect(missing).toEqual([]);
});
