import { CARD_FEE_METHODS, isTrivialPin, parseCents } from '@retail-hub/shared';
import { asc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDb, type TestDatabase } from '../../../test/test-db';
import { hashPin, pinMatches } from '../../lib/pin-hash';
import { localDateOf, wallClock, zonedTimeToInstant } from '../../lib/store-time';
import { productStockSql } from '../../modules/stock/stock.service';
import { auditStock } from '../../modules/stock/stock-audit.repository';
import {
  assetCheckouts,
  categories,
  expenses,
  procDepartments,
  procLocations,
  products,
  productVariants,
  shifts,
  transactionItems,
  transactions,
  users,
  zReports,
} from '../schema/index';
import { DEMO_PINS, isDatabaseEmpty, seedDemoStore, seedInitialAdmin } from './demo';
import { DEMO_PRODUCTS } from './demo-data';

const PEPPER = 'test-pepper-for-the-demo-seed';
/** New York changed to daylight time on 2025-03-09, inside the 30 days before this moment. */
const NOW = new Date('2025-03-20T15:00:00Z');
const TIME_ZONE = 'America/New_York';

const cents = (value: string) => {
  const parsed = parseCents(value);
  if (parsed === null) throw new Error(`not a money value: ${value}`);
  return parsed;
};

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDb();
  expect(await isDatabaseEmpty(database.db)).toBe(true);
  await seedDemoStore(database.db, { pepper: PEPPER, timeZone: TIME_ZONE, now: NOW });
});

afterAll(async () => {
  await database?.cleanup();
});

