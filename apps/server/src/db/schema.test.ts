import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDb, type TestDatabase } from '../../test/test-db';
import {
  categories,
  procDepartments,
  procItems,
  procLocations,
  procStockLevels,
  products,
  productVariants,
  sessions,
  shifts,
  transactionItems,
  transactions,
  userActivity,
  users,
} from './schema/index';

/** spec §3: every stored entity, POS side and procurement side, plus the throttle table. */
const SPEC_TABLES = [
  'users',
  'sessions',
  'auth_throttle',
  'categories',
  'products',
  'product_variants',
  'shifts',
  'transactions',
  'transaction_items',
  'expenses',
  // spec §3 departments (POS side) are rows of proc_departments (one department table, ADR 0027).
  'asset_checkouts',
  'user_activity',
  'proc_departments',
  'proc_locations',
  'proc_suppliers',
  'proc_categories',
  'proc_subcategories',
  'proc_items',
  'proc_assets',
  'proc_item_batches',
  'proc_stock_levels',
  'proc_requisitions',
  'proc_requisition_lines',
  'proc_purchase_orders',
  'proc_purchase_order_lines',
  'proc_goods_receipts',
  'proc_goods_receipt_lines',
  'proc_inventory_transactions',
  'proc_issues',
  'proc_transfers',
  'proc_maintenance',
  'proc_safety_checks',
  'proc_clients',
  'proc_trade_jobs',
  'proc_trade_quotes',
  'proc_trade_job_bom',
  'proc_trade_job_steps',
  'proc_wip_issues',
  'proc_wip_returns',
  'proc_trade_deliveries',
  'proc_asset_writeoffs',
];

/** The PostgreSQL error behind a Drizzle error (Drizzle wraps driver errors in `cause`). */
function pgError(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: candidate.constraint as string | undefined };
    }
    current = candidate.cause;
  }
  return {};
}

const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';
/**
 * ON DELETE RESTRICT answers foreign_key_violation (23503) on PostgreSQL 15 and restrict_violation
 * (23001) on the newer PostgreSQL inside PGlite: callers must treat both as "still referenced".
 */
const RESTRICT_VIOLATION = ['23503', '23001'];

async function expectRefused(action: Promise<unknown>, code: string | string[], constraint?: string): Promise<void> {
  const error = await action.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the database accepted it').not.toBeNull();
  const found = pgError(error);
  expect(Array.isArray(code) ? code : [code]).toContain(found.code);
  // PGlite does not always report the constraint name; PostgreSQL does.
  if (constraint && found.constraint) expect(found.constraint).toBe(constraint);
}

let database: TestDatabase;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

async function aUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(users)
    .values({ firstName: 'Test', email: `${unique('user')}@example.test`, ...overrides })
    .returning();
  return row as typeof users.$inferSelect;
}

async function aProduct(overrides: Partial<typeof products.$inferInsert> = {}) {
  const [category] = await database.db
    .insert(categories)
    .values({ name: unique('Category') })
    .returning();
  const [row] = await database.db
    .insert(products)
    .values({
      name: 'Thing',
      price: '1.00',
      sku: unique('SKU'),
      categoryId: (category as { id: string }).id,
      ...overrides,
    })
    .returning();
  return row as typeof products.$inferSelect;
}

async function aClosedShiftWithSale() {
  const cashier = await aUser({ role: 'cashier' });
  const [shift] = await database.db.insert(shifts).values({ cashierId: cashier.id }).returning();
  const product = await aProduct();
  const [sale] = await database.db
    .insert(transactions)
    .values({
      userId: cashier.id,
      shiftId: (shift as { id: number }).id,
      subtotal: '2.00',
      tax: '0.05',
      total: '2.05',
      paymentMethod: 'credit_card',
    })
    .returning();
  return {
    cashier,
    shift: shift as typeof shifts.$inferSelect,
    product,
    sale: sale as typeof transactions.$inferSelect,
  };
}

beforeAll(async () => {
  database = await createTestDb();
});

afterAll(async () => {
  await database?.cleanup();
});

