import type { Category, Product, ProductImportResult } from '@retail-hub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, inject, type TestApp } from '../../../test/build-test-app';
import { parseCsv } from '../../lib/csv';
import { aCategory, aProduct, eventually, recordEvents, type Sessions, signInEveryone } from './catalog.test-support';

let t: TestApp;
let s: Sessions;
let bakery: string;

beforeAll(async () => {
  t = await buildTestApp();
  s = await signInEveryone(t);
  bakery = await aCategory(t, s.manager, 'Bakery');
  await aProduct(t, s.manager, {
    categoryId: bakery,
    name: '=HYPERLINK("http://evil")',
    sku: 'FORMULA1',
    description: '-50% today, "quoted", with, commas',
    price: '2.5',
    stock: 3,
    imageUrl: 'https://cdn.example.com/a.png',
  });
  await aProduct(t, s.manager, {
    categoryId: bakery,
    name: 'Drill',
    sku: 'DRILL1',
    assetType: 'tool',
    location: 'Main-2-205',
    isCheckoutRequired: true,
    lowStockThreshold: 0,
  });
  await aProduct(t, s.manager, { categoryId: bakery, name: 'Retired roll', sku: 'OLD1', isActive: false });
});
afterAll(async () => {
  await t.close();
});

const exportCsv = (cookie = s.manager) => inject(t, { method: 'GET', url: '/api/products/export.csv', cookie });
const importCsv = (csv: string, cookie = s.manager) =>
  inject(t, { method: 'POST', url: '/api/products/import', cookie, payload: { csv } });
const bySku = async (sku: string) =>
  (
    (
      await inject(t, { method: 'GET', url: `/api/products?search=${sku}&limit=5000`, cookie: s.manager })
    ).json() as Product[]
  ).find((p) => p.sku === sku);

describe('catalogue export (CSV)', () => {
  it('a manager downloads every product, deactivated ones too, as a dated CSV attachment', async () => {
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header] = response.body.split('\n');
    expect(header).toBe(
      'sku,name,description,category,price,stock,lowStockThreshold,assetType,location,isCheckoutRequired,isActive,imageUrl,stockBasedOn',
    );
    const rows = parseCsv(response.body);
    expect(rows.map((r) => r.sku).sort()).toEqual(['DRILL1', 'FORMULA1', 'OLD1']);
    expect(rows.find((r) => r.sku === 'DRILL1')).toMatchObject({
      category: 'Bakery',
      price: '4.50',
      assetType: 'tool',
      location: 'Main-2-205',
      isCheckoutRequired: 'true',
      isActive: 'true',
      lowStockThreshold: '0',
    });
    expect(rows.find((r) => r.sku === 'OLD1')?.isActive).toBe('false');
  });

  it('cells that a spreadsheet would run as a formula are escaped', async () => {
    const rows = parseCsv((await exportCsv()).body);
    expect(rows.find((r) => r.sku === 'FORMULA1')).toMatchObject({
      name: `'=HYPERLINK("http://evil")`,
      description: `'-50% today, "quoted", with, commas`,
    });
  });

  it('a cashier may not export or import', async () => {
    expect((await exportCsv(s.cashier)).statusCode).toBe(403);
    expect((await importCsv('sku,name,price,category\nA,B,1,C', s.cashier)).statusCode).toBe(403);
  });
});

