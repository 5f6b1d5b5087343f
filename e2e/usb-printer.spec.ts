import { expect, type Page, test } from '@playwright/test';
import { decodeEscPos } from '../apps/server/src/modules/printers/escpos-decode';
import { shot, signIn } from './support';

/**
 * Issue #36 item 1, a printer plugged into the till (docs/adr/0031 §10): a fake `navigator.serial`
 * (injected before the app loads) stands for a serial receipt printer and keeps every write. A manager
 * adds the printer, connects it on this till (the permission prompt is the fake's requestPort) and
 * makes it the terminal's printer; a cash sale's receipt is then claimed and written by the browser,
 * with the receipt text, a cut (GS V) and one drawer pulse (ESC p).
 */
const MANAGER_PIN = '4826';
const SKU = 'DRK-ORAN-01';

declare global {
  interface Window {
    __serialWrites: number[][];
    __serialBaud: number | null;
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__serialWrites = [];
    window.__serialBaud = null;
    let writable: WritableStream<Uint8Array> | null = null;
    const port = {
      get writable() {
        return writable;
      },
      async open(options: { baudRate: number }) {
        window.__serialBaud = options.baudRate;
        writable = new WritableStream<Uint8Array>({
          write(chunk) {
            window.__serialWrites.push([...chunk]);
          },
        });
      },
      getInfo: () => ({ usbVendorId: 0x0416, usbProductId: 0x5011 }),
    };
    // The permission outlives a reload, as Chrome's does.
    const granted = () => localStorage.getItem('e2e.serial-granted') === '1';
    Object.defineProperty(navigator, 'serial', {
      configurable: true,
      value: {
        getPorts: async () => (granted() ? [port] : []),
        requestPort: async () => {
          localStorage.setItem('e2e.serial-granted', '1');
          return port;
        },
      },
    });
  });
});

const writes = (page: Page) => page.evaluate(() => window.__serialWrites);

async function ensureShift(page: Page): Promise<void> {
  await expect(page.getByTestId('product-grid')).toBeVisible({ timeout: 30_000 });
  const status = page.getByTestId('shift-status');
  await expect(status).not.toHaveText(/Checking/);
  if (/No active shift/i.test((await status.textContent()) ?? '')) {
    await page.getByTestId('shift-bar').getByRole('button', { name: 'Start Shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shift Management' });
    const store = dialog.getByRole('combobox', { name: 'Store' });
    if (await store.count()) {
      await store.click();
      await page.getByRole('option').first().click();
    }
    await dialog.getByRole('button', { name: 'Start Shift' }).click();
  }
  await expect(status).toContainText(/Shift active/i);
}

