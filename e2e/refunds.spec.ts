import { expect, type Page, test } from '@playwright/test';
import { runAxe, WCAG_22_AA } from './axe';
import { shot, signIn, startSignedIn } from './support';

/**
 * Issue #15 items 5, 6 and 8 against the real server and the demo store: a cashier sells three
 * items, finds the sale in Sales History by its number, and a manager approves a refund of one
 * line with their PIN on the same screen; the REFUND receipt prints and the stock goes back up.
 * The cashier voids another sale with the manager's PIN, ends the shift and prints the Z report.
 * A manager reprints a receipt, marked COPY.
 */
const CASHIER_PIN = '2915';
const MANAGER_PIN = '4826';
const TRAIL_MIX = 'SNK-TRAI-01';
const CHIPS = 'SNK-CHIP-01';
const GRANOLA = 'SNK-GRAN-01';
const MUFFIN = 'BAK-MUFF-01';

async function recordPrinting(page: Page) {
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

const productCard = (page: Page, sku: string) => page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);

async function stockOf(page: Page, sku: string): Promise<number> {
  const text = await productCard(page, sku).getByTestId('product-stock').textContent();
  return Number(/(\d+) in stock/.exec(text ?? '')?.[1]);
}

async function ensureShift(page: Page) {
  const status = page.getByTestId('shift-status');
  await expect(status).not.toHaveText(/Checking/);
  if (/No active shift/i.test((await status.textContent()) ?? '')) {
    await page.getByTestId('shift-bar').getByRole('button', { name: 'Start Shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shift Management' });
    await dialog.getByLabel('Opening Float (optional)').fill('100');
    await dialog.getByRole('button', { name: 'Start Shift' }).click();
    await expect(page.getByText('Shift Started', { exact: true })).toBeVisible();
  }
  await expect(status).toContainText(/Shift active/i);
}

/** Completes the cart for cash and answers the sale's number. */
async function completeSale(page: Page, quick: string): Promise<string> {
  await page.getByRole('button', { name: `Quick amount ${quick}`, exact: true }).click();
  await page.getByRole('button', { name: 'Complete Sale' }).click();
  const complete = page.getByRole('dialog', { name: 'Transaction Complete' });
  await expect(complete).toBeVisible();
  const number = /Sale #([0-9A-F]{6})/.exec((await complete.textContent()) ?? '')?.[1] ?? '';
  expect(number).toMatch(/^[0-9A-F]{6}$/);
  await complete.getByRole('button', { name: 'Skip' }).click();
  await expect(complete).toBeHidden();
  return number;
}

async function openSale(page: Page, number: string) {
  await page.getByLabel('Sale number').fill(number);
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(1);
  await rows
    .first()
    .getByRole('button', { name: `Open sale #${number}` })
    .click();
  return page.getByRole('dialog', { name: `Sale #${number}` });
}

async function readPopup(page: Page, click: () => Promise<void>, marker: string): Promise<string> {
  const opened = page.waitForEvent('popup');
  await click();
  const popup = await opened;
  await expect(popup.locator('body')).toContainText(marker);
  const text = (await popup.locator('body').innerText()).replace(/\s+/g, ' ');
  await popup.close();
  return text;
}

