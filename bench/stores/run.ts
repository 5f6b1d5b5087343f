/**
 * Stores at scale (issue #16 "Done when"): 100,000 items, 200 locations and 2,000,000 ledger rows
 * generated with generate_series in a fresh PostgreSQL database (500,000 stock levels, each the
 * sum of its 4 ledger rows; about 2% at or under their reorder point), then p50/p95 through
 * app.inject of: stock by location, an item's movement history, the reorder list of a location and
 * of the whole institution. Target: p95 < 50 ms each on PostgreSQL. See README.md.
 *
 *   npm run bench:stores
 *   BENCH_ITEMS=100000 BENCH_LOCATIONS=200 BENCH_LEDGER=2000000 BENCH_SAMPLES=40
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres  (a fresh rh_bench_stores_* database
 *   is created on that server and dropped afterwards)
 *   BENCH_KEEP=1   keep the seeded database and print its URL (the seed takes 10 to 20 minutes)
 *   BENCH_REUSE_URL=postgres://…/rh_bench_stores_…   measure again on a database a kept run seeded
 *   (migrations are applied, the seed is skipped; the database is left in place)
 */
import os from 'node:os';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { hashPin } from '../../apps/server/src/lib/pin-hash';
import { openFreshDatabase } from '../shared/fresh-database';
import { percentile } from '../shared/stats.mjs';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 200);
const LEDGER = Number(process.env.BENCH_LEDGER ?? 2_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_MS = 50;
const PIN = '4826';
const KEEP = process.env.BENCH_KEEP === '1';
const REUSE_URL = process.env.BENCH_REUSE_URL;
/** Ledger rows per stock level: 3 receipts of 10 and one issue of 1..30. */
const ROWS_PER_LEVEL = 4;

const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** The data, in SQL only (generate_series), on a connection of its own. */
async function seed(url: string, pinHash: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const run = async (label: string, statement: string, params: unknown[] = []) => {
    const t0 = performance.now();
    await client.query(statement, params);
    console.log(`  ${label.padEnd(40)} ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s`);
  };
  const levels = Math.floor(LEDGER / ROWS_PER_LEVEL);
  // Foreign-key triggers off while loading: the data is consistent by construction.
  await client.query('set session_replication_role = replica');
  try {
    await run(
      'manager',
      "insert into users (first_name, last_name, role, pin_hash) values ('Bench', 'Manager', 'manager', $1)",
      [pinHash],
    );
    await run(
      `${LOCATIONS} locations`,
      `insert into proc_locations (code, name, building, floor, room)
       select 'B' || (g % 5) || '-' || (g % 4) || '-' || lpad(g::text, 3, '0'), 'Store room ' || g,
              'B' || (g % 5), (g % 4)::text, lpad(g::text, 3, '0')
       from generate_series(1, ${LOCATIONS}) g`,
    );
    // Reorder point 0 for most items; 1 in 8 items has one of 5..25 (about 2% of levels end under it).
    await run(
      `${ITEMS.toLocaleString('en-US')} items`,
      `insert into proc_items (sku, name, uom, reorder_point, min_reorder_qty)
       select 'SKU-' || lpad(g::text, 6, '0'), 'Item number ' || g, 'each',
              case when g % 8 = 0 then 5 + (g % 21) else 0 end, 10
       from generate_series(1, ${ITEMS}) g`,
    );
    // Level p (0-based): item p % ITEMS, location (p / ITEMS + p * 7) % LOCATIONS, so each item sits in
    // several locations and each location holds LEVELS / LOCATIONS items. Row k of a level: k < 3 a
    // receipt of 10 into it, k = 3 an issue of 1 + p % 30 out of it; created over the last 2 years.
    await run(
      `${LEDGER.toLocaleString('en-US')} ledger rows`,
      `with i as (select array_agg(id order by sku) a from proc_items),
            l as (select array_agg(id order by code) a from proc_locations)
       insert into proc_inventory_transactions (item_id, from_location_id, to_location_id, qty, reason, note, created_at)
       select i.a[1 + p % ${ITEMS}],
              case when k = 3 then l.a[1 + (p / ${ITEMS} + p * 7) % ${LOCATIONS}] end,
              case when k < 3 then l.a[1 + (p / ${ITEMS} + p * 7) % ${LOCATIONS}] end,
              case when k < 3 then 10 else 1 + p % 30 end,
              case when k < 3 then 'receipt'::proc_inventory_reason else 'issue'::proc_inventory_reason end,
              null,
              now() - interval '730 days' + (k * 180 + p % 180) * interval '1 day' + (p % 86400) * interval '1 second'
       from i, l, generate_series(0, ${levels - 1}) p, generate_series(0, ${ROWS_PER_LEVEL - 1}) k`,
    );
    await run(
      `${levels.toLocaleString('en-US')} stock levels (sum of ledger)`,
      `insert into proc_stock_levels (item_id, location_id, on_hand_qty)
       select item_id, location_id, sum(delta) from (
         select item_id, to_location_id as location_id, qty as delta from proc_inventory_transactions where to_location_id is not null
         union all
         select item_id, from_location_id, -qty from proc_inventory_transactions where from_location_id is not null
       ) m group by item_id, location_id`,
    );
    await run('vacuum analyze', 'vacuum analyze');
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  console.log(`load average at start: ${load()} (${os.cpus().length} cores); figures on a shared machine are noisy`);
  const target = REUSE_URL
    ? {
        database: await openDatabase({ kind: 'postgres', url: REUSE_URL, poolSize: 10 }),
        url: REUSE_URL,
        cleanup: async () => {},
      }
    : await openFreshDatabase('postgres', { pgUrl: PG_URL, label: 'stores' });
  let ok = true;
  try {
    const { database, url } = target;
    await runMigrations(database);
    const config = testConfig({});
    if (REUSE_URL) {
      console.log(`[postgres] reusing the seeded database ${REUSE_URL.replace(/\/\/[^@]*@/, '//')}`);
      await database.execute('analyze');
    } else {
      const started = performance.now();
      await seed(url as string, hashPin(config.pinPepper, PIN));
      console.log(`[postgres] generated in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${load()}`);
      if (KEEP) console.log(`[postgres] kept: BENCH_REUSE_URL=${url} npm run bench:stores measures again`);
    }
    const { rows } = await database.execute(
      `select (select count(*) from proc_items)::int as items, (select count(*) from proc_locations)::int as locations,
              (select count(*) from proc_stock_levels)::int as levels, (select count(*) from proc_inventory_transactions)::int as ledger,
              (select count(*) from proc_stock_levels s join proc_items i on i.id = s.item_id
                where i.reorder_point > 0 and s.on_hand_qty <= i.reorder_point)::int as at_reorder`,
    );
    console.log(`[postgres] rows: ${JSON.stringify(rows[0])}`);
    const picks = await database.execute(
      `select (select id from proc_locations order by code offset ${Math.floor(LOCATIONS / 2)} limit 1) as location,
              (select id from proc_items order by sku offset ${Math.floor(ITEMS / 2)} limit 1) as item`,
    );
    const { location, item } = picks.rows[0] as { location: string; item: string };

    const app = await buildApp({ config, database });
    await app.ready();
    try {
      const login = await app.inject({ method: 'POST', url: '/auth/pin', payload: { pin: PIN } });
      if (login.statusCode !== 200) throw new Error(`sign-in: ${login.statusCode} ${login.body}`);
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const calls: Array<{ label: string; url: string }> = [
        { label: 'stock by location (page 1)', url: `/api/procurement/stock?locationId=${location}&pageSize=50` },
        { label: "an item's movement history", url: `/api/procurement/movements?itemId=${item}` },
        { label: 'reorder list, one location', url: `/api/procurement/reorder?locationId=${location}` },
        { label: 'reorder list, everything', url: '/api/procurement/reorder' },
      ];
      console.log(`[postgres] first call of each (cold); load ${load()}`);
      for (const call of calls) {
        const t0 = performance.now();
        const response = await app.inject({ method: 'GET', url: call.url, headers: { cookie } });
        if (response.statusCode !== 200) throw new Error(`${call.url}: ${response.statusCode} ${response.body}`);
        const body = response.json();
        const count = Array.isArray(body) ? body.length : (body.rows ?? body.movements ?? []).length;
        console.log(`  ${call.label.padEnd(30)} ${ms(performance.now() - t0)}  (${count} rows)`);
      }
      console.log(`[postgres] ${SAMPLES} calls each, interleaved; load ${load()}`);
      const samples = new Map(calls.map((c) => [c.label, [] as number[]]));
      for (let i = 0; i < SAMPLES; i++) {
        for (const call of calls) {
          const t0 = performance.now();
          const response = await app.inject({ method: 'GET', url: call.url, headers: { cookie } });
          const elapsed = performance.now() - t0;
          if (response.statusCode !== 200) throw new Error(`${call.url}: ${response.statusCode}`);
          samples.get(call.label)?.push(elapsed);
        }
      }
      for (const call of calls) {
        const sorted = [...(samples.get(call.label) ?? [])].sort((a, b) => a - b);
        const p95 = percentile(sorted, 95);
        const pass = p95 < TARGET_MS;
        ok &&= pass;
        console.log(
          `  ${call.label.padEnd(30)} p50 ${ms(percentile(sorted, 50))}  p95 ${ms(p95)}  max ${ms(sorted.at(-1) ?? Number.NaN)}${pass ? '  ok' : `  MISS (target ${TARGET_MS} ms)`}`,
        );
      }
      console.log(`load average at the end: ${load()}`);
    } finally {
      await app.close();
    }
  } finally {
    if (KEEP || REUSE_URL) await target.database.close().catch(() => {});
    else await target.cleanup();
  }
  process.exitCode = ok ? 0 : 1;
}

await main();
