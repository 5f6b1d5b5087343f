import { CARD_FEE_METHODS, isTrivialPin, type PaymentMethod, parseCents } from '@retail-hub/shared';
import { asc, eq, gte, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDb, type TestDatabase } from '../../../test/test-db';
import { hashPin, pinMatches } from '../../lib/pin-hash';
import { localDateOf, wallClock, zonedTimeToInstant } from '../../lib/store-time';
import { productStockSql } from '../../modules/stock/stock.service';
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
} from '../schema/index';
import { DEMO_PINS, isDatabaseEmpty, seedDemoStore, seedInitialAdmin } from './demo';

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
    const methods = new Set<PaymentMethod>();
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