describe('catalogue import (CSV)', () => {
  it('re-importing an export changes nothing: every row is reported unchanged', async () => {
    const csv = (await exportCsv()).body;
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(200);
    const result = response.json() as ProductImportResult;
    expect(result).toMatchObject({ created: 0, updated: 0, unchanged: 3, refused: 0 });
    expect(result.rows.every((r) => r.status === 'unchanged')).toBe(true);
    expect((await exportCsv()).body).toBe(csv);
  });

  it('creates new SKUs, updates known ones, creates unknown categories and reports each row', async () => {
    const csv = [
      'SKU,Name,Price,Category,Stock,Description',
      'NEW1,Sourdough,6.5,Bakery,12,Crusty',
      'NEW2,Cold Brew,5.00,Cold Drinks Imported,,',
      "DRILL1,Drill,4.50,Bakery,9,'=not a formula",
    ].join('\n');
    const result = (await importCsv(csv)).json() as ProductImportResult;
    expect(result).toMatchObject({ created: 2, updated: 1, unchanged: 0, refused: 0 });
    expect(result.rows).toEqual([
      { row: 2, sku: 'NEW1', status: 'created' },
      { row: 3, sku: 'NEW2', status: 'created' },
      { row: 4, sku: 'DRILL1', status: 'updated' },
    ]);
    expect(await bySku('NEW1')).toMatchObject({ name: 'Sourdough', price: '6.50', stock: 12, lowStockThreshold: 10 });
    expect(await bySku('NEW2')).toMatchObject({ stock: 0, category: { name: 'Cold Drinks Imported' } });
    // Absent columns keep their values; the formula escape was undone.
    expect(await bySku('DRILL1')).toMatchObject({
      stock: 9,
      description: '=not a formula',
      assetType: 'tool',
      location: 'Main-2-205',
      isCheckoutRequired: true,
    });
  });

  it('refuses a row with the reason, imports the others, and leaves no category behind for it', async () => {
    const csv = [
      'sku,name,price,category,stock',
      'GOOD1,Bagel,3.00,Bakery,1',
      'BAD1,Bad price,4.505,Never Created Category,1',
      ',No SKU,1.00,Bakery,1',
      'BAD2,,1.00,Bakery,-4',
      'GOOD1,Bagel again,3.00,Bakery,1',
    ].join('\n');
    const result = (await importCsv(csv)).json() as ProductImportResult;
    expect(result).toMatchObject({ created: 1, updated: 0, unchanged: 0, refused: 4 });
    expect(result.rows).toEqual([
      { row: 2, sku: 'GOOD1', status: 'created' },
      { row: 3, sku: 'BAD1', status: 'refused', reason: 'Invalid price format' },
      { row: 4, sku: '', status: 'refused', reason: 'SKU is required' },
      { row: 5, sku: 'BAD2', status: 'refused', reason: 'Name is required; Stock must be 0 or greater' },
      {
        row: 6,
        sku: 'GOOD1',
        status: 'refused',
        reason: 'SKU "GOOD1" appears more than once in the file (first at row 2).',
      },
    ]);
    expect(await bySku('BAD1')).toBeUndefined();
    const categories = (
      await inject(t, { method: 'GET', url: '/api/categories', cookie: s.manager })
    ).json() as Category[];
    expect(categories.some((c) => c.name === 'Never Created Category')).toBe(false);
  });

  it("a super admin's import leaves the institutional columns alone (spec §6)", async () => {
    const csv = [
      'sku,name,price,category,assetType,location,isCheckoutRequired',
      'DRILL1,Drill,4.50,Bakery,consumable,Annex,false',
    ].join('\n');
    const result = (await importCsv(csv, s.super_admin)).json() as ProductImportResult;
    expect(result.rows[0]?.status).toBe('unchanged');
    expect(await bySku('DRILL1')).toMatchObject({
      assetType: 'tool',
      location: 'Main-2-205',
      isCheckoutRequired: true,
    });
  });

  it('a file without the required columns, a broken CSV or no rows is refused as a whole', async () => {
    const missing = await importCsv('sku,name\nA,B');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'The CSV file needs the columns sku, name, price and category (missing: price, category).',
    );
    const broken = await importCsv('sku,name,price,category\n"A,B,1,C');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('catalog.import_invalid_csv');
    expect((await importCsv('sku,name,price,category\n')).statusCode).toBe(400);
    expect((await importCsv('')).json().errors).toEqual({ csv: 'Choose a CSV file to import.' });
  });

  it('an import that changes products publishes product.changed', async () => {
    const recorder = recordEvents(t);
    try {
      await importCsv('sku,name,price,category,stock\nEVT1,Evented,1.00,Bakery,4');
      await eventually(() => recorder.events.find((e) => e.type === 'product.changed'));
      await eventually(() => recorder.events.find((e) => e.type === 'stock.changed'));
    } finally {
      recorder.stop();
    }
  });
});