/** WCAG 2.2 AA: the serious and critical axe violations on the page, one line each (none expected). */
async function axeViolations(page: Page, where: string): Promise<string> {
  const { violations } = await runAxe(page, WCAG_22_AA);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${where}: ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`,
    )
    .join('\n');
}

let refundedSale = '';
let voidedSale = '';

test('a cashier sells 3 items; a manager approves a refund of one line with their PIN; the REFUND receipt prints and stock goes back up', async ({
  page,
}) => {
  await recordPrinting(page);
  await signIn(page, CASHIER_PIN, /\/pos$/);
  await expect(page.getByTestId('product-grid')).toBeVisible();
  await ensureShift(page);

  const before = await stockOf(page, TRAIL_MIX);
  for (const sku of [TRAIL_MIX, CHIPS, GRANOLA]) await productCard(page, sku).click();
  refundedSale = await completeSale(page, '$20');
  await expect.poll(() => stockOf(page, TRAIL_MIX), { timeout: 15_000 }).toBe(before - 1);

  await page.getByRole('link', { name: 'Sales History' }).click();
  await expect(page).toHaveURL(/\/pos-history$/);
  const detail = await openSale(page, refundedSale);
  await expect(detail.getByTestId('sale-line')).toHaveCount(3);
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();

  const form = page.getByRole('dialog', { name: `Refund sale #${refundedSale}` });
  await expect(form.getByTestId('refund-line')).toHaveCount(3);
  // Nothing chosen, no reason, no PIN: the form says what is missing and sends nothing.
  await form.getByRole('button', { name: 'Give Refund' }).click();
  await expect(form.getByText('Choose at least one line to refund')).toBeVisible();
  await expect(form.getByText('Choose a reason')).toBeVisible();
  await expect(form.getByText('Manager PIN must be 4 digits')).toBeVisible();

  await form.getByLabel('Quantity to refund of Trail Mix').fill('1');
  await form.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Customer changed mind' }).click();
  await form.getByLabel('Note').fill('Bought the wrong size');
  await expect(form.getByRole('switch', { name: 'Put the goods back in stock' })).toBeChecked();
  await expect(form.getByTestId('refund-total')).toContainText('$3.80');
  await form.getByLabel('Manager PIN').fill(MANAGER_PIN);
  await shot(page, 'refund-form-cashier-1366', false);

  const receipt = await readPopup(page, () => form.getByRole('button', { name: 'Give Refund' }).click(), 'REFUND');
  expect(receipt).toContain(`for Sale #${refundedSale}`);
  expect(receipt).toMatch(/Refund #R[0-9A-F]{6}/);
  expect(receipt).toContain('1 × Trail Mix -$3.80');
  expect(receipt).toContain('Total Refunded -$3.80');
  expect(receipt).toContain('Approved by');
  await expect(page.getByText('Refund Given', { exact: true })).toBeVisible();

  // Back on the sale: the refund is listed, and the line shows what is left.
  const again = page.getByRole('dialog', { name: `Sale #${refundedSale}` });
  await expect(again.getByTestId('sale-refund')).toHaveCount(1);
  await expect(again.getByTestId('sale-refund')).toContainText('-$3.80');
  // Issue #30 item 17: who gave the refund and who approved it (the history named the cashier as approver).
  await expect(again.getByTestId('sale-refund')).toContainText('by Casey Cashier, approved by Morgan Manager');
  await expect(again.getByTestId('sale-events')).toContainText('Refunded by Casey Cashier, approved by Morgan Manager');
  await expect(again.getByTestId('sale-events')).not.toContainText('approved by Casey Cashier');
  await expect(again.getByRole('button', { name: 'Void Sale' })).toHaveCount(0);
  await shot(page, 'sale-detail-refunded-1366', false);
  await page.keyboard.press('Escape');

  await page.goto('/pos');
  await expect(page.getByTestId('product-grid')).toBeVisible();
  await expect.poll(() => stockOf(page, TRAIL_MIX), { timeout: 15_000 }).toBe(before);
});

