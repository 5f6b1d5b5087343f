import { describe, expect, test } from 'vitest';
import type { Database } from './client';
import { migrate, migrationDatabases, rows, script } from './migration-test-support';

/**
 * Issue #32 / ADRs 0024 and 0025: migrations 0023–0025 (time-ordered ids, the stores with their
 * default store, one item per POS product and size option) upgrade a database of the previous
 * version (migrations up to 0022) in place: a default store selling from the existing selling
 * location, every shift in it, every product and size option with exactly one
 * item (a product already linked keeps its item), and nothing else changed: stock, both ledgers,
 * sales and their money as before.
 */

const databases = migrationDatabases();

/** Everything the migration must leave as it was. */
async function untouched(database: Database) {
  return {
    sales: await rows(
      database,
      `select count(*)::int as n, sum(total)::text as total, sum(subtotal)::text as subtotal from transactions`,
    ),
    lines: await rows(database, `select count(*)::int as n, sum(total_price)::text as total from transaction_items`),
    productStock: await rows(database, `select id, stock from products order by id`),
    variantStock: await rows(database, `select id, stock from product_variants order by id`),
    movements: await rows(database, `select count(*)::int as n, sum(quantity)::int as q from stock_movements`),
    levels: await rows(
      database,
      `select item_id, location_id, on_hand_qty::text as q from proc_stock_levels order by 1, 2`,
    ),
    ledger: await rows(database, `select count(*)::int as n, sum(qty)::text as q from proc_inventory_transactions`),
  };
}

