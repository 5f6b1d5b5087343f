import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, inject, signIn, type TestApp } from '../../../test/build-test-app';
import { assetCheckouts, categories, procDepartments, products } from '../../db/schema/index';
import { parseCsv } from '../../lib/csv';
import { closeStore, giveStock, openStore } from '../pos/pos-test-support';

/**
 * Institutional Analytics API (spec §2 Institutional Analytics, §4 Utilization rating, §9 Asset
 * value) on a small hand-made set; every expected figure is worked out in the comments.
 */
let t: TestApp;
let manager: string;
let drillId: string;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await buildTestApp();
  const userId = await createUser(t, { role: 'manager', pin: '4826' });
  await createUser(t, { role: 'super_admin', pin: '7391' });
  await createUser(t, { role: 'cashier', pin: '2915' });
  await createUser(t, { role: 'department_manager', pin: '5174' });
  manager = await signIn(t, '4826', '10.8.0.1');

  const db = t.db.db;
  const [tools, lab] = await db
    .insert(categories)
    .values([
      { name: 'Tools', isInstitutional: true },
      { name: 'Lab', isInstitutional: true },
    ])
    .returning({ id: categories.id });
  const [science, workshop] = await db
    .insert(procDepartments)
    .values([
      { code: 'SCI', name: 'Science', building: 'Science' },
      { code: 'WKS', name: 'Workshop', building: 'Main' },
      { code: 'EMPTY', name: 'Empty Dept' },
    ])
    .returning({ id: procDepartments.id });
  // Each product's stock is its item's level at the default store (ADR 0025), given after the insert.
  const stocks: number[] = [];
  const product = ({
    stock,
    ...values
  }: Partial<typeof products.$inferInsert> & { name: string; price: string; stock: number }) => {
    stocks.push(stock);
    return { sku: `SKU-${values.name.replace(/\W/g, '')}`, categoryId: (tools as { id: string }).id, ...values };
  };
  const inserted = await db
    .insert(products)
    .values([
      // 120.00 × 3 = 360.00
      product({
        name: 'Drill',
        price: '120.00',
        stock: 3,
        assetType: 'tool',
        location: 'Main-2-205',
        departmentId: workshop?.id,
      }),
      // 450.50 × 2 = 901.00
      product({
        name: 'Microscope',
        price: '450.50',
        stock: 2,
        assetType: 'equipment',
        location: 'Science-1-110',
        departmentId: science?.id,
        categoryId: lab?.id,
      }),
      // 9.99 × 0 = 0.00; no checkouts and no stock: Unavailable. A name a spreadsheet would run.
      product({
        name: '=Cable kit',
        price: '9.99',
        stock: 0,
        assetType: 'material',
        location: 'Main-1-101',
        departmentId: science?.id,
        categoryId: lab?.id,
      }),
      // 0.25 × 40 = 10.00; no checkouts but stock: Low. No location: Unassigned.
      product({ name: 'Gloves', price: '0.25', stock: 40, assetType: 'consumable' }),
      // Inactive: not an asset any more.
      product({
        name: 'Old Saw',
        price: '1000.00',
        stock: 5,
        assetType: 'tool',
        isActive: false,
        location: 'Main-1-1',
      }),
      // A shop product: counted as a department product, never as an asset.
      product({ name: 'Coffee', price: '4.50', stock: 100, departmentId: workshop?.id }),
    ])
    .returning({ id: products.id });
  for (const [index, row] of inserted.entries()) await giveStock(t, { productId: row.id }, stocks[index] ?? 0);
  const [drill, microscope] = inserted;
  drillId = drill?.id as string;
  const now = Date.now();
  const at = (ms: number) => new Date(now + ms);
  const checkout = (productId: string | undefined, out: number, expected: number | null, returned: number | null) => ({
    productId: productId as string,
    userId,
    checkedOutAt: at(out),
    expectedReturnAt: expected === null ? null : at(expected),
    returnedAt: returned === null ? null : at(returned),
    status: returned === null ? ('checked_out' as const) : ('returned' as const),
  });
  await db.insert(assetCheckouts).values([
    checkout(drill?.id, -2 * DAY, -DAY, -DAY), // returned
    checkout(drill?.id, -DAY, -HOUR, null), // active and overdue
    checkout(microscope?.id, -3 * DAY, 2 * DAY, null), // active, due later
    checkout(microscope?.id, -40 * DAY, -38 * DAY, -38 * DAY), // in 90 days, not 30
    checkout(microscope?.id, -60 * DAY, -59 * DAY, -59 * DAY), // in 90 days, not 30
  ]);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie = manager) => inject(t, { method: 'GET', url, cookie });

