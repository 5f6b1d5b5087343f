import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { shot, startSignedIn } from './support';

/**
 * Inventory Management against the real server (issue #3; spec §2, §4, §5, §6, §8): a manager's
 * whole product life cycle, the cashier's Access Denied, and a CSV export that re-imports unchanged.
 * Demo PINs come from the server's demo seed.
 */
const MANAGER_PIN = '4826';
const CASHIER_PIN = '2915';

async function openInventory(page: Page) {
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory Management', level: 1 })).toBeVisible();
}

/**
 * Waits for a toast, then dismisses it: the next identical toast (a second size option) must be
 * a new one, not this one still on screen.
 */
async function expectToast(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole('button').click();
  await expect(toast).toBeHidden();
}
const field = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/** Search the inventory for one product and return its row. */
async function findRow(page: Page, name: string) {
  const search = page.getByRole('textbox', { name: 'Search products' });
  await search.fill(name);
  const row = page.getByTestId('product-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

async function editStock(page: Page, name: string, stock: string) {
  await (await findRow(page, name)).getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await field(dialog, 'Stock').fill(stock);
  await dialog.getByRole('button', { name: 'Update Product' }).click();
  await expectToast(page, 'Product updated successfully!');
  await expect(dialog).toBeHidden();
}

test.describe('Inventory Management', () => {
  test('a manager creates a category inline, a product with a generated SKU and two size options, edits and deletes it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36).toUpperCase();
    const categoryName = `E2E Mugs ${suffix}`;
    const productName = `Enamel Mug ${suffix}`;

    await startSignedIn(page, MANAGER_PIN);
    await openInventory(page);
    // Managers see the Asset Info column (spec §6).
    await expect(page.getByRole('columnheader', { name: 'Asset Info' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Product' }).click();
    const create = page.getByRole('dialog', { name: 'Add New Product' });
    await expect(create).toBeVisible();

    // Save with nothing filled in: the spec §5 messages.
    await create.getByRole('button', { name: 'Create Product' }).click();
    for (const message of ['Name is required', 'Price is required', 'SKU is required', 'Category is required']) {
      await expect(create.getByText(message)).toBeVisible();
    }

    // Inline category: created, then selected on the form.
    await create.getByRole('button', { name: 'Create category', exact: true }).click();
    await field(create, 'Category name').fill(categoryName);
    await create.getByRole('button', { name: 'Create Category', exact: true }).click();
    await expectToast(page, 'Category created successfully!');
    await expect(create.getByRole('combobox', { name: 'Category', exact: true })).toHaveValue(categoryName);

    await field(create, 'Name').fill(productName);
    await field(create, 'Price').pressSequentially('12.5x0');
    await expect(field(create, 'Price')).toHaveValue('12.50');
    await create.getByRole('button', { name: 'Generate SKU' }).click();
    await expect(field(create, 'SKU')).toHaveValue(/^ENAMEL[A-Z]{3}$/);
    const sku = await field(create, 'SKU').inputValue();
    await field(create, 'Stock').fill('20');
    await field(create, 'Low stock threshold').fill('5');
    await create.getByRole('switch', { name: 'Has size options' }).check();
    // The size options are set in the Add dialog itself, above its buttons (issue #13 item 16).
    const sizes = create.getByRole('heading', { name: 'Size Options' });
    await sizes.scrollIntoViewIfNeeded();
    await expect(sizes).toBeInViewport();
    const createButton = create.getByRole('button', { name: 'Create Product' });
    // The buttons stay in view at the dialog's foot, below the sizes.
    await expect(createButton).toBeInViewport();
    expect((await sizes.boundingBox())!.y).toBeLessThan((await createButton.boundingBox())!.y);
    for (const [index, name, price, stock] of [
      [1, 'Small', '10', '8'],
      [2, 'Large', '14.25', '12'],
    ] as const) {
      await create.getByRole('button', { name: 'Add Size Option' }).click();
      await field(create, `Name of size option ${index}`).fill(name);
      await field(create, `Price of size option ${index}`).fill(price);
      await field(create, `Stock of size option ${index}`).fill(stock);
    }
    await expect(create.getByTestId('size-option-row')).toHaveCount(2);
    await shot(page, 'catalog-add-with-sizes', false);
    await createButton.click();
    await expectToast(page, 'Product created successfully!');
    await expect(create).toBeHidden();

    // The Edit dialog lists the stored sizes above Update Product.
    await (await findRow(page, productName)).getByRole('button', { name: `Edit ${productName}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(edit.getByTestId('size-option-row')).toHaveCount(2);
    await expect(field(edit, 'Name of size option Small')).toHaveValue('Small');
    await expect(field(edit, 'Price of size option Large')).toHaveValue('14.25');
    const update = edit.getByRole('button', { name: 'Update Product' });
    await edit.getByTestId('size-option-row').last().scrollIntoViewIfNeeded();
    await expect(update).toBeInViewport();
    expect((await edit.getByTestId('size-option-row').last().boundingBox())!.y).toBeLessThan(
      (await update.boundingBox())!.y,
    );
    await shot(page, 'catalog-edit-with-sizes', false);

    // Edit the price.
    await field(edit, 'Price').fill('13.75');
    await update.click();
    await expectToast(page, 'Product updated successfully!');
    await expect(edit).toBeHidden();

    const row = await findRow(page, productName);
    await expect(row).toContainText(sku);
    await expect(row).toContainText(categoryName);
    await expect(row).toContainText('$13.75');
    await expect(row.getByText('In Stock')).toBeVisible();

    // The badge follows the stock: at the threshold it is low, at 0 it is out (spec §4).
    await editStock(page, productName, '5');
    await expect((await findRow(page, productName)).getByText('Low Stock')).toBeVisible();
    await editStock(page, productName, '0');
    await expect((await findRow(page, productName)).getByText('Out of Stock')).toBeVisible();

    // The size options were stored with the product.
    await (await findRow(page, productName)).getByRole('button', { name: `Edit ${productName}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Product' }).getByTestId('size-option-row')).toHaveCount(2);
    await page.getByRole('dialog', { name: 'Edit Product' }).getByRole('button', { name: 'Cancel' }).click();

    // Delete after the confirmation.
    await (await findRow(page, productName)).getByRole('button', { name: `Delete ${productName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Product' });
    await expect(confirm.getByText(`Are you sure you want to delete "${productName}"?`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Product deleted successfully!');
    await expect(page.getByText('No products found')).toBeVisible();
  });

  test('a cashier visiting /inventory sees Access Denied', async ({ page }) => {
    await startSignedIn(page, CASHIER_PIN);
    await page.goto('/inventory');
    const card = page.getByTestId('access-denied');
    await expect(card.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(card.getByText('Only managers and developers can add and edit products.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Inventory Management', level: 1 })).toHaveCount(0);
  });

  test('a CSV export re-imports with every row unchanged', async ({ page }, testInfo) => {
    await startSignedIn(page, MANAGER_PIN);
    await openInventory(page);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const file = testInfo.outputPath('catalogue.csv');
    await download.saveAs(file);
    const lines = (await readFile(file, 'utf8')).split(/\r?\n/).filter((line) => line.trim() !== '');
    const productRows = lines.length - 1;
    expect(productRows).toBeGreaterThan(0);

    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await (await choosing).setFiles(file);

    const report = page.getByRole('dialog', { name: 'Import Report' });
    await expect(report).toBeVisible();
    await expect(report.getByTestId('import-unchanged')).toHaveText(String(productRows));
    for (const status of ['created', 'updated', 'refused']) {
      await expect(report.getByTestId(`import-${status}`)).toHaveText('0');
    }
    await report.getByRole('button', { name: 'Done' }).click();
    await expect(report).toBeHidden();
  });
});