describe('migrations', () => {
  test('on a fresh database the migrations create every table of the spec', async () => {
    const { rows } = await database.execute(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    const tables = rows.map((row) => row.table_name);
    for (const table of SPEC_TABLES) expect(tables, `table ${table}`).toContain(table);
  });

  test('users store a PIN hash and never a plain PIN column', async () => {
    const { rows } = await database.execute(
      "select column_name from information_schema.columns where table_schema = 'public' and table_name = 'users'",
    );
    const columns = rows.map((row) => row.column_name);
    expect(columns).toContain('pin_hash');
    expect(columns).not.toContain('pin');
  });

  test('product search has case-insensitive trigram indexes on name, SKU and description', async () => {
    const { rows: extensions } = await database.execute("select extname from pg_extension where extname = 'pg_trgm'");
    expect(extensions).toHaveLength(1);
    const { rows } = await database.execute(
      "select indexdef from pg_indexes where tablename = 'products' and indexdef like '%gin_trgm_ops%'",
    );
    const definitions = rows.map((row) => String(row.indexdef));
    expect(definitions).toHaveLength(3);
    for (const column of ['name', 'sku', 'description']) {
      expect(definitions.some((d) => d.includes(`lower((${column})::text)`) || d.includes(`lower(${column})`))).toBe(
        true,
      );
    }
  });

  test('shift ids are numbers generated by the database', async () => {
    const cashier = await aUser();
    const [first] = await database.db
      .insert(shifts)
      .values({ cashierId: cashier.id, isOpen: false, endedAt: new Date() })
      .returning();
    expect(typeof first?.id).toBe('number');
  });
});

describe('the database refuses impossible data', () => {
  test('a stock level cannot go negative (the one ledger, ADR 0025)', async () => {
    const product = await aProduct();
    const result = await database.db.execute(sql`
      insert into proc_stock_levels (item_id, location_id, on_hand_qty)
      select i.id, (select selling_location_id from stores where id = default_store_id()), 1
        from proc_items i where i.pos_product_id = ${product.id}::uuid returning id`);
    const level = ((result as unknown as { rows: Array<{ id: string }> }).rows[0] as { id: string }).id;
    // The conditional decrement sales rely on is backed by the CHECK as well.
    await expectRefused(
      database.db.execute(sql`update proc_stock_levels set on_hand_qty = on_hand_qty - 2 where id = ${level}::uuid`),
      CHECK_VIOLATION,
      'proc_stock_levels_on_hand_qty_check',
    );
  });

  test('a product cannot have a negative price or low-stock threshold', async () => {
    await expectRefused(aProduct({ price: '-0.01' }), CHECK_VIOLATION, 'products_price_check');
    await expectRefused(aProduct({ lowStockThreshold: -1 }), CHECK_VIOLATION, 'products_low_stock_threshold_check');
  });

  test('a product cannot have two size options with the same name', async () => {
    const product = await aProduct({ hasVariants: true });
    await database.db.insert(productVariants).values({ productId: product.id, name: 'Small', price: '3.00' });
    await expectRefused(
      database.db.insert(productVariants).values({ productId: product.id, name: 'Small', price: '3.50' }),
      UNIQUE_VIOLATION,
      'product_variants_product_id_name_unique',
    );
  });

  test('a sale line needs a quantity above zero', async () => {
    const { product, sale } = await aClosedShiftWithSale();
    for (const quantity of [0, -1]) {
      await expectRefused(
        database.db
          .insert(transactionItems)
          .values({ transactionId: sale.id, productId: product.id, quantity, unitPrice: '1.00', totalPrice: '0.00' }),
        CHECK_VIOLATION,
        'transaction_items_quantity_check',
      );
    }
  });

  test('a sale line total is its unit price times its quantity', async () => {
    const { product, sale } = await aClosedShiftWithSale();
    await database.db
      .insert(transactionItems)
      .values({ transactionId: sale.id, productId: product.id, quantity: 2, unitPrice: '1.00', totalPrice: '2.00' });
    await expectRefused(
      database.db
        .insert(transactionItems)
        .values({ transactionId: sale.id, productId: product.id, quantity: 2, unitPrice: '1.00', totalPrice: '1.00' }),
      CHECK_VIOLATION,
      'transaction_items_total_price_check',
    );
  });

  test('a sale total is its subtotal plus tax, and no amount is negative', async () => {
    const { cashier, shift } = await aClosedShiftWithSale();
    const sale = { userId: cashier.id, shiftId: shift.id, paymentMethod: 'cash' as const };
    await expectRefused(
      database.db.insert(transactions).values({ ...sale, subtotal: '2.00', tax: '0.00', total: '2.50' }),
      CHECK_VIOLATION,
      'transactions_total_check',
    );
    await expectRefused(
      database.db.insert(transactions).values({ ...sale, subtotal: '-2.00', tax: '0.00', total: '-2.00' }),
      CHECK_VIOLATION,
    );
  });

  test('two products cannot share a SKU', async () => {
    const product = await aProduct();
    await expectRefused(aProduct({ sku: product.sku }), UNIQUE_VIOLATION, 'products_sku_unique');
  });

  test('two users cannot share an e-mail, but many users may have none', async () => {
    const user = await aUser();
    await expectRefused(aUser({ email: user.email }), UNIQUE_VIOLATION, 'users_email_unique');
    await aUser({ email: null });
    await aUser({ email: null });
  });

  test('a cashier cannot have two open shifts, and may open a new one once the first is closed', async () => {
    const cashier = await aUser();
    const [first] = await database.db.insert(shifts).values({ cashierId: cashier.id }).returning();
    await expectRefused(
      database.db.insert(shifts).values({ cashierId: cashier.id }),
      UNIQUE_VIOLATION,
      'shifts_one_open_per_cashier',
    );
    await database.db
      .update(shifts)
      .set({ isOpen: false, endedAt: new Date() })
      .where(eq(shifts.id, (first as { id: number }).id));
    await database.db.insert(shifts).values({ cashierId: cashier.id });
  });

  test('a closed shift has an end time and an open one has none', async () => {
    const cashier = await aUser();
    await expectRefused(
      database.db.insert(shifts).values({ cashierId: cashier.id, isOpen: false }),
      CHECK_VIOLATION,
      'shifts_end_matches_open_check',
    );
    await expectRefused(
      database.db.insert(shifts).values({ cashierId: cashier.id, isOpen: true, endedAt: new Date() }),
      CHECK_VIOLATION,
      'shifts_end_matches_open_check',
    );
  });

  test('two active users cannot share a PIN hash, but an inactive user does not block it', async () => {
    const pinHash = unique('hash');
    const first = await aUser({ pinHash });
    await expectRefused(aUser({ pinHash }), UNIQUE_VIOLATION, 'users_active_pin_hash_unique');
    await aUser({ pinHash, isActive: false });
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, first.id));
    await aUser({ pinHash });
    // Re-activating the old user would now collide with the new holder.
    await expectRefused(
      database.db.update(users).set({ isActive: true }).where(eq(users.id, first.id)),
      UNIQUE_VIOLATION,
      'users_active_pin_hash_unique',
    );
  });

  test('two procurement departments cannot share a code or a name', async () => {
    const code = unique('C').slice(0, 50);
    await database.db.insert(procDepartments).values({ code, name: unique('Department') });
    await expectRefused(
      database.db.insert(procDepartments).values({ code, name: unique('Department') }),
      UNIQUE_VIOLATION,
      'proc_departments_code_unique',
    );
    const name = unique('Department');
    await database.db.insert(procDepartments).values({ code: unique('C'), name });
    await expectRefused(
      database.db.insert(procDepartments).values({ code: unique('C'), name }),
      UNIQUE_VIOLATION,
      'proc_departments_name_unique',
    );
  });

  test('an item has one stock level per location, never negative', async () => {
    const [item] = await database.db
      .insert(procItems)
      .values({ sku: unique('ITEM'), name: 'Gloves' })
      .returning();
    const [location] = await database.db
      .insert(procLocations)
      .values({ code: unique('LOC'), name: 'Store' })
      .returning();
    const level = { itemId: (item as { id: string }).id, locationId: (location as { id: string }).id };
    await database.db.insert(procStockLevels).values({ ...level, onHandQty: '2.500' });
    await expectRefused(
      database.db.insert(procStockLevels).values({ ...level, onHandQty: '1' }),
      UNIQUE_VIOLATION,
      'proc_stock_levels_item_id_location_id_unique',
    );
    await expectRefused(
      database.db.update(procStockLevels).set({ onHandQty: '-0.001' }).where(eq(procStockLevels.itemId, level.itemId)),
      CHECK_VIOLATION,
      'proc_stock_levels_on_hand_qty_check',
    );
  });
});

