import { expect, type Page, test } from '@playwright/test';
import { runAxe, WCAG_22_AA } from './axe';
import { shot, startSignedIn } from './support';

/**
 * Issue #16 item 1, the Items & Suppliers screen (/stores/masters): Priya (procurement admin)
 * links an item to a POS product with the item form's picker, and imports a categories CSV with
 * its per-row report; both dialogs at 1366 and 820 px, checked with axe (WCAG 2.2 AA).
 */
const PRIYA = '6048';
const MORGAN = '4826';

test.use({ actionTimeout: 20_000 });

async function noSeriousViolations(page: Page, where: string) {
  const { violations } = await runAxe(page, WCAG_22_AA, '[role="dialog"]');
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${where}: ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

for (const width of [1366, 820] as const) {
  test(`at ${width} px: an item is linked to a POS product through the picker, and a categories CSV is imported`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 820 ? 1180 : 768 });
    const run = `${width}-${Date.now().toString().slice(-6)}`;
    const sku = `TONER-${run}`;
    const productName = `Toner cartridge ${run}`;
    const productSku = `POS-TONER-${run}`;

    // A POS product (the manager's catalogue) and a stores item, through the API.
    await startSignedIn(page, MORGAN);
    const categories = await (await page.request.get('/api/categories')).json();
    const product = await page.request.post('/api/products', {
      data: { name: productName, sku: productSku, price: '39.00', categoryId: categories[0].id },
    });
    expect(product.status(), await product.text()).toBe(201);
    await page.context().clearCookies();
    await startSignedIn(page, PRIYA);
    const item = await page.request.post('/api/procurement/items', {
      data: { sku, name: 'Toner, black', uom: 'each' },
    });
    expect(item.status(), await item.text()).toBe(201);

    // 1. The item form's POS product picker: search by name, pick, save; the list shows the link.
    await page.goto('/stores/masters');
    await expect(page.getByRole('heading', { name: 'Items & Suppliers', level: 1 })).toBeVisible();
    await page.getByLabel('Search SKU, name or barcode').fill(sku);
    // ADR 0025: the product has its own database-made item (SKU POS-TONER-…) until one is linked;
    // the stores item's row is the one whose SKU starts a word.
    const row = page.getByTestId('item-row').filter({ hasText: new RegExp(`(^|\\s)${sku}`) });
    await expect(row).toContainText('—');
    await row.getByRole('button', { name: `Edit ${sku}` }).click();
    const form = page.getByRole('dialog', { name: `Edit ${sku}` });
    const picker = form.getByRole('combobox', { name: 'POS product' });
    await expect(picker).toHaveValue('');
    await picker.click();
    await picker.fill(`Toner cartridge ${run}`);
    const option = page.getByRole('option', { name: `${productName} (${productSku})` });
    await expect(option).toBeVisible();
    await shot(page, `stores-masters-item-picker-${width}`, false);
    await option.click();
    await expect(picker).toHaveValue(`${productName} (${productSku})`);
    await noSeriousViolations(page, 'item form');
    await shot(page, `stores-masters-item-form-${width}`, false);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(row).toContainText(`${productName} (${productSku})`);
    const saved = await (await page.request.get(`/api/procurement/items?search=${sku}`)).json();
    expect(saved.items[0]).toMatchObject({ posProductName: productName, posProductSku: productSku });

    // The picker searches by SKU too, and Clear unlinks.
    await row.getByRole('button', { name: `Edit ${sku}` }).click();
    await expect(picker).toHaveValue(`${productName} (${productSku})`);
    await form.getByRole('button', { name: 'Clear POS product' }).click();
    await expect(picker).toHaveValue('');
    await picker.click();
    await picker.fill(productSku);
    await page.getByRole('option', { name: `${productName} (${productSku})` }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(row).toContainText(`${productName} (${productSku})`);

    await shot(page, `stores-masters-items-${width}`);
    // The save's toast has gone before the report opens (it would cover the report's counts).
    await expect(page.getByText(`${sku} saved.`)).toHaveCount(0, { timeout: 15_000 });

    // 2. Categories: import a CSV; the per-row report lists what was created and what was refused.
    await page.getByRole('tab', { name: 'Categories' }).click();
    const office = `Office ${run}`;
    const csv = [
      'category,subcategory,description,departmentCode,status',
      `${office},,Paper and pens,,active`,
      `${office},Paper,A4 and A3,ENG,`,
      `${office},Pens,,NOPE,`,
      `Nowhere ${run},Orphan,,,`,
    ].join('\n');
    await page
      .getByRole('tabpanel', { name: 'Categories' })
      .locator('input[type="file"]')
      .setInputFiles({ name: 'categories.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const report = page.getByRole('dialog', { name: 'Import Report' });
    await expect(report.getByTestId('import-created')).toHaveText('2');
    await expect(report.getByTestId('import-refused')).toHaveText('2');
    const rows = report.getByRole('table', { name: 'Import rows' });
    await expect(rows).toContainText('Department NOPE not found');
    await expect(rows).toContainText(`Category Nowhere ${run} not found; add a row for it above`);
    await expect(rows).toContainText(`${office} / Paper`);
    await noSeriousViolations(page, 'categories import report');
    await shot(page, `stores-masters-categories-import-${width}`, false);
    await report.getByRole('button', { name: 'Done' }).click();
    await page.getByLabel('Search categories').fill(office);
    const category = page.getByTestId('category-row').filter({ hasText: office });
    await expect(category).toContainText('Paper and pens');
    await expect(category).toContainText('Paper');
    await expect(category.getByRole('button', { name: 'Edit Pens' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Export categories as CSV' })).toHaveAttribute(
      'href',
      '/api/procurement/categories/export.csv',
    );
    await shot(page, `stores-masters-categories-${width}`);
  });
}
