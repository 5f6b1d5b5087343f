import { expect, type Page, test } from '@playwright/test';
import { runAxe, WCAG_22_AA } from './axe';
import { shot, startSignedIn } from './support';

/**
 * Issue #18 "Done when", end to end against the real server and the demo store: Morgan (manager)
 * stocks 10 m of oak at 12.50 in an Engineering location and sets Engineering's labour rate to
 * 40.00 an hour; Priya (procurement admin) creates a client and a job, adds the material and two
 * steps, sends and accepts a quote, issues the material, completes the steps, passes QA, delivers
 * with a signature drawn on the canvas and prints the delivery note with the signature on it.
 */
const PRIYA = '6048';
const MORGAN = '4826';

test.use({ actionTimeout: 20_000 });

async function switchTo(page: Page, pin: string) {
  await page.context().clearCookies();
  await startSignedIn(page, pin);
}

/** Picks `option` in the Mantine select labelled `label` (typing narrows searchable ones). */
async function choose(page: Page, label: string, option: string | RegExp, type?: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (type) await input.fill(type);
  await page.getByRole('option', { name: option }).first().click();
}

/** WCAG 2.2 AA on the job screens with real content (the every-screen walk sees them empty). */
async function expectAccessible(page: Page, where: string) {
  const { violations } = await runAxe(page, WCAG_22_AA);
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious.join('\n')).toBe('');
}

