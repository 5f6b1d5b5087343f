import { expect, type Page, test } from '@playwright/test';
import { archiveAddedStores, shot, startSignedIn } from './support';

/**
 * Issue #32 item 2 (h-storerules) against the real server: a product with its own price at a
 * second store shows that price on the till of a browser bound to that store, and the sale there
 * is charged it. It uses the demo's Library Café and removes the price it set at the end.
 */
const MANAGER_PIN = '4826';
const MUFFIN = 'BAK-MUFF-01';

async function shots(page: Page, name: string, focus?: ReturnType<Page['getByTestId']>) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await focus?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(page, `${name}-1366`, false);
  await page.setViewportSize({ width: 820, height: 1180 });
  await focus?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(page, `${name}-820`, false);
  await page.setViewportSize({ width: 1366, height: 768 });
}

test.afterEach(async ({ page }) => archiveAddedStores(page));

test("a till bound to Library Café shows and charges the library's own price", async ({ page }) => {
  test.setTimeout(180_000);
  await startSignedIn(page, MANAGER_PIN);

  // The demo's second café (it has its own shelves: ADR 0025, each store sells its own stock).
  const list = await page.request.get('/api/stores');
  const library = ((await list.json()) as { id: string; code: string }[]).find((s) => s.code === 'LIB') as {
    id: string;
  };
  expect(library).toBeTruthy();
  const found = await page.request.get(`/api/products?sku=${MUFFIN}&storeId=all`);
  const [muffin] = (await found.json()) as { id: string; price: string }[];
  expect(muffin?.price).toBe('4.00');
  const priced = await page.request.put(`/api/products/${muffin?.id}/stores/${library.id}`, {
    data: { price: '4.75' },
  });
  expect(priced.status()).toBe(200);

  // Bind this browser to Library Café on the Terminals screen.
  await page.goto('/terminals');
  const bind = page.getByTestId('stores-panel').getByLabel('This terminal sells at');
  await expect(bind).toBeEnabled({ timeout: 20_000 });
  await bind.click();
  await page.getByRole('option', { name: 'Library Café', exact: true }).click();
  await expect(page.getByText('This terminal now sells at Library Café.')).toBeVisible();

  await page.goto('/pos');
  await expect(page.getByTestId('product-grid')).toBeVisible();
  const status = page.getByTestId('shift-status');
  await expect(status).not.toHaveText(/Checking/);
  if (/Shift active/i.test((await status.textContent()) ?? '')) {
    await page.getByTestId('shift-bar').getByRole('button', { name: 'End Shift' }).click();
    const ending = page.getByRole('dialog', { name: 'Shift Management' });
    await ending.getByRole('button', { name: 'End Shift' }).click();
    await ending.getByRole('button', { name: 'Done' }).click();
    await expect(status).toContainText(/No active shift/i);
  }
  await page.getByTestId('shift-bar').getByRole('button', { name: 'Start Shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shift Management' });
  await expect(dialog.getByTestId('shift-store')).toHaveText('Store: Library Café');
  await dialog.getByRole('button', { name: 'Start Shift' }).click();
  await expect(status).toContainText(/Shift active/i);
  await expect(page.getByTestId('till-store')).toHaveText('Library Café');

  // The grid shows the library's price, and the cart takes it.
  const card = page.locator(`[data-testid="product-card"][data-sku="${MUFFIN}"]`);
  await expect(card).toContainText('$4.75');
  await card.click();
  await expect(page.getByRole('button', { name: 'Complete Sale' })).toBeVisible();
  await expect(page.getByText('Shift Started')).toBeHidden({ timeout: 20_000 });
  await shots(page, 'store-price-till', card);

  await page.getByRole('button', { name: 'Quick amount $5', exact: true }).click();
  await page.getByRole('button', { name: 'Complete Sale' }).click();
  const complete = page.getByRole('dialog', { name: 'Transaction Complete' });
  await expect(complete).toBeVisible();
  await expect(complete).toContainText('$4.75');
  await complete.getByRole('button', { name: 'Skip' }).click();

  // The server charged it: the latest sale's line is at 4.75.
  const sales = await page.request.get('/api/transactions?limit=1');
  const [latest] = (await sales.json()) as { total: string }[];
  expect(latest?.total).toBe('4.75');

  await page.getByTestId('shift-bar').getByRole('button', { name: 'End Shift' }).click();
  const ending = page.getByRole('dialog', { name: 'Shift Management' });
  await ending.getByRole('button', { name: 'End Shift' }).click();
  await ending.getByRole('button', { name: 'Done' }).click();
  // The library charges the product's price again for the specs after this one.
  const reset = await page.request.put(`/api/products/${muffin?.id}/stores/${library.id}`, { data: { price: null } });
  expect(reset.status()).toBe(200);
});
