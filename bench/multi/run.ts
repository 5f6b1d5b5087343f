/**
 * bench/multi (issue #20 items 3 and 4): two app instances behind HAProxy, on one throwaway
 * PostgreSQL primary through PgBouncer in transaction pooling mode, with a streaming replica for
 * report reads. Prints PASS/FAIL per check and the checkout figures through the balancer; exits 1
 * when a check fails. Loopback only; everything it starts is stopped at the end.
 *
 *   npm run bench:multi -- [--terminals 32] [--seconds 15] [--keep]
 *
 * Ports (override with env): MULTI_PG_PORT 55432 (primary), +1 (replica), MULTI_BOUNCER_PORT 6433,
 * MULTI_LB_PORT 8180, instances MULTI_LB_PORT+1 and +2. Debian packages pgbouncer and haproxy are
 * installed with apt-get when missing (root). See bench/multi/README.md.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { openDatabase } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { categories, products, users } from '../../apps/server/src/db/schema/index';
import { hashPin } from '../../apps/server/src/lib/pin-hash';
import { postOpeningStock } from '../../apps/server/src/modules/stock/stock.service';
import { type CatalogueEntry, seedBenchStore } from '../shared/seed';
import { percentile } from '../shared/stats.mjs';
import { randomSale, signInTerminal } from '../shared/terminal.mjs';

const execFileAsync = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const TERMINALS = Math.min(128, flag('terminals', 32));
const SECONDS = Math.min(60, flag('seconds', 15));
const KEEP = args.includes('--keep');
const PG_PORT = Number(process.env.MULTI_PG_PORT ?? 55432);
const REPLICA_PORT = PG_PORT + 1;
const BOUNCER_PORT = Number(process.env.MULTI_BOUNCER_PORT ?? 6433);
const LB_PORT = Number(process.env.MULTI_LB_PORT ?? 8180);
const INSTANCE_PORTS = [LB_PORT + 1, LB_PORT + 2];
const PG_BIN = '/usr/lib/postgresql/15/bin';
const PEPPER = 'bench-multi-pin-pepper-bench-multi-pin-pepper';
const SECRET = 'bench-multi-session-secret-bench-multi-session';
const ADMIN_PIN = '5173';
const MANAGER_PIN = '4826';
const WRONG_PIN = '8264';
const LB = `http://127.0.0.1:${LB_PORT}`;
const instanceUrl = (i: number) => `http://127.0.0.1:${INSTANCE_PORTS[i]}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const work = mkdtempSync(path.join(tmpdir(), 'rh-multi-'));
chmodSync(work, 0o755);
const children = new Set<ChildProcess>();
const results: Array<{ name: string; pass: boolean; detail: string }> = [];
function check(name: string, pass: boolean, detail: string) {
  results.push({ name, pass, detail });
  console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
}

// ---- processes ----

const isRoot = process.getuid?.() === 0;
function asPostgres(command: string, toolArgs: string[]) {
  return execFileAsync(
    isRoot ? 'runuser' : command,
    isRoot ? ['-u', 'postgres', '--', command, ...toolArgs] : toolArgs,
    { encoding: 'utf8' },
  );
}

function start(name: string, command: string, commandArgs: string[], env: NodeJS.ProcessEnv = process.env) {
  const log = openSync(path.join(work, `${name}.log`), 'a');
  const child = spawn(command, commandArgs, { cwd: root, env, stdio: ['ignore', log, log] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function ensurePackages() {
  const missing = ['pgbouncer', 'haproxy'].filter(
    (tool) => !existsSync(`/usr/sbin/${tool}`) && !existsSync(`/usr/bin/${tool}`),
  );
  if (missing.length === 0) return;
  if (!isRoot) throw new Error(`install ${missing.join(' ')} (apt-get install ${missing.join(' ')})`);
  console.log(`installing ${missing.join(', ')} from Debian…`);
  await execFileAsync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

async function pgCtl(dir: string, port: number, action: 'start' | 'stop') {
  const options = ['-D', dir, '-w'];
  if (action === 'start') {
    options.push('-l', path.join(dir, '..', `${path.basename(dir)}.pg.log`));
    options.push('-o', `-p ${port} -k ${work} -c listen_addresses=127.0.0.1`);
  } else {
    options.push('-m', 'fast');
  }
  await asPostgres(`${PG_BIN}/pg_ctl`, [...options, action]);
}

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`${what} did not come up in ${timeoutMs / 1000} s`);
}

const ready = (base: string) => async () => (await fetch(`${base}/api/health/ready`)).status === 200;

function startInstance(i: number) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(INSTANCE_PORTS[i]),
    DATA_DIR: path.join(work, `app-${i}`),
    DATABASE_URL: `postgres://postgres@127.0.0.1:${BOUNCER_PORT}/retailhub`,
    DATABASE_PREPARED_STATEMENTS: 'false',
    DATABASE_LISTEN_URL: `postgres://postgres@127.0.0.1:${PG_PORT}/retailhub`,
    DATABASE_READ_URL: `postgres://postgres@127.0.0.1:${REPLICA_PORT}/retailhub`,
    DATABASE_POOL_SIZE: '10',
    DEMO_DATA: 'false',
    PIN_PEPPER: PEPPER,
    SESSION_SECRET: SECRET,
    TRUST_PROXY: '127.0.0.1',
    STORE_TIME_ZONE: 'Australia/Sydney',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  };
  return start(`app-${i}`, process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], env);
}

// ---- HTTP helpers ----

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of several routes, read loosely by the checks
type Answer = { status: number; body: any; servedBy: string | null; headers: Headers };
async function call(base: string, method: string, url: string, cookie?: string, body?: unknown, headers = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return {
    status: response.status,
    body: parsed,
    servedBy: response.headers.get('x-served-by'),
    headers: response.headers,
  } as Answer;
}

async function signIn(base: string, pin: string) {
  const response = await fetch(`${base}/auth/pin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pin }),
  });
  if (!response.ok) throw new Error(`sign-in ${pin} at ${base}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

// ---- load ----

type Confirmed = { key: string; id: string; units: number };
type Load = {
  confirmed: Confirmed[];
  latencies: number[];
  statuses: Map<string, number>;
  retries: number;
  servedBy: Map<string, number>;
  stop: () => Promise<void>;
};

/**
 * Terminals sell through the balancer. A sale is retried with the same Idempotency-Key and body on
 * a network error, a timeout or a 5xx until it gets a definitive answer (what the POS terminal's
 * outbox does), so a killed instance must not lose or double a sale.
 */
