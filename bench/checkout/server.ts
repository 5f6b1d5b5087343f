/**
 * The app under load for bench/checkout (a child process of run.mjs, so the load generator and
 * the server do not share an event loop). It opens a fresh database, migrates it, seeds the
 * terminals' users and a catalogue with large stock, listens on loopback with the logger off,
 * then answers run.mjs over IPC: `ready`, `report` (stock and recorded sales), `close`.
 */
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config/config';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { openEmbeddedDatabase } from '../../apps/server/src/db/embedded';
import { runningPostmaster } from '../../apps/server/src/db/embedded-postgres';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { seedSalesHistory } from '../shared/history';
import { seedBenchStore } from '../shared/seed';

const terminals = Number(process.env.BENCH_TERMINALS ?? 32);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 200);
const initialStock = Number(process.env.BENCH_STOCK ?? 1_000_000);
const databaseUrl = process.env.BENCH_DATABASE_URL || null;
const dataDir = process.env.BENCH_DATA_DIR || null;
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 10);
/** Past sales seeded in SQL before the run (issue #38: a store with history). */
const historySales = Number(process.env.BENCH_HISTORY ?? 0);
/** Issue #32: the stores the terminals are split between (each with its own selling location's stock). */
const storeCount = Math.max(1, Number(process.env.BENCH_STORES ?? 1));
/** The embedded default: the app's own PostgreSQL server in BENCH_DATA_DIR/postgres. */
const embedded = process.env.BENCH_EMBEDDED === '1';

const config = testConfig({
  nodeEnv: 'production',
  databaseUrl,
  databasePoolSize: poolSize,
  storeTimeZone: 'Australia/Sydney',
});

let database: Database;
let postmasterPid: number | null = null;
/** A superuser URL of the server (CHECKPOINT, pg_stat_wal, the pgbench floor), when known. */
let adminUrl: string | null = databaseUrl;
if (embedded) {
  const root = dataDir as string;
  database = await openEmbeddedDatabase({
    dataDir: root,
    engine: 'postgres',
    password: 'bench-embedded-password-bench-embedded-password',
    port: 0,
    poolSize,
    log: () => {},
  });
  postmasterPid = runningPostmaster(`${root}/postgres`);
  adminUrl = (database as { server?: { adminUrl?: string } | null }).server?.adminUrl ?? null;
} else {
  database = await openDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl, poolSize } : { kind: 'pglite', dataDir },
  );
}
await runMigrations(database);
const db = database.db;

const { pins, catalogue, storeIds } = await seedBenchStore(db, {
  pinPepper: config.pinPepper,
  terminals,
  productCount,
  initialStock,
  stores: storeCount,
});
const historySeedMs = await seedSalesHistory(database, historySales);
// A what-if measured on a copy, never in the product (e.g. `drop index …` to price one index).
if (process.env.BENCH_WHAT_IF) await database.execute(process.env.BENCH_WHAT_IF, []);

const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

async function report() {
  // The till's stock is each item's level at the store's selling location (ADR 0025).
  const levels = `select l.on_hand_qty as stock from proc_stock_levels l join proc_items i on i.id = l.item_id
     where l.location_id in (select selling_location_id from stores)`;
  const stock = await database.execute(
    `select coalesce(sum(${initialStock} - stock), 0)::int as moved, coalesce(min(stock), 0)::int as lowest,
            (select count(*)::int from products) as products
       from (${levels} and i.pos_product_id is not null) s`,
  );
  const variantStock = await database.execute(
    `select coalesce(sum(${initialStock} - stock), 0)::int as moved, coalesce(min(stock), 0)::int as lowest
       from (${levels} and i.pos_variant_id is not null) s`,
  );
  const sold = await database.execute(
    `select (select count(*)::int from transactions) as sales,
            (select coalesce(sum(quantity), 0)::int from transaction_items) as units`,
  );
  // Issue #32 (`--stores N`): each store's sales and the units its own selling location gave.
  const byStore = await database.execute(
    `select s.code,
            (select count(*)::int from transactions t join shifts sh on sh.id = t.shift_id where sh.store_id = s.id) as sales,
            (select coalesce(sum(${initialStock} - l.on_hand_qty), 0)::int from proc_stock_levels l
              where l.location_id = s.selling_location_id) as moved
       from stores s order by s.code`,
  );
  return {
    byStore: byStore.rows,
    stock: stock.rows[0],
    variantStock: variantStock.rows[0],
    // The seeded history (3 units a sale) is not the run's.
    sold: {
      sales: (sold.rows[0] as { sales: number }).sales - historySales,
      units: (sold.rows[0] as { units: number }).units - 3 * historySales,
    },
  };
}

let cpuMark = process.cpuUsage();
process.on('message', async (message: { type: string }) => {
  if (message.type === 'mark') {
    cpuMark = process.cpuUsage();
  } else if (message.type === 'stop') {
    const used = process.cpuUsage(cpuMark);
    process.send?.({ type: 'stopped', cpuMs: (used.user + used.system) / 1000 });
  } else if (message.type === 'report') {
    process.send?.({ type: 'report', report: await report() });
  } else if (message.type === 'close') {
    await app.close();
    await database.close();
    process.send?.({ type: 'closed' });
    process.exit(0);
  }
});
process.send?.({
  type: 'ready',
  port,
  pins,
  storeIds,
  stores: storeCount,
  catalogue,
  kind: database.kind,
  postmasterPid,
  adminUrl,
  historySeedMs,
});
