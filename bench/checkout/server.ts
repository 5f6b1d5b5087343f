/**
 * The app under load for bench/checkout (a child process of run.mjs, so the load generator and
 * the server do not share an event loop). It opens a fresh database, migrates it, seeds the
 * terminals' users and a catalogue with large stock, listens on loopback with the logger off,
 * then answers run.mjs over IPC: `ready`, `report` (stock and recorded sales), `close`.
 */
import { isTrivialPin } from '@retail-hub/shared';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { categories, products, productVariants, users } from '../../apps/server/src/db/schema/index';
import { hashPin } from '../../apps/server/src/modules/auth/pin-hash';

const terminals = Number(process.env.BENCH_TERMINALS ?? 32);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 200);
const initialStock = Number(process.env.BENCH_STOCK ?? 1_000_000);
const databaseUrl = process.env.BENCH_DATABASE_URL || null;
const dataDir = process.env.BENCH_DATA_DIR || null;
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 10);

const config = testConfig({
  nodeEnv: 'production',
  databaseUrl,
  databasePoolSize: poolSize,
  storeTimeZone: 'Australia/Sydney',
});

const database = await openDatabase(
  databaseUrl ? { kind: 'postgres', url: databaseUrl, poolSize } : { kind: 'pglite', dataDir },
);
await runMigrations(database);
const db = database.db;

// One user per terminal, each with a distinct non-trivial PIN.
const pins: string[] = [];
for (let n = 1000; pins.length < terminals && n <= 9999; n++) {
  const pin = String(n);
  if (!isTrivialPin(pin)) pins.push(pin);
}
await db.insert(users).values(
  pins.map((pin, i) => ({
    firstName: 'Terminal',
    lastName: String(i + 1),
    role: 'cashier' as const,
    pinHash: hashPin(config.pinPepper, pin),
  })),
);

const [category] = await db.insert(categories).values({ name: 'Bench' }).returning({ id: categories.id });
const [coffeeCategory] = await db.insert(categories).values({ name: 'Coffee' }).returning({ id: categories.id });
const catalogue: Array<{ id: string; price: string; variantId: string | null; variantName: string | null }> = [];
const rows = await db
  .insert(products)
  .values(
    Array.from({ length: productCount }, (_, i) => ({
      name: `Bench product ${i + 1}`,
      sku: `BENCH-${i + 1}`,
      // 1.05 … 20.00: awkward cents so the card fee rounds.
      price: (1 + ((i * 37) % 1900) / 100 + 0.05).toFixed(2),
      stock: initialStock,
      categoryId: (category as { id: string }).id,
    })),
  )
  .returning({ id: products.id, price: products.price });
for (const r of rows) catalogue.push({ id: r.id, price: r.price, variantId: null, variantName: null });
// One coffee sold by size, so the variant path (rule price, variant stock) is part of the load.
const [coffee] = await db
  .insert(products)
  .values({
    name: 'Bench coffee',
    sku: 'BENCH-COFFEE',
    price: '3.80',
    stock: initialStock,
    categoryId: (coffeeCategory as { id: string }).id,
    hasVariants: true,
  })
  .returning({ id: products.id });
const [cup] = await db
  .insert(productVariants)
  .values({ productId: (coffee as { id: string }).id, name: 'Takeaway Big Cup', price: '9.99', stock: initialStock })
  .returning({ id: productVariants.id });
catalogue.push({
  id: (coffee as { id: string }).id,
  price: '4.50',
  variantId: (cup as { id: string }).id,
  variantName: 'Takeaway Big Cup',
});

const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

async function report() {
  const stock = await database.execute(
    `select coalesce(sum(${initialStock} - stock), 0)::int as moved, coalesce(min(stock), 0)::int as lowest,
            count(*)::int as products from products`,
  );
  const variantStock = await database.execute(
    `select coalesce(sum(${initialStock} - stock), 0)::int as moved, coalesce(min(stock), 0)::int as lowest
       from product_variants`,
  );
  const sold = await database.execute(
    `select (select count(*)::int from transactions) as sales,
            (select coalesce(sum(quantity), 0)::int from transaction_items) as units`,
  );
  return {
    stock: stock.rows[0],
    variantStock: variantStock.rows[0],
    sold: sold.rows[0],
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
process.send?.({ type: 'ready', port, pins, catalogue, kind: database.kind });