describe('the demo store', () => {
  test('is no longer an empty database once seeded', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  test('the six demo PINs sign in six distinct active users with the right roles', async () => {
    expect(DEMO_PINS.map((p) => p.pin)).toEqual(['7391', '4826', '5174', '6048', '2915', '3862']);
    const found = new Set<string>();
    for (const demo of DEMO_PINS) {
      const rows = await database.db
        .select()
        .from(users)
        .where(eq(users.pinHash, hashPin(PEPPER, demo.pin)));
      expect(rows, `PIN of ${demo.name}`).toHaveLength(1);
      const [user] = rows;
      expect(user?.isActive).toBe(true);
      expect(user?.role).toBe(demo.role);
      expect(`${user?.firstName} ${user?.lastName}`).toBe(demo.name);
      expect(pinMatches(PEPPER, demo.pin, user?.pinHash ?? '')).toBe(true);
      found.add(user?.id ?? '');
    }
    expect(found.size).toBe(6);
    const roles = DEMO_PINS.map((p) => p.role);
    for (const role of ['super_admin', 'manager', 'department_manager', 'procurement_admin', 'cashier'] as const) {
      expect(roles).toContain(role);
    }
    expect(roles.filter((r) => r === 'cashier')).toHaveLength(2);
  });

  test('no column of users holds a plain PIN', async () => {
    const { rows: columns } = await database.execute(
      `select column_name from information_schema.columns
       where table_schema = 'public' and table_name = 'users' and data_type in ('text', 'character varying', 'character')`,
    );
    const names = columns.map((c) => String(c.column_name));
    expect(names).toContain('pin_hash');
    for (const demo of DEMO_PINS) {
      for (const column of names) {
        // A 64-hex hash may contain 4 digits by chance; for pin_hash only an exact match would be a plain PIN.
        const condition = column === 'pin_hash' ? `"${column}" = $1` : `"${column}" like '%' || $1 || '%'`;
        const { rows } = await database.execute(`select count(*)::int as n from users where ${condition}`, [demo.pin]);
        expect(rows[0]?.n, `users.${column} contains ${demo.pin}`).toBe(0);
      }
    }
    const hashes = await database.db.select({ pinHash: users.pinHash }).from(users);
    for (const { pinHash } of hashes) expect(pinHash).toMatch(/^[0-9a-f]{64}$/);
  });

  test('has about 40 products, some low on stock and some out of stock', async () => {
    const all = await database.db
      .select({
        stock: productStockSql(products.id),
        lowStockThreshold: products.lowStockThreshold,
        assetType: products.assetType,
      })
      .from(products);
    expect(all.length).toBeGreaterThanOrEqual(35);
    expect(all.length).toBeLessThanOrEqual(45);
    const out = all.filter((p) => p.stock === 0);
    const low = all.filter((p) => p.stock > 0 && p.stock <= p.lowStockThreshold);
    expect(out.length).toBeGreaterThanOrEqual(3);
    expect(low.length).toBeGreaterThanOrEqual(3);
    // The POS low-stock list keeps regular products only (spec §9 List sizes).
    expect(low.filter((p) => p.assetType === 'regular').length).toBeGreaterThanOrEqual(3);
  });

  test('has institutional assets of every asset type, with Building-Floor-Room locations', async () => {
    const assets = await database.db
      .select({
        assetType: products.assetType,
        location: products.location,
        isInstitutional: categories.isInstitutional,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(categories.isInstitutional, true));
    expect(assets.length).toBeGreaterThanOrEqual(5);
    expect(new Set(assets.map((a) => a.assetType))).toEqual(new Set(['tool', 'material', 'equipment', 'consumable']));
    const locations = assets.map((a) => a.location);
    expect(locations).toContain('Main-2-205');
    expect(locations).toContain('Science-1-110');
    for (const location of locations) expect(location).toMatch(/^[A-Za-z]+-\d+-\d+$/);
  });

  test('coffee and mocktail products offer the size options of spec §9 at their prices', async () => {
    const rows = await database.db
      .select({
        category: categories.name,
        product: products.name,
        hasVariants: products.hasVariants,
        variant: productVariants,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .orderBy(asc(products.name), asc(productVariants.sortOrder));
    const sizesOf = (category: string) => {
      const byProduct = new Map<string, string[]>();
      for (const row of rows.filter((r) => r.category === category)) {
        expect(row.hasVariants).toBe(true);
        const list = byProduct.get(row.product) ?? [];
        list.push(`${row.variant.sortOrder} ${row.variant.name} ${row.variant.price}`);
        byProduct.set(row.product, list);
      }
      return byProduct;
    };
    const coffee = sizesOf('Coffee');
    expect(coffee.size).toBeGreaterThanOrEqual(3);
    for (const sizes of coffee.values()) {
      expect(sizes).toEqual([
        '0 Dine In Small Cup 3.00',
        '1 Dine In Big Cup 4.00',
        '2 Takeaway Small Cup 3.50',
        '3 Takeaway Big Cup 4.50',
      ]);
    }
    const mocktails = sizesOf('Mocktails');
    expect(mocktails.size).toBeGreaterThanOrEqual(2);
    for (const sizes of mocktails.values()) {
      expect(sizes).toEqual(['0 Small Plastic Cup 3.00', '1 Big Plastic Cup 4.00', '2 Glasses 4.00']);
    }
  });

  test("every sale's subtotal is the sum of its lines, and total is subtotal plus a 2.5% fee for card methods only", async () => {
    const sales = await database.db.select().from(transactions);
    const lines = await database.db.select().from(transactionItems);
    expect(sales.length).toBeGreaterThan(200);
    const linesBySale = new Map<string, typeof lines>();
    for (const line of lines)
      linesBySale.set(line.transactionId, [...(linesBySale.get(line.transactionId) ?? []), line]);
    const methods = new Set<string>();
    for (const sale of sales) {
      const saleLines = linesBySale.get(sale.id) ?? [];
      expect(saleLines.length).toBeGreaterThan(0);
      for (const line of saleLines) expect(cents(line.totalPrice)).toBe(cents(line.unitPrice) * line.quantity);
      const subtotal = saleLines.reduce((sum, line) => sum + cents(line.totalPrice), 0);
      expect(cents(sale.subtotal)).toBe(subtotal);
      const expectedFee = CARD_FEE_METHODS.includes(sale.paymentMethod) ? Math.round(subtotal * 0.025) : 0;
      expect(Math.abs(cents(sale.tax) - expectedFee)).toBeLessThanOrEqual(1);
      if (!CARD_FEE_METHODS.includes(sale.paymentMethod)) expect(sale.tax).toBe('0.00');
      expect(cents(sale.total)).toBe(subtotal + cents(sale.tax));
      if (sale.paymentMethod === 'cash')
        expect(cents(sale.amountReceived ?? '0')).toBeGreaterThanOrEqual(cents(sale.total));
      methods.add(sale.paymentMethod);
    }
    for (const method of ['cash', 'credit_card', 'debit_card', 'eftpos', 'bank_transfer', 'mobile_payment'] as const) {
      expect(methods).toContain(method);
    }
  });

  test('some non-cash sales carry a VTPD reference code, and no cash sale does', async () => {
    const withCode = await database.db
      .select({ code: transactions.referenceCode, method: transactions.paymentMethod })
      .from(transactions);
    const vtpd = withCode.filter((t) => t.code !== null);
    expect(vtpd.length).toBeGreaterThan(5);
    for (const sale of vtpd) {
      expect(sale.code).toMatch(/^VTPD\d+$/);
      expect(sale.method).not.toBe('cash');
    }
  });

  test('sales span the 30 days before now, inside closed shifts of the cashiers, and never after now', async () => {
    const rows = await database.db
      .select({ createdAt: transactions.createdAt, userId: transactions.userId, shift: shifts, role: users.role })
      .from(transactions)
      .innerJoin(shifts, eq(shifts.id, transactions.shiftId))
      .innerJoin(users, eq(users.id, transactions.userId));
    const times = rows.map((r) => r.createdAt.getTime());
    const day = 24 * 60 * 60 * 1000;
    expect(Math.min(...times)).toBeLessThan(NOW.getTime() - 29 * day);
    expect(Math.min(...times)).toBeGreaterThan(NOW.getTime() - 32 * day);
    expect(Math.max(...times)).toBeLessThan(NOW.getTime());
    for (const row of rows) {
      expect(row.role).toBe('cashier');
      expect(row.userId).toBe(row.shift.cashierId);
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(row.shift.startedAt.getTime());
      expect(row.createdAt.getTime()).toBeLessThanOrEqual((row.shift.endedAt as Date).getTime());
    }
  });

  test("shifts start at store hours in the store's time zone, across a daylight-saving change", async () => {
    const all = await database.db.select().from(shifts);
    expect(all.length).toBeGreaterThan(30);
    for (const shift of all) {
      const local = wallClock(shift.startedAt, TIME_ZONE);
      expect([`7:30`, `13:0`]).toContain(`${local.hour}:${local.minute}`);
    }
  });

  test('leaves no shift open: cashiers start their own', async () => {
    const open = await database.db.select().from(shifts).where(eq(shifts.isOpen, true));
    expect(open).toHaveLength(0);
  });

  test('every closed shift has its Z report, numbered per store in the order the shifts ended', async () => {
    const closed = await database.db
      .select({ id: shifts.id, storeId: shifts.storeId, endedAt: shifts.endedAt })
      .from(shifts)
      .where(isNotNull(shifts.endedAt))
      .orderBy(asc(shifts.endedAt));
    const reports = await database.db
      .select({
        shiftId: zReports.shiftId,
        storeId: zReports.storeId,
        number: zReports.number,
        report: zReports.report,
        createdAt: zReports.createdAt,
      })
      .from(zReports);
    expect(closed.length).toBeGreaterThan(20);
    expect(reports).toHaveLength(closed.length);
    const byShift = new Map(reports.map((r) => [r.shiftId, r]));
    const next = new Map<string, number>();
    for (const shift of closed) {
      const report = byShift.get(shift.id);
      const expected = (next.get(shift.storeId) ?? 0) + 1;
      next.set(shift.storeId, expected);
      expect(report?.number).toBe(expected);
      expect(report?.createdAt.getTime()).toBe(shift.endedAt?.getTime());
      const stored = report?.report as { kind: string; shiftId: number; generatedAt: string; salesCount: number };
      expect(stored).toMatchObject({ kind: 'Z', shiftId: shift.id, generatedAt: shift.endedAt?.toISOString() });
      const [sales] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(transactions)
        .where(eq(transactions.shiftId, shift.id));
      expect(stored.salesCount).toBe(sales?.n);
    }
  });

  test('has returned, active and overdue asset checkouts', async () => {
    const all = await database.db.select().from(assetCheckouts);
    const returned = all.filter((c) => c.returnedAt !== null);
    const overdue = all.filter((c) => c.returnedAt === null && (c.expectedReturnAt as Date) < NOW);
    const active = all.filter((c) => c.returnedAt === null && (c.expectedReturnAt as Date) >= NOW);
    expect(returned.length).toBeGreaterThanOrEqual(2);
    expect(overdue.length).toBeGreaterThanOrEqual(1);
    expect(active.length).toBeGreaterThanOrEqual(1);
    for (const checkout of returned) {
      expect(checkout.status).toBe('returned');
      expect(checkout.returnCondition).not.toBeNull();
    }
    // Overdue is computed when read; the stored status of every loan still out is checked_out.
    for (const checkout of [...overdue, ...active]) expect(checkout.status).toBe('checked_out');
    expect(new Set(returned.map((c) => c.returnCondition))).toEqual(new Set(['good', 'damaged', 'needs_maintenance']));
  });

  test('has an asset out of service after a needs-maintenance return, and expenses today', async () => {
    const flagged = await database.db.select().from(products).where(isNotNull(products.serviceFlag));
    expect(flagged.map((p) => [p.sku, p.serviceFlag])).toEqual([['AST-SOLD-01', 'needs_maintenance']]);
    const today = await database.db
      .select()
      .from(expenses)
      .where(gte(expenses.createdAt, zonedTimeToInstant(localDateOf(NOW, TIME_ZONE), 0, 0, TIME_ZONE)));
    expect(today.length).toBe(2);
    for (const expense of today) expect(expense.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
  });

  test('has procurement departments with one archived and one child, and a few locations', async () => {
    const departments = await database.db.select().from(procDepartments);
    const codes = departments.map((d) => d.code);
    for (const code of ['ENG', 'FIN', 'OPS']) expect(codes).toContain(code);
    expect(departments.filter((d) => d.isArchived)).toHaveLength(1);
    const eng = departments.find((d) => d.code === 'ENG');
    expect(departments.some((d) => d.parentId === eng?.id)).toBe(true);
    expect((await database.db.select().from(procLocations)).length).toBeGreaterThanOrEqual(2);
  });

  test('is the same store every time for the same moment', async () => {
    const again = await createTestDb();
    try {
      await seedDemoStore(again.db, { pepper: PEPPER, timeZone: TIME_ZONE, now: NOW });
      const fingerprint = async (db: TestDatabase) =>
        (
          await db.execute(
            `select (select count(*) from transactions)::int as sales,
                    (select sum(total) from transactions)::text as revenue,
                    (select count(*) from transaction_items)::int as lines,
                    (select sum(amount) from expenses)::text as expenses,
                    (select string_agg(id::text, ',' order by id) from products) as product_ids`,
          )
        ).rows[0];
      expect(await fingerprint(again)).toEqual(await fingerprint(database));
    } finally {
      await again.cleanup();
    }
  });

  test('is never seeded over existing data', async () => {
    const before = await database.db.select({ id: users.id }).from(users);
    await expect(seedDemoStore(database.db, { pepper: PEPPER, timeZone: TIME_ZONE, now: NOW })).rejects.toThrow(
      /already has users/,
    );
    expect(await database.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });
});

describe('the demo back office (issue #32 "Demo store")', () => {
  const rows = async (text: string, params: unknown[] = []) => (await database.execute(text, params)).rows;

  test('two cafés sell from their own selling locations; Central Stores holds the stock; each cashier sells at one café', async () => {
    const stores = await rows(
      `select s.name, s.code, l.code as location, l.is_selling, s.id = default_store_id() as is_default
       from stores s join proc_locations l on l.id = s.selling_location_id where not s.is_archived order by s.name`,
    );
    expect(stores).toEqual([
      { name: 'Library Café', code: 'LIB', location: 'CAFE-LIB', is_selling: true, is_default: false },
      { name: 'Main Café', code: 'MAIN', location: 'CAFE-MAIN', is_selling: true, is_default: true },
    ]);
    const central = await rows(`select name, is_selling from proc_locations where code = 'CENTRAL'`);
    expect(central).toEqual([{ name: 'Central Stores', is_selling: false }]);
    const limits = await rows(
      `select u.first_name, s.name from user_stores us join users u on u.id = us.user_id
       join stores s on s.id = us.store_id order by u.first_name`,
    );
    expect(limits).toEqual([
      { first_name: 'Casey', name: 'Main Café' },
      { first_name: 'Chris', name: 'Library Café' },
    ]);
    expect(await rows('select count(*)::int as n from pos_terminals')).toEqual([{ n: 0 }]);
  });

  test('the stock ledger agrees with every level, product and document (npm run audit:stock)', async () => {
    const audit = await auditStock(database.db);
    expect(audit.disagreements).toEqual([]);
    expect(audit.checked).toBeGreaterThan(50);
  });

  test("the till's stock at Main Café is the catalogue's plus what was transferred there (one ledger, ADR 0025)", async () => {
    const till = await database.db
      .select({ sku: products.sku, stock: productStockSql(products.id, sql`default_store_id()`) })
      .from(products);
    const bySku = new Map(till.map((p) => [p.sku, p.stock]));
    const transferred: Record<string, number> = { 'DRK-WATR-01': 48, 'DRK-COLA-01': 24, 'SNK-CHIP-01': 20 };
    for (const product of DEMO_PRODUCTS) {
      const opening = product.sizeStock ? product.sizeStock.reduce((a, b) => a + b, 0) : product.stock;
      expect(bySku.get(product.sku), product.sku).toBe(opening + (transferred[product.sku] ?? 0));
    }
  });

  test('café goods were received into Central Stores and transferred to both cafés, one transfer on its way', async () => {
    const levels = await rows(
      `select i.sku, l.code, sl.on_hand_qty::text as qty from proc_stock_levels sl
       join proc_items i on i.id = sl.item_id join proc_locations l on l.id = sl.location_id
       where i.sku in ('CAF-BEAN-1KG', 'DRK-WATR-01') order by i.sku, l.code`,
    );
    expect(levels).toEqual([
      { sku: 'CAF-BEAN-1KG', code: 'CAFE-LIB', qty: '5.000' },
      { sku: 'CAF-BEAN-1KG', code: 'CAFE-MAIN', qty: '8.000' },
      { sku: 'CAF-BEAN-1KG', code: 'CENTRAL', qty: '7.000' },
      // Library Café's own 60 (half the catalogue's, its opening stock) and the 24 transferred in.
      { sku: 'DRK-WATR-01', code: 'CAFE-LIB', qty: '84.000' },
      // The till's 120 (the catalogue's opening stock) and the 48 transferred in: one figure.
      { sku: 'DRK-WATR-01', code: 'CAFE-MAIN', qty: '168.000' },
      { sku: 'DRK-WATR-01', code: 'CENTRAL', qty: '24.000' },
    ]);
    // The water sold at the till is its product's own item (ADR 0025), not a duplicate.
    const [water] = await rows(
      `select i.created_for_pos, p.sku from proc_items i join products p on p.id = i.pos_product_id where i.sku = 'DRK-WATR-01'`,
    );
    expect(water).toEqual({ created_for_pos: true, sku: 'DRK-WATR-01' });
    const transfers = await rows(
      'select status, count(*)::int as n from proc_transfers group by status order by status::text',
    );
    expect(transfers).toEqual([
      { status: 'completed', n: 10 },
      { status: 'in_transit', n: 1 },
    ]);
  });

  test('a requisition awaits approval and an order is partly received', async () => {
    expect(await rows('select status from proc_requisitions')).toEqual([{ status: 'submitted' }]);
    const orders = await rows(
      `select s.name as supplier, o.status from proc_purchase_orders o join proc_suppliers s on s.id = o.supplier_id order by s.name`,
    );
    expect(orders).toEqual([
      { supplier: 'Campus Café Wholesale', status: 'delivered' },
      { supplier: 'Trade Timber & Hardware', status: 'sent' },
    ]);
    const lines = await rows(
      `select i.sku, l.qty_ordered::text as ordered, l.qty_received::text as received
       from proc_purchase_order_lines l join proc_items i on i.id = l.item_id
       join proc_purchase_orders o on o.id = l.po_id where o.status = 'sent' order by i.sku`,
    );
    expect(lines).toEqual([
      { sku: 'AST-TIMB-01', ordered: '20.000', received: '12.000' },
      { sku: 'AST-WIRE-01', ordered: '4.000', received: '0.000' },
    ]);
    expect((await rows('select count(*)::int as n from proc_suppliers'))[0]?.n).toBeGreaterThanOrEqual(3);
  });

  test('the seeded assets are registered units; the overdue Torque Wrench is lent to Casey in the register too', async () => {
    const units = await rows(
      `select i.sku, count(*)::int as n from proc_assets a join proc_items i on i.id = a.item_id group by i.sku order by i.sku`,
    );
    expect(units.map((u) => u.sku)).toEqual([
      'AST-DRIL-01',
      'AST-LAPT-01',
      'AST-MULT-01',
      'AST-PROJ-01',
      'AST-SOLD-01',
      'AST-TORQ-01',
    ]);
    const [torque] = await rows(
      `select u.first_name, c.expected_return_at < $1 as overdue, a.custodian_id = c.user_id as lent_in_register
       from asset_checkouts c join products p on p.id = c.product_id join proc_assets a on a.id = c.asset_id
       join users u on u.id = c.user_id where p.sku = 'AST-TORQ-01' and c.returned_at is null`,
      [NOW],
    );
    expect(torque).toEqual({ first_name: 'Casey', overdue: true, lent_in_register: true });
    // Every loan still out is of a registered unit, and only those units have a custodian.
    expect(
      await rows(`select count(*)::int as n from asset_checkouts where returned_at is null and asset_id is null`),
    ).toEqual([{ n: 0 }]);
    // The soldering station that came back needing maintenance has a corrective job open.
    expect(
      await rows(
        `select m.type, m.status, i.sku from proc_maintenance m join proc_assets a on a.id = m.asset_id
         join proc_items i on i.id = a.item_id`,
      ),
    ).toEqual([{ type: 'corrective', status: 'scheduled', sku: 'AST-SOLD-01' }]);
    const lent = await rows('select count(*)::int as n from proc_assets where custodian_id is not null');
    const open = await rows('select count(*)::int as n from asset_checkouts where returned_at is null');
    expect(lent).toEqual(open);
  });

  test('a workshop job is in progress with material issued', async () => {
    const jobs = await rows(`select title, status from proc_trade_jobs`);
    expect(jobs).toEqual([{ title: 'Bike rack repair', status: 'in_progress' }]);
    const issued = await rows(`select qty_issued::text as qty from proc_wip_issues`);
    expect(issued).toEqual([{ qty: '4.000' }]);
  });
});

describe('the first administrator (DEMO_DATA=false)', () => {
  test('is one super admin with a random non-trivial PIN that only its hash records', async () => {
    const fresh = await createTestDb();
    try {
      const { pin } = await seedInitialAdmin(fresh.db, PEPPER);
      expect(pin).toMatch(/^\d{4}$/);
      expect(isTrivialPin(pin)).toBe(false);
      const all = await fresh.db.select().from(users);
      expect(all).toHaveLength(1);
      expect(all[0]?.role).toBe('super_admin');
      expect(all[0]?.firstName).toBe('Administrator');
      expect(all[0]?.isActive).toBe(true);
      expect(all[0]?.pinHash).toBe(hashPin(PEPPER, pin));
      expect(await isDatabaseEmpty(fresh.db)).toBe(false);
    } finally {
      await fresh.cleanup();
    }
  });
});
