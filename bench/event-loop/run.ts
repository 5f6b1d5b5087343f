/**
 * Event-loop blocks of the heaviest requests (docs/architecture.md, Standards: no request holds
 * the event loop for more than 50 ms). Issue #31: these figures were asserted inside API tests,
 * where any other process on the machine moves them (the 5 MB attachment's "< 50 ms" failed once
 * at 60 ms under load); the tests keep what the requests answer, and the times are measured here.
 * See README.md.
 *
 *   npm run bench:event-loop                         # every scenario, on PGlite
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:event-loop   # PostgreSQL
 *   BENCH_SCENARIOS=attachment,report,import         # some of them
 *   BENCH_ROUNDS=3                                   # measured runs per scenario (the quietest is held to the target)
 *   BENCH_REPORT_SALES=40000  BENCH_IMPORT_ROWS=5000
 *
 * Exit code 1 when a target is missed.
 */
import os from 'node:os';
import { MAX_REPORT_DAYS } from '@retail-hub/shared';
import { sql } from 'drizzle-orm';
import { procDepartments, users } from '../../apps/server/src/db/schema/index';
import { addDay, storeToday } from '../../apps/server/src/lib/sales-range';
import { salesChanged } from '../../apps/server/src/modules/analytics/analytics.service';
import {
  createCategory,
  createProduct,
  postSale,
  saleBody,
  startShift,
} from '../../apps/server/src/modules/pos/pos-test-support';
import { buildTestApp, createUser, inject, signIn } from '../../apps/server/test/build-test-app';
import { watchEventLoop } from '../../apps/server/test/event-loop';

/** The longest block any measured request may cause (docs/architecture.md, Standards). */
const BLOCK_TARGET_MS = 50;
/** A sale answers within this of the machine's own pace while a large import runs (issue #13 item 10). */
const SALE_BOUND_MS = 500;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const REPORT_SALES = Number(process.env.BENCH_REPORT_SALES ?? 40_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);
const scenarios = (process.env.BENCH_SCENARIOS ?? 'attachment,report,import').split(',').map((s) => s.trim());
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const f = (n: number) => `${n.toFixed(1)} ms`;
const misses: string[] = [];
/** Holds the quietest of `blocks` to the target and prints the line. */
function verdict(name: string, blocks: number[]) {
  const best = Math.min(...blocks);
  const ok = best < BLOCK_TARGET_MS;
  console.log(
    `  ${ok ? 'ok  ' : 'MISS'} ${name}: longest block, quietest of ${blocks.length}: ${f(best)} (target < ${BLOCK_TARGET_MS} ms; all: ${blocks.map(f).join(', ')})`,
  );
  if (!ok) misses.push(name);
}
function check(condition: boolean, message: string) {
  if (!condition) throw new Error(message);
}

