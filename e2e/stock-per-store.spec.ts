import { expect, type Page, test } from '@playwright/test';
import { shot, startSignedIn } from './support';

/**
 * Issue #32's table against the real server with the demo's two cafés: receive 100 bags of beans
 * into Main Café and 50 into Central Stores, sell 10 at the till, transfer 20 from Central Stores to
 * the café, issue 5 from the café to a department (set up through the API, as the screens would),
 * then the till, Inventory (store: Main Café, and All stores) and the stores screen all show 105.
 * The product form shows the read-only Stock by store, and its Adjust stock says where it acts.
 */
const MANAGER_PIN = '4826';

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await shot(page, `${name}-1366`, false);
  await page.setViewportSize({ width: 820, height: 1180 });
  await shot(page, `${name}-820`, false);
  await page.setViewportSize({ width: 1366, height: 768 });
}

test("issue #32's walk-through ends at 105 on the till, Inventory and the stores screen", async ({ page }) => {
  test.setTimeout(240_000);
  await startSignedIn(page, MANAGER_PIN);
  const api = page.request;
  const run = Date.now().toString().slice(-6);
  const sku = `BEANS-${run}`;
  const call = async (method: 'get' | 'post', url: string, data?: object) => {
    const response =
      method === 'get'
        ? await api.get(url)
        : await api.post(url, { data: data ?? {}, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(response.status(), `${url} ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };

  const stores = (await call('get', '/api/stores')) as Array<{ id: string; name: string; sellingLocationId: string }>;
  const main = stores.find((s) => s.name === 'Main Café');
  expect(main).toBeTruthy();
  const cafe = main?.sellingLocationId as string;
  const locations = (await call('get', '/api/procurement/locations')) as Array<{
    id: string;
    name: string;
    code: string;
    departmentId: string | null;
  }>;
  const central = locations.find((l) => l.name === 'Central Stores');
  const cafeCode = locations.find((l) => l.id === cafe)?.code as string;
  expect(central).toBeTruthy();
  const categories = (await call('get', '/api/categories')) as Array<{ id: string }>;
  const product = await call('post', '/api/products', {
    name: `Coffee beans ${run}`,
    sku,
    price: '12.00',
    categoryId: categories[0]?.id,
    stock: 0,
    lowStockThreshold: 5,
    isActive: true,
  });
  const items = (await call('get', `/api/procurement/items?search=${encodeURIComponent(`Coffee beans ${run}`)}`)) as {
    items: Array<{ id: string; posProductId: string | null }>;
  };
  const itemId = items.items.find((i) => i.posProductId === product.id)?.id as string;
  expect(itemId).toBeTruthy();

  // 1. Receive 100 into the café and 50 into Central Stores (opening counts).
  await call('post', '/api/procurement/stock-counts', { locationId: cafe, lines: [{ itemId, countedQty: '100' }] });
  await call('post', '/api/procurement/stock-counts', {
    locationId: central?.id,
    lines: [{ itemId, countedQty: '50' }],
  });
  // 2. Sell 10 at the till: the manager's shift at Main Café.
  const current = await api.get('/api/shifts/current');
  const open = current.ok() ? await current.json() : null;
  if (!open?.shift) await call('post', '/api/shifts/start', { storeId: main?.id });
  await call('post', '/api/transactions', {
    subtotal: '120.00',
    tax: '0.00',
    total: '120.00',
    paymentMethod: 'cash',
    amountReceived: '120.00',
    referenceCode: null,
    notes: null,
    items: [
      {
        productId: product.id,
        variantId: null,
        variantName: null,
        quantity: 10,
        unitPrice: '12.00',
        totalPrice: '120.00',
      },
    ],
  });
  // 3. Transfer 20 from Central Stores to the café.
  const transfer = await call('post', '/api/procurement/transfers', {
    itemId,
    fromLocationId: central?.id,
    toLocationId: cafe,
    qty: '20',
  });
  await api.post(`/api/procurement/transfers/${transfer.id}/approve`, { data: {} });
  await call('post', `/api/procurement/transfers/${transfer.id}/dispatch`);
  await call('post', `/api/procurement/transfers/${transfer.id}/receive`, {});
  // 4. Issue 5 from the café to a department.
  const departmentId = locations.find((l) => l.departmentId)?.departmentId;
  const issue = await call('post', '/api/procurement/issues', {
    itemId,
    locationId: cafe,
    departmentId,
    qty: '5',
  });
  await call('post', `/api/procurement/issues/${issue.id}/approve`);
  const completed = await api.post(`/api/procurement/issues/${issue.id}/complete`, { data: {} });
  expect(completed.status(), await completed.text()).toBeLessThan(500);

  // The till (the manager's shift is at Main Café).
  await page.goto('/pos');
  await expect(page.getByTestId('product-grid')).toBeVisible({ timeout: 30_000 });
  // By name: an exact SKU typed here is a scan, which would add it to the cart.
  await page.getByRole('textbox', { name: 'Search products' }).fill(`Coffee beans ${run}`);
  const card = page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
  await expect(card.getByTestId('product-stock')).toHaveText('105 in stock');

  // Inventory, store Main Café (this browser's first choice: the default store), then All stores.
  await page.goto('/inventory');
  const picker = page.getByRole('combobox', { name: 'Store', exact: true });
  await expect(picker).toHaveValue('Main Café');
  await page.getByRole('textbox', { name: 'Search products' }).fill(sku);
  const row = page.getByTestId('product-row').filter({ hasText: sku });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('105');
  await shots(page, 'inventory-store-picker');
  await picker.click();
  await page.getByRole('option', { name: 'Library Café', exact: true }).click();
  await expect(row).not.toContainText('105');
  await picker.click();
  await page.getByRole('option', { name: 'All stores', exact: true }).click();
  await expect(row).toContainText('105');

  // The product form with All stores: the breakdown, and no stock change until a store is chosen.
  await row.getByRole('button', { name: `Edit Coffee beans ${run}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  const breakdown = dialog.getByTestId('stock-by-store');
  await expect(breakdown).toContainText('Main Café');
  await expect(breakdown).toContainText('105');
  await expect(breakdown).toContainText('Library Café');
  await expect(dialog.getByRole('textbox', { name: 'Stock', exact: true })).toBeDisabled();
  const panel = dialog.getByRole('group', { name: 'Adjust stock' });
  await expect(panel.getByRole('button', { name: 'Apply adjustment' })).toBeDisabled();
  await expect(panel).toContainText('Choose a store above to adjust or count its stock.');
  // Recent stock movements lists every store's, naming the store: the walk-through's four at Main
  // Café (the count, the sale, the transfer in, the issue; Central Stores is no store's).
  const moves = panel.getByRole('table', { name: 'Recent stock movements' });
  await expect(moves.getByRole('columnheader', { name: 'Store' })).toBeVisible();
  await expect(moves.getByTestId('stock-movement').filter({ hasText: 'Main Café' })).toHaveCount(4);
  await moves.scrollIntoViewIfNeeded();
  await shots(page, 'product-form-movements-all-stores');
  const formPicker = dialog.getByRole('combobox', { name: 'Store', exact: true });
  await formPicker.click();
  await page.getByRole('option', { name: 'Main Café', exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: 'Stock', exact: true })).toHaveValue('105');
  await expect(panel.getByTestId('adjust-store')).toHaveText('At Main Café');
  await dialog.getByText('Stock by store').scrollIntoViewIfNeeded();
  await shots(page, 'product-form-stock-by-store');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The stores screen: the café's location holds 105.
  await page.goto('/stores');
  await expect(page.getByRole('heading', { name: 'Stores', level: 1 })).toBeVisible();
  await page.getByLabel('Search items').fill(`Coffee beans ${run}`);
  await expect(page.getByTestId('stock-row').filter({ hasText: cafeCode })).toContainText('105');

  // Leave no shift open for the specs that follow.
  await api.post('/api/shifts/end', { data: {} });
});
