import { expect, type Page, test } from '@playwright/test';
import { shot, startSignedIn } from './support';

/**
 * Issue #32 leftovers (h-stores) with the demo's two cafés: the product form's size options follow
 * Inventory's Store choice, the dashboard's Low Stock Alert lists a row per store under "All
 * stores", Inventory's CSV says whose stock it holds, a cashier limited to the Library Café is
 * refused on a till bound to the Main Café, and Z Reports pages "All stores".
 */
const MANAGER_PIN = '4826';
const CHRIS_PIN = '3862';

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await shot(page, `${name}-1366`, false);
  await page.setViewportSize({ width: 820, height: 1180 });
  await shot(page, `${name}-820`, false);
  await page.setViewportSize({ width: 1366, height: 768 });
}

async function pickStore(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name, exact: true }).click();
}

test("the size options show and change the chosen store's stock", async ({ page }) => {
  test.setTimeout(180_000);
  await startSignedIn(page, MANAGER_PIN);
  const run = Date.now().toString().slice(-6);
  const stores = (await (await page.request.get('/api/stores')).json()) as Array<{ id: string; name: string }>;
  const library = stores.find((s) => s.name === 'Library Café')?.id as string;
  const categories = (await (await page.request.get('/api/categories')).json()) as Array<{ id: string; name: string }>;
  const bakery = categories.find((c) => !/coffee|mocktail/i.test(c.name)) ?? categories[0];
  const created = await page.request.post('/api/products', {
    data: {
      name: `Sized scone ${run}`,
      sku: `SCONE-${run}`,
      price: '3.00',
      categoryId: bakery?.id,
      stock: 0,
      hasVariants: true,
      variants: [{ name: 'Small', price: '2.00', stock: 4 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = (await created.json()).id as string;
  const variants = (await (await page.request.get(`/api/products/${productId}/variants`)).json()) as Array<{
    id: string;
  }>;
  const patched = await page.request.patch(`/api/variants/${variants[0]?.id}`, {
    data: { stock: 9, stockBasedOn: 0, storeId: library },
  });
  expect(patched.status(), await patched.text()).toBe(200);

  await page.goto('/inventory');
  await pickStore(page, 'stock-store-select', 'Library Café');
  await expect(page.getByTestId('csv-store')).toHaveText('CSV stock: at Library Café');
  await shots(page, 'store-scope-inventory-csv');
  await page
    .getByRole('textbox', { name: /search/i })
    .first()
    .fill(`Sized scone ${run}`);
  await page.getByRole('button', { name: `Edit Sized scone ${run}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  const sizes = dialog.getByRole('table', { name: 'Size options' });
  await expect(sizes.getByRole('columnheader', { name: 'Stock at Library Café' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Stock of size option Small' })).toHaveValue('9');
  await sizes.scrollIntoViewIfNeeded();
  await shots(page, 'store-scope-size-options-library');

  await dialog.getByTestId('stock-store-select').click();
  await page.getByRole('option', { name: 'All stores', exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: 'Stock of size option Small' })).toHaveValue('13');
  await expect(dialog.getByRole('textbox', { name: 'Stock of size option Small' })).toBeDisabled();
  // The size table says it too (the form's Stock field says the same above).
  await expect(
    dialog
      .getByRole('region', { name: 'Size Options' })
      .getByText('All stores together: choose a store to change its stock'),
  ).toBeVisible();
  await sizes.scrollIntoViewIfNeeded();
  await shots(page, 'store-scope-size-options-all');
});

test('the Low Stock Alert lists a row per store under All stores', async ({ page }) => {
  test.setTimeout(120_000);
  await startSignedIn(page, MANAGER_PIN);
  await page.goto('/pos-dashboard');
  const alert = page.getByTestId('low-stock-alert');
  await expect(alert.getByText(/Library Café|Main Café/).first()).toBeVisible();
  // "and N more" counts products not listed yet, not the other store rows of those shown.
  const rows = (await (await page.request.get('/api/products/low-stock')).json()) as Array<{
    id: string;
    assetType: string | null;
  }>;
  const pos = rows.filter((r) => !r.assetType || r.assetType === 'regular');
  const shown = new Set(pos.slice(0, 3).map((r) => r.id));
  const more = new Set(pos.filter((r) => !shown.has(r.id)).map((r) => r.id)).size;
  if (more > 0) await expect(alert).toContainText(`and ${more} more products need restocking`);
  else await expect(alert).not.toContainText('more products need restocking');
  await alert.scrollIntoViewIfNeeded();
  await shots(page, 'store-scope-dashboard-low-stock-all');
  await pickStore(page, 'dashboard-store', 'Library Café');
  await expect(alert.getByText('Library Café')).toHaveCount(0);
  await alert.scrollIntoViewIfNeeded();
  await shots(page, 'store-scope-dashboard-low-stock-library');
});

test('a cashier limited to the Library Café is refused on a till bound to the Main Café', async ({ page }) => {
  test.setTimeout(120_000);
  await startSignedIn(page, MANAGER_PIN);
  // The demo seeds Chris at the Library Café only; earlier specs on this server may have changed
  // that, so the test sets its own precondition and puts the limits back afterwards.
  const stores = (await (await page.request.get('/api/stores')).json()) as Array<{ id: string; name: string }>;
  const libraryId = stores.find((s) => s.name === 'Library Café')?.id as string;
  const users = (await (await page.request.get('/api/users')).json()) as Array<{ id: string; firstName: string }>;
  const chrisId = users.find((u) => u.firstName === 'Chris')?.id as string;
  const before = (await (await page.request.get(`/api/users/${chrisId}/stores`)).json()) as { storeIds: string[] };
  const limit = await page.request.put(`/api/users/${chrisId}/stores`, { data: { storeIds: [libraryId] } });
  expect(limit.status()).toBe(200);
  try {
    await refusedOnMainCafe(page);
  } finally {
    await startSignedIn(page, MANAGER_PIN);
    await page.request.put(`/api/users/${chrisId}/stores`, { data: { storeIds: before.storeIds } });
  }
});

async function refusedOnMainCafe(page: Page): Promise<void> {
  await page.goto('/terminals');
  const select = page.getByTestId('terminal-store').getByLabel('This terminal sells at');
  await expect(select).toBeEnabled();
  await select.click();
  await page.getByRole('option', { name: 'Main Café', exact: true }).click();
  await expect(page.getByText('This terminal now sells at Main Café.')).toBeVisible();
  const out = await page.request.post('/auth/logout', { data: {} });
  expect(out.status()).toBeLessThan(300);
  await page.goto('/pin-login');
  for (const digit of CHRIS_PIN) await page.getByRole('button', { name: `Digit ${digit}` }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText("You can't sell at Main Café on this till").first()).toBeVisible();
  await expect(page).toHaveURL(/pin-login/);
  await shots(page, 'store-scope-keypad-refused');
}

test('Z Reports with All stores pages on', async ({ page }) => {
  test.setTimeout(120_000);
  await startSignedIn(page, MANAGER_PIN);
  await page.goto('/z-reports');
  await expect(page.getByRole('heading', { name: 'Z Reports', level: 1 })).toBeVisible();
  await expect(page.getByTestId('z-reports-store')).toBeVisible();
  // The demo's 30 days of closed shifts each left a Z report: more than a page of 50.
  const rows = page.getByTestId('z-report-row');
  await expect(rows).toHaveCount(50);
  await shots(page, 'store-scope-z-reports-all');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => rows.count()).toBeGreaterThan(50);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await shots(page, 'store-scope-z-reports-all-page-2');
});
