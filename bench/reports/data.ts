/**
 * Bulk sales for the reports benchmark, generated inside the database with generate_series (no
 * row-by-row inserts): N sales over the last D days before today, 1 to 5 lines each (3 on
 * average), ~35% card sales with a VTPD reference and the 2.5% card fee, spread over 07:00-21:00
 * after the store's midnight (`todayStart`, shifted back whole days); plus M sales today, spread
 * from the store's midnight to now (a real store has no sales in the future), for the daily CSV. Ids are md5-derived UUIDs so the
 * lines can be generated apart from their sales.
 */
/** Runs one SQL statement (a dedicated connection: the loader switches foreign-key triggers off). */
export type Exec = (sqlText: string, params?: unknown[]) => Promise<unknown>;

export const PRODUCT_COUNT = 200;
export const CASHIER_COUNT = 8;

/** Products, cashiers (one manager signs in) and one closed shift per cashier per day. */
export async function seedBase(exec: Exec, days: number, todayStart: Date, managerPinHash: string): Promise<void> {
  const today = `'${todayStart.toISOString()}'::timestamptz`;
  await exec("insert into categories (name) values ('Bench Bakery'), ('Bench Coffee')");
  await exec(
    `insert into products (name, price, sku, category_id, stock)
     select 'Bench Product ' || lpad(p::text, 3, '0'),
            (1 + (p % 20) * 0.5)::numeric(10,2),
            'BEN-' || lpad(p::text, 5, '0'),
            (select id from categories order by name limit 1 offset (p % 2)),
            1000000
     from generate_series(1, ${PRODUCT_COUNT}) p`,
  );
  await exec(
    `insert into users (first_name, last_name, role, pin_hash)
     select 'Cashier', 'No' || c, 'cashier', null from generate_series(1, ${CASHIER_COUNT}) c`,
  );
  await exec("insert into users (first_name, last_name, role, pin_hash) values ('Bench', 'Manager', 'manager', $1)", [
    managerPinHash,
  ]);
  // Shift ids: day d (0 = oldest, `days` = today) and cashier c -> d * CASHIER_COUNT + c + 1.
  await exec(
    `insert into shifts (id, cashier_id, started_at, ended_at, is_open)
     overriding system value
     select d * ${CASHIER_COUNT} + c + 1,
            (select id from users where role = 'cashier' order by last_name limit 1 offset c),
            ${today} - make_interval(days => ${days} - d) + interval '6 hours',
            ${today} - make_interval(days => ${days} - d) + interval '22 hours',
            false
     from generate_series(0, ${days}) d, generate_series(0, ${CASHIER_COUNT - 1}) c`,
  );
  await exec(`select setval(pg_get_serial_sequence('shifts', 'id'), ${(days + 1) * CASHIER_COUNT + 1})`);
  await exec(
    `create temporary table bench_products as
       select row_number() over (order by sku) - 1 as n, id, price from products where sku like 'BEN-%'`,
  );
  await exec(
    `create temporary table bench_cashiers as
       select row_number() over (order by last_name) - 1 as n, id from users where role = 'cashier'`,
  );
}

/**
 * Sales `from`..`to` (1-based, exclusive end) of a series of `total` sales spread evenly over the
 * `days` days before today (UTC days, 07:00-21:00), or all today when `days` is 0.
 */
export async function insertSales(
  exec: Exec,
  batch: { from: number; to: number; total: number; days: number; tag: string; historyDays: number; todayStart: Date },
): Promise<void> {
  const { from, to, total, days, tag, historyDays } = batch;
  const today = `'${batch.todayStart.toISOString()}'::timestamptz`;
  // Second of the sale: day index and time within 07:00-21:00, spread evenly with a hashed jitter.
  const at =
    days === 0
      ? `${today} + (now() - ${today}) * (i::float8 / ${total + 1})`
      : `${today} - make_interval(days => ${days})
           + make_interval(days => floor((i - 1)::float8 * ${days} / ${total})::int)
           + interval '7 hours'
           + make_interval(secs => ((i::bigint * 7919) % 50400))`;
  const dayIndex = days === 0 ? `${historyDays}` : `floor((i - 1)::float8 * ${days} / ${total})::int`;
  // Sales first (the lines reference them), with their subtotal computed from the lines they get.
  await exec(
    `insert into transactions (id, user_id, shift_id, created_at, subtotal, tax, total, payment_method, reference_code, status)
     select md5('${tag}' || i)::uuid, c.id, ${dayIndex} * ${CASHIER_COUNT} + (i % ${CASHIER_COUNT}) + 1, ${at},
            s.subtotal, f.fee, s.subtotal + f.fee, m.method::payment_method,
            case when m.method = 'cash' then null else 'VTPD' || lpad((i % 100000)::text, 5, '0') end,
            'completed'
     from generate_series(${from}, ${to - 1}) i
     cross join lateral (
       select sum(p.price * (1 + ((i + j) % 3))) as subtotal
       from generate_series(1, 1 + (i % 5)) j
       join bench_products p on p.n = ((i * 7 + j * 13) % ${PRODUCT_COUNT})
     ) s
     cross join lateral (
       select case when i % 20 < 13 then 'cash' when i % 20 < 18 then 'eftpos' else 'credit_card' end as method
     ) m
     cross join lateral (
       select case when m.method = 'cash' then 0 else round(s.subtotal * 0.025, 2) end as fee
     ) f
     join bench_cashiers c on c.n = (i % ${CASHIER_COUNT})`,
  );
  // Each sale's one tender (issue #34, ADR 0029), as the sale statement writes it.
  await exec(
    `insert into transaction_payments (transaction_id, seq, method, amount, card_fee, reference_code, amount_received)
     select t.id, 1, t.payment_method, t.total, t.tax, t.reference_code,
            case when t.payment_method = 'cash' then greatest(coalesce(t.amount_received, t.total), t.total) end
       from transactions t
      where t.id in (select md5('${tag}' || i)::uuid from generate_series(${from}, ${to - 1}) i)`,
  );
  await exec(
    `insert into transaction_items (transaction_id, product_id, quantity, unit_price, total_price, line_no)
     select md5('${tag}' || i)::uuid, p.id, 1 + ((i + j) % 3), p.price, p.price * (1 + ((i + j) % 3)), j - 1
     from generate_series(${from}, ${to - 1}) i
     cross join lateral generate_series(1, 1 + (i % 5)) j
     join bench_products p on p.n = ((i * 7 + j * 13) % ${PRODUCT_COUNT})`,
  );
}
