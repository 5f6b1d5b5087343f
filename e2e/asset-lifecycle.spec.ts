import { expect, type Page, test } from '@playwright/test';
import { shot, startSignedIn } from './support';

/**
 * Issue #17 Done when: 3 drills flagged as assets are received (3 tagged units), one is lent and
 * returned damaged (a corrective job opens, the unit cannot be lent), the job is completed, a failed
 * safety check blocks it and a passed one makes it lendable, it is written off through approval by
 * someone else; its page shows the whole history and the labels print.
 */
const PROCUREMENT_ADMIN_PIN = '6048';
const MANAGER_PIN = '4826';

test.use({ actionTimeout: 20_000 });

/**
 * Every label's barcode (the svg and each of its bars) lies inside its label's box, and is wide
 * enough to scan (at least 60% of the label's inner width).
 */
async function barcodesInsideLabels(page: Page) {
  const boxes = await page.getByTestId('asset-label').evaluateAll((labels) =>
    labels.map((label) => {
      const l = label.getBoundingClientRect();
      const svg = label.querySelector('svg[aria-label^="Barcode of"]') as SVGSVGElement;
      const s = svg.getBoundingClientRect();
      const parts = Array.from(svg.querySelectorAll('rect, text'), (r) => r.getBoundingClientRect());
      return {
        label: { left: l.left, right: l.right, top: l.top, bottom: l.bottom, width: l.width },
        svg: { left: s.left, right: s.right, top: s.top, bottom: s.bottom, width: s.width },
        partsLeft: Math.min(...parts.map((r) => r.left)),
        partsRight: Math.max(...parts.map((r) => r.right)),
        partsBottom: Math.max(...parts.map((r) => r.bottom)),
      };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const b of boxes) {
    expect(b.svg.left).toBeGreaterThanOrEqual(b.label.left);
    expect(b.svg.right).toBeLessThanOrEqual(b.label.right);
    expect(b.svg.bottom).toBeLessThanOrEqual(b.label.bottom);
    expect(b.partsLeft).toBeGreaterThanOrEqual(b.label.left);
    expect(b.partsRight).toBeLessThanOrEqual(b.label.right);
    expect(b.partsBottom).toBeLessThanOrEqual(b.label.bottom);
    expect(b.svg.width).toBeGreaterThan(0.6 * (b.label.width - 20));
  }
  return boxes;
}

async function choose(page: Page, label: string, option: string | RegExp, type?: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (type) await input.fill(type);
  await page.getByRole('option', { name: option }).first().click();
}

test('receive 3 drills as assets, lend, repair, safety-check, write off, history and labels', async ({ page }) => {
  test.setTimeout(240_000);
  const run = Date.now().toString().slice(-6);
  const sku = `DRILL-${run}`;
  const mainCode = `Main-1-10-${run}`;
  await startSignedIn(page, PROCUREMENT_ADMIN_PIN);
  const api = page.request;
  const mk = async (url: string, data: object) => {
    const response = await api.post(url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  const supplier = await mk('/api/procurement/suppliers', { name: `Tool Supplies ${run}` });
  await mk('/api/procurement/locations', { code: mainCode, name: 'Main building tool room' });
  const item = await mk('/api/procurement/items', {
    sku,
    name: 'Cordless drill 18V',
    isAsset: true,
    serviceIntervalDays: 180,
  });
  // A tag already in the register (another item's unit), to see a scanned duplicate refused.
  const ladder = await mk('/api/procurement/items', { sku: `LADDER-${run}`, name: 'Step ladder', isAsset: true });
  const takenTag = `TAKEN-${run}`;
  await mk('/api/procurement/assets', { itemId: ladder.id, assetTag: takenTag });
  const scanned = [1, 2, 3].map((n) => `DRL-${run}-${n}`);
  const order = await mk('/api/procurement/purchase-orders', {
    supplierId: supplier.id,
    lines: [{ itemId: item.id, qtyOrdered: '3', unitPrice: '149.00' }],
  });
  await mk(`/api/procurement/purchase-orders/${order.id}/send`, {});

  // 1. The delivery of 3 drills, received on the purchase order's screen.
  await page.goto(`/purchase-orders?id=${order.id}`);
  const orderDialog = page.getByRole('dialog', { name: `Purchase Order ${order.poNumber}` });
  await orderDialog.getByRole('button', { name: 'Receive Goods' }).click();
  const receipt = page.getByRole('dialog', { name: `Receive goods for ${order.poNumber}` });
  await choose(page, 'Location', new RegExp(mainCode), mainCode);
  await receipt.getByLabel('Received now 1').fill('3');
  // One tag field per drill; a scanner types each tag and presses Enter, which moves to the next.
  const tagField = (n: number) => receipt.getByLabel(`Line 1 unit ${n} tag`);
  await expect(receipt.getByTestId('asset-tag-fields').getByRole('textbox')).toHaveCount(3);
  await tagField(1).click();
  await page.keyboard.type(scanned[0] as string);
  await page.keyboard.press('Enter');
  await expect(tagField(2)).toBeFocused();
  await expect(receipt).toBeVisible();
  await page.keyboard.type(scanned[0] as string);
  await page.keyboard.press('Enter');
  await expect(tagField(2)).toHaveAccessibleDescription(/scanned for another unit of this receipt/);
  await page.keyboard.type(takenTag);
  await page.keyboard.press('Enter');
  await expect(tagField(3)).toBeFocused();
  // Unit 2's field: the scan again, then the fix; unit 3 scans a tag the register holds.
  await tagField(2).fill(scanned[1] as string);
  await tagField(3).fill(takenTag);
  await page.setViewportSize({ width: 1366, height: 768 });
  await shot(page, 'assets-receipt-tags-1366', false);
  await receipt.getByRole('button', { name: 'Receive', exact: true }).click();
  // Refused by the server, naming the tag; nothing received, the dialog stays with the field marked.
  await expect(page.getByText(`An asset with tag "${takenTag}" already exists; nothing was received.`)).toBeVisible();
  await expect(tagField(3)).toHaveAccessibleDescription(/This asset tag is already in use/);
  await expect(receipt).toBeVisible();
  await page.setViewportSize({ width: 820, height: 1180 });
  await shot(page, 'assets-receipt-tags-820', false);
  await page.setViewportSize({ width: 1366, height: 768 });
  await tagField(3).fill(scanned[2] as string);
  await receipt.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(receipt).toBeHidden();
  // The receipt shows the scanned tags.
  await expect(orderDialog.getByTestId('receipt-row')).toContainText(`asset tags ${scanned.join(', ')}`);

  // 2. Three tagged units in the register.
  await page.goto('/assets');
  await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
  await page.getByLabel('Search').fill(sku);
  const rows = page.getByTestId('asset-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Available');
  const tags = (await rows.locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim());
  expect([...tags].sort()).toEqual(scanned);
  await shot(page, 'assets-register');

  // 3. Labels for the three: QR codes and barcodes, ready to print.
  await page.getByRole('link', { name: 'Print labels' }).click();
  await expect(page.getByRole('heading', { name: 'Asset Labels' })).toBeVisible();
  await expect(page.getByTestId('asset-label')).toHaveCount(3);
  await expect(page.getByRole('img', { name: `QR code of ${tags[0]}` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Barcode of ${tags[0]}` })).toBeVisible();
  // The barcode fits inside its label: on screen at 1366 and 820 px, and as printed (A4 width).
  await barcodesInsideLabels(page);
  await shot(page, 'assets-labels');
  await page.setViewportSize({ width: 820, height: 1180 });
  await barcodesInsideLabels(page);
  await shot(page, 'assets-labels-820');
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 794, height: 1123 });
  const printed = await barcodesInsideLabels(page);
  expect(printed[0]?.label.width).toBeLessThan(794 / 3);
  await shot(page, 'assets-labels-print');
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goBack();

  // 4. Lend one, take it back damaged: a corrective job opens and it cannot be lent.
  const tag = tags[0] as string;
  await page.getByLabel('Search').fill(tag);
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link', { name: tag }).click();
  await expect(page.getByTestId('asset-tag')).toHaveText(tag);
  // Issue #33: the unit page lends and takes back through the Asset Checkout screen's own dialogs.
  await page.getByRole('button', { name: 'Check out', exact: true }).click();
  const lend = page.getByRole('dialog', { name: 'Checkout Asset' });
  await expect(lend.getByTestId('checkout-unit')).toContainText(tag);
  await choose(page, 'Borrower', /.+/);
  await shot(page, 'assets-unit-lend-dialog');
  await lend.getByRole('button', { name: 'Check Out' }).click();
  await expect(page.getByText(/^Cordless drill 18V .* is checked out to /)).toBeVisible();
  await expect(lend).toBeHidden();
  await expect(page.getByTestId('asset-state')).toHaveText('Checked out');
  await page.getByRole('button', { name: 'Take back' }).click();
  const giveBack = page.getByRole('dialog', { name: 'Return Asset' });
  await choose(page, 'Return condition', 'Damaged');
  await giveBack.getByLabel('Notes').fill('Chuck wobbles');
  await page.setViewportSize({ width: 820, height: 1180 });
  await shot(page, 'assets-unit-return-dialog-820');
  await page.setViewportSize({ width: 1366, height: 768 });
  await giveBack.getByRole('button', { name: 'Return Asset' }).click();
  await expect(
    page.getByText(/was returned in damaged condition\. A corrective maintenance job is open\./),
  ).toBeVisible();
  await expect(giveBack).toBeHidden();
  await expect(page.getByTestId('asset-state')).toHaveText('In maintenance');
  // Neither dialog opens again when the card flips back to Check out.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const blockedReason = `${tag} cannot be checked out: it is under maintenance.`;
  await expect(page.getByTestId('asset-blocked')).toHaveText(blockedReason);
  // Check out is disabled, the reason beside it is its description.
  const checkOut = page.getByRole('button', { name: 'Check out', exact: true });
  await expect(checkOut).toBeDisabled();
  await expect(checkOut).toHaveAccessibleDescription(blockedReason);
  await expect(page.getByTestId('open-job')).toContainText('corrective');
  await shot(page, 'assets-unit-in-maintenance');
  await page.setViewportSize({ width: 820, height: 1180 });
  await shot(page, 'assets-unit-in-maintenance-820');
  await page.setViewportSize({ width: 1366, height: 768 });
  // The same on the Asset Checkout screen when this unit is chosen.
  const unitUrlNow = page.url();
  await page.goto('/asset-checkout');
  await page.getByRole('button', { name: 'Checkout Asset' }).click();
  const lendDialog = page.getByRole('dialog', { name: 'Checkout Asset' });
  await lendDialog.getByText('Registered unit').click();
  await choose(page, 'Unit', new RegExp(`^${tag} · .*\\(In maintenance\\)$`), tag);
  const lendButton = lendDialog.getByRole('button', { name: 'Check Out' });
  await expect(lendButton).toBeDisabled();
  await expect(lendButton).toHaveAccessibleDescription(blockedReason);
  await expect(lendDialog.getByTestId('checkout-unit-blocked')).toHaveText(blockedReason);
  await shot(page, 'assets-checkout-dialog-blocked', false);
  await lendDialog.getByRole('button', { name: 'Cancel' }).click();
  await page.goto(unitUrlNow);

  // 5. The job is completed: lendable again.
  await page.getByLabel('Technician or inspector').fill('Ana Repairs');
  await page.getByRole('button', { name: 'Complete job' }).click();
  await expect(page.getByTestId('asset-state')).toHaveText('Available');

  // 6. A failed safety check blocks it; a later passed one makes it lendable.
  const today = new Date().toLocaleDateString('en-CA');
  for (const [result, state] of [
    ['Failed', 'Safety check'],
    ['Passed', 'Available'],
  ] as const) {
    await page.getByLabel('Safety check', { exact: true }).fill('PAT test');
    await page.getByLabel('Due date').fill(today);
    await page.getByRole('button', { name: 'Schedule safety check' }).click();
    const check = page.getByTestId('safety-row').filter({ hasText: 'PAT test' });
    await expect(check).toHaveCount(1);
    await page.getByLabel('Technician or inspector').fill('Ines Safety');
    await check.getByRole('button', { name: result }).click();
    await expect(page.getByTestId('asset-state')).toHaveText(state);
    if (result === 'Failed') {
      await expect(page.getByTestId('asset-blocked')).toContainText(
        `${tag} cannot be checked out: its last safety check failed; a passed check is needed.`,
      );
      await shot(page, 'assets-unit-safety-failed');
    }
  }
  await expect(page.getByTestId('asset-blocked')).toHaveCount(0);

  // 7. A write-off: requested and submitted by the procurement admin, approved by a manager.
  await choose(page, 'Write-off reason', 'Damaged');
  await page.getByRole('button', { name: 'Request write-off' }).click();
  await expect(
    page.getByText('Write-off drafted: submit it for approval in the Write-off section below.'),
  ).toBeVisible();
  await expect(page.getByTestId('unit-writeoff')).toContainText('draft · damaged · salvage none');
  // Issue #30 item 20: submitted where it was drafted, on the unit's page.
  await page.getByTestId('unit-writeoff').getByRole('button', { name: 'Submit for approval' }).click();
  await expect(page.getByTestId('unit-writeoff')).toContainText('submitted · damaged');
  const unitUrl = page.url();
  await page.goto('/assets');
  await page.getByRole('tab', { name: 'Write-offs' }).click();
  const writeoff = page.getByTestId('writeoff-row').filter({ hasText: tag });
  await expect(writeoff).toContainText('Someone else approves');
  await page.context().clearCookies();
  await startSignedIn(page, MANAGER_PIN);
  await page.goto('/assets');
  await page.getByRole('tab', { name: 'Write-offs' }).click();
  await writeoff.getByRole('button', { name: 'Approve' }).click();
  await expect(writeoff).toContainText('approved');
  await shot(page, 'assets-writeoffs');
  // Disposal with a salvage value: checked as money (not negative, 2 decimals), with a currency.
  await writeoff.getByRole('button', { name: 'Dispose' }).click();
  const dispose = page.getByRole('dialog', { name: `Dispose of ${tag}` });
  await choose(page, 'Disposal method', 'Sale');
  await dispose.getByLabel('Salvage value').fill('-3');
  await dispose.getByRole('button', { name: 'Dispose' }).click();
  await expect(dispose.getByLabel('Salvage value')).toHaveAccessibleDescription(
    /Salvage value must be an amount of 0 or more with at most 2 decimals/,
  );
  await dispose.getByLabel('Salvage value').fill('25.5');
  await dispose.getByLabel('Currency').fill('eur');
  await shot(page, 'assets-dispose-dialog', false);
  await dispose.getByRole('button', { name: 'Dispose' }).click();
  await expect(dispose).toBeHidden();
  await expect(writeoff).toContainText('disposed');
  await expect(writeoff.getByTestId('writeoff-salvage')).toContainText('25.50 EUR');

  // 8. The unit's page: written off, read-only, with its whole history in time order.
  await page.goto(unitUrl);
  await expect(page.getByTestId('asset-state')).toHaveText('Written off');
  await expect(page.getByRole('button', { name: 'Check out', exact: true })).toHaveCount(0);
  const history = page.getByTestId('history-row');
  const events = (await history.locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim());
  expect(events[0]).toBe('Received');
  expect(events).toEqual(
    expect.arrayContaining([
      'Checked out',
      'Returned',
      'Maintenance scheduled',
      'Maintenance completed',
      'Safety check failed',
      'Safety check passed',
      'Write-off drafted',
      'Write-off submitted',
      'Write-off approved',
      'Disposed',
    ]),
  );
  expect(events.at(-1)).toBe('Disposed');
  expect(events.indexOf('Returned')).toBeGreaterThan(events.indexOf('Checked out'));
  expect(events.indexOf('Safety check passed')).toBeGreaterThan(events.indexOf('Safety check failed'));
  await expect(history.filter({ hasText: 'Returned damaged' }).first()).toContainText('Chuck wobbles');
  await expect(history.filter({ hasText: 'Disposed by sale' })).toContainText('salvage 25.50 EUR');
  await expect(page.getByTestId('unit-writeoff')).toContainText('salvage 25.50 EUR');
  await shot(page, 'assets-unit-history');

  // 9. Institutional analytics count the registered units.
  await page.goto('/analytics');
  await page.getByRole('tab', { name: /Asset Utilization/ }).click();
  await expect(page.getByTestId('registered-units-summary')).toContainText('written off');
  await expect(page.getByTestId('registered-units')).toContainText(tag);
  await shot(page, 'assets-analytics');
  const csv = await api.get(`/api/procurement/assets/${new URL(unitUrl).searchParams.get('id')}/history.csv`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('Disposed');
});
