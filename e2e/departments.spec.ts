import { expect, test } from '@playwright/test';
import { shot, startSignedIn } from './support';

/**
 * Departments (issue #7): procurement departments with the optimization suggestions, and the
 * POS-side Department Management screen, against the real server with the demo store.
 */
const PINS = { manager: '4826', cashier: '2915' } as const;
const unique = () => Date.now().toString(36).slice(-5).toUpperCase();

test('a manager creates a procurement department, sees it in the grid and a suggestion naming real data', async ({
  page,
}) => {
  await startSignedIn(page, PINS.manager);
  await page.goto('/procurement-departments');
  await expect(page.getByRole('heading', { name: 'Procurement Departments' })).toBeVisible();
  // The demo store's departments are listed (ENG is one of them).
  await expect(page.getByTestId('proc-department-card').filter({ hasText: 'ENG' }).first()).toBeVisible();
  // The first suggestions request gathers the figures of a cold database: allow a busy machine time.
  await expect(page.getByTestId('ai-suggestion').first()).toBeVisible({ timeout: 20_000 });
  await shot(page, 'procurement-departments-top', false);

  const code = `R${unique()}`;
  const name = `Robotics ${code}`;
  await page.getByRole('button', { name: 'Add Department' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Department' });
  const submit = dialog.getByRole('button', { name: 'Create Department' });
  await expect(submit).toBeDisabled();
  await dialog.getByPlaceholder('Code (e.g., ENG)').fill(code.toLowerCase());
  await expect(submit).toBeDisabled();
  await dialog.getByPlaceholder('Name (e.g., Engineering)').fill(name);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Department created successfully')).toBeVisible();
  const card = page.getByTestId('proc-department-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText(code, { exact: true })).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  // A duplicate code is refused with the server's message, in the dialog.
  await page.getByRole('button', { name: 'Add Department' }).click();
  await dialog.getByPlaceholder('Code (e.g., ENG)').fill(code);
  await dialog.getByPlaceholder('Name (e.g., Engineering)').fill(`${name} again`);
  await dialog.getByRole('button', { name: 'Create Department' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`A department with code "${code}" already exists.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The suggestions name the demo store's own figures: its departments without a manager.
  const departments = (await (await page.request.get('/api/departments')).json()) as Array<{
    name: string;
    manager: unknown;
  }>;
  const unmanaged = departments.find((d) => d.manager === null);
  expect(unmanaged, 'the demo store has a department without a manager').toBeTruthy();
  const suggestion = page.getByTestId('ai-suggestion').filter({ hasText: `"${unmanaged?.name}"` });
  await expect(suggestion).toBeVisible();
  await suggestion.getByRole('button').first().click();
  await expect(suggestion.getByText('Action items')).toBeVisible();

  // The new department is found by a search on its code.
  await page.getByLabel('Search departments').fill(code.toLowerCase());
  await expect(page.getByTestId('proc-department-card')).toHaveCount(1);
  await page.getByLabel('Search departments').fill('');
  await expect(page.getByTestId('proc-department-card').filter({ hasText: 'ENG' }).first()).toBeVisible();
  await shot(page, 'procurement-departments');
});

test('a manager exports the procurement departments as CSV and imports a file with a per-row report', async ({
  page,
}) => {
  await startSignedIn(page, PINS.manager);
  await page.goto('/procurement-departments');
  await expect(page.getByTestId('proc-department-card').first()).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^procurement-departments-\d{4}-\d{2}-\d{2}\.csv$/);

  const code = `IMP${unique()}`;
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import' }).click();
  await (await chooser).setFiles({
    name: 'departments.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`code,name\n${code},Imported ${code}\n${code}-2,Engineering\n`),
  });
  const report = page.getByRole('dialog', { name: 'Import Report' });
  await expect(report.getByTestId('import-created')).toHaveText('1');
  await expect(report.getByTestId('import-refused')).toHaveText('1');
  await expect(report).toContainText('A department named "Engineering" already exists.');
  await shot(page, 'import-report', false);
  await report.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('proc-department-card').filter({ hasText: `Imported ${code}` })).toBeVisible();
});

test('a manager creates a POS-side department with a manager on /departments', async ({ page }) => {
  await startSignedIn(page, PINS.manager);
  await page.goto('/departments');
  await expect(page.getByRole('heading', { name: 'Department Management' })).toBeVisible();
  await expect(page.getByTestId('department-card').first()).toBeVisible();

  const name = `Music ${unique()}`;
  await page.getByRole('button', { name: 'Add Department' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Department' });
  await dialog.getByLabel('Department Name').fill(name);
  await dialog.getByLabel('Description').fill('Band room and instruments');
  await dialog.getByRole('combobox', { name: 'Department Manager' }).click();
  await page.getByRole('option', { name: 'Morgan Manager (Manager)' }).click();
  await dialog.getByLabel('Building/Location').fill('North Wing');
  await shot(page, 'add-department-dialog', false);
  await dialog.getByRole('button', { name: 'Create Department' }).click();
  await expect(page.getByText('Department created successfully')).toBeVisible();
  const card = page.getByTestId('department-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Morgan Manager');
  await expect(card).toContainText('North Wing');
  await expect(card).toContainText('Active');
  await shot(page, 'departments');

  // One department (issue #33, ADR 0027): the same department is on /procurement-departments, with
  // a code made from its name.
  await page.goto('/procurement-departments');
  const procCard = page.getByTestId('proc-department-card').filter({ hasText: name });
  await expect(procCard).toBeVisible();
  await expect(procCard).toContainText(name.toUpperCase().replace(' ', '_'));
});

test('a manager reaches /departments from the procurement navigation, edits a card and archives it after confirming', async ({
  page,
}) => {
  await startSignedIn(page, PINS.manager);
  await page.goto('/procurement-departments');
  // Issue #13 item 19: the POS-side departments are linked from the procurement shell.
  await page.getByRole('link', { name: 'Department Management' }).click();
  await expect(page).toHaveURL(/\/departments$/);
  await expect(page.getByRole('heading', { name: 'Department Management', level: 1 })).toBeVisible();

  const name = `Drama ${unique()}`;
  await page.getByRole('button', { name: 'Add Department' }).click();
  const add = page.getByRole('dialog', { name: 'Add Department' });
  await add.getByLabel('Department Name').fill(name);
  await add.getByLabel('Building/Location').fill('Hall A');
  await add.getByRole('button', { name: 'Create Department' }).click();
  await expect(page.getByText('Department created successfully')).toBeVisible();

  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Department' });
  await expect(edit.getByLabel('Building/Location')).toHaveValue('Hall A');
  await edit.getByLabel('Description').fill('Stage and costumes');
  await edit.getByLabel('Building/Location').fill('Hall B');
  await shot(page, 'edit-department-dialog', false);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Department updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card).toContainText('Stage and costumes');
  await expect(card).toContainText('Hall B');

  await card.getByRole('button', { name: `Archive ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Archive Department' });
  await expect(confirm).toContainText(`Archive "${name}"?`);
  await shot(page, 'archive-department-confirm', false);
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(card.getByText('Archived')).toBeVisible();
  await expect(card.getByRole('button', { name: `Restore ${name}` })).toBeVisible();
  await shot(page, 'departments-archived');
  // Still archived after a reload: the server kept it.
  await page.reload();
  await expect(page.getByRole('article', { name }).getByText('Archived')).toBeVisible();
});

test('a cashier is turned away from /departments with the access toast and sent home', async ({ page }) => {
  await startSignedIn(page, PINS.cashier);
  await page.goto('/departments');
  await expect(page.getByText('Manager or Developer access required for department management.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
});
