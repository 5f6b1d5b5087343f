import { expect, type Locator, type Page, test } from '@playwright/test';
import { shot, startSignedIn } from './support';

/**
 * Issue #32's table against the real server with the demo's two cafés, every step through the
 * screens: 100 bags of beans counted in at Main Café and 50 at Central Stores (the stores screen's
 * Count Stock), 10 sold at the till, 20 transferred from Central Stores to the café (New Transfer,
 * Approve, Dispatch, Receive), 5 issued from the café to a department (New Issue, Approve,
 * Complete); then the till, Inventory (store: Main Café, and All stores) and the stores screen all
 * show 105.
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

  const itemLabel = new RegExp(`^${sku} · Coffee beans ${run}`);
  const centralLabel = `${central?.code} · Central Stores`;
  const cafeLabel = `${cafeCode} · ${locations.find((l) => l.id === cafe)?.name}`;
  /** A searchable Mantine select: type to narrow, then pick the option. */
  const choose = async (scope: Locator, label: string, search: string, option: string | RegExp) => {
    const input = scope.getByRole('combobox', { name: label, exact: true });
    await input.click();
    await input.fill(search);
    await page.getByRole('option', { name: option }).first().click();
  };

  // 1. Stock arrives: 100 counted in at the café and 50 at Central Stores, on the stores screen.
  await page.goto('/stores');
  await expect(page.getByRole('heading', { name: 'Stores', level: 1 })).toBeVisible();
  for (const [label, qty] of [
    [cafeLabel, '100'],
    [centralLabel, '50'],
  ] as const) {
    await page.getByRole('button', { name: 'Count stock' }).click();
    const count = page.getByRole('dialog', { name: 'Count Stock' });
    await choose(count, 'Location', label.split(' · ')[0] as string, label);
    await choose(count, 'Item', sku, itemLabel);
    await count.getByRole('textbox', { name: 'Counted quantity' }).fill(qty);
    await count.getByRole('button', { name: 'Record count' }).click();
    await expect(count).toBeHidden();
  }

  // 2. Sell 10 at the till: the manager's shift at Main Café; the SKU scanned, the line raised to 10.
  const current = await api.get('/api/shifts/current');
  const open = current.ok() ? await current.json() : null;
  if (!open?.shift) await call('post', '/api/shifts/start', { storeId: main?.id });
  await page.goto('/pos');
  await expect(page.getByTestId('product-grid')).toBeVisible({ timeout: 30_000 });
  const search = page.getByRole('textbox', { name: 'Search products' });
  await search.fill(sku);
  await search.press('Enter');
  const cart = page.getByTestId('cart-panel');
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  const raise = cart.getByRole('button', { name: `Increase quantity of Coffee beans ${run}` });
  for (let n = 2; n <= 10; n++) {
    await raise.click();
    await expect(cart.getByTestId('cart-line-quantity')).toHaveText(String(n));
  }
  await expect(cart.getByTestId('total-Total')).toHaveText('$120.00');
  await cart.getByRole('textbox', { name: 'Amount Received' }).fill('120');
  await cart.getByRole('button', { name: 'Complete Sale' }).click();
  const complete = page.getByRole('dialog', { name: 'Transaction Complete' });
  await expect(complete).toBeVisible();
  await complete.getByRole('button', { name: 'Skip' }).click();
  await expect(complete).toBeHidden();

  // 3. Transfer 20 from Central Stores to the café: requested, approved, dispatched and received.
  await page.goto('/stores');
  await page.getByRole('tab', { name: 'Transfers' }).click();
  await page.getByRole('button', { name: 'New transfer' }).click();
  const transfer = page.getByRole('dialog', { name: 'New Transfer' });
  await choose(transfer, 'Item', sku, itemLabel);
  await choose(transfer, 'From location', central?.code as string, centralLabel);
  await choose(transfer, 'To location', cafeCode, cafeLabel);
  await transfer.getByRole('textbox', { name: 'Quantity' }).fill('20');
  await transfer.getByRole('button', { name: 'Request transfer' }).click();
  await expect(transfer).toBeHidden();
  const transferRow = page.getByTestId('transfer-row').filter({ hasText: sku });
  for (const step of ['Approve', 'Dispatch']) {
    await transferRow.getByRole('button', { name: step }).click();
    await expect(transferRow.getByRole('button', { name: step })).toHaveCount(0);
  }
  await transferRow.getByRole('button', { name: 'Receive' }).click();
  const receive = page.getByRole('dialog', { name: `Receive ${sku} at ${cafeCode}` });
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive).toBeHidden();
  await expect(transferRow.getByRole('button', { name: 'Receive' })).toHaveCount(0);

  // 4. Issue 5 from the café to a department: requested, approved and completed.
  await page.getByRole('tab', { name: 'Issues' }).click();
  await page.getByRole('button', { name: 'New issue' }).click();
  const issue = page.getByRole('dialog', { name: 'New Issue' });
  await choose(issue, 'Item', sku, itemLabel);
  await choose(issue, 'From location', cafeCode, cafeLabel);
  await choose(issue, 'To department', 'Engineering', 'ENG · Engineering');
  await issue.getByRole('textbox', { name: 'Quantity' }).fill('5');
  await issue.getByRole('button', { name: 'Request issue' }).click();
  await expect(issue).toBeHidden();
  const issueRow = page.getByTestId('issue-row').filter({ hasText: sku });
  await issueRow.getByRole('button', { name: 'Approve' }).click();
  await issueRow.getByRole('button', { name: 'Complete' }).click();
  await expect(issueRow).toContainText('completed');

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