test('a cashier voids a sale with the manager PIN, ends the shift and prints the Z report', async ({ page }) => {
  await recordPrinting(page);
  await signIn(page, CASHIER_PIN, /\/pos$/);
  await expect(page.getByTestId('product-grid')).toBeVisible();
  await ensureShift(page);
  const before = await stockOf(page, MUFFIN);
  await productCard(page, MUFFIN).click();
  const number = await completeSale(page, '$5');
  voidedSale = number;

  await page.getByRole('link', { name: 'Sales History' }).click();
  const detail = await openSale(page, number);
  await detail.getByRole('button', { name: 'Void Sale' }).click();
  const form = page.getByRole('dialog', { name: `Void sale #${number}` });
  await form.getByLabel('Reason for the void').fill('Rung up by mistake');
  await form.getByLabel('Manager PIN').fill('0000');
  await form.getByRole('button', { name: 'Void Sale' }).click();
  await expect(form.getByRole('alert')).toContainText('Invalid manager PIN');
  await form.getByLabel('Manager PIN').fill(MANAGER_PIN);
  await shot(page, 'void-form-cashier-1366', false);
  await form.getByRole('button', { name: 'Void Sale' }).click();
  const voided = page.getByRole('dialog', { name: `Sale #${number}` });
  await expect(voided).toContainText('Voided');
  // Issue #30 item 17: the void names the cashier and the approving manager.
  await expect(voided.getByTestId('sale-events')).toContainText('Voided by Casey Cashier, approved by Morgan Manager');
  await expect(voided.getByTestId('sale-events')).not.toContainText('approved by Casey Cashier');
  await shot(page, 'sale-detail-void-approver-1366', false);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('history-row').first()).toContainText('Voided');
  await shot(page, 'history-voided-1366');

  await page.goto('/pos');
  await expect(page.getByTestId('product-grid')).toBeVisible();
  await expect.poll(() => stockOf(page, MUFFIN), { timeout: 15_000 }).toBe(before);

  await page.getByTestId('shift-bar').getByRole('button', { name: 'End Shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shift Management' });
  await dialog.getByRole('button', { name: 'End Shift' }).click();
  const print = dialog.getByRole('button', { name: /^Print Z Report #\d+$/ });
  await expect(print).toBeVisible();
  // The shift summary shows the refund as money going back; the voided sale is not a sale.
  const summary = dialog.getByTestId('shift-summary');
  await expect(summary.getByRole('row', { name: /^Refunds \(1\)/ })).toContainText('-$3.80');
  await expect(summary.getByRole('row', { name: /^Cash refunds/ })).toContainText('-$3.80');
  await shot(page, 'shift-ended-refunds-1366', false);
  const zNumber = /#(\d+)/.exec((await print.textContent()) ?? '')?.[1] ?? '';
  const z = await readPopup(page, () => print.click(), `Z Report #${zNumber}`);
  expect(z).toContain('Expected cash');
  expect(z).toContain('Refunds (1) -$3.80');
  expect(z).toContain('Voids (1) $4.00');
});

test('voided sales are marked in Recent Transactions; a partly refunded sale shows its refund in the history list (issue #30 item 18)', async ({
  page,
}) => {
  test.skip(!voidedSale || !refundedSale, 'needs the voided and the refunded sales');
  test.setTimeout(120_000);
  await startSignedIn(page, MANAGER_PIN);
  for (const width of [1366, 820] as const) {
    await page.setViewportSize({ width, height: width === 820 ? 1180 : 900 });

    // POS dashboard: the voided sale is marked and its amount struck (the totals leave it out).
    await page.goto('/pos-dashboard');
    const recent = page
      .getByTestId('recent-transactions')
      .getByTestId('recent-transaction')
      .filter({ hasText: `#${voidedSale}` });
    await expect(recent.getByTestId('sale-status')).toHaveText('Voided');
    await expect(recent.getByText('$4.00', { exact: true })).toHaveCSS('text-decoration-line', 'line-through');
    await recent.scrollIntoViewIfNeeded();
    await shot(page, `recent-transactions-voided-dashboard-${width}`, false);
    expect(await axeViolations(page, `POS dashboard at ${width} px`)).toBe('');

    // Sales Reports: the same.
    await page.goto('/pos-reports');
    const reported = page
      .getByTestId('recent-transactions')
      .getByTestId('report-transaction')
      .filter({ hasText: `#${voidedSale}` });
    await expect(reported.getByTestId('sale-status')).toHaveText('Voided');
    await expect(reported.getByText('$4.00', { exact: true })).toHaveCSS('text-decoration-line', 'line-through');
    await reported.scrollIntoViewIfNeeded();
    await shot(page, `recent-transactions-voided-reports-${width}`, false);
    expect(await axeViolations(page, `Sales Reports at ${width} px`)).toBe('');

    // Sales History: the partly refunded sale says so, with what went back; the voided one is marked.
    await page.goto('/pos-history');
    await page.getByLabel('Sale number').fill(refundedSale);
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.getByTestId('history-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`#${refundedSale}`);
    await expect(rows.first().getByTestId('sale-status')).toHaveText('Partly refunded$3.80 back · 1 refund');
    await shot(page, `history-partly-refunded-${width}`);
    expect(await axeViolations(page, `Sales History at ${width} px`)).toBe('');
    await page.getByLabel('Sale number').fill(voidedSale);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`#${voidedSale}`);
    await expect(rows.first().getByTestId('sale-status')).toHaveText('Voided');
  }
});

test('a manager reprints a receipt, marked COPY', async ({ page }) => {
  test.skip(!refundedSale, 'needs the refunded sale');
  await recordPrinting(page);
  await startSignedIn(page, MANAGER_PIN);
  await page.goto('/pos-history');
  const detail = await openSale(page, refundedSale);
  await expect(detail.getByTestId('sale-events')).toContainText('Refunded by');
  const copy = await readPopup(page, () => detail.getByRole('button', { name: 'Reprint (COPY)' }).click(), 'COPY');
  expect(copy).toContain(`#${refundedSale}`);
  expect(copy).toContain('Trail Mix');
  // The manager's refund form has no PIN field: their own role approves.
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  const form = page.getByRole('dialog', { name: `Refund sale #${refundedSale}` });
  // Trail Mix went back in full; the other two lines can still be refunded.
  await expect(form.getByText('All refunded')).toHaveCount(1);
  await expect(form.getByRole('textbox', { name: /^Quantity to refund of/ })).toHaveCount(2);
  await expect(form.getByLabel('Manager PIN')).toHaveCount(0);
  await page.setViewportSize({ width: 820, height: 1180 });
  await shot(page, 'refund-form-manager-820', false);
});

test("a manager adjusts a product's stock and counts it from the product form; the movements are listed", async ({
  page,
}) => {
  await startSignedIn(page, MANAGER_PIN);
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory Management', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search products' }).fill('Protein Balls');
  const row = page.getByTestId('product-row').filter({ hasText: 'Protein Balls' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Edit Protein Balls' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  const stock = dialog.getByRole('textbox', { name: 'Stock', exact: true });
  const before = Number(await stock.inputValue());

  const panel = dialog.getByRole('group', { name: 'Adjust stock' });
  await panel.getByRole('textbox', { name: /^Units/ }).fill('-2');
  await panel.getByRole('textbox', { name: 'Reason' }).fill('Broken in storage');
  await panel.getByRole('button', { name: 'Apply adjustment' }).click();
  await expect(page.getByText('Stock Adjusted', { exact: true })).toBeVisible();
  await expect(stock).toHaveValue(String(before - 2));
  await expect(panel.getByTestId('stock-movement').first()).toContainText('Adjustment');
  await expect(panel.getByTestId('stock-movement').first()).toContainText('-2');

  await panel
    .locator('label')
    .filter({ hasText: /^Stock count$/ })
    .click();
  await expect(panel.getByRole('radio', { name: 'Stock count' })).toBeChecked();
  await panel.getByRole('textbox', { name: 'Counted quantity' }).fill(String(before + 5));
  await panel.getByRole('textbox', { name: 'Reason' }).fill('Monthly count');
  await panel.getByRole('button', { name: 'Record count' }).click();
  await expect(page.getByText('Stock Counted', { exact: true })).toBeVisible();
  await expect(stock).toHaveValue(String(before + 5));
  await expect(panel.getByTestId('stock-movement').first()).toContainText('Stock count');
  await expect(panel.getByTestId('stock-movement').first()).toContainText('+7');
  await shot(page, 'adjust-stock-1366', false);

  // Saving the form afterwards moves nothing more: the form was re-based on the new stock.
  await dialog.getByRole('button', { name: 'Update Product' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(String(before + 5));
});