/** A 5 MB photo attached to a trade job and read back (jobs.routes.test.ts keeps that it works). */
async function attachment() {
  const t = await buildTestApp();
  try {
    const [department] = await t.db.db
      .insert(procDepartments)
      .values({ code: 'BENCH-EL', name: 'Bench workshop' })
      .returning({ id: procDepartments.id });
    const departmentId = (department as { id: string }).id;
    const adminId = await createUser(t, { role: 'procurement_admin', pin: '6048' });
    await t.db.db.update(users).set({ procDepartmentId: departmentId }).where(sql`${users.id} = ${adminId}`);
    const admin = await signIn(t, '6048');
    const client = await inject(t, {
      method: 'POST',
      url: '/api/procurement/clients',
      cookie: admin,
      payload: { name: 'Drama department', isInternal: true },
    });
    check(client.statusCode === 201, `client: ${client.body}`);
    const blocks: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const job = await inject(t, {
        method: 'POST',
        url: '/api/procurement/jobs',
        cookie: admin,
        payload: { title: 'Stage props', clientId: client.json().id, departmentId, neededByDate: '2030-01-31' },
      });
      check(job.statusCode === 201, `job: ${job.body}`);
      const url = `/api/procurement/jobs/${job.json().id}/attachments`;
      const photo = Buffer.alloc(5 * 1024 * 1024, 7);
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(photo);
      // The request body is made before the watch: the bench's own JSON.stringify is not the server's work.
      const payload = JSON.stringify({ fileName: 'site.jpg', data: photo.toString('base64') });
      const outcome = await watchEventLoop(async () => {
        const added = await inject(t, {
          method: 'POST',
          url,
          cookie: admin,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        check(added.statusCode === 201, `attach: ${added.statusCode}`);
        const id = added.json().attachments[0]?.id;
        return inject(t, { method: 'GET', url: `${url}/${id}`, cookie: admin });
      });
      check(outcome.result.rawPayload.equals(photo), 'the file came back different');
      blocks.push(outcome.maxBlockMs);
      console.log(
        `  5 MB attachment up and down (run ${round + 1}): ${outcome.elapsedMs.toFixed(0)} ms; event loop max delay ` +
          `${f(outcome.maxDelayMs)}, longest block ${f(outcome.maxBlockMs)}; load ${load()}`,
      );
    }
    verdict('5 MB attachment', blocks);
  } finally {
    await t.close();
  }
}

/** The widest allowed report over two years of a busy store, cold and warm, while a sale goes through. */
async function report() {
  const t = await buildTestApp();
  try {
    const today = storeToday('Australia/Sydney');
    const widestStart = addDay(today, -(MAX_REPORT_DAYS - 1));
    await createUser(t, { role: 'manager', pin: '2468' });
    await createUser(t, { role: 'cashier', pin: '1357' });
    const manager = await signIn(t, '2468');
    const cashier = await signIn(t, '1357');
    const category = await createCategory(t, 'Bakery');
    const muffin = await createProduct(t, { name: 'Muffin', price: '4.50', stock: 1_000_000, categoryId: category });
    for (let i = 1; i < 60; i++) {
      await createProduct(t, { name: `Product ${i}`, price: '2.50', stock: 1000, categoryId: category });
    }
    const shift = await startShift(t, cashier);
    await t.db.db.execute(sql`
      insert into transactions (user_id, shift_id, created_at, subtotal, tax, total, payment_method, reference_code)
      select s.cashier_id, s.id,
             now() - make_interval(days => ${MAX_REPORT_DAYS - 1}) + (i * (${MAX_REPORT_DAYS - 1} * 86400.0 / ${REPORT_SALES})) * interval '1 second',
             7.50, 0, 7.50, 'cash', case when i % 10 = 0 then 'VTPD' || i else null end
      from shifts s, generate_series(1, ${REPORT_SALES}) i
      where s.id = ${shift.id}`);
    await t.db.db.execute(sql`
      with p as (select id, (row_number() over (order by id))::int - 1 as n from products)
      insert into transaction_items (transaction_id, product_id, quantity, unit_price, total_price, line_no)
      select tr.id, p.id, 1, 2.50, 2.50, j
      from transactions tr cross join generate_series(0, 2) j
      join p on p.n = (abs(hashtext(tr.id::text)) + j * 7) % 60`);
    await t.db.db.execute(sql`vacuum analyze`);
    await t.db.db.execute(sql`checkpoint`);
    const run = () =>
      Promise.all([
        inject(t, {
          method: 'GET',
          url: `/api/analytics/top-products?startDate=${widestStart}&endDate=${today}&limit=5`,
          cookie: manager,
        }),
        inject(t, {
          method: 'GET',
          url: `/api/analytics/summary?startDate=${widestStart}&endDate=${today}&vtpdOnly=true`,
          cookie: manager,
        }),
        new Promise<number>((resolve, reject) =>
          setTimeout(() => {
            const started = performance.now();
            postSale(t, cashier, saleBody([{ productId: muffin, quantity: 1, unitPrice: '4.50' }])).then((r) => {
              if (r.statusCode !== 201) reject(new Error(`sale: ${r.body}`));
              resolve(performance.now() - started);
            }, reject);
          }, 20),
        ),
      ]);
    const colds: number[] = [];
    const warms: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Cold: every kept day dropped (as after a void), so the two years are read again.
      await salesChanged(t.db.db);
      const cold = await watchEventLoop(run);
      check(cold.result[0].statusCode === 200 && cold.result[1].statusCode === 200, 'the reports failed');
      colds.push(cold.maxBlockMs);
      const warm = await watchEventLoop(run);
      warms.push(warm.maxBlockMs);
      console.log(
        `  widest report of ${REPORT_SALES} sales (run ${round + 1}): cold ${cold.elapsedMs.toFixed(0)} ms, sale ${cold.result[2].toFixed(0)} ms, ` +
          `max delay ${f(cold.maxDelayMs)}, longest block ${f(cold.maxBlockMs)}; warm ${warm.elapsedMs.toFixed(0)} ms, ` +
          `sale ${warm.result[2].toFixed(0)} ms, longest block ${f(warm.maxBlockMs)}; load ${load()}`,
      );
    }
    verdict('widest report, cold', colds);
    verdict('widest report, warm', warms);
  } finally {
    await t.close();
  }
}