function runLoad(terminals: Array<{ cookie: string }>, catalogue: CatalogueEntry[]): Load {
  const load: Load = {
    confirmed: [],
    latencies: [],
    statuses: new Map(),
    retries: 0,
    servedBy: new Map(),
    stop: async () => {},
  };
  let running = true;
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const loops = terminals.map(async ({ cookie }) => {
    while (running) {
      const { units, body } = randomSale(catalogue);
      const key = randomUUID();
      const began = performance.now();
      for (let attempt = 0; ; attempt++) {
        let answer: Answer | null = null;
        try {
          answer = await call(LB, 'POST', '/api/transactions', cookie, body, { 'idempotency-key': key });
        } catch {
          answer = null;
        }
        const status = answer ? String(answer.status) : 'network error';
        count(load.statuses, status);
        if (answer?.servedBy) count(load.servedBy, answer.servedBy);
        if (answer && (answer.status === 201 || answer.status === 200)) {
          load.confirmed.push({ key, id: answer.body.id, units });
          if (attempt === 0 && answer.status === 201) load.latencies.push(performance.now() - began);
          break;
        }
        if (answer && answer.status < 500) break; // definitive refusal (409 stock etc.)
        load.retries++;
        await sleep(50 + Math.random() * 200);
      }
    }
  });
  load.stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return load;
}

