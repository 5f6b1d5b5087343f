import { describe, expect, test } from 'vitest';
import { auditStock } from '../modules/stock/stock-audit.repository';
import type { Database } from './client';
import { MIGRATIONS_FOLDER } from './migrate';
import { migrate, migrationDatabases, rows, script } from './migration-test-support';

/**
 * Issue #32 items 1 and 4 (ADR 0025, "the switch"): a database of the previous version (two stock
 * figures: the till's `products.stock` with `stock_movements`, the stores' levels with their ledger)
 * upgrades in place to one ledger. Every quantity equals its ledger; the till's figure wins at the
 * default store's selling location and any difference is a `migration` row and an activity row;
 * sales, money and the stores' own figures elsewhere are unchanged.
 */

const databases = migrationDatabases();
const PREVIOUS = Number(process.env.STOCK_SWITCH_PREVIOUS ?? 27);

async function money(database: Database) {
  return {
    sales: await rows(database, `select count(*)::int as n, sum(total)::text as total from transactions`),
    lines: await rows(database, `select count(*)::int as n, sum(total_price)::text as total from transaction_items`),
  };
}

const level = (database: Database, item: string, location: string) =>
  rows<{ q: string }>(
    database,
    `select on_hand_qty::text as q from proc_stock_levels where item_id = '${item}' and location_id = '${location}'`,
  );