describe('history is kept', () => {
  test('a user with sales cannot be deleted (they are deactivated instead)', async () => {
    const { cashier } = await aClosedShiftWithSale();
    await expectRefused(database.db.delete(users).where(eq(users.id, cashier.id)), RESTRICT_VIOLATION);
  });

  test('a product that was sold cannot be deleted', async () => {
    const { product, sale } = await aClosedShiftWithSale();
    await database.db
      .insert(transactionItems)
      .values({ transactionId: sale.id, productId: product.id, quantity: 1, unitPrice: '2.00', totalPrice: '2.00' });
    await expectRefused(database.db.delete(products).where(eq(products.id, product.id)), RESTRICT_VIOLATION);
  });

  test('deleting a user ends their sessions and keeps their activity without a user', async () => {
    const user = await aUser();
    await database.db.insert(sessions).values({
      sid: unique('sid'),
      sess: { userId: user.id },
      expire: new Date(Date.now() + 60_000),
      userId: user.id,
    });
    const [activity] = await database.db
      .insert(userActivity)
      .values({ userId: user.id, activityType: 'login' })
      .returning();
    await database.db.delete(users).where(eq(users.id, user.id));
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const [kept] = await database.db
      .select()
      .from(userActivity)
      .where(eq(userActivity.id, (activity as { id: string }).id));
    expect(kept?.userId).toBeNull();
  });
});