function figures(load: Load, seconds: number) {
  const sorted = [...load.latencies].sort((a, b) => a - b);
  return {
    salesPerSecond: Math.round(load.confirmed.length / seconds),
    p50: percentile(sorted, 50).toFixed(1),
    p95: percentile(sorted, 95).toFixed(1),
    p99: percentile(sorted, 99).toFixed(1),
    statuses: Object.fromEntries(load.statuses),
    servedBy: Object.fromEntries(load.servedBy),
    retries: load.retries,
  };
}

// ---- the run ----

async function main() {
  await ensurePackages();
  const primaryDir = path.join(work, 'primary');
  const replicaDir = path.join(work, 'replica');
  if (isRoot) chownSync(work, uidOf('postgres'), gidOf('postgres'));

  console.log(`work folder ${work}`);
  await asPostgres(`${PG_BIN}/initdb`, ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
  writeFileSync(
    path.join(work, 'primary.conf'),
    'wal_level = replica\nmax_wal_senders = 5\nhot_standby = on\nmax_connections = 120\nfsync = off\nsynchronous_commit = on\n',
  );
  await asPostgres('sh', ['-c', `cat ${work}/primary.conf >> ${primaryDir}/postgresql.conf`]);
  await pgCtl(primaryDir, PG_PORT, 'start');
  const adminUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
  const directUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/retailhub`;
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl, poolSize: 1 });
  await admin.execute('create database retailhub');
  await admin.close();

  // Store: migrations, one cashier per terminal, 200 products, staff for the checks, a scarce item.
  const seedDb = await openDatabase({ kind: 'postgres', url: directUrl, poolSize: 2 });
  await runMigrations(seedDb);
  const { pins, catalogue } = await seedBenchStore(seedDb.db, {
    pinPepper: PEPPER,
    terminals: TERMINALS,
    productCount: 200,
    initialStock: 1_000_000,
  });
  await seedDb.db.insert(users).values([
    { firstName: 'Sam', lastName: 'Admin', role: 'super_admin', pinHash: hashPin(PEPPER, ADMIN_PIN) },
    { firstName: 'Morgan', lastName: 'Lead', role: 'manager', pinHash: hashPin(PEPPER, MANAGER_PIN) },
  ]);
  const [scarceCategory] = await seedDb.db.insert(categories).values({ name: 'Scarce' }).returning();
  const [scarce] = await seedDb.db
    .insert(products)
    .values({
      name: 'Last Tickets',
      sku: 'SCARCE-1',
      price: '10.00',
      categoryId: scarceCategory?.id as string,
    })
    .returning();
  await postOpeningStock(seedDb.db, [{ productId: scarce?.id as string, quantity: 20 }]);
  await seedDb.close();

  // Streaming replica from a base backup (-R writes standby.signal and primary_conninfo).
  await asPostgres(`${PG_BIN}/pg_basebackup`, [
    '-h',
    '127.0.0.1',
    '-p',
    String(PG_PORT),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
  ]);
  await pgCtl(replicaDir, REPLICA_PORT, 'start');

  // PgBouncer, transaction pooling.
  writeFileSync(path.join(work, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(
    path.join(work, 'pgbouncer.ini'),
    [
      '[databases]',
      `retailhub = host=127.0.0.1 port=${PG_PORT} dbname=retailhub`,
      '[pgbouncer]',
      `listen_addr = 127.0.0.1`,
      `listen_port = ${BOUNCER_PORT}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${work}/userlist.txt`,
      'pool_mode = transaction',
      'default_pool_size = 16',
      'max_client_conn = 400',
      'admin_users = postgres',
      `logfile = ${work}/pgbouncer.log`,
      '',
    ].join('\n'),
  );
  if (isRoot) {
    for (const f of ['userlist.txt', 'pgbouncer.ini'])
      chownSync(path.join(work, f), uidOf('postgres'), gidOf('postgres'));
  }
  start('pgbouncer-run', isRoot ? 'runuser' : 'pgbouncer', [
    ...(isRoot ? ['-u', 'postgres', '--', '/usr/sbin/pgbouncer'] : []),
    `${work}/pgbouncer.ini`,
  ]);

  // HAProxy: round robin per request, readiness checks, tunnels for live-update streams.
  writeFileSync(
    path.join(work, 'haproxy.cfg'),
    [
      'global',
      '  maxconn 2000',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout tunnel 1h',
      '  option forwardfor',
      '  retries 3',
      '  option redispatch',
      'frontend retail_hub',
      `  bind 127.0.0.1:${LB_PORT}`,
      '  default_backend apps',
      'backend apps',
      '  balance roundrobin',
      '  option httpchk GET /api/health/ready',
      '  http-response set-header X-Served-By %s',
      ...INSTANCE_PORTS.map((port, i) => `  server app${i} 127.0.0.1:${port} check inter 500 fall 2 rise 2`),
      '',
    ].join('\n'),
  );
  start('haproxy', 'haproxy', ['-db', '-f', `${work}/haproxy.cfg`]);

  const instances = [startInstance(0), startInstance(1)];
  await waitFor('instance 0', ready(instanceUrl(0)), 120_000);
  await waitFor('instance 1', ready(instanceUrl(1)), 120_000);
  await waitFor('the balancer', async () => {
    const a = await call(LB, 'GET', '/api/health/ready');
    const b = await call(LB, 'GET', '/api/health/ready');
    return a.status === 200 && b.status === 200 && a.servedBy !== b.servedBy;
  });
  console.log('cluster, replica, PgBouncer, 2 instances and HAProxy are up\n');

  // 1. Sessions across instances: signed in on instance 0, used on instance 1 and through the balancer.
  const managerCookie = await signIn(instanceUrl(0), MANAGER_PIN);
  const onOther = await call(instanceUrl(1), 'GET', '/auth/session', managerCookie);
  const spread = await Promise.all(Array.from({ length: 6 }, () => call(LB, 'GET', '/auth/session', managerCookie)));
  const servers = new Set(spread.map((r) => r.servedBy));
  check(
    'sessions work across instances',
    onOther.status === 200 && spread.every((r) => r.status === 200) && servers.size === 2,
    `signed in on app0, app1 answered ${onOther.status}; 6 balanced requests: ${spread.map((r) => `${r.servedBy}:${r.status}`).join(' ')}`,
  );

  // 2. Live updates: a real browser's EventSource on instance 1 sees a sale made on instance 0.
  const terminals: Array<{ cookie: string }> = [];
  for (const pin of pins) terminals.push({ cookie: await signInTerminal(LB, pin) });
  {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    try {
      const context = await browser.newContext();
      const cookies = (terminals[0] as { cookie: string }).cookie.split('; ').map((pair) => {
        const [name, ...rest] = pair.split('=');
        return { name: name as string, value: rest.join('='), url: instanceUrl(1) };
      });
      await context.addCookies(cookies);
      const page = await context.newPage();
      await page.goto(`${instanceUrl(1)}/api/health`);
      await page.evaluate(() => {
        const w = globalThis as unknown as { seen: string[] };
        w.seen = [];
        const source = new EventSource('/api/events');
        source.onmessage = (e) => w.seen.push(e.data);
        return new Promise((resolve) => {
          source.onopen = resolve;
        });
      });
      const { body } = randomSale(catalogue);
      const sale = await call(
        instanceUrl(0),
        'POST',
        '/api/transactions',
        (terminals[0] as { cookie: string }).cookie,
        body,
        {
          'idempotency-key': randomUUID(),
        },
      );
      const began = Date.now();
      let seenMs = -1;
      while (Date.now() - began < 10_000) {
        const seen: string[] = await page.evaluate(() => (globalThis as unknown as { seen: string[] }).seen);
        if (seen.some((d) => d.includes('sale.recorded') && d.includes(sale.body.id))) {
          seenMs = Date.now() - began;
          break;
        }
        await sleep(50);
      }
      check(
        'live updates reach a browser on the other instance',
        sale.status === 201 && seenMs >= 0,
        seenMs >= 0
          ? `sale ${sale.body.id} on app0 reached Chromium's EventSource on app1 within ${seenMs} ms`
          : `sale answered ${sale.status}; no event within 10 s`,
      );
    } finally {
      await browser.close();
    }
  }

  // 3. Checkout load through the balancer, both instances up.
  const metricsBefore = await salesMetric();
  const steady = runLoad(terminals, catalogue);
  const lagSamples: number[] = [];
  const adminCookie = await signIn(LB, ADMIN_PIN);
  const began = Date.now();
  while (Date.now() - began < SECONDS * 1000) {
    await sleep(1000);
    const health = await call(LB, 'GET', '/api/super-admin/health', adminCookie).catch(() => null);
    const lag = health?.body?.replica?.lagSeconds;
    if (typeof lag === 'number') lagSamples.push(lag);
  }
  await steady.stop();
  const steadyFigures = figures(steady, SECONDS);
  console.log('\ncheckout through HAProxy → 2 instances → PgBouncer (transaction) → PostgreSQL:');
  console.log(
    JSON.stringify({ terminals: TERMINALS, seconds: SECONDS, sales: steady.confirmed.length, ...steadyFigures }),
  );
  const metricsAfter = await salesMetric();
  const counted = metricsAfter - metricsBefore;
  check(
    '/metrics sale counters add up to the sales confirmed',
    counted === steady.confirmed.length,
    `sum of retail_hub_sales_recorded_total over both instances grew by ${counted}; terminals confirmed ${steady.confirmed.length}`,
  );

  // 4. Replica: lag on System Health, reports read there, a fresh sale seen at once (primary).
  const health = await call(LB, 'GET', '/api/super-admin/health', adminCookie);
  const replicaScansBefore = await replicaScans();
  const pastEnd = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  const pastStart = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
  const report = await call(
    LB,
    'GET',
    `/api/analytics/summary?startDate=${pastStart}&endDate=${pastEnd}`,
    managerCookie,
  );
  const replicaScansAfter = await replicaScans();
  check(
    'read replica: lag on System Health, past-days report read from the replica',
    health.body?.replica?.state === 'ok' && report.status === 200 && replicaScansAfter > replicaScansBefore,
    `replica ${JSON.stringify(health.body?.replica)}; lag during load max ${Math.max(0, ...lagSamples).toFixed(2)} s over ${lagSamples.length} samples; summary ${report.status}, replica's transactions scans +${replicaScansAfter - replicaScansBefore}`,
  );
  const statsBefore = await call(LB, 'GET', '/api/analytics/daily-stats', managerCookie);
  const fresh = randomSale(catalogue);
  const made = await call(LB, 'POST', '/api/transactions', (terminals[1] as { cookie: string }).cookie, fresh.body, {
    'idempotency-key': randomUUID(),
  });
  const statsAfter = await call(LB, 'GET', '/api/analytics/daily-stats', managerCookie);
  check(
    "read-your-writes: today's figures include a sale the moment it is made",
    made.status === 201 && statsAfter.body.totalTransactions === statsBefore.body.totalTransactions + 1,
    `today's sales ${statsBefore.body.totalTransactions} → ${statsAfter.body.totalTransactions} (read by ${statsAfter.servedBy}, sale by ${made.servedBy})`,
  );

  // 5. Oversell: 64 buyers of 1 of the 20 scarce units at once, through both instances.
  const scarceBody = {
    subtotal: '10.00',
    tax: '0.00',
    total: '10.00',
    paymentMethod: 'cash',
    referenceCode: null,
    notes: null,
    amountReceived: '10.00',
    items: [
      {
        productId: scarce?.id,
        variantId: null,
        variantName: null,
        quantity: 1,
        unitPrice: '10.00',
        totalPrice: '10.00',
      },
    ],
  };
  const race = await Promise.all(
    Array.from({ length: 64 }, (_, i) =>
      call(
        LB,
        'POST',
        '/api/transactions',
        (terminals[i % terminals.length] as { cookie: string }).cookie,
        scarceBody,
        {
          'idempotency-key': randomUUID(),
        },
      ),
    ),
  );
  const sold = race.filter((r) => r.status === 201).length;
  const refused = race.filter((r) => r.status === 409).length;
  const direct = await openDatabase({ kind: 'postgres', url: directUrl, poolSize: 2 });
  const stockLeft = Number(
    (
      await direct.execute(
        `select (select coalesce(floor(sum(l.on_hand_qty)), 0) from proc_items it
                  join proc_stock_levels l on l.item_id = it.id where it.pos_product_id = $1)::int as stock`,
        [scarce?.id],
      )
    ).rows[0]?.stock,
  );
  check(
    'oversell 0 (64 buyers of 20 units across both instances)',
    sold === 20 && refused === 44 && stockLeft === 0,
    `${sold} sold, ${refused} refused 409, stock left ${stockLeft}, by ${[...new Set(race.map((r) => r.servedBy))].join('+')}`,
  );

  // 6. Kill one instance mid-load: no lost or doubled sale; restart it and it rejoins.
  const killLoad = runLoad(terminals, catalogue);
  await sleep((SECONDS * 1000) / 3);
  instances[1]?.kill('SIGKILL');
  const killedAt = Date.now();
  await sleep((SECONDS * 1000) / 3);
  instances[1] = startInstance(1);
  await waitFor('instance 1 again', ready(instanceUrl(1)), 120_000);
  const rejoinMs = Date.now() - killedAt;
  await sleep(3000);
  await killLoad.stop();
  const killFigures = figures(killLoad, (Date.now() - killedAt) / 1000 + SECONDS / 3);
  console.log('\nkill app1 mid-load (SIGKILL), restart it:');
  console.log(JSON.stringify({ sales: killLoad.confirmed.length, ...killFigures, rejoinMs }));

  // Every confirmed sale exactly once with its id; nothing written that no terminal was told about.
  const all = [...steady.confirmed, ...killLoad.confirmed];
  const rows = (
    await direct.execute(
      `select idempotency_key::text as key, id::text as id from transactions where idempotency_key is not null`,
    )
  ).rows as Array<{ key: string; id: string }>;
  const byKey = new Map<string, string[]>();
  for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r.id]);
  const lost = all.filter((c) => !byKey.get(c.key)?.includes(c.id)).length;
  const doubled = [...byKey.values()].filter((ids) => ids.length > 1).length;
  const knownKeys = new Set(all.map((c) => c.key));
  const extraRows = rows.filter((r) => !knownKeys.has(r.key)).length - 1 - 1 - sold; // live-update, read-your-writes, race
  const stock = (
    await direct.execute(
      `with level as (
         select p.sku, it.pos_variant_id, l.on_hand_qty as stock
           from proc_items it join proc_stock_levels l on l.item_id = it.id
           left join product_variants v on v.id = it.pos_variant_id
           join products p on p.id = coalesce(it.pos_product_id, v.product_id))
       select (select coalesce(sum(1000000 - stock), 0) from level where sku <> 'SCARCE-1')::int as moved,
              (select min(stock) from level where pos_variant_id is null)::int as lowest,
              (select coalesce(sum(quantity), 0) from transaction_items ti join products p on p.id = ti.product_id where p.sku <> 'SCARCE-1')::int as units`,
    )
  ).rows[0] as { moved: number; lowest: number; units: number };
  await direct.close();
  check(
    'no lost or doubled sale when an instance is killed mid-load',
    lost === 0 && doubled === 0 && extraRows === 0,
    `confirmed ${all.length}; lost ${lost}, doubled ${doubled}, unconfirmed in the database ${extraRows}; ${killFigures.retries} retries; app1 back in ${(rejoinMs / 1000).toFixed(1)} s`,
  );
  check(
    'stock adds up (units moved = units in sale lines, none negative)',
    stock.moved === stock.units && stock.lowest >= 0,
    `moved ${stock.moved}, sold ${stock.units}, lowest stock ${stock.lowest}`,
  );

  // 7. The PIN throttle is shared: 5 wrong PINs alternating between the instances lock the client.
  const attempts: number[] = [];
  for (let i = 0; i < 6; i++) {
    const r = await call(
      instanceUrl(i % 2),
      'POST',
      '/auth/pin',
      undefined,
      { pin: WRONG_PIN },
      { 'x-forwarded-for': '10.77.0.9' },
    );
    attempts.push(r.status);
  }
  check(
    'the PIN throttle is shared by the instances',
    attempts.slice(0, 5).every((s) => s === 401) && attempts[5] === 429,
    `wrong PINs from one client on app0, app1, app0, …: ${attempts.join(' ')} (per-instance counters would allow a 6th try)`,
  );

  // Prepared statements behind PgBouncer: the setting is off and sales went through (sanity).
  const bouncer = await openDatabase({
    kind: 'postgres',
    url: `postgres://postgres@127.0.0.1:${BOUNCER_PORT}/pgbouncer`,
    poolSize: 1,
  });
  const pools = await bouncer.execute('SHOW POOLS').catch(() => null);
  await bouncer.close();
  const pool = (pools?.rows as Array<Record<string, unknown>> | undefined)?.find((p) => p.database === 'retailhub');
  console.log(`\nPgBouncer pool retailhub: ${JSON.stringify(pool ?? 'n/a')}`);
}