test('client and job → materials and steps → quote sent and accepted → issue → steps → QA → signed delivery → delivery note', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString().slice(-6);
  const sku = `OAK-${run}`;
  const locationCode = `WS-1-${run}`;
  const clientName = `Drama Department ${run}`;

  // Stock, set up by the manager through the API (the stores screens are under test elsewhere).
  await switchTo(page, MORGAN);
  const api = page.request;
  const mk = async (url: string, data: object, method: 'post' | 'put' = 'post') => {
    const response = await api[method](url, { data });
    expect(response.status(), `${url} ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  const lookups = await (await api.get('/api/procurement/purchasing-lookups')).json();
  const eng = lookups.departments.find((d: { code: string }) => d.code === 'ENG');
  expect(eng, 'the demo store has an Engineering department').toBeTruthy();
  const item = await mk('/api/procurement/items', { sku, name: 'Oak board', uom: 'm' });
  const supplier = await mk('/api/procurement/suppliers', { name: `Timber Yard ${run}` });
  const location = await mk('/api/procurement/locations', {
    code: locationCode,
    name: 'Workshop store',
    departmentId: eng.id,
  });
  const order = await mk('/api/procurement/purchase-orders', {
    supplierId: supplier.id,
    lines: [{ itemId: item.id, qtyOrdered: '10', unitPrice: '12.50' }],
  });
  await mk(`/api/procurement/purchase-orders/${order.id}/send`, {});
  await mk(`/api/procurement/purchase-orders/${order.id}/receipts`, {
    locationId: location.id,
    lines: [{ poLineId: order.lines[0].id, qtyReceived: '10', batchNo: `B-${run}` }],
  });

  // 0. Morgan sets Engineering's labour rate on the Workshop Jobs screen's Labour rates tab.
  await page.goto('/jobs');
  await page.getByRole('tab', { name: 'Labour rates' }).click();
  const rate = page.getByRole('textbox', { name: `Labour rate per hour for ${eng.name}` });
  await rate.fill('40.00');
  await page.getByRole('button', { name: `Save the labour rate for ${eng.name}` }).click();
  await expect(page.getByText(`${eng.name}: labour rate saved.`)).toBeVisible();
  await expectAccessible(page, 'labour rates');
  await shot(page, 'jobs-labour-rates');

  // 1. Priya reaches the job board through her Stores & Purchasing card and the sidebar.
  await switchTo(page, PRIYA);
  await page.goto('/interface-selection');
  await page.getByRole('link', { name: /Stores & Purchasing/ }).click();
  await page.getByRole('link', { name: 'Workshop Jobs' }).first().click();
  await expect(page.getByRole('heading', { name: 'Workshop Jobs', level: 1 })).toBeVisible();

  // 2. A client, then a job for it.
  await page.getByRole('tab', { name: 'Clients' }).click();
  await page.getByRole('button', { name: 'New client' }).click();
  const clientForm = page.getByRole('dialog', { name: 'New client' });
  await clientForm.getByRole('textbox', { name: 'Name', exact: true }).fill(clientName);
  await clientForm.getByLabel('Contact name').fill('Ada Lovelace');
  await clientForm.getByLabel('A department of the college').check();
  await clientForm.getByRole('button', { name: 'Save client' }).click();
  await expect(page.getByRole('cell', { name: clientName })).toBeVisible();

  await page.getByRole('button', { name: 'New job' }).click();
  const jobForm = page.getByRole('dialog', { name: 'New job' });
  await jobForm.getByLabel('Title').fill(`Stage props ${run}`);
  await choose(page, 'Client', clientName, clientName);
  await choose(page, 'Department', /^ENG/);
  await jobForm.getByLabel('Needed by').fill('2030-06-30');
  await jobForm.getByRole('button', { name: 'Create job' }).click();
  await expect(page.getByTestId('job-page')).toBeVisible();
  await expect(page.getByTestId('job-status')).toHaveText('Draft');
  const jobId = new URL(page.url()).searchParams.get('id');
  expect(jobId).toBeTruthy();

  // 3. The bill of materials and two steps.
  const materials = page.getByTestId('job-materials');
  await choose(page, 'Material', new RegExp(sku), sku);
  await materials.getByLabel('Quantity required').fill('2');
  await materials.getByRole('button', { name: 'Add material' }).click();
  await expect(materials.getByRole('cell', { name: new RegExp(sku) })).toBeVisible();
  const steps = page.getByTestId('job-steps');
  for (const [name, hours] of [
    ['Cut boards', '1.5'],
    ['Assemble and finish', '2'],
  ] as const) {
    await steps.getByLabel('Step name').fill(name);
    await steps.getByLabel('Planned hours').fill(hours);
    await steps.getByRole('button', { name: 'Add step' }).click();
    await expect(steps.getByText(name)).toBeVisible();
  }

  // 3a. Edited from the screen: the header, the BOM quantity (2 → 2.5 m) and a step's name.
  await page.getByRole('button', { name: 'Edit job' }).click();
  const editForm = page.getByRole('dialog', { name: /^Edit job JOB-/ });
  await editForm.getByLabel('Title').fill(`Stage props ${run}, act 2`);
  await editForm.getByLabel('Description').fill('Two chairs and a table for act 2');
  await choose(page, 'Priority', 'High');
  await editForm.getByLabel('Requested').fill('2030-05-01');
  await shot(page, 'workshop-job-edit-header');
  await expectAccessible(page, 'job header form');
  await page.setViewportSize({ width: 820, height: 1000 });
  await shot(page, 'workshop-job-edit-header-820');
  await page.setViewportSize({ width: 1366, height: 768 });
  await editForm.getByRole('button', { name: 'Save job' }).click();
  await expect(editForm).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Stage props ${run}, act 2`);
  await expect(page.getByTestId('job-header-facts')).toContainText('priority high · requested 2030-05-01');
  await expect(page.getByText('Two chairs and a table for act 2')).toBeVisible();

  await materials.getByRole('button', { name: 'Edit Oak board' }).click();
  const lineForm = page.getByRole('dialog', { name: new RegExp(`Edit ${sku}`) });
  await lineForm.getByLabel('Quantity required').fill('2.5');
  await lineForm.getByLabel('Notes').fill('Planed both sides');
  await lineForm.getByRole('button', { name: 'Save line' }).click();
  await expect(lineForm).toBeHidden();
  await expect(materials.getByRole('cell', { name: '2.5 m' })).toBeVisible();
  await expect(materials.getByText('Planed both sides')).toBeVisible();

  await steps.getByRole('button', { name: 'Edit step 1' }).click();
  const stepForm = page.getByRole('dialog', { name: 'Edit step 1' });
  await stepForm.getByLabel('Step name').fill('Cut the boards');
  await stepForm.getByLabel('Instructions').fill('Cut to the drawing');
  await shot(page, 'workshop-job-edit-step');
  await expectAccessible(page, 'step form');
  await stepForm.getByRole('button', { name: 'Save step' }).click();
  await expect(stepForm).toBeHidden();
  await expect(page.getByTestId('step-1')).toContainText('Cut the boards');
  await expect(page.getByTestId('step-1')).toContainText('Cut to the drawing');

  // 3b. A drawing attached (a PNG), listed and downloaded; a text file named .png is refused.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const attachments = page.getByTestId('job-attachments');
  await attachments
    .getByTestId('attachment-input')
    .setInputFiles({ name: 'chair-drawing.png', mimeType: 'image/png', buffer: png });
  const link = attachments.getByRole('link', { name: 'chair-drawing.png' });
  await expect(link).toBeVisible();
  await expect(attachments).toContainText('PNG image');
  const download = await page.request.get((await link.getAttribute('href')) as string);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('image/png');
  expect(download.headers()['content-disposition']).toContain('attachment; filename="chair-drawing.png"');
  expect(download.headers()['x-content-type-options']).toBe('nosniff');
  expect(Buffer.compare(await download.body(), png)).toBe(0);
  await attachments
    .getByTestId('attachment-input')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
  await expect(page.getByText('Only images (PNG, JPEG, GIF, WebP) and PDF files can be attached')).toBeVisible();
  await expect(attachments.getByRole('link')).toHaveCount(1);
  await attachments.scrollIntoViewIfNeeded();
  await shot(page, 'workshop-job-attachment');
  await expectAccessible(page, 'job page with an attachment');
  await page.setViewportSize({ width: 820, height: 1000 });
  await shot(page, 'workshop-job-attachment-820');
  await page.setViewportSize({ width: 1366, height: 768 });

  // 4. A quote from them: 2.5 m × 12.50 = 31.25, 3.5 h × 40.00 = 140.00; sent, then accepted.
  const quotes = page.getByTestId('job-quotes');
  await quotes.getByRole('button', { name: 'New quote version' }).click();
  await expect(page.getByTestId('quote-v1')).toContainText('$171.25');
  await quotes.getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByTestId('job-status')).toHaveText('Quoted');
  await quotes.getByRole('button', { name: 'Accept quote' }).click();
  await expect(page.getByTestId('job-status')).toHaveText('Approved');
  await expect(page.getByTestId('job-estimate')).toHaveText('$171.25');

  // The board shows the job under Approved, with its next move; at tablet width too.
  await page.goto('/jobs');
  const card = page.getByTestId('board-approved').getByText(`Stage props ${run}`);
  await expect(card).toBeVisible();
  // Other specs on the same server leave approved jobs on the board too.
  await expect(page.getByTestId('board-approved').getByRole('button', { name: 'Start work' }).first()).toBeVisible();
  await shot(page, 'workshop-board-approved');
  await expectAccessible(page, 'job board with a job');
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 820, height: 1000 });
  await shot(page, 'workshop-board-820');
  if (wide) await page.setViewportSize(wide);
  await page.goto(`/jobs/detail?id=${jobId}`);
  await expect(page.getByTestId('job-status')).toHaveText('Approved');

  // 5. Work starts; the material leaves the store room.
  await page.getByRole('button', { name: 'Start work' }).click();
  await expect(page.getByTestId('job-status')).toHaveText('In progress');
  await choose(page, 'Item to move', new RegExp(sku), sku);
  await choose(page, 'Location', new RegExp(locationCode), locationCode);
  await materials.getByLabel('Quantity', { exact: true }).fill('2.5');
  await materials.getByRole('button', { name: 'Issue to job' }).click();
  await expect(page.getByTestId('material-movements')).toContainText('Issued');
  await expect(materials.getByText('Yes')).toBeVisible();
  const stock = await (
    await page.request.get(`/api/procurement/stock?itemId=${item.id}&locationId=${location.id}`)
  ).json();
  expect(stock.rows[0].onHandQty).toBe('7.500');

  // 6. Both steps completed with their hours (1.5 + 2.25).
  await steps.getByLabel('Actual hours of step 1').fill('1.5');
  await steps.getByRole('button', { name: 'Complete step 1' }).click();
  await expect(page.getByTestId('step-1')).toContainText('Completed');
  await steps.getByLabel('Actual hours of step 2').fill('2.25');
  await steps.getByRole('button', { name: 'Complete step 2' }).click();
  await expect(page.getByTestId('step-2')).toContainText('Completed');
  await shot(page, 'workshop-job-in-progress');
  await expectAccessible(page, 'job page in progress');

  // 7. QA, passed.
  await page.getByRole('button', { name: 'Send to QA' }).click();
  await expect(page.getByTestId('job-status')).toHaveText('QA');
  await page.getByRole('button', { name: 'Pass QA' }).click();
  await expect(page.getByTestId('job-status')).toHaveText('Ready');

  // 8. Delivery, signed on the canvas with the mouse.
  const delivery = page.getByTestId('job-delivery');
  await delivery.getByLabel('Accepted by (name)').fill('Ada Lovelace');
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature canvas is not on screen');
  await page.mouse.move(box.x + 30, box.y + 110);
  await page.mouse.down();
  for (const [dx, dy] of [
    [60, 40],
    [100, 110],
    [150, 30],
    [200, 120],
    [260, 50],
    [320, 100],
  ] as const) {
    await page.mouse.move(box.x + dx, box.y + dy, { steps: 6 });
  }
  await page.mouse.up();
  await shot(page, 'workshop-job-signing', false);
  await expectAccessible(page, 'job page with the delivery form');
  await delivery.getByRole('button', { name: 'Record delivery' }).click();
  await expect(page.getByTestId('job-status')).toHaveText('Delivered');
  // Actual: 31.25 of oak + 3.75 h × 40.00 = 181.25, beside the estimate of 171.25.
  await expect(page.getByTestId('job-actual')).toHaveText('$181.25');
  await expect(page.getByTestId('job-estimate')).toHaveText('$171.25');
  await expect(page.getByTestId('job-history')).toContainText('Delivered to');
  // Delivered is final: read-only with the reason; the attachment still downloads.
  await expect(page.getByTestId('read-only-reason')).toContainText(
    'This job is Delivered: it can no longer be changed.',
  );
  await expect(page.getByRole('button', { name: 'Edit job' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit step 1' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Attach a file' })).toHaveCount(0);
  await expect(page.getByTestId('job-attachments').getByRole('link', { name: 'chair-drawing.png' })).toBeVisible();
  await shot(page, 'workshop-job-delivered');

  // 9. The delivery note, with the signature visible.
  await page.goto(`/jobs/delivery-print?id=${jobId}`);
  const note = page.getByTestId('delivery-print');
  await expect(note).toContainText(/DN-\d{4}-\d{5}/);
  await expect(note).toContainText('Received in good order by: Ada Lovelace');
  const signature = page.getByTestId('delivery-signature');
  await expect(signature).toBeVisible();
  expect(await signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shot(page, 'workshop-delivery-note');
  await expectAccessible(page, 'delivery note');

  // The board shows it among the closed jobs.
  await page.goto('/jobs');
  await expect(page.getByRole('cell', { name: `Stage props ${run}` })).toBeVisible();
  await shot(page, 'workshop-job-board');
  await expectAccessible(page, 'job board');
});
