import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
const errors = [];
for (const [pin, paths] of [['7391', ['/super-admin','/users','/role-management','/admin/staff','/analytics','/dashboard','/departments','/assets','/jobs','/requisitions','/purchase-orders','/stores','/stores/masters','/expenses','/purchasing-settings','/procurement-dashboard','/asset-checkout','/terminals','/stock-discrepancies','/inventory']], ['4826', ['/','/pos-dashboard','/pos','/pos-reports','/pos-inventory','/pos-history','/z-reports','/reports']]]) {
  const ctx = await browser.newContext({ baseURL: 'http://127.0.0.1:3299', viewport: { width: 1366, height: 768 } });
  await ctx.request.post('/auth/pin', { data: { pin } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(`${page.url()} ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/401|403|404|Failed to load resource/.test(m.text())) errors.push(`${page.url()} console ${m.text().slice(0,200)}`); });
  for (const p of paths) {
    await page.goto(p);
    await page.waitForTimeout(1200);
    const crash = await page.getByText(/failed to render|Something went wrong/i).count();
    console.log(p, crash ? 'CRASH' : 'ok');
  }
  await ctx.close();
}
console.log(errors.join('\n') || 'no errors');
await browser.close();