describe('the stock switch: one ledger for the till and the stores', () => {
  test('upgrades two stock figures into one ledger without losing a unit, a row or a cent', async () => {
    const database = await databases.at(PREVIOUS);
    await script(
      database,
      `insert into users (id, email, first_name, role) values
         ('00000000-0000-4000-8000-000000000001', 'casey@example.test', 'Casey', 'cashier');
       insert into categories (id, name) values ('00000000-0000-4000-8000-000000000010', 'Drinks');
       insert into proc_locations (id, code, name, is_selling) values
         ('00000000-0000-4000-8000-000000000301', 'CENTRAL', 'Central stores', false),
         ('00000000-0000-4000-8000-000000000302', 'CAFE', 'Café', true);
       update stores set selling_location_id = '00000000-0000-4000-8000-000000000302';
       -- Beans: 100 received into the café (the bridge raised the till by 100), 10 sold, then 20
       -- transferred in from central stores (the till never saw it): till 90, stores 120.
       insert into products (id, name, price, sku, category_id, stock) values
         ('00000000-0000-4000-8000-000000000101', 'Coffee beans', '9.50', 'BEANS', '00000000-0000-4000-8000-000000000010', 0),
         ('00000000-0000-4000-8000-000000000102', 'Tea', '2.00', 'TEA', '00000000-0000-4000-8000-000000000010', 12),
         ('00000000-0000-4000-8000-000000000103', 'T-shirt', '15.00', 'SHIRT', '00000000-0000-4000-8000-000000000010', 0);
       insert into product_variants (id, product_id, name, price, stock) values
         ('00000000-0000-4000-8000-000000000201', '00000000-0000-4000-8000-000000000103', 'Small', '15.00', 5);
       -- (set after the insert: the old opening trigger wrote a row only for stock given at insert)
       update products set stock = 90 where id = '00000000-0000-4000-8000-000000000101';
       update proc_items set id = '00000000-0000-4000-8000-000000000401'
        where pos_product_id = '00000000-0000-4000-8000-000000000101';
       insert into proc_inventory_transactions (item_id, to_location_id, from_location_id, qty, reason) values
         ('00000000-0000-4000-8000-000000000401', '00000000-0000-4000-8000-000000000302', null, 100, 'receipt'),
         ('00000000-0000-4000-8000-000000000401', '00000000-0000-4000-8000-000000000301', null, 50, 'receipt'),
         ('00000000-0000-4000-8000-000000000401', null, '00000000-0000-4000-8000-000000000301', 20, 'transfer'),
         ('00000000-0000-4000-8000-000000000401', '00000000-0000-4000-8000-000000000302', null, 20, 'transfer');
       insert into proc_stock_levels (item_id, location_id, on_hand_qty) values
         ('00000000-0000-4000-8000-000000000401', '00000000-0000-4000-8000-000000000302', 120),
         ('00000000-0000-4000-8000-000000000401', '00000000-0000-4000-8000-000000000301', 30);
       insert into shifts (cashier_id, is_open, ended_at) values ('00000000-0000-4000-8000-000000000001', false, now());
       insert into transactions (id, user_id, shift_id, subtotal, tax, total, payment_method) values
         ('00000000-0000-4000-8000-000000000501', '00000000-0000-4000-8000-000000000001',
          (select min(id) from shifts), '95.00', '0', '95.00', 'cash');
       insert into transaction_items (transaction_id, product_id, quantity, unit_price, total_price) values
         ('00000000-0000-4000-8000-000000000501', '00000000-0000-4000-8000-000000000101', 10, '9.50', '95.00');
       -- The till's ledger: the opening rows the trigger wrote (tea, size option), the bridge's receipt
       -- and the sale.
       insert into stock_movements (product_id, quantity, reason, stock_after, document_type, document_id) values
         ('00000000-0000-4000-8000-000000000101', 100, 'receipt', 100, 'proc_goods_receipts', null),
         ('00000000-0000-4000-8000-000000000101', -10, 'sale', 90, 'transaction', '00000000-0000-4000-8000-000000000501');`,
    );
    const before = await money(database);
    const tillBefore = await rows(
      database,
      `select id::text, stock from products union all select id::text, stock from product_variants order by 1`,
    );
    expect(tillBefore).toHaveLength(4);

    await migrate(database, MIGRATIONS_FOLDER);

    expect(await money(database)).toEqual(before);
    // The columns and the second ledger are gone.
    expect(
      await rows(
        database,
        `select count(*)::int as n from information_schema.columns
          where table_schema = current_schema() and column_name = 'stock' and table_name in ('products', 'product_variants')`,
      ),
    ).toEqual([{ n: 0 }]);
    expect(await rows(database, `select to_regclass('stock_movements') is null as gone`)).toEqual([{ gone: true }]);
    // The till's figure wins at the café (90): the stores' 120 less the copied sale (10) is 110, so
    // the difference (110 → 90) is one 'migration' row,
    // and central stores keep their 30.
    const cafe = '00000000-0000-4000-8000-000000000302';
    const beans = '00000000-0000-4000-8000-000000000401';
    expect(await level(database, beans, cafe)).toEqual([{ q: '90.000' }]);
    expect(await level(database, beans, '00000000-0000-4000-8000-000000000301')).toEqual([{ q: '30.000' }]);
    expect(
      await rows(
        database,
        `select reason::text, qty::text, from_location_id::text as from, to_location_id::text as to
           from proc_inventory_transactions where item_id = '${beans}' and reason in ('sale', 'migration') order by reason`,
      ),
    ).toEqual([
      { reason: 'migration', qty: '20.000', from: cafe, to: null },
      { reason: 'sale', qty: '10.000', from: cafe, to: null },
    ]);
    const notice = await rows<{ details: Record<string, unknown> }>(
      database,
      `select details from user_activity where activity_type = 'stock.migration_difference'`,
    );
    expect(notice.map((n) => n.details)).toMatchObject([{ sku: 'BEANS', till: 90, stores: 110, difference: -20 }]);
    // The tea and the size option keep their stock as levels with opening rows behind them.
    const tea = await rows<{ q: string }>(
      database,
      `select l.on_hand_qty::text as q from proc_stock_levels l join proc_items i on i.id = l.item_id
        where i.pos_product_id = '00000000-0000-4000-8000-000000000102' and l.location_id = '${cafe}'`,
    );
    expect(tea).toEqual([{ q: '12.000' }]);
    const small = await rows<{ q: string }>(
      database,
      `select l.on_hand_qty::text as q from proc_stock_levels l join proc_items i on i.id = l.item_id
        where i.pos_variant_id = '00000000-0000-4000-8000-000000000201' and l.location_id = '${cafe}'`,
    );
    expect(small).toEqual([{ q: '5.000' }]);
    // Every quantity equals its ledger and every ledger row's document exists.
    expect((await auditStock(database.db)).disagreements).toEqual([]);
  });

  test('a store without a selling location gets one named after it', async () => {
    const database = await databases.empty();
    await migrate(database, MIGRATIONS_FOLDER);
    const stores = await rows<{ code: string; location: string; selling: boolean }>(
      database,
      `select s.code, l.code as location, l.is_selling as selling
         from stores s join proc_locations l on l.id = s.selling_location_id`,
    );
    expect(stores).toEqual([{ code: 'MAIN', location: 'MAIN', selling: true }]);
  });
});