describe('migrations 0023-0025 (default store, one item per product and size option)', () => {
  test('upgrades a database of the previous version without changing stock, ledgers or sales', async () => {
    const database = await databases.at(22);

    // Data in the previous version's shape.
    await script(
      database,
      `insert into users (id, email, first_name, role) values
         ('00000000-0000-4000-8000-000000000001', 'casey@example.test', 'Casey', 'cashier');
       insert into categories (id, name) values ('00000000-0000-4000-8000-000000000010', 'Drinks');
       insert into products (id, name, price, sku, category_id, stock) values
         ('00000000-0000-4000-8000-000000000101', 'Coffee beans', '9.50', 'BEANS', '00000000-0000-4000-8000-000000000010', 40),
         ('00000000-0000-4000-8000-000000000102', 'Tea', '2.00', 'TEA', '00000000-0000-4000-8000-000000000010', 12),
         ('00000000-0000-4000-8000-000000000103', 'T-shirt', '15.00', 'SHIRT', '00000000-0000-4000-8000-000000000010', 0);
       insert into product_variants (id, product_id, name, price, stock) values
         ('00000000-0000-4000-8000-000000000201', '00000000-0000-4000-8000-000000000103', 'Small', '15.00', 5),
         ('00000000-0000-4000-8000-000000000202', '00000000-0000-4000-8000-000000000103', 'Large', '16.00', 7);
       insert into proc_locations (id, code, name, is_selling) values
         ('00000000-0000-4000-8000-000000000301', 'CENTRAL', 'Central stores', false),
         ('00000000-0000-4000-8000-000000000302', 'CAFE', 'Café', true);
       -- The beans are linked to an item with its own stores figure at the café (a differing one).
       insert into proc_items (id, sku, name, pos_product_id) values
         ('00000000-0000-4000-8000-000000000401', 'BEANS-BAG', 'Beans (bag)', '00000000-0000-4000-8000-000000000101'),
         ('00000000-0000-4000-8000-000000000402', 'TEA', 'Tea (stores item without a link)', null);
       insert into proc_inventory_transactions (item_id, to_location_id, qty, reason) values
         ('00000000-0000-4000-8000-000000000401', '00000000-0000-4000-8000-000000000302', 50, 'receipt');
       insert into proc_stock_levels (item_id, location_id, on_hand_qty) values
         ('00000000-0000-4000-8000-000000000401', '00000000-0000-4000-8000-000000000302', 50);
       insert into shifts (cashier_id, is_open, ended_at) values ('00000000-0000-4000-8000-000000000001', false, now());
       insert into shifts (cashier_id) values ('00000000-0000-4000-8000-000000000001');
       insert into transactions (id, user_id, shift_id, subtotal, tax, total, payment_method) values
         ('00000000-0000-4000-8000-000000000501', '00000000-0000-4000-8000-000000000001',
          (select min(id) from shifts), '19.00', '0', '19.00', 'cash');
       insert into transaction_items (transaction_id, product_id, quantity, unit_price, total_price) values
         ('00000000-0000-4000-8000-000000000501', '00000000-0000-4000-8000-000000000101', 2, '9.50', '19.00');
       insert into stock_movements (product_id, quantity, reason, stock_after, document_type, document_id) values
         ('00000000-0000-4000-8000-000000000101', -2, 'sale', 40, 'transaction', '00000000-0000-4000-8000-000000000501');`,
    );
    const before = await untouched(database);

    // Up to 0025: the stock switch that follows (0028) is stock-switch-migration.test.ts's.
    await migrate(database, databases.upTo(25));

    expect(await untouched(database)).toEqual(before);
    // One default store, selling from the existing selling location (none was created).
    const stores = await rows<{ code: string; selling_location_id: string }>(
      database,
      `select code, selling_location_id from stores`,
    );
    expect(stores).toEqual([{ code: 'MAIN', selling_location_id: '00000000-0000-4000-8000-000000000302' }]);
    expect(await rows(database, `select count(*)::int as n from proc_locations`)).toEqual([{ n: 2 }]);
    // Every shift belongs to it, and a new one does too.
    await script(
      database,
      `update shifts set is_open = false, ended_at = now() where is_open;
       insert into shifts (cashier_id) values ('00000000-0000-4000-8000-000000000001')`,
    );
    expect(
      await rows(database, `select count(*)::int as n from shifts where store_id = (select id from stores)`),
    ).toEqual([{ n: 3 }]);
    // Exactly one item per product and size option; the linked beans keep their item.
    const items = await rows<{ owner: string; id: string; sku: string; made: boolean }>(
      database,
      `select coalesce(pos_product_id, pos_variant_id)::text as owner, id::text, sku, created_for_pos as made
         from proc_items where pos_product_id is not null or pos_variant_id is not null order by sku`,
    );
    expect(items.map((i) => i.owner).sort()).toEqual([
      '00000000-0000-4000-8000-000000000101',
      '00000000-0000-4000-8000-000000000102',
      '00000000-0000-4000-8000-000000000103',
      '00000000-0000-4000-8000-000000000201',
      '00000000-0000-4000-8000-000000000202',
    ]);
    expect(items.find((i) => i.owner.endsWith('101'))).toMatchObject({
      id: '00000000-0000-4000-8000-000000000401',
      made: false,
    });
    // The tea's own SKU was an unlinked stores item's: its item gets a unique one.
    expect(items.find((i) => i.owner.endsWith('102'))?.sku).toBe('TEA-00000000');
    expect(items.find((i) => i.owner.endsWith('201'))?.sku).toBe('SHIRT/Small');

    // After the migration every insert path gets its item from the database; a product never
    // sold goes with its item.
    await script(
      database,
      `insert into products (id, name, price, sku, category_id) values
         ('00000000-0000-4000-8000-000000000104', 'Milk', '1.20', 'MILK', '00000000-0000-4000-8000-000000000010')`,
    );
    expect(
      await rows(
        database,
        `select sku, name, uom, created_for_pos as made from proc_items where pos_product_id = '00000000-0000-4000-8000-000000000104'`,
      ),
    ).toEqual([{ sku: 'MILK', name: 'Milk', uom: 'each', made: true }]);
    await database.execute(`delete from products where id = '00000000-0000-4000-8000-000000000104'`, []);
    expect(await rows(database, `select count(*)::int as n from proc_items where sku = 'MILK'`)).toEqual([{ n: 0 }]);
  });

  test('a database without a selling location gets a default store that sells from none yet', async () => {
    const database = await databases.empty();
    await migrate(database, databases.upTo(25));
    expect(await rows(database, `select code, name, selling_location_id from stores`)).toEqual([
      { code: 'MAIN', name: 'Main Store', selling_location_id: null },
    ]);
    expect(await rows(database, `select count(*)::int as n from proc_locations`)).toEqual([{ n: 0 }]);
  });
});