test('a serial printer on the till: connected once, a cash sale prints its receipt with a cut and one pulse', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, MANAGER_PIN);
  await page.goto('/terminals');
  const panel = page.getByTestId('printers-panel');
  await panel.getByRole('button', { name: 'Add Printer' }).click();
  const form = page.getByRole('dialog', { name: 'Add Printer' });
  await form.getByLabel('Printer Name').fill('Till Serial');
  await form.getByRole('combobox', { name: 'Connection' }).click();
  await page.getByRole('option', { name: 'Serial on the till (Chrome or Edge)' }).click();
  await expect(form.getByLabel('Host or IP Address')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save Printer' }).click();
  const row = panel.getByTestId('printer-row').filter({ hasText: 'Till Serial' });
  await expect(row).toContainText('Serial on the till');
  await expect(row.getByRole('button', { name: 'Test Till Serial' })).toBeDisabled();

  await shot(page, 'usb-printer-not-connected-1366', false);
  await row.getByRole('button', { name: 'Connect on this till: Till Serial' }).click();
  await expect(row).toContainText('Serial: connected on this till');
  await expect(row.getByRole('button', { name: 'Test Till Serial' })).toBeEnabled();

  const bind = panel.getByLabel('This terminal prints to');
  await expect(bind).toBeEnabled({ timeout: 20_000 });
  await bind.click();
  await page.getByRole('option', { name: 'Till Serial', exact: true }).click();
  await expect(page.getByText('This terminal now prints to Till Serial.')).toBeVisible();
  await shot(page, 'usb-printer-panel-1366');
  await page.setViewportSize({ width: 820, height: 1180 });
  await shot(page, 'usb-printer-panel-820');
  await page.setViewportSize({ width: 1366, height: 900 });

  // The test page goes through the port too (this page sends the till printer's jobs).
  await row.getByRole('button', { name: 'Test Till Serial' }).click();
  await expect.poll(async () => (await writes(page)).length, { timeout: 20_000 }).toBe(1);
  expect(decodeEscPos(Uint8Array.from((await writes(page))[0] ?? [])).lines.join('\n')).toContain('Printer Test');
  expect(await page.evaluate(() => window.__serialBaud)).toBe(9600);

  await page.goto('/pos');
  await expect(page.getByRole('button', { name: 'Open Drawer' })).toBeVisible({ timeout: 20_000 });
  await ensureShift(page);

  await page.locator(`[data-testid="product-card"][data-sku="${SKU}"]`).click();
  const pay = page.getByTestId('payment-panel');
  await pay.getByLabel('Amount Received').fill('10');
  const sale = page.waitForResponse((r) => r.url().endsWith('/api/transactions') && r.request().method() === 'POST');
  await pay.getByRole('button', { name: 'Complete Sale' }).click();
  expect((await sale).status()).toBe(201);
  const complete = page.getByRole('dialog', { name: 'Transaction Complete' });
  const claimed = page.waitForResponse((r) => /\/api\/print-jobs\/[^/]+\/claim$/.test(r.url()));
  const reported = page.waitForResponse((r) => /\/api\/print-jobs\/[^/]+\/result$/.test(r.url()));
  await complete.getByRole('button', { name: 'Print Receipt' }).click();
  expect((await claimed).status()).toBe(200);
  const result = await reported;
  expect(result.request().postDataJSON()).toEqual({ outcome: 'printed' });
  expect((await result.json()).status).toBe('printed');

  // The receipt is one write, the last (Start Shift's float-count pulse, if any, came before it).
  const receipt = Uint8Array.from((await writes(page)).at(-1) ?? []);
  const decoded = decodeEscPos(receipt);
  expect(decoded.lines.some((l) => l.startsWith('Change Due'))).toBe(true);
  expect(decoded.cuts).toBe(1);
  expect(decoded.pulses).toBe(1);
  // The raw bytes: GS V (cut) and ESC p (pulse) once.
  const hex = Buffer.from(receipt).toString('hex');
  expect(hex).toContain('1d56');
  expect(hex.split('1b70').length - 1).toBe(1);
  await expect(page.locator('[data-testid="print-job"][data-status="printed"]')).toHaveCount(1, { timeout: 10_000 });
  await shot(page, 'usb-printer-printed-1366', false);
});

test('a browser without Web Serial or WebUSB (Firefox, Safari) says so and keeps the print window', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // After the fake of beforeEach: this browser has neither API.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'serial', { configurable: true, value: undefined });
    Object.defineProperty(navigator, 'usb', { configurable: true, value: undefined });
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, MANAGER_PIN);
  await page.goto('/terminals');
  const row = page.getByTestId('printers-panel').getByTestId('printer-row').filter({ hasText: 'Till Serial' });
  await expect(row).toContainText(
    "Serial on the till. This browser cannot print to a printer plugged into the till (Chrome and Edge can): receipts use the browser's print window.",
  );
  await expect(row.getByRole('button', { name: /Connect/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Test Till Serial' })).toBeDisabled();
  await page.getByTestId('printers-panel').getByLabel('This terminal prints to').click();
  await expect(page.getByRole('option', { name: 'Till Serial', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await shot(page, 'usb-printer-unsupported-1366', false);
  await page.setViewportSize({ width: 820, height: 1180 });
  await shot(page, 'usb-printer-unsupported-820', false);
});