/** A sale every half second while a large product import runs (issue #13 item 10). */
async function importing() {
  const t = await buildTestApp();
  try {
    await createUser(t, { role: 'manager', pin: '2468' });
    await createUser(t, { role: 'cashier', pin: '1357' });
    const manager = await signIn(t, '2468');
    const cashier = await signIn(t, '1357');
    const bakery = await createCategory(t, 'Bakery');
    const muffin = await createProduct(t, { name: 'Muffin', price: '4.50', stock: 100_000, categoryId: bakery });
    await startShift(t, cashier);
    const timedSale = async (productId: string, unitPrice: string) => {
      const started = performance.now();
      const response = await postSale(t, cashier, saleBody([{ productId, quantity: 1, unitPrice }]));
      check(response.statusCode === 201, `sale: ${response.body}`);
      return performance.now() - started;
    };
    const overs: number[] = [];
    const blocks: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const croissant = await createProduct(t, {
        name: `Croissant ${round}`,
        price: '3.00',
        stock: 500,
        categoryId: bakery,
      });
      const sku = (
        (
          await inject(t, { method: 'GET', url: `/api/products?search=Croissant ${round}`, cookie: manager })
        ).json() as Array<{
          sku: string;
        }>
      )[0]?.sku as string;
      const lines = ['sku,name,price,category,stock', `${sku},Croissant ${round},3.00,Bakery,400`];
      for (let i = 1; i < IMPORT_ROWS; i++) lines.push(`IMP${round}-${i},Imported ${i},1.50,Bakery,10`);
      let baseline = 0;
      for (let i = 0; i < 5; i++) baseline = Math.max(baseline, await timedSale(muffin, '4.50'));
      let importDone = 0;
      const outcome = await watchEventLoop(async () => {
        const imported = inject(t, {
          method: 'POST',
          url: '/api/products/import',
          cookie: manager,
          payload: { csv: `${lines.join('\n')}\n` },
        }).then((response) => {
          importDone = performance.now();
          return response;
        });
        const sales: Array<{ ms: number; at: number }> = [];
        for (let i = 0; importDone === 0 && i < 400; i++) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          if (importDone !== 0) break;
          const ms = await (i % 2 === 1 ? timedSale(croissant, '3.00') : timedSale(muffin, '4.50'));
          sales.push({ ms, at: performance.now() });
        }
        return { response: await imported, sales };
      });
      check(outcome.result.response.statusCode === 200, `import: ${outcome.result.response.body}`);
      const during = outcome.result.sales.filter((s) => s.at < importDone);
      const slowest = during.length ? Math.max(...during.map((s) => s.ms)) : 0;
      overs.push(slowest - baseline);
      blocks.push(outcome.maxBlockMs);
      console.log(
        `  import of ${IMPORT_ROWS} rows (run ${round + 1}): ${outcome.elapsedMs.toFixed(0)} ms; ${during.length} sales during it, ` +
          `slowest ${slowest.toFixed(0)} ms against ${baseline.toFixed(0)} ms before it; max delay ${f(outcome.maxDelayMs)}, ` +
          `longest block ${f(outcome.maxBlockMs)}; load ${load()}`,
      );
    }
    const best = Math.min(...overs);
    const ok = best < SALE_BOUND_MS;
    console.log(
      `  ${ok ? 'ok  ' : 'MISS'} sale during the import: slowest over its pace before, quietest of ${overs.length}: ${best.toFixed(0)} ms (target < ${SALE_BOUND_MS} ms)`,
    );
    if (!ok) misses.push('sale during the import');
    // Printed, not held to the target: the import's chunks are written on the event loop's thread
    // on PGlite (see docs/operations.md).
    console.log(`  info import, longest block, quietest of ${blocks.length}: ${f(Math.min(...blocks))}`);
  } finally {
    await t.close();
  }
}

console.log(`Event-loop bench on ${engine}, ${os.cpus().length} CPUs, load ${load()}, ${ROUNDS} round(s) a scenario`);
const all: Record<string, () => Promise<void>> = { attachment, report, import: importing };
for (const name of scenarios) {
  const scenario = all[name];
  if (!scenario) throw new Error(`Unknown scenario ${name}; scenarios: ${Object.keys(all).join(', ')}`);
  console.log(`\n${name}`);
  await scenario();
}
if (misses.length > 0) {
  console.log(`\nMissed: ${misses.join(', ')}`);
  process.exit(1);
}
console.log('\nEvery target met.');
