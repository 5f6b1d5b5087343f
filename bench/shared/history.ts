/**
 * A store that has been open for a while (issue #38 item 1): `sales` past 3-line sales seeded in
 * SQL (generate_series, not through the API), spread over the past year in time order across
 * closed shifts of the terminals' cashiers, with their lines and, while the table exists, their
 * stock-ledger rows. Ids and idempotency keys are random v4 UUIDs, as every sale before
 * time-ordered keys had, so the indexes have the shape a real store's have. Stock is not moved
 * (the bench's oversell check counts only the run's sales); the ledger rows say stock_after 0.
 */
import type { Database } from '../../apps/server/src/db/client';

export async function seedSalesHistory(database: Database, sales: number): Promise<number> {
  if (sales <= 0) return 0;
  const started = performance.now();
  const shiftCount = Math.max(1, Math.min(365, Math.ceil(sales / 800)));
  // Foreign keys are checked by the app's own rows; skipping their triggers here only makes the
  // seeding fast (a superuser session on the bench's own database; ignored where not allowed).
  await database.execute(`set session_replication_role = replica`, []).catch(() => {});
  await database.execute(
    `insert into shifts (cashier_id, started_at, ended_at, is_open, opening_float, counted_cash)
     select u.id, now() - make_interval(days => 366 - g), now() - make_interval(days => 366 - g) + interval '10 hours',
            false, 100, 100
       from generate_series(1, ${shiftCount}) g
       join lateral (select id from users where role = 'cashier' order by id offset (g % (select count(*) from users where role = 'cashier')) limit 1) u on true`,
    [],
  );
  await database.execute(
    `with s as (select id, cashier_id, started_at, row_number() over (order by id) - 1 as n
                  from shifts where not is_open)
     insert into transactions (id, user_id, shift_id, created_at, subtotal, tax, total, payment_method,
                               idempotency_key, amount_received)
     select gen_random_uuid(), s.cashier_id, s.id,
            s.started_at + (g % ${Math.ceil(sales / shiftCount)}) * interval '40 seconds',
            12.00, 0.00, 12.00, 'cash', gen_random_uuid(), 20.00
       from generate_series(0, ${sales - 1}) g
       join s on s.n = g / ${Math.ceil(sales / shiftCount)}
      order by g`,
    [],
  );
  await database.execute(
    `with p as (select array_agg(id order by id) as ids from products where not has_variants)
     insert into transaction_items (transaction_id, product_id, quantity, unit_price, total_price, line_no)
     select t.id, p.ids[1 + (abs(hashtextextended(t.id::text, l)) % array_length(p.ids, 1))], 1, 4.00, 4.00, l
       from (select id, created_at from transactions order by created_at) t, p, generate_series(0, 2) l`,
    [],
  );
  // Each sale's one tender (issue #34, ADR 0029), as the sale statement writes it.
  await database.execute(
    `insert into transaction_payments (transaction_id, seq, method, amount, card_fee, reference_code, amount_received)
     select t.id, 1, t.payment_method, t.total, t.tax, t.reference_code,
            case when t.payment_method = 'cash' then greatest(coalesce(t.amount_received, t.total), t.total) end
       from transactions t`,
    [],
  );
  // The sales' rows in the one ledger (ADR 0025): history, not stock (the levels are left as seeded).
  await database.execute(
    `insert into proc_inventory_transactions (item_id, from_location_id, qty, reason, ref_table, ref_id, created_by, created_at)
     select it.id, (select selling_location_id from stores order by created_at limit 1), i.quantity, 'sale', 'transaction',
            t.id, t.user_id, t.created_at
       from transactions t join transaction_items i on i.transaction_id = t.id
       join proc_items it on it.pos_product_id = i.product_id
      order by t.created_at`,
    [],
  );
  await database.execute(`set session_replication_role = origin`, []).catch(() => {});
  await database.execute(`vacuum analyze`, []);
  return Math.round(performance.now() - started);
}