async function salesMetric(): Promise<number> {
  let total = 0;
  for (let i = 0; i < 2; i++) {
    const text = await (await fetch(`${instanceUrl(i)}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith('retail_hub_sales_recorded_total'));
    total += Number(line?.split(' ')[1] ?? 0);
  }
  return total;
}

async function replicaScans(): Promise<number> {
  const replica = await openDatabase({
    kind: 'postgres',
    url: `postgres://postgres@127.0.0.1:${REPLICA_PORT}/retailhub`,
    poolSize: 1,
  });
  try {
    const { rows } = await replica.execute(
      `select (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::int as n from pg_stat_user_tables where relname = 'transactions'`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await replica.close();
  }
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}
function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}

async function cleanup() {
  for (const child of children) child.kill('SIGTERM');
  await sleep(1000);
  for (const child of children) child.kill('SIGKILL');
  for (const dir of ['replica', 'primary']) {
    if (existsSync(path.join(work, dir, 'postmaster.pid')))
      await pgCtl(path.join(work, dir), 0, 'stop').catch(() => {});
  }
  if (!KEEP) rmSync(work, { recursive: true, force: true });
}

const watchdog = setTimeout(() => {
  console.log('FAIL  watchdog: the run took more than 10 minutes');
  void cleanup().finally(() => process.exit(1));
}, 10 * 60_000);

main()
  .catch((error) => {
    check('run', false, String(error?.stack ?? error));
  })
  .finally(async () => {
    clearTimeout(watchdog);
    await cleanup();
    const failed = results.filter((r) => !r.pass).length;
    console.log(`\n${results.length - failed} PASS, ${failed} FAIL${KEEP ? ` (kept ${work})` : ''}`);
    process.exit(failed === 0 ? 0 : 1);
  });