describe('GET /api/analytics/institution', () => {
  it('computes the cards, inventory, utilization, departments and buildings for the default 30 days', async () => {
    const response = await get('/api/analytics/institution');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const sydneyToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
    expect(body.days).toBe(30);
    expect(body.endDate).toBe(sydneyToday);
    // 4 active non-regular products; 360.00 + 901.00 + 0.00 + 10.00; 2 not returned, 1 past due.
    expect(body.cards).toEqual({ totalAssets: 4, assetValue: '1271.00', activeCheckouts: 2, overdueItems: 1 });
    expect(body.inventory.byAssetType).toEqual([
      { assetType: 'tool', count: 1, units: 3, value: '360.00' },
      { assetType: 'material', count: 1, units: 0, value: '0.00' },
      { assetType: 'equipment', count: 1, units: 2, value: '901.00' },
      { assetType: 'consumable', count: 1, units: 40, value: '10.00' },
    ]);
    expect(body.inventory.byCategory).toEqual([
      { category: 'Lab', count: 2, units: 2, value: '901.00' },
      { category: 'Tools', count: 2, units: 43, value: '370.00' },
    ]);
    // At or below the threshold of 10, emptiest first; Gloves (40) is not low.
    expect(body.inventory.lowStock.map((a: { name: string; stock: number }) => [a.name, a.stock])).toEqual([
      ['=Cable kit', 0],
      ['Microscope', 2],
      ['Drill', 3],
    ]);
    // In 30 days: Drill 2 checkouts, Microscope 1 → 3 checkouts over 2 assets.
    expect(body.utilization.totalCheckouts).toBe(3);
    expect(body.utilization.assetsUsed).toBe(2);
    expect(
      body.utilization.top.map((a: { name: string; checkouts: number; activeCheckouts: number; rating: string }) => [
        a.name,
        a.checkouts,
        a.activeCheckouts,
        a.rating,
      ]),
    ).toEqual([
      ['Drill', 2, 1, 'High'],
      ['Microscope', 1, 1, 'High'],
      ['=Cable kit', 0, 0, 'Unavailable'],
      ['Gloves', 0, 0, 'Low'],
    ]);
    expect(body.departments).toEqual([
      {
        id: expect.any(String),
        name: 'Empty Dept',
        building: null,
        products: 0,
        assets: 0,
        assetValue: '0.00',
        activeCheckouts: 0,
        checkoutsInRange: 0,
      },
      {
        id: expect.any(String),
        name: 'Science',
        building: 'Science',
        products: 2,
        assets: 2,
        assetValue: '901.00',
        activeCheckouts: 1,
        checkoutsInRange: 1,
      },
      {
        id: expect.any(String),
        name: 'Workshop',
        building: 'Main',
        products: 2,
        assets: 1,
        assetValue: '360.00',
        activeCheckouts: 1,
        checkoutsInRange: 2,
      },
      {
        id: null,
        name: 'Unassigned',
        building: null,
        products: 1,
        assets: 1,
        assetValue: '10.00',
        activeCheckouts: 0,
        checkoutsInRange: 0,
      },
    ]);
    // Buildings: 'Main-2-205' and 'Main-1-101' → Main; no location → Unassigned. By value.
    expect(body.locations).toEqual([
      { building: 'Science', rooms: 1, assets: 1, units: 2, value: '901.00' },
      { building: 'Main', rooms: 2, assets: 2, units: 3, value: '360.00' },
      { building: 'Unassigned', rooms: 0, assets: 1, units: 40, value: '10.00' },
    ]);
  });

  it('counts checkouts of the chosen range only', async () => {
    const ninety = (await get('/api/analytics/institution?days=90')).json();
    expect(ninety.days).toBe(90);
    expect(ninety.utilization.totalCheckouts).toBe(5);
    expect(
      ninety.utilization.top.slice(0, 2).map((a: { name: string; checkouts: number }) => [a.name, a.checkouts]),
    ).toEqual([
      ['Microscope', 3],
      ['Drill', 2],
    ]);
    // The cards do not depend on the range.
    expect(ninety.cards).toEqual({ totalAssets: 4, assetValue: '1271.00', activeCheckouts: 2, overdueItems: 1 });
    const week = (await get('/api/analytics/institution?days=7')).json();
    expect(week.utilization.totalCheckouts).toBe(3);
    expect((await get('/api/analytics/institution?days=365')).json().utilization.totalCheckouts).toBe(5);
  });

  it('refuses any other range with 400', async () => {
    for (const days of ['14', '0', 'abc', '30.0', '']) {
      const response = await get(`/api/analytics/institution?days=${days}`);
      expect(response.statusCode, days).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'days must be 7, 30, 90 or 365',
        errors: { days: expect.any(String) },
      });
    }
    expect((await get('/api/analytics/institution/export?days=60')).statusCode).toBe(400);
  });

  it('is for managers and super admins only', async () => {
    const admin = await signIn(t, '7391', '10.8.0.2');
    const cashier = await signIn(t, '2915', '10.8.0.3');
    const departmentManager = await signIn(t, '5174', '10.8.0.4');
    for (const url of ['/api/analytics/institution', '/api/analytics/institution/export']) {
      expect((await get(url, admin)).statusCode).toBe(200);
      expect((await get(url, cashier)).statusCode).toBe(403);
      expect((await get(url, departmentManager)).statusCode).toBe(403);
      expect((await inject(t, { method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/analytics/institution/export', () => {
  it('returns the three sections of spec §9 (inventory, utilization, checkout history) in one CSV text', async () => {
    const response = await get('/api/analytics/institution/export?days=30');
    expect(response.statusCode).toBe(200);
    const { csv } = response.json() as { csv: string };
    const sections = csv.trimEnd().split('\n\n');
    expect(sections.map((s) => s.split('\n')[0])).toEqual(['Inventory', 'Utilization', 'Checkout History']);

    const [inventory, utilization, history] = sections.map((s) => parseCsv(s.split('\n').slice(1).join('\n')));
    // Every active asset (not the inactive saw, not the shop's coffee), formula-escaped.
    const byName = (rows: Record<string, string>[] | undefined, key: string) =>
      [...(rows ?? [])].sort((a, b) => (a[key] ?? '').localeCompare(b[key] ?? ''));
    expect(byName(inventory, 'Asset')).toEqual([
      {
        Asset: "'=Cable kit",
        SKU: 'SKU-Cablekit',
        'Asset Type': 'material',
        Category: 'Lab',
        Department: 'Science',
        Location: 'Main-1-101',
        'Checkout Required': 'No',
        Price: '9.99',
        Stock: '0',
        'Low Stock Threshold': '10',
        Value: '0.00',
        Status: 'Out of Stock',
      },
      expect.objectContaining({
        Asset: 'Drill',
        Category: 'Tools',
        Department: 'Workshop',
        Value: '360.00',
        Status: 'Low Stock',
      }),
      expect.objectContaining({ Asset: 'Gloves', Department: '', Location: '', Value: '10.00', Status: 'In Stock' }),
      expect.objectContaining({ Asset: 'Microscope', Price: '450.50', Stock: '2', Value: '901.00' }),
    ]);
    // spec §4 Utilization rating over the 30 days: the drill twice, the microscope once.
    expect(utilization?.map((r) => [r.Asset, r['Checkouts in Period'], r['Active Checkouts'], r.Utilization])).toEqual([
      ['Drill', '2', '1', 'High'],
      ['Microscope', '1', '1', 'High'],
      ["'=Cable kit", '0', '0', 'Unavailable'],
      ['Gloves', '0', '0', 'Low'],
    ]);
    // The checkouts made in the 30 days, newest first; the two older microscope loans are left out.
    expect(history?.map((r) => [r.Asset, r['Checked Out By'], r.Status, r.Returned === ''])).toEqual([
      ['Drill', 'Test manager User', 'overdue', true],
      ['Drill', 'Test manager User', 'returned', false],
      ['Microscope', 'Test manager User', 'checked_out', true],
    ]);
    expect(history?.[0]?.['Checked Out']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(Object.keys(history?.[0] ?? {})).toEqual([
      'Asset',
      'Asset Type',
      'Checked Out By',
      'Checked Out',
      'Expected Return',
      'Returned',
      'Status',
      'Return Condition',
      'Notes',
    ]);
  });

  it('covers the chosen period in its checkout history', async () => {
    const { csv } = (await get('/api/analytics/institution/export?days=90')).json() as { csv: string };
    const history = parseCsv(csv.trimEnd().split('\n\n')[2]?.split('\n').slice(1).join('\n') ?? '');
    expect(history.map((r) => r.Asset)).toEqual(['Drill', 'Drill', 'Microscope', 'Microscope', 'Microscope']);
  });

  // Issue #32: an asset belongs to the institution, not to a café: its figures are every store's.
  it("counts an asset's units at every open store, not the default store's only", async () => {
    const library = await openStore(t, manager, 'Library Café', 'LIB');
    try {
      await giveStock(t, { productId: drillId, storeId: library }, 4);
      const body = (await get('/api/analytics/institution')).json();
      // Drill: 3 at the default store + 4 at the Library Café = 7 (× 120.00 = 840.00).
      expect(body.inventory.byAssetType).toContainEqual({ assetType: 'tool', count: 1, units: 7, value: '840.00' });
      expect(body.inventory.lowStock.map((a: { name: string; stock: number }) => [a.name, a.stock])).toContainEqual([
        'Drill',
        7,
      ]);
    } finally {
      await closeStore(t, manager, library);
    }
    // A closed store is left out (as "All stores" everywhere).
    const after = (await get('/api/analytics/institution')).json();
    expect(after.inventory.byAssetType).toContainEqual({ assetType: 'tool', count: 1, units: 3, value: '360.00' });
  });
});
