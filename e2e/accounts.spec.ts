import { expect, test } from '@playwright/test';
import { shot, signIn } from './support';

/**
 * Issue #34 item 3 (ADR 0034) against the real server: a manager opens the Engineering department's
 * account, a sale is charged to it (the account tender of the sale body), and Dana, Engineering's
 * department manager, sees the charge on her department's statement as pending and approves it.
 * The till's Account tender is not built yet: the sale goes through the API as a till would send it.
 */
const MANAGER_PIN = '4826';
const DANA_PIN = '5174';

test('a sale charged to the Engineering department account, seen and approved on its statement by Dana', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, MANAGER_PIN);

  // The Engineering account (opened here unless an earlier run did), limit 200.00.
  let accounts = (await (await page.request.get('/api/accounts')).json()) as Array<{ id: string; name: string }>;
  let engineering = accounts.find((a) => a.name === 'Engineering');
  if (!engineering) {
    const departments = (await (await page.request.get('/api/departments')).json()) as Array<{
      id: string;
      name: string;
    }>;
    const department = departments.find((d) => d.name === 'Engineering');
    expect(department, 'the demo has an Engineering department').toBeTruthy();
    const opened = await page.request.post('/api/accounts', {
      data: { kind: 'department', departmentId: department?.id, creditLimit: '200.00' },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    accounts = (await (await page.request.get('/api/accounts')).json()) as Array<{ id: string; name: string }>;
    engineering = accounts.find((a) => a.name === 'Engineering');
  }
  const accountId = engineering?.id as string;

  // A sale in the manager's shift, wholly on the Engineering account.
  const hadShift = ((await (await page.request.get('/api/shifts/current')).json()) as { shift: unknown }).shift;
  const [mainCafe] = (await (await page.request.get('/api/stores')).json()) as Array<{ id: string }>;
  if (!hadShift) {
    expect((await page.request.post('/api/shifts/start', { data: { storeId: mainCafe?.id } })).ok()).toBe(true);
  }
  const listed = (await (await page.request.get('/api/products')).json()) as Array<{
    id: string;
    price: string;
    stock: number;
    isActive: boolean;
    hasVariants: boolean;
  }>;
  const item = listed.find((p) => p.isActive && !p.hasVariants && p.stock > 1 && Number(p.price) >= 2);
  if (!item) throw new Error('no plain product in stock');
  const total = (Math.round(Number(item.price) * 100) * 2) / 100;
  const sold = await page.request.post('/api/transactions', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      subtotal: total.toFixed(2),
      tax: '0.00',
      total: total.toFixed(2),
      paymentMethod: 'account',
      items: [{ productId: item.id, quantity: 2, unitPrice: item.price, totalPrice: total.toFixed(2) }],
      tenders: [{ method: 'account', amount: total.toFixed(2), accountId }],
    },
  });
  expect(sold.status(), await sold.text()).toBe(201);
  const sale = (await sold.json()) as { number: string; paymentMethod: string };
  expect(sale.paymentMethod).toBe('account');

  // Dana sees only her department's account and the charge on its statement, pending.
  await page.request.post('/auth/logout');
  await signIn(page, DANA_PIN);
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  const rows = page.getByRole('table').first().getByRole('row');
  await expect(rows).toHaveCount(2); // the header and Engineering only
  await page.getByRole('button', { name: 'Statement of Engineering' }).click();
  const charge = page.getByRole('row').filter({ hasText: sale.number });
  await expect(charge).toContainText('Charge');
  await expect(charge).toContainText(total.toFixed(2));
  await expect(charge).toContainText('Pending');
  await shot(page, 'accounts-statement-1366');
  await charge.getByRole('button', { name: `Approve charge ${sale.number}` }).click();
  await expect(charge).toContainText('Approved by Dana');
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect(charge).toBeVisible();
  await shot(page, 'accounts-statement-820');
});
