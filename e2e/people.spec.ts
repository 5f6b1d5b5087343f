import type { AddressInfo } from 'node:net';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { shot, startSignedIn } from './support';

/**
 * People (issue #6): user management, staff and PINs, role management, staff e-mail, against the
 * real server with the demo store. Demo staff are only read here; every person a test changes is
 * created by that test, so the other specs sharing the server keep their demo users intact.
 */
const PINS = { superAdmin: '7391', manager: '4826', cashier: '2915' } as const;

const filledPinBoxes = (page: Page) => page.locator('[data-testid="pin-box"][data-filled="true"]');

async function signInWithKeypad(page: Page, pin: string) {
  await page.goto('/pin-login');
  for (const digit of pin) await page.getByRole('button', { name: `Digit ${digit}` }).click();
  await expect(filledPinBoxes(page)).toHaveCount(4);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
}

/** A fresh browser context signed in through the API (faster than the keypad, same cookie). */
async function signedInPage(browser: Browser, pin: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await startSignedIn(page, pin);
  return page;
}

let personCount = 0;
/** A staff member created through the API by the super admin, for one test to change. */
async function createPerson(
  request: APIRequestContext,
  person: { firstName: string; role: string; pin: string; email?: string },
): Promise<{ id: string; name: string }> {
  personCount++;
  const lastName = `E2e${personCount}`;
  const response = await request.post('/admin/users', {
    data: { firstName: person.firstName, lastName, role: person.role, pin: person.pin, email: person.email ?? '' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: (await response.json()).id as string, name: `${person.firstName} ${lastName}` };
}

async function pinSignInStatus(request: APIRequestContext, pin: string): Promise<number> {
  return (await request.post('/auth/pin', { data: { pin } })).status();
}

test.describe('staff and PINs', () => {
  test('a super admin adds a staff member with a PIN; they sign in with it; once disabled they cannot', async ({
    page,
    browser,
  }) => {
    await signInWithKeypad(page, PINS.superAdmin);
    await page.goto('/admin/staff');
    await page.getByRole('button', { name: 'Add Staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Staff' });
    await dialog.getByLabel('First name').fill('Robin');
    await dialog.getByLabel('Last name').fill('Shelf');
    await dialog.getByLabel('Email address').fill('robin.shelf@retailhub.example');
    await dialog.getByLabel('PIN (optional)').fill('5829');
    await dialog.getByRole('button', { name: 'Add Staff' }).click();
    await expect(page.getByText('Staff member added')).toBeVisible();
    const row = page.getByTestId('staff-row').filter({ hasText: 'Robin Shelf' });
    await expect(row).toContainText('robin.shelf@retailhub.example');
    await expect(row).toContainText('Active');

    const robin = await (await browser.newContext()).newPage();
    await signInWithKeypad(robin, '5829');
    await expect(robin).toHaveURL(/\/pos$/);

    await row.getByRole('button', { name: 'Disable Robin Shelf' }).click();
    await expect(page.getByText('User status updated successfully')).toBeVisible();
    await expect(row).toContainText('Inactive');

    // Robin's open session ends at once; the PIN no longer signs in.
    await robin.reload();
    await expect(robin).toHaveURL(/\/pin-login$/);
    expect(await pinSignInStatus(robin.request, '5829')).toBe(401);
  });

  test('a super admin sets a new PIN for a staff member, who signs in with it; the old PIN stops working', async ({
    page,
    browser,
  }) => {
    await signInWithKeypad(page, PINS.superAdmin);
    const member = await createPerson(page.request, { firstName: 'Pat', role: 'cashier', pin: '6173' });
    const memberPage = await signedInPage(browser, '6173');

    await page.goto('/admin/staff');
    await page.getByRole('button', { name: `Set PIN for ${member.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'New 4-digit PIN?' });
    await dialog.getByLabel('New 4-digit PIN').fill('123');
    await dialog.getByRole('button', { name: 'Set PIN' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('PIN must be 4 digits');
    await dialog.getByLabel('New 4-digit PIN').fill('4392');
    await dialog.getByRole('button', { name: 'Set PIN' }).click();
    await expect(page.getByText('PIN updated', { exact: true })).toBeVisible();

    // The member's session ended with the PIN change.
    expect((await memberPage.request.get('/auth/session')).status()).toBe(401);
    expect(await pinSignInStatus(memberPage.request, '6173')).toBe(401);
    const fresh = await (await browser.newContext()).newPage();
    await signInWithKeypad(fresh, '4392');
    await expect(fresh).toHaveURL(/\/pos$/);
  });

  test('a generated PIN is shown once and signs the member in', async ({ page, browser }) => {
    await signInWithKeypad(page, PINS.superAdmin);
    const member = await createPerson(page.request, { firstName: 'Gen', role: 'cashier', pin: '8264' });
    await page.goto('/admin/staff');
    await page.getByRole('button', { name: `Set PIN for ${member.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'New 4-digit PIN?' });
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const pin = (await dialog.getByTestId('generated-pin').textContent())?.trim() ?? '';
    expect(pin).toMatch(/^[0-9]{4}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('generated-pin')).toHaveCount(0);
    const memberPage = await (await browser.newContext()).newPage();
    await signInWithKeypad(memberPage, pin);
  });
});

test.describe('PINs only for lower roles (issue #13 item 2)', () => {
  test('a manager is offered Set PIN for a cashier and for themselves, not for a fellow manager or the super admin', async ({
    page,
    browser,
  }) => {
    const admin = await signedInPage(browser, PINS.superAdmin);
    const peer = await createPerson(admin.request, { firstName: 'Peer', role: 'manager', pin: '5283' });
    const cashier = await createPerson(admin.request, { firstName: 'Till', role: 'cashier', pin: '6394' });
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInWithKeypad(page, PINS.manager);
    await page.goto('/admin/staff');
    const setPinFor = (name: string) => page.getByRole('button', { name: `Set PIN for ${name}` });
    await expect(setPinFor(cashier.name)).toBeEnabled();
    await expect(setPinFor(peer.name)).toBeDisabled();
    await expect(setPinFor(peer.name)).toHaveAttribute(
      'title',
      'Only someone with a higher role can set this user’s PIN.',
    );
    await expect(page.getByRole('button', { name: `Edit ${peer.name}` })).toBeEnabled();
    const self = page.getByRole('row').filter({ hasText: 'You' });
    await expect(self.getByRole('button', { name: /^Set PIN for / })).toBeEnabled();
    await shot(page, 'staff-manager-pin-actions');
    // The server refuses it too (the screen only hides what the server would refuse).
    const refused = await page.request.post(`/admin/users/${peer.id}/pin`, { data: { generate: true } });
    expect(refused.status()).toBe(403);
    // Adding a manager: the PIN field is off, with the reason.
    await page
      .getByRole('button', { name: /Add (New )?Staff/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add New Staff' });
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Manager', exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: 'PIN (optional)' })).toBeDisabled();
    await shot(page, 'staff-manager-add-manager', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Every PIN change counts (10 per person): past it, the Set PIN dialog shows the wait.
    for (let i = 0; i < 9; i++) {
      const generated = await page.request.post(`/admin/users/${cashier.id}/pin`, { data: { generate: true } });
      expect(generated.status()).toBe(200);
    }
    await setPinFor(cashier.name).click();
    const pinDialog = page.getByRole('dialog', { name: 'New 4-digit PIN?' });
    await pinDialog.getByRole('button', { name: 'Generate' }).click();
    await expect(pinDialog.getByRole('alert')).toHaveText(/^Too many PIN changes\. Try again in \d+ seconds\.$/);
    await shot(page, 'staff-manager-pin-throttled', false);
  });
});

test.describe('user management', () => {
  test("a manager disables a cashier on /users and the cashier's next request is signed out", async ({
    page,
    browser,
  }) => {
    const admin = await signedInPage(browser, PINS.superAdmin);
    const cashier = await createPerson(admin.request, { firstName: 'Quinn', role: 'cashier', pin: '7148' });
    const cashierPage = await signedInPage(browser, '7148');
    await cashierPage.goto('/pos');
    await expect(cashierPage.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible();

    await signInWithKeypad(page, PINS.manager);
    await page.goto('/users');
    const card = page.getByRole('article', { name: cashier.name });
    await card.getByRole('switch').click({ force: true });
    await expect(page.getByText('User status updated successfully')).toBeVisible();
    await expect(card.getByText('Inactive')).toBeVisible();

    await cashierPage.goto('/pos-dashboard');
    await expect(cashierPage.getByText('Unauthorized')).toBeVisible();
    await expect(cashierPage).toHaveURL(/\/pin-login$/);
  });

  test('a manager changes a role on /users only after the Confirm Role Change dialog (spec §5)', async ({
    page,
    browser,
  }) => {
    const admin = await signedInPage(browser, PINS.superAdmin);
    const member = await createPerson(admin.request, { firstName: 'Sasha', role: 'cashier', pin: '8264' });
    const roleOf = async () =>
      ((await (await admin.request.get('/api/users')).json()) as Array<{ id: string; role: string }>).find(
        (u) => u.id === member.id,
      )?.role;

    await signInWithKeypad(page, PINS.manager);
    await page.goto('/users');
    const card = page.getByRole('article', { name: member.name });
    const select = card.getByRole('combobox', { name: `Role of ${member.name}` });
    await select.click();
    await page.getByRole('option', { name: 'Manager', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Role Change' });
    await expect(dialog).toContainText(`Change the role of ${member.name} from Cashier to Manager?`);
    await expect(dialog.getByText('Access changes immediately')).toBeVisible();
    await shot(page, 'users-confirm-role-change', false);
    expect(await roleOf()).toBe('cashier');

    // Cancel: nothing is sent and the card keeps the role.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(select).toHaveValue('Cashier');
    expect(await roleOf()).toBe('cashier');

    await select.click();
    await page.getByRole('option', { name: 'Manager', exact: true }).click();
    await dialog.getByRole('button', { name: 'Update Role' }).click();
    await expect(page.getByText('User role updated successfully')).toBeVisible();
    await expect(select).toHaveValue('Manager');
    expect(await roleOf()).toBe('manager');
    await admin.close();
  });

  test('a cashier opening /users is told managers only and sent to the interface selection after 1 second', async ({
    page,
  }) => {
    await signInWithKeypad(page, PINS.cashier);
    await page.goto('/users');
    await expect(page.getByText('Manager or Developer access required for user management.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  });
});

test.describe('role management', () => {
  test('a super admin changes a role with confirmation; it applies from the next request', async ({
    page,
    browser,
  }) => {
    await signInWithKeypad(page, PINS.superAdmin);
    const member = await createPerson(page.request, { firstName: 'Rory', role: 'cashier', pin: '3591' });
    const memberPage = await signedInPage(browser, '3591');
    await memberPage.goto('/procurement-dashboard');
    await expect(memberPage.getByTestId('access-denied')).toBeVisible();

    await page.goto('/role-management');
    const row = page.getByRole('row').filter({ hasText: member.name });
    await row.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Manager', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Role Change' });
    await expect(dialog.getByText('Access changes immediately')).toBeVisible();
    await dialog.getByRole('button', { name: 'Update Role' }).click();
    await expect(page.getByText('User role updated successfully')).toBeVisible();
    await expect(row.getByRole('combobox')).toHaveValue('Manager');

    // The next request of the member finds their session ended; signing in again gives the new role.
    expect((await memberPage.request.get('/auth/session')).status()).toBe(401);
    await signInWithKeypad(memberPage, '3591');
    await expect(memberPage).toHaveURL(/\/$/);
    await expect(memberPage.getByRole('link', { name: 'Procurement Management', exact: true })).toBeVisible();
  });
});

test.describe('staff e-mail', () => {
  // playwright.config.ts starts the server with SMTP_URL pointing here; this test listens on it.
  const smtpUrl = process.env.SMTP_URL ? new URL(process.env.SMTP_URL) : null;
  const received: Array<{ to: string[]; raw: string }> = [];
  let server: SMTPServer | null = null;

  test.beforeAll(async () => {
    if (smtpUrl?.hostname !== '127.0.0.1') return;
    server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const listening = server;
    await new Promise<void>((resolve) => listening.listen(Number(smtpUrl.port), '127.0.0.1', resolve));
    expect((listening.server.address() as AddressInfo).port).toBe(Number(smtpUrl.port));
  });
  test.afterAll(async () => {
    const listening = server;
    if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
  });

  test('a manager e-mails two staff and the message arrives at the SMTP server', async ({ page }) => {
    test.skip(!server, 'SMTP_URL does not point at 127.0.0.1 (see playwright.config.ts)');
    await signInWithKeypad(page, PINS.manager);
    await page.goto('/admin/staff');
    await page.getByRole('button', { name: 'Send Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email to Staff' });
    await dialog.getByLabel('Casey Cashier (casey.cashier@retailhub.example)').check();
    await dialog.getByLabel('Chris Cashier (chris.cashier@retailhub.example)').check();
    await dialog.getByLabel('Subject').fill('Stocktake on Friday');
    await dialog.getByLabel('Message').fill('Please arrive at 7:30.');
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await expect(page.getByText('Email sent to 2 staff members.')).toBeVisible();
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]?.to.sort()).toEqual(['casey.cashier@retailhub.example', 'chris.cashier@retailhub.example']);
    expect(received[0]?.raw).toContain('Subject: Stocktake on Friday');
    expect(received[0]?.raw).toContain('Please arrive at 7:30.');
  });
});
