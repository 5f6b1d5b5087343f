import type { Item, ItemPage, Location, ProcCategory, Supplier } from '@retail-hub/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, inject, type TestApp } from '../../../test/build-test-app';
import { products } from '../../db/schema/index';
import { aCategory, aProduct } from '../catalog/catalog.test-support';
import { get, post, type StoresSessions, storesSessions, unique } from './stores.test-support';

let t: TestApp;
let s: StoresSessions;

beforeAll(async () => {
  t = await buildTestApp();
  s = await storesSessions(t);
});
afterAll(async () => {
  await t.close();
});

const patch = (cookie: string, url: string, payload: object) => inject(t, { method: 'PATCH', url, cookie, payload });

describe('suppliers', () => {
  it('creates, lists, searches, edits, archives and restores a supplier', async () => {
    const name = unique('Acme Supplies');
    const created = await post<Supplier>(t, s.procurement_admin, '/api/procurement/suppliers', {
      name: `  ${name} `,
      contactName: 'Jo Bloggs',
      email: 'Orders@Acme.example',
      phone: '',
    });
    expect(created).toMatchObject({ name, contactName: 'Jo Bloggs', email: 'orders@acme.example', phone: null });
    expect(created.isArchived).toBe(false);

    const found = await get<Supplier[]>(
      t,
      s.department_manager,
      `/api/procurement/suppliers?search=${encodeURIComponent(name.slice(0, 12))}`,
    );
    expect(found.map((x) => x.id)).toContain(created.id);

    const edited = await patch(s.manager, `/api/procurement/suppliers/${created.id}`, { name, notes: 'Net 30' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ notes: 'Net 30', contactName: null });

    await post(t, s.procurement_admin, `/api/procurement/suppliers/${created.id}/archive`, {}, 200);
    expect((await get<Supplier[]>(t, s.manager, '/api/procurement/suppliers')).map((x) => x.id)).not.toContain(
      created.id,
    );
    expect(
      (await get<Supplier[]>(t, s.manager, '/api/procurement/suppliers?status=archived')).map((x) => x.id),
    ).toContain(created.id);
    const again = await inject(t, {
      method: 'POST',
      url: `/api/procurement/suppliers/${created.id}/archive`,
      cookie: s.manager,
    });
    expect(again.statusCode).toBe(409);
    await post(t, s.procurement_admin, `/api/procurement/suppliers/${created.id}/restore`, {}, 200);
  });

  it('refuses a second supplier with the same name ignoring case (409) and bad input (400 with fields)', async () => {
    const name = unique('Globex');
    await post(t, s.manager, '/api/procurement/suppliers', { name });
    const clash = await inject(t, {
      method: 'POST',
      url: '/api/procurement/suppliers',
      cookie: s.manager,
      payload: { name: name.toUpperCase() },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'stores.supplier_name_taken',
      errors: { name: 'This name is already in use' },
    });

    const bad = await inject(t, {
      method: 'POST',
      url: '/api/procurement/suppliers',
      cookie: s.manager,
      payload: { name: ' ', email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: 'Name is required', email: 'Valid email is required' });
  });

  it('lets a department manager read but not write; a cashier gets 403 on both', async () => {
    expect(
      (
        await inject(t, {
          method: 'POST',
          url: '/api/procurement/suppliers',
          cookie: s.department_manager,
          payload: { name: unique('X') },
        })
      ).statusCode,
    ).toBe(403);
    expect((await inject(t, { method: 'GET', url: '/api/procurement/suppliers', cookie: s.cashier })).statusCode).toBe(
      403,
    );
    expect((await inject(t, { method: 'GET', url: '/api/procurement/items', cookie: s.cashier })).statusCode).toBe(403);
    expect((await inject(t, { method: 'GET', url: '/api/procurement/suppliers' })).statusCode).toBe(401);
  });
});

describe('locations', () => {
  it('creates a Building-Floor-Room location in a department; the code is unique ignoring case', async () => {
    const code = unique('Main-2-205');
    const created = await post<Location>(t, s.procurement_admin, '/api/procurement/locations', {
      code,
      name: 'Main building, room 205',
      departmentId: s.departmentId,
      building: 'Main',
      floor: '2',
      room: '205',
      isSelling: true,
    });
    expect(created).toMatchObject({ code, departmentName: 'Stores Department A', building: 'Main', isSelling: true });
    const clash = await inject(t, {
      method: 'POST',
      url: '/api/procurement/locations',
      cookie: s.manager,
      payload: { code: code.toLowerCase(), name: 'Other' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('stores.location_code_taken');

    const byDepartment = await get<Location[]>(
      t,
      s.manager,
      `/api/procurement/locations?departmentId=${s.departmentId}`,
    );
    expect(byDepartment.map((l) => l.id)).toContain(created.id);
  });

  it('refuses an unknown department with a field message and changes nothing', async () => {
    const code = unique('NOWHERE');
    const response = await inject(t, {
      method: 'POST',
      url: '/api/procurement/locations',
      cookie: s.manager,
      payload: { code, name: 'Nowhere', departmentId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ departmentId: 'Department not found' });
    const all = await get<Location[]>(t, s.manager, '/api/procurement/locations?status=all');
    expect(all.map((l) => l.code)).not.toContain(code);
  });

  it('answers 404 for an unknown location and 400 for a malformed id', async () => {
    expect(
      (
        await inject(t, {
          method: 'GET',
          url: '/api/procurement/locations/00000000-0000-4000-8000-000000000000',
          cookie: s.manager,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await inject(t, { method: 'GET', url: '/api/procurement/locations/abc', cookie: s.manager })).statusCode,
    ).toBe(400);
  });
});

describe('categories and subcategories', () => {
  it('creates a category with a subcategory, refuses duplicates, archives', async () => {
    const name = unique('Cleaning');
    const category = await post<ProcCategory>(t, s.procurement_admin, '/api/procurement/categories', { name });
    const withSub = await post<ProcCategory>(
      t,
      s.procurement_admin,
      `/api/procurement/categories/${category.id}/subcategories`,
      {
        name: 'Detergents',
      },
    );
    expect(withSub.subcategories).toEqual([expect.objectContaining({ name: 'Detergents', categoryId: category.id })]);
    const dup = await inject(t, {
      method: 'POST',
      url: `/api/procurement/categories/${category.id}/subcategories`,
      cookie: s.manager,
      payload: { name: 'detergents' },
    });
    expect(dup.statusCode).toBe(409);
    // The screen's search: a category's name or one of its subcategories', ignoring case.
    const bySub = await get<ProcCategory[]>(t, s.manager, `/api/procurement/categories?search=DETERG`);
    expect(bySub.map((c) => c.id)).toContain(category.id);
    const byName = await get<ProcCategory[]>(
      t,
      s.manager,
      `/api/procurement/categories?search=${encodeURIComponent(name.toLowerCase())}`,
    );
    expect(byName.map((c) => c.id)).toEqual([category.id]);
    const none = await get<ProcCategory[]>(t, s.manager, '/api/procurement/categories?search=zz-no-such-category');
    expect(none).toEqual([]);
    const dupCat = await inject(t, {
      method: 'POST',
      url: '/api/procurement/categories',
      cookie: s.manager,
      payload: { name },
    });
    expect(dupCat.statusCode).toBe(409);
    await post(t, s.manager, `/api/procurement/categories/${category.id}/archive`, {}, 200);
    const active = await get<ProcCategory[]>(t, s.manager, '/api/procurement/categories');
    expect(active.map((c) => c.id)).not.toContain(category.id);
  });
});

describe('items', () => {
  it('creates an item with the spec defaults and fractional quantities, finds it by SKU, name or barcode', async () => {
    const sku = unique('GLV');
    const item = await post<Item>(t, s.procurement_admin, '/api/procurement/items', {
      sku,
      name: 'Nitrile gloves',
      uom: 'box',
      barcode: `9${Date.now()}`,
      reorderPoint: '2.5',
    });
    expect(item).toMatchObject({
      sku,
      uom: 'box',
      minReorderQty: '1.000',
      reorderPoint: '2.500',
      isAsset: false,
      onHandQty: '0.000',
      posProductId: null,
    });
    const page = await get<ItemPage>(
      t,
      s.department_manager,
      `/api/procurement/items?search=${encodeURIComponent(sku)}`,
    );
    expect(page.total).toBe(1);
    expect(page.items[0]?.id).toBe(item.id);
    const byBarcode = await get<ItemPage>(t, s.manager, `/api/procurement/items?search=${item.barcode}`);
    expect(byBarcode.items.map((i) => i.id)).toEqual([item.id]);
  });

  it('refuses a duplicate SKU ignoring case, a subcategory of another category, bad quantities', async () => {
    const sku = unique('DUP');
    await post(t, s.manager, '/api/procurement/items', { sku, name: 'First' });
    const dup = await inject(t, {
      method: 'POST',
      url: '/api/procurement/items',
      cookie: s.manager,
      payload: { sku: sku.toLowerCase(), name: 'Second' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ sku: 'This SKU is already in use' });

    const a = await post<ProcCategory>(t, s.manager, '/api/procurement/categories', { name: unique('A') });
    const b = await post<ProcCategory>(t, s.manager, '/api/procurement/categories', { name: unique('B') });
    const bWithSub = await post<ProcCategory>(t, s.manager, `/api/procurement/categories/${b.id}/subcategories`, {
      name: 'Sub',
    });
    const wrong = await inject(t, {
      method: 'POST',
      url: '/api/procurement/items',
      cookie: s.manager,
      payload: { sku: unique('X'), name: 'X', categoryId: a.id, subcategoryId: bWithSub.subcategories[0]?.id },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ subcategoryId: 'The subcategory belongs to another category' });

    const bad = await inject(t, {
      method: 'POST',
      url: '/api/procurement/items',
      cookie: s.manager,
      payload: { sku: unique('Y'), name: 'Y', reorderPoint: '1.2345', minReorderQty: '-1', warrantyMonths: 1.5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      reorderPoint: 'Reorder point must be a number with at most 3 decimals',
      minReorderQty: 'Minimum reorder quantity must be 0 or more',
      warrantyMonths: 'Warranty months must be a whole number, 0 or more',
    });
  });

  it('links an item to one POS product only', async () => {
    const categoryId = await aCategory(t, s.manager);
    const product = await aProduct(t, s.manager, { categoryId });
    const item = await post<Item>(t, s.manager, '/api/procurement/items', {
      sku: unique('POS'),
      name: 'Linked',
      posProductId: product.id,
    });
    expect(item).toMatchObject({ posProductId: product.id, posProductName: product.name });
    const second = await inject(t, {
      method: 'POST',
      url: '/api/procurement/items',
      cookie: s.manager,
      payload: { sku: unique('POS'), name: 'Linked too', posProductId: product.id },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('stores.pos_product_linked');
  });

  it('refuses a link to a POS product that does not exist or is no longer sold (400, never a 500)', async () => {
    const categoryId = await aCategory(t, s.manager);
    const unknown = await inject(t, {
      method: 'POST',
      url: '/api/procurement/items',
      cookie: s.procurement_admin,
      payload: { sku: unique('NOPOS'), name: 'Unknown link', posProductId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ posProductId: 'POS product not found' });
    const malformed = await inject(t, {
      method: 'POST',
      url: '/api/procurement/items',
      cookie: s.procurement_admin,
      payload: { sku: unique('NOPOS'), name: 'Bad link', posProductId: 'not-an-id' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().errors)).toEqual(['posProductId']);

    // A product taken off sale keeps the item already linked to it, but takes no new link.
    const product = await aProduct(t, s.manager, { categoryId });
    const linked = await post<Item>(t, s.procurement_admin, '/api/procurement/items', {
      sku: unique('OFFSALE'),
      name: 'Linked before',
      posProductId: product.id,
    });
    expect(linked).toMatchObject({ posProductName: product.name, posProductSku: product.sku });
    await t.db.db.update(products).set({ isActive: false }).where(eq(products.id, product.id));
    const kept = await patch(s.procurement_admin, `/api/procurement/items/${linked.id}`, {
      sku: linked.sku,
      name: 'Renamed, still linked',
      posProductId: product.id,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ posProductId: product.id });
    const other = await post<Item>(t, s.procurement_admin, '/api/procurement/items', {
      sku: unique('NEW'),
      name: 'New',
    });
    const offSale = await patch(s.procurement_admin, `/api/procurement/items/${other.id}`, {
      sku: other.sku,
      name: other.name,
      posProductId: product.id,
    });
    expect(offSale.statusCode).toBe(400);
    expect(offSale.json().errors).toEqual({ posProductId: 'That POS product is no longer sold' });
    // Unlinking is the form's Clear: the link goes, the item stays.
    const cleared = await patch(s.procurement_admin, `/api/procurement/items/${linked.id}`, {
      sku: linked.sku,
      name: linked.name,
      posProductId: null,
    });
    expect(cleared.json()).toMatchObject({ posProductId: null, posProductName: null, posProductSku: null });
  });

  it('pages the list on the server and archives', async () => {
    const prefix = unique('PAGE');
    for (let i = 0; i < 5; i++)
      await post(t, s.manager, '/api/procurement/items', { sku: `${prefix}-${i}`, name: `Paged ${i}` });
    const first = await get<ItemPage>(t, s.manager, `/api/procurement/items?search=${prefix}&pageSize=2`);
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((i) => i.sku)).toEqual([`${prefix}-0`, `${prefix}-1`]);
    const third = await get<ItemPage>(t, s.manager, `/api/procurement/items?search=${prefix}&pageSize=2&page=3`);
    expect(third.items.map((i) => i.sku)).toEqual([`${prefix}-4`]);
    const id = first.items[0]?.id as string;
    await post(t, s.manager, `/api/procurement/items/${id}/archive`, {}, 200);
    expect((await get<ItemPage>(t, s.manager, `/api/procurement/items?search=${prefix}`)).total).toBe(4);
    expect((await get<ItemPage>(t, s.manager, `/api/procurement/items?search=${prefix}&status=all`)).total).toBe(5);
  });
});

describe('CSV export and import of the masters', () => {
  it('imports items by SKU with a per-row report (created, updated, refused); a refused row changes nothing', async () => {
    const existing = await post<Item>(t, s.manager, '/api/procurement/items', {
      sku: unique('CSV-A'),
      name: 'Old name',
    });
    const fresh = unique('CSV-B');
    const csv = [
      'sku,name,uom,reorderPoint,minReorderQty,departmentCode,isAsset',
      `${existing.sku},New name,box,12,24,STORES-A,no`,
      `${fresh},Fresh item,each,5,,,yes`,
      `${unique('CSV-C')},Bad point,each,-1,,,no`,
      `${unique('CSV-D')},Unknown department,each,1,,NOPE,no`,
      `${fresh},Twice,each,1,,,no`,
      ',No SKU,each,1,,,no',
    ].join('\n');
    const denied = await inject(t, {
      method: 'POST',
      url: '/api/procurement/items/import',
      cookie: s.department_manager,
      payload: { csv },
    });
    expect(denied.statusCode).toBe(403);
    const response = await inject(t, {
      method: 'POST',
      url: '/api/procurement/items/import',
      cookie: s.procurement_admin,
      payload: { csv },
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ created: 1, updated: 1, refused: 4 });
    expect(report.rows.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [2, 'updated'],
      [3, 'created'],
      [4, 'refused'],
      [5, 'refused'],
      [6, 'refused'],
      [7, 'refused'],
    ]);
    expect(report.rows[3].reason).toBe('Department NOPE not found');
    expect(report.rows[0].sku).toBe(existing.sku);
    const updated = await get<Item>(t, s.manager, `/api/procurement/items/${existing.id}`);
    expect(updated).toMatchObject({
      name: 'New name',
      uom: 'box',
      reorderPoint: '12.000',
      minReorderQty: '24.000',
      departmentId: s.departmentId,
    });
    const page = await get<ItemPage>(t, s.manager, `/api/procurement/items?search=${encodeURIComponent(fresh)}`);
    expect(page.items[0]).toMatchObject({ name: 'Fresh item', isAsset: true, reorderPoint: '5.000' });
    expect((await get<ItemPage>(t, s.manager, '/api/procurement/items?search=Bad%20point')).total).toBe(0);

    const exported = await inject(t, {
      method: 'GET',
      url: '/api/procurement/items/export.csv',
      cookie: s.department_manager,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body.split('\n')[0]).toBe(
      'sku,name,description,category,subcategory,departmentCode,uom,barcode,reorderPoint,minReorderQty,isAsset,warrantyMonths,serviceIntervalDays,expectedLifespanMonths,posProductSku,onHandQty,status',
    );
    expect(exported.body).toContain(`${existing.sku},New name,,,,STORES-A,box,,12,24,no,,,,,0,active`);
  });

  it('imports suppliers by name and locations by code, archives by status, and exports them', async () => {
    const supplier = unique('Csv Supplier');
    const code = unique('Main-3-301');
    const suppliers = await inject(t, {
      method: 'POST',
      url: '/api/procurement/suppliers/import',
      cookie: s.manager,
      payload: {
        csv: `name,email,status\n${supplier},SALES@CSV.example,active\n${unique('Bad')},not-an-email,active\n`,
      },
    });
    expect(suppliers.statusCode, suppliers.body).toBe(200);
    expect(suppliers.json()).toMatchObject({ created: 1, refused: 1 });
    const locations = await inject(t, {
      method: 'POST',
      url: '/api/procurement/locations/import',
      cookie: s.manager,
      payload: {
        csv: `code,name,departmentCode,building,floor,room,isSelling,status\n${code},Room 301,STORES-A,Main,3,301,yes,archived\n`,
      },
    });
    expect(locations.statusCode, locations.body).toBe(200);
    expect(locations.json()).toMatchObject({ created: 1, refused: 0 });
    const archived = await get<Location[]>(
      t,
      s.manager,
      `/api/procurement/locations?status=archived&search=${encodeURIComponent(code)}`,
    );
    expect(archived[0]).toMatchObject({ code, isSelling: true, building: 'Main', departmentId: s.departmentId });
    const supplierCsv = await inject(t, {
      method: 'GET',
      url: '/api/procurement/suppliers/export.csv',
      cookie: s.manager,
    });
    expect(supplierCsv.body).toContain(`${supplier},,sales@csv.example`);
    const locationCsv = await inject(t, {
      method: 'GET',
      url: '/api/procurement/locations/export.csv',
      cookie: s.manager,
    });
    expect(locationCsv.body).toContain(`${code},Room 301,STORES-A,Main,3,301,yes,archived`);
    expect(
      (await inject(t, { method: 'GET', url: '/api/procurement/items/export.csv', cookie: s.cashier })).statusCode,
    ).toBe(403);
  });

  it('imports categories and their subcategories with a per-row report, and exports them', async () => {
    const office = unique('Csv Office');
    const cleaning = unique('Csv Cleaning');
    const existing = await post<ProcCategory>(t, s.manager, '/api/procurement/categories', {
      name: cleaning,
      description: 'Old text',
    });
    const csv = [
      'category,subcategory,description,departmentCode,status',
      `${office},,Paper and pens,,active`,
      `${office},Paper,A4 and A3,STORES-A,`,
      `${cleaning.toUpperCase()},,Mops and soap,,archived`,
      `${unique('Csv Nowhere')},Orphan,,,`,
      `${office},Pens,,NOPE,`,
      `${office},paper,Twice,,`,
      `${office},,,STORES-A,`,
      ',Nameless,,,',
    ].join('\n');
    const denied = await inject(t, {
      method: 'POST',
      url: '/api/procurement/categories/import',
      cookie: s.department_manager,
      payload: { csv },
    });
    expect(denied.statusCode).toBe(403);
    const response = await inject(t, {
      method: 'POST',
      url: '/api/procurement/categories/import',
      cookie: s.procurement_admin,
      payload: { csv },
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ created: 2, updated: 1, refused: 5 });
    expect(report.rows.map((r: { row: number; status: string; name: string }) => [r.row, r.status, r.name])).toEqual([
      [2, 'created', office],
      [3, 'created', `${office} / Paper`],
      [4, 'updated', cleaning.toUpperCase()],
      [5, 'refused', expect.stringContaining('/ Orphan')],
      [6, 'refused', `${office} / Pens`],
      [7, 'refused', `${office} / paper`],
      [8, 'refused', office],
      [9, 'refused', ''],
    ]);
    expect(report.rows.map((r: { reason?: string }) => r.reason)).toEqual([
      undefined,
      undefined,
      undefined,
      expect.stringMatching(/^Category .* not found; add a row for it above$/),
      'Department NOPE not found',
      expect.stringContaining('appears more than once in the file (first at row 3)'),
      expect.stringContaining('appears more than once in the file (first at row 2)'),
      'Category is required',
    ]);

    const all = await get<ProcCategory[]>(t, s.manager, '/api/procurement/categories?status=all');
    const imported = all.find((c) => c.name === office);
    expect(imported).toMatchObject({ description: 'Paper and pens', isArchived: false });
    expect(imported?.subcategories).toEqual([
      expect.objectContaining({ name: 'Paper', description: 'A4 and A3', departmentId: s.departmentId }),
    ]);
    // Matched ignoring case; the file's spelling is stored, like a supplier's name.
    expect(all.find((c) => c.id === existing.id)).toMatchObject({
      name: cleaning.toUpperCase(),
      description: 'Mops and soap',
      isArchived: true,
    });

    const exported = await inject(t, {
      method: 'GET',
      url: '/api/procurement/categories/export.csv',
      cookie: s.department_manager,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/stores-categories-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = exported.body.split('\n');
    expect(lines[0]).toBe('category,subcategory,description,departmentCode,status');
    const at = lines.indexOf(`${office},,Paper and pens,,active`);
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe(`${office},Paper,A4 and A3,STORES-A,active`);
    expect(lines).toContain(`${cleaning.toUpperCase()},,Mops and soap,,archived`);
    expect(
      (await inject(t, { method: 'GET', url: '/api/procurement/categories/export.csv', cookie: s.cashier })).statusCode,
    ).toBe(403);
  });
});
