/**
 * bench/faults: the checkout benchmark's load (terminals recording 3-line sales, each with its own
 * Idempotency-Key) while things break, then checks that nothing was lost or recorded twice.
 *
 *   npm run bench:faults
 *   tsx bench/faults/run.ts [--only fsync|embedded|embedded-both|postgres|pglite|db-restart[,…]]
 *                           [--terminals 32] [--kills 2] [--max-sales 20000] [--port 3206]
 *
 * Scenarios:
 *   fsync          the embedded default under strace: each of 50 sales' 201 follows an fdatasync of
 *                  the WAL (issue #21; needs strace);
 *   embedded       the embedded default (the app's own PostgreSQL in DATA_DIR/postgres), the app
 *                  SIGKILLed and restarted: its server outlives it and the restart must stop it;
 *   embedded-both  the same with the server SIGKILLed at the same moment (crash recovery);
 *   postgres    the real server (apps/server/src/server.ts, a child process) on a fresh database of
 *               BENCH_PG_URL's server, SIGKILLed and restarted while the terminals keep retrying;
 *   pglite      the same on PGlite (EMBEDDED_DATABASE=pglite) in a temporary DATA_DIR (the restarted
 *               app reopens the data folder a killed process left behind: PGlite crash recovery);
 *   db-restart  a throwaway PostgreSQL cluster (initdb in /tmp/faults-pg, port 56206) stopped with
 *               `pg_ctl stop -m immediate` for ~5 s under load and started again: the app must answer
 *               503 while it is down and sell again by itself afterwards.
 * Terminals retry the same key and body on a network error or a 503 until they get a definitive
 * answer. Afterwards, per scenario: every confirmed sale is in the database exactly once with its
 * lines, no key has two sales, no sale exists that no terminal was told about, and stock equals the
 * starting stock minus the quantities in transaction_items. Exits 1 when an invariant fails.
 */
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { loadOrCreateDatabasePassword } from '../../apps/server/src/config/config';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { openEmbeddedDatabase } from '../../apps/server/src/db/embedded';
import { processAlive, runningPostmaster } from '../../apps/server/src/db/embedded-postgres';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { type CatalogueEntry, seedBenchStore } from '../shared/seed';
import { percentile, processCpuMs } from '../shared/stats.mjs';
import { randomSale, signInTerminal } from '../shared/terminal.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    terminals: { type: 'string', default: '32' },
    kills: { type: 'string', default: '2' },
    'max-sales': { type: 'string', default: '20000' },
    port: { type: 'string', default: process.env.FAULTS_PORT ?? '3206' },
  },
});
// Bounded whatever is asked.
const TERMINALS = Math.min(128, Math.max(1, Number(args.terminals)));
const KILLS = Math.min(5, Math.max(1, Number(args.kills)));
const MAX_SALES = Math.min(100_000, Math.max(100, Number(args['max-sales'])));
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const INITIAL_STOCK = 1_000_000;
const PRODUCTS = 200;
const LOAD_BETWEEN_FAULTS_MS = 4_000;
const WARMUP_MS = 3_000;
const BOOT_TIMEOUT_MS = 90_000;
const REQUEST_TIMEOUT_MS = 15_000;
const HEALTH_TIMEOUT_MS = 5_000;
/** A request the app takes longer than this to answer while the database is down counts as a hang. */
const HANG_MS = 5_000;
const WATCHDOG_MS = 15 * 60_000;

const CLUSTER_DIR = '/tmp/faults-pg';
const CLUSTER_LOG = '/tmp/faults-pg.log';
/** Not 55432: another engineer's throwaway cluster may hold it. */
const CLUSTER_PORT = Number(process.env.FAULTS_PG_PORT ?? 56206);
const PG_BIN = '/usr/lib/postgresql/15/bin';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

// ---------------------------------------------------------------------------------------------
// The app as a child process: the real server entry point, as `npm start` runs it.

/** Secrets fixed for the whole scenario, so sessions and PIN hashes survive restarts. */
const PIN_PEPPER = randomBytes(32).toString('base64url');
const SESSION_SECRET = randomBytes(32).toString('base64url');

/** `embedded`: the default (the app runs PostgreSQL in DATA_DIR/postgres); `pglite`: EMBEDDED_DATABASE=pglite. */
type AppTarget = { databaseUrl: string | null; engine?: 'embedded' | 'pglite'; dataDir: string; logFile: string };

function appEnv(target: AppTarget): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATA_DIR: target.dataDir,
    DEMO_DATA: 'false',
    PIN_PEPPER,
    SESSION_SECRET,
    STORE_TIME_ZONE: 'UTC',
    LOG_LEVEL: 'warn',
    DATABASE_POOL_SIZE: '10',
  };
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  else delete env.DATABASE_URL;
  env.EMBEDDED_DATABASE = target.engine === 'pglite' ? 'pglite' : 'postgres';
  return env;
}

type App = { child: ChildProcess; exited: Promise<number | string | null> };

/** Apps still running, so the watchdog can end them. */
const liveApps = new Set<ChildProcess>();
/** Embedded clusters of the scenarios under way (DATA_DIR/postgres), so nothing is left running. */
const liveClusters = new Set<string>();

/** Stops (SIGINT: fast shutdown) an embedded server a failed scenario left running. */
async function stopClusterLeft(clusterDir: string): Promise<void> {
  liveClusters.delete(clusterDir);
  const pid = runningPostmaster(clusterDir);
  if (pid === null) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && processAlive(pid); i++) await sleep(100);
  if (processAlive(pid)) process.kill(pid, 'SIGKILL');
}

function spawnApp(target: AppTarget, note: string, wrapper: string[] = []): App {
  appendFileSync(target.logFile, `\n--- ${new Date().toISOString()} ${note}\n`);
  const log = openSync(target.logFile, 'a');
  const command = [...wrapper, process.execPath, '--import', 'tsx', 'apps/server/src/server.ts'];
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: root,
    env: appEnv(target),
    stdio: ['ignore', log, log],
  });
  liveApps.add(child);
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      liveApps.delete(child);
      resolve(code ?? signal);
    }),
  );
  return { child, exited };
}

/** CPU seconds a process has used (Linux /proc), to tell a busy boot from a stuck one. */
function cpuSeconds(pid: number | undefined): number {
  const used = pid === undefined ? null : processCpuMs(pid);
  return used === null ? Number.NaN : used / 1000;
}

/**
 * Polls GET /api/health/ready (readiness: database reachable, migrations applied) until 200; rejects when the app exits first or the time is up, saying
 * whether it was listening, what health answered and how much CPU the process used meanwhile.
 */
async function waitHealthy(
  app: App,
  timeoutMs = BOOT_TIMEOUT_MS,
  soldSince?: { load: Load; since: number },
): Promise<{ listeningMs: number; by: string }> {
  let exit: number | string | null | undefined;
  void app.exited.then((code) => {
    exit = code;
  });
  const began = now();
  const deadline = began + timeoutMs;
  let listeningMs = Number.NaN;
  let last = 'no answer';
  let healthTimeouts = 0;
  while (now() < deadline) {
    if (exit !== undefined) throw new Error(`the app exited (${exit}) before answering /api/health/ready`);
    try {
      const { status, text } = await send('GET', '/api/health/ready', {}, undefined, HEALTH_TIMEOUT_MS);
      if (Number.isNaN(listeningMs)) listeningMs = now() - began;
      if (status === 200) return { listeningMs, by: 'health 200' };
      last = `${status} ${text.slice(0, 120)}`;
    } catch (error) {
      if (error instanceof RequestTimeout) {
        healthTimeouts++;
        if (Number.isNaN(listeningMs)) listeningMs = now() - began;
      }
      last = (error as Error).message;
    }
    // Under load the health request queues behind the terminals' sales (PGlite is one connection):
    // a sale confirmed by the new process proves it is back as well.
    if (soldSince && soldSince.load.lastConfirmedAt > soldSince.since) {
      return { listeningMs, by: 'a sale confirmed' };
    }
    await sleep(100);
  }
  throw new Error(
    `the app did not become healthy within ${timeoutMs / 1000} s (listening after ${Math.round(listeningMs)} ms, ` +
      `${healthTimeouts} health requests unanswered within ${HEALTH_TIMEOUT_MS / 1000} s, last: ${last}; ` +
      `process used ${cpuSeconds(app.child.pid)} s of CPU)`,
  );
}

async function stopApp(app: App, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill(signal);
  const timer = setTimeout(() => app.child.kill('SIGKILL'), 15_000);
  await app.exited;
  clearTimeout(timer);
}

function logTail(file: string, lines = 25): string {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

// ---------------------------------------------------------------------------------------------
// HTTP: node:http with keep-alive; a dead app surfaces as a rejected promise (network error).

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

class RequestTimeout extends Error {}

function send(
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${BASE}${urlPath}`,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new RequestTimeout(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

// ---------------------------------------------------------------------------------------------
// Terminals: each sale gets a fresh key; the same key and body are retried until a definitive answer.

type Confirmed = { id: string; units: number; lines: number; at: number };
type Answer = { started: number; ended: number; status: number; kind: 'sale' | 'health' };

type Load = {
  confirmed: Map<string, Confirmed>;
  /** Keys whose outcome no terminal learnt (only when the run had to be abandoned). */
  unresolved: Set<string>;
  refused: Array<{ status: number; body: string }>;
  answers: Answer[];
  requests: number;
  retries: number;
  replays: number;
  networkErrors: number;
  timeouts: number;
  signIns: number;
  statuses: Map<number, number>;
  stopping: boolean;
  abandoned: boolean;
  lastConfirmedAt: number;
};

function newLoad(): Load {
  return {
    confirmed: new Map(),
    unresolved: new Set(),
    refused: [],
    answers: [],
    requests: 0,
    retries: 0,
    replays: 0,
    networkErrors: 0,
    timeouts: 0,
    signIns: 0,
    statuses: new Map(),
    stopping: false,
    abandoned: false,
    lastConfirmedAt: 0,
  };
}

const backoff = (attempt: number) => Math.min(500, 50 * 2 ** Math.min(attempt, 4)) * (0.5 + Math.random() * 0.5);

async function signInWithRetry(load: Load, pin: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    if (load.abandoned) throw new Error('abandoned');
    try {
      const cookie = await signInTerminal(BASE, pin, { startShift: false });
      load.signIns++;
      return cookie;
    } catch {
      await sleep(backoff(attempt));
    }
  }
}

async function terminal(load: Load, pin: string, initialCookie: string, catalogue: CatalogueEntry[]): Promise<void> {
  let cookie = initialCookie;
  while (!load.stopping && load.confirmed.size < MAX_SALES) {
    const { body, units } = randomSale(catalogue);
    const key = randomUUID();
    const payload = JSON.stringify(body);
    for (let attempt = 1; ; attempt++) {
      if (load.abandoned) {
        load.unresolved.add(key);
        return;
      }
      if (attempt > 1) load.retries++;
      load.requests++;
      const started = now();
      let status = 0;
      let text = '';
      try {
        ({ status, text } = await send(
          'POST',
          '/api/transactions',
          { 'content-type': 'application/json', cookie, 'idempotency-key': key },
          payload,
        ));
      } catch (error) {
        if (error instanceof RequestTimeout) load.timeouts++;
        else load.networkErrors++;
      }
      const ended = now();
      load.answers.push({ started, ended, status, kind: 'sale' });
      load.statuses.set(status, (load.statuses.get(status) ?? 0) + 1);
      if (status === 201 || status === 200) {
        const sale = JSON.parse(text) as { id: string };
        load.confirmed.set(key, { id: sale.id, units, lines: body.items.length, at: ended });
        load.lastConfirmedAt = Math.max(load.lastConfirmedAt, ended);
        if (status === 200) load.replays++;
        break;
      }
      if (status === 0 || status === 503) {
        await sleep(backoff(attempt));
        continue;
      }
      if (status === 401) {
        // Session lost (it should survive a restart: sessions live in the database).
        try {
          cookie = await signInWithRetry(load, pin);
        } catch {
          load.unresolved.add(key);
          return;
        }
        continue;
      }
      // A definitive refusal (or a 500): the sale was not confirmed; the invariants say whether
      // it was nevertheless written.
      load.refused.push({ status, body: text.slice(0, 300) });
      load.unresolved.add(key);
      break;
    }
  }
}

async function startLoad(pins: string[], catalogue: CatalogueEntry[]) {
  const load = newLoad();
  const cookies: string[] = [];
  for (const pin of pins) cookies.push(await signInTerminal(BASE, pin));
  const loops = pins.map((pin, i) => terminal(load, pin, cookies[i] as string, catalogue));
  const stop = async () => {
    load.stopping = true;
    const all = Promise.all(loops);
    const timer = setTimeout(() => {
      load.abandoned = true;
    }, 60_000);
    await all;
    clearTimeout(timer);
  };
  return { load, stop };
}

/** p50/p95/max of answered requests, ms. */
function latencies(answers: Answer[]): string {
  const sorted = answers.map((a) => a.ended - a.started).sort((a, b) => a - b);
  if (sorted.length === 0) return 'none';
  const f = (v: number) => Math.round(v);
  return `n ${sorted.length}, p50 ${f(percentile(sorted, 50))}, p95 ${f(percentile(sorted, 95))}, max ${f(sorted[sorted.length - 1] as number)}`;
}

// ---------------------------------------------------------------------------------------------
// Invariants, read from the database after the app has stopped.

type Check = { name: string; ok: boolean; detail: string };

async function checkInvariants(database: Database, load: Load): Promise<{ checks: Check[]; figures: object }> {
  if (process.env.FAULTS_SABOTAGE) {
    // Self-test of the checks: lose one recorded sale (its lines go with it) the way a broken
    // write path would, leaving its stock moved. The run must then FAIL.
    await database.execute('delete from transactions where id = (select id from transactions order by id limit 1)');
  }
  const sales = (
    await database.execute(
      `select t.id, t.idempotency_key::text as key, count(i.id)::int as lines, coalesce(sum(i.quantity), 0)::int as units
         from transactions t left join transaction_items i on i.transaction_id = t.id
        group by t.id`,
    )
  ).rows as Array<{ id: string; key: string | null; lines: number; units: number }>;
  const byKey = new Map<string, typeof sales>();
  for (const s of sales) {
    const list = byKey.get(s.key ?? '') ?? [];
    list.push(s);
    byKey.set(s.key ?? '', list);
  }
  let missing = 0;
  let wrongId = 0;
  let wrongLines = 0;
  for (const [key, c] of load.confirmed) {
    const rows = byKey.get(key) ?? [];
    if (rows.length === 0) missing++;
    else if (rows.length === 1 && rows[0]?.id !== c.id) wrongId++;
    const row = rows[0];
    if (row && (row.lines !== c.lines || row.units !== c.units)) wrongLines++;
  }
  const duplicateKeys = [...byKey.values()].filter((rows) => rows.length > 1).length;
  const noItems = sales.filter((s) => s.lines === 0).length;
  const unconfirmed = sales.filter((s) => !s.key || !load.confirmed.has(s.key));
  const unconfirmedUnresolved = unconfirmed.filter((s) => s.key && load.unresolved.has(s.key)).length;

  const productStock = (
    await database.execute(
      `select p.id, (select coalesce(floor(sum(l.on_hand_qty)), 0) from proc_items it
                       join proc_stock_levels l on l.item_id = it.id where it.pos_product_id = p.id)::int as stock,
              coalesce((select sum(i.quantity) from transaction_items i
                         where i.product_id = p.id and i.variant_id is null), 0)::int as sold
         from products p`,
    )
  ).rows as Array<{ id: string; stock: number; sold: number }>;
  const variantStock = (
    await database.execute(
      `select v.id, (select coalesce(floor(sum(l.on_hand_qty)), 0) from proc_items it
                       join proc_stock_levels l on l.item_id = it.id where it.pos_variant_id = v.id)::int as stock,
              coalesce((select sum(i.quantity) from transaction_items i where i.variant_id = v.id), 0)::int as sold
         from product_variants v`,
    )
  ).rows as Array<{ id: string; stock: number; sold: number }>;
  const stockRows = [...productStock, ...variantStock];
  const stockWrong = stockRows.filter((r) => r.stock + r.sold !== INITIAL_STOCK);
  const unitsInDb = sales.reduce((sum, s) => sum + s.units, 0);
  const unitsConfirmed = [...load.confirmed.values()].reduce((sum, c) => sum + c.units, 0);
  const moved = stockRows.reduce((sum, r) => sum + (INITIAL_STOCK - r.stock), 0);

  const checks: Check[] = [
    {
      name: 'every confirmed sale is in the database exactly once, with the id the terminal was given',
      ok: missing === 0 && wrongId === 0 && load.confirmed.size > 0,
      detail: `${load.confirmed.size} confirmed, ${missing} missing, ${wrongId} with another id`,
    },
    {
      name: 'no idempotency key has two transactions',
      ok: duplicateKeys === 0,
      detail: `${duplicateKeys} keys with more than one transaction`,
    },
    {
      name: 'no transaction is missing its items (and confirmed ones have the lines and units sent)',
      ok: noItems === 0 && wrongLines === 0,
      detail: `${noItems} without items, ${wrongLines} confirmed with other lines/units`,
    },
    {
      name: 'no sale in the database that no terminal was told about',
      ok: unconfirmed.length === 0,
      detail: `${unconfirmed.length} (of which ${unconfirmedUnresolved} are keys whose answer never came)`,
    },
    {
      name: 'stock = starting stock − quantities sold (transaction_items), per product and size option',
      ok: stockWrong.length === 0 && moved === unitsInDb && unitsInDb === unitsConfirmed,
      detail: `${stockWrong.length} of ${stockRows.length} rows off; stock moved ${moved}, units in transaction_items ${unitsInDb}, units confirmed to terminals ${unitsConfirmed}`,
    },
  ];
  return { checks, figures: { salesInDatabase: sales.length, unitsInDatabase: unitsInDb } };
}

// ---------------------------------------------------------------------------------------------
// Scenarios.

type Outcome = { scenario: string; checks: Check[]; figures: Record<string, unknown>; findings: string[] };

async function seedStore(database: Database, terminals = TERMINALS) {
  await runMigrations(database);
  return seedBenchStore(database.db, {
    pinPepper: PIN_PEPPER,
    terminals,
    productCount: PRODUCTS,
    initialStock: INITIAL_STOCK,
  });
}

/**
 * Lets the load run for `ms` and until the terminals have had at least one sale each confirmed
 * meanwhile (at most 20 s more), so every fault lands on a store that is really selling even
 * when the machine is slow.
 */
async function loadFor(load: Load, ms: number): Promise<void> {
  const began = now();
  const before = load.confirmed.size;
  await sleep(ms);
  while (load.confirmed.size - before < TERMINALS && now() - began < ms + 20_000) await sleep(50);
}

function loadFigures(load: Load) {
  return {
    salesConfirmed: load.confirmed.size,
    requests: load.requests,
    retries: load.retries,
    replayedAnswers200: load.replays,
    networkErrors: load.networkErrors,
    timeouts: load.timeouts,
    reSignIns: load.signIns,
    statuses: Object.fromEntries(load.statuses),
    refused: load.refused.length,
    unresolvedKeys: load.unresolved.size,
  };
}

async function pgAdmin<T>(url: string, fn: (db: Database) => Promise<T>): Promise<T> {
  const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    return await fn(admin);
  } finally {
    await admin.close();
  }
}

const withDatabaseName = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

type KillKind = 'postgres' | 'pglite' | 'embedded' | 'embedded-both';
const KILL_SCENARIOS: Record<KillKind, string> = {
  postgres: 'a. app SIGKILL, PostgreSQL',
  pglite: 'b. app SIGKILL, PGlite (EMBEDDED_DATABASE=pglite)',
  embedded: 'd. app SIGKILL, embedded PostgreSQL left running',
  'embedded-both': 'e. app and its embedded PostgreSQL SIGKILLed together',
};

/** The embedded default's database, opened by the runner (seeding, verification) with the app's password. */
function openEmbeddedForRunner(dataDir: string) {
  return openEmbeddedDatabase({
    dataDir,
    engine: 'postgres',
    password: loadOrCreateDatabasePassword(dataDir),
    port: 0,
    poolSize: 2,
    log: () => {},
  });
}

/**
 * a/b/d/e: SIGKILL the app `KILLS` times under load, restarting it each time. d: the embedded
 * server outlives the app, and the restarted app must find it (postmaster.pid) and stop it before
 * starting its own; e: the server is SIGKILLed at the same moment, so the restart runs PostgreSQL's
 * crash recovery (WAL replay).
 */
async function appKillScenario(kind: KillKind): Promise<Outcome> {
  const scenario = KILL_SCENARIOS[kind];
  const embedded = kind === 'embedded' || kind === 'embedded-both';
  const findings: string[] = [];
  const work = mkdtempSync(path.join(tmpdir(), 'rh-faults-'));
  const dbName = `bench_faults_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const databaseUrl = kind === 'postgres' ? withDatabaseName(PG_ADMIN_URL, dbName) : null;
  const target: AppTarget = {
    databaseUrl,
    engine: kind === 'pglite' ? 'pglite' : 'embedded',
    dataDir: work,
    logFile: path.join(work, 'app.log'),
  };
  const clusterDir = path.join(work, 'postgres');
  if (embedded) liveClusters.add(clusterDir);
  const openStore = (): Promise<Database> =>
    embedded
      ? openEmbeddedForRunner(work)
      : openDatabase(
          databaseUrl
            ? { kind: 'postgres', url: databaseUrl, poolSize: 2 }
            : { kind: 'pglite', dataDir: `${work}/pglite` },
        );
  let app: App | null = null;
  const postmastersKilled: number[] = [];
  const postmastersLeft: number[] = [];
  try {
    if (kind === 'postgres') await pgAdmin(PG_ADMIN_URL, (a) => a.execute(`create database "${dbName}"`));
    let started = now();
    const seeding = await openStore();
    const { pins, catalogue } = await seedStore(seeding);
    await seeding.close();
    const seedMs = now() - started;

    started = now();
    app = spawnApp(target, 'first start');
    await waitHealthy(app);
    const firstBootMs = now() - started;
    const { load, stop } = await startLoad(pins, catalogue);
    await loadFor(load, WARMUP_MS);

    const downtimes: number[] = [];
    const firstSaleAfter: number[] = [];
    const killTimes: number[] = [];
    const listening: number[] = [];
    const backBy: string[] = [];
    const restartedAt: number[] = [];
    let kills = 0;
    for (let k = 1; k <= KILLS && load.confirmed.size < MAX_SALES; k++) {
      const killedAt = now();
      killTimes.push(killedAt);
      const postmaster = embedded ? runningPostmaster(clusterDir) : null;
      app.child.kill('SIGKILL');
      if (kind === 'embedded-both' && postmaster !== null) {
        process.kill(postmaster, 'SIGKILL');
        postmastersKilled.push(postmaster);
      }
      await app.exited;
      if (kind === 'embedded' && postmaster !== null && processAlive(postmaster)) postmastersLeft.push(postmaster);
      kills++;
      started = now();
      restartedAt.push(started);
      app = spawnApp(target, `restart after SIGKILL #${k}`);
      let boot: { listeningMs: number; by: string };
      try {
        boot = await waitHealthy(app, BOOT_TIMEOUT_MS, { load, since: started });
      } catch (error) {
        findings.push(
          `restart after SIGKILL #${k} failed: ${(error as Error).message}\n--- app log (tail) ---\n${logTail(target.logFile)}`,
        );
        load.abandoned = true;
        await stop();
        throw Object.assign(new Error('restart failed'), { load, kills, downtimes });
      }
      downtimes.push(now() - killedAt);
      listening.push(Math.round(boot.listeningMs));
      backBy.push(boot.by);
      // When did the terminals get their first confirmation after the kill?
      const waitUntil = now() + LOAD_BETWEEN_FAULTS_MS;
      while (now() < waitUntil && load.lastConfirmedAt < started) await sleep(20);
      firstSaleAfter.push(load.lastConfirmedAt > killedAt ? load.lastConfirmedAt - killedAt : Number.NaN);
      await loadFor(load, Math.max(0, waitUntil - now()));
    }
    await stop();
    await stopApp(app);
    app = null;
    // Sales whose request was under way when a kill came: their outcome was unknown to the terminal.
    const inFlightAtKill = killTimes.map(
      (t) => load.answers.filter((a) => a.kind === 'sale' && a.started < t && a.ended > t).length,
    );

    // Verification reopens the database (for PGlite: a folder the last app closed cleanly).
    started = now();
    // The app's clean stop must have stopped its embedded server too.
    const serverAfterStop = embedded ? runningPostmaster(clusterDir) : null;
    const verify = await openStore();
    const { checks, figures } = await checkInvariants(verify, load);
    await verify.close();
    const verifyMs = now() - started;
    const embeddedChecks: Check[] = [];
    if (embedded) {
      const appLog = existsSync(target.logFile) ? readFileSync(target.logFile, 'utf8') : '';
      const serverLog = existsSync(path.join(clusterDir, 'server.log'))
        ? readFileSync(path.join(clusterDir, 'server.log'), 'utf8')
        : '';
      const staleStops = appLog.split('left running by an app that did not stop it').length - 1;
      const recoveries = serverLog.split('automatic recovery in progress').length - 1;
      embeddedChecks.push(
        kind === 'embedded'
          ? {
              name: 'the server outlived each killed app, and each restart found it (postmaster.pid) and stopped it',
              ok: postmastersLeft.length === kills && staleStops === kills,
              detail: `${postmastersLeft.length} servers left running by ${kills} killed apps, ${staleStops} stopped by the restarted app`,
            }
          : {
              name: 'each restart ran crash recovery on the killed server (WAL replay)',
              ok: postmastersKilled.length === kills && recoveries >= kills,
              detail: `${postmastersKilled.length} servers SIGKILLed, ${recoveries} automatic recoveries in server.log`,
            },
        {
          name: "the app's SIGTERM stopped its embedded server (no postgres process left)",
          ok: serverAfterStop === null,
          detail: serverAfterStop === null ? 'none left' : `pid ${serverAfterStop} still running`,
        },
      );
    }
    for (const r of load.refused.slice(0, 5)) findings.push(`refused sale: ${r.status} ${r.body}`);
    return {
      scenario,
      checks: [
        { name: `the app was killed ${KILLS} times and came back each time`, ok: kills === KILLS, detail: `${kills}` },
        ...embeddedChecks,
        ...checks,
      ],
      figures: {
        terminals: TERMINALS,
        kills,
        seedMs: Math.round(seedMs),
        verifyMs: Math.round(verifyMs),
        firstBootMs: Math.round(firstBootMs),
        downtimeMs: downtimes.map(Math.round),
        restartListeningAfterMs: listening,
        restartSeenBy: backBy,
        saleLatencyAfterEachRestartMs: restartedAt.map((t, i) =>
          latencies(
            load.answers.filter(
              (a) =>
                a.kind === 'sale' &&
                a.started >= t &&
                a.started < (restartedAt[i + 1] ?? Number.POSITIVE_INFINITY) &&
                a.status >= 200 &&
                a.status < 300,
            ),
          ),
        ),
        saleLatencyBeforeFirstKillMs: latencies(
          load.answers.filter(
            (a) => a.kind === 'sale' && a.ended < (killTimes[0] ?? 0) && a.status >= 200 && a.status < 300,
          ),
        ),
        firstConfirmedSaleAfterKillMs: firstSaleAfter.map(Math.round),
        salesInFlightAtEachKill: inFlightAtKill,
        ...loadFigures(load),
        ...figures,
      },
      findings,
    };
  } catch (error) {
    const e = error as Error & { load?: Load; kills?: number; downtimes?: number[] };
    if (e.load) {
      return {
        scenario,
        checks: [{ name: `the app restarts after SIGKILL`, ok: false, detail: `failed after ${e.kills} kills` }],
        figures: { kills: e.kills, downtimeMs: e.downtimes?.map(Math.round), ...loadFigures(e.load) },
        findings,
      };
    }
    throw error;
  } finally {
    if (app) await stopApp(app, 'SIGKILL');
    if (embedded) await stopClusterLeft(clusterDir);
    if (kind === 'postgres') {
      await pgAdmin(PG_ADMIN_URL, async (a) => {
        await a.execute('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [dbName]);
        await a.execute(`drop database if exists "${dbName}"`);
      }).catch((err) => console.error(`could not drop ${dbName}:`, err));
    }
    if (process.env.FAULTS_KEEP) console.log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

const execFileAsync = promisify(execFile);

/**
 * Runs a PostgreSQL 15 tool as the postgres user (initdb and pg_ctl refuse root). Asynchronous:
 * a synchronous call would stop this process's event loop, and the terminals' and the health
 * probe's answers would be timed late by as long as pg_ctl takes.
 */
async function asPostgres(tool: string, toolArgs: string[]): Promise<string> {
  const command = `${PG_BIN}/${tool}`;
  const isRoot = process.getuid?.() === 0;
  const { stdout } = await execFileAsync(
    isRoot ? 'runuser' : command,
    isRoot ? ['-u', 'postgres', '--', command, ...toolArgs] : toolArgs,
    { encoding: 'utf8' },
  );
  return stdout;
}

function pgCtl(action: 'start' | 'stop', extra: string[] = []) {
  return asPostgres('pg_ctl', [
    '-D',
    CLUSTER_DIR,
    ...(action === 'start'
      ? ['-o', `-p ${CLUSTER_PORT} -k /tmp -c listen_addresses=127.0.0.1`, '-l', CLUSTER_LOG]
      : []),
    '-w',
    ...extra,
    action,
  ]);
}

/** c: the database server stops (immediate: like a crash) for ~5 s under load, then starts again. */
async function databaseRestartScenario(): Promise<Outcome> {
  const scenario = 'c. database restart, PostgreSQL';
  const findings: string[] = [];
  const work = mkdtempSync(path.join(tmpdir(), 'rh-faults-'));
  const clusterUrl = `postgres://postgres@127.0.0.1:${CLUSTER_PORT}/postgres`;
  const databaseUrl = withDatabaseName(clusterUrl, 'bench_faults');
  const target: AppTarget = { databaseUrl, dataDir: work, logFile: path.join(work, 'app.log') };
  let app: App | null = null;
  let clusterUp = false;
  try {
    rmSync(CLUSTER_DIR, { recursive: true, force: true });
    rmSync(CLUSTER_LOG, { force: true });
    await asPostgres('initdb', ['-D', CLUSTER_DIR, '-U', 'postgres', '--auth=trust', '--no-sync']);
    await pgCtl('start');
    clusterUp = true;
    await pgAdmin(clusterUrl, (a) => a.execute('create database bench_faults'));
    const seeding = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
    const { pins, catalogue } = await seedStore(seeding);
    await seeding.close();

    app = spawnApp(target, 'start');
    await waitHealthy(app);
    const pid = app.child.pid;
    const { load, stop } = await startLoad(pins, catalogue);
    await loadFor(load, WARMUP_MS);

    // Probe GET /api/health/ready every 200 ms for the whole fault, next to the terminals' sales.
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const started = now();
        let status = 0;
        try {
          ({ status } = await send('GET', '/api/health/ready', {}, undefined, REQUEST_TIMEOUT_MS));
        } catch {
          status = 0;
        }
        load.answers.push({ started, ended: now(), status, kind: 'health' });
        await sleep(200);
      }
    })();

    const stopBegan = now();
    await pgCtl('stop', ['-m', 'immediate']);
    clusterUp = false;
    const downFrom = now();
    await sleep(5_000);
    const downUntil = now();
    await pgCtl('start');
    clusterUp = true;
    const upAt = now();
    // Recovery: health 200 and a sale confirmed after the database came back, without restarting the app.
    let healthyAt = Number.NaN;
    let soldAt = Number.NaN;
    const recoveryDeadline = upAt + 30_000;
    while (now() < recoveryDeadline && (Number.isNaN(healthyAt) || Number.isNaN(soldAt))) {
      const healthy = load.answers.find((a) => a.kind === 'health' && a.started >= upAt && a.status === 200);
      if (healthy && Number.isNaN(healthyAt)) healthyAt = healthy.ended;
      if (Number.isNaN(soldAt) && load.lastConfirmedAt > upAt) soldAt = load.lastConfirmedAt;
      await sleep(50);
    }
    // The live-update LISTEN connection reconnects with a back-off (modules/events/event-bus.ts).
    const listeners = () =>
      pgAdmin(clusterUrl, (a) =>
        a.execute(
          "select count(*)::int as n from pg_stat_activity where datname = 'bench_faults' and query ilike 'listen %'",
        ),
      ).then((r) => Number(r.rows[0]?.n ?? 0));
    let listenerBackAfter = Number.NaN;
    const listenDeadline = upAt + 20_000;
    while (now() < listenDeadline) {
      if ((await listeners()) > 0) {
        listenerBackAfter = now() - upAt;
        break;
      }
      await sleep(250);
    }
    await sleep(LOAD_BETWEEN_FAULTS_MS);
    probing = false;
    await prober;
    await stop();
    const sameProcess = app.child.pid === pid && app.child.exitCode === null && app.child.signalCode === null;
    await stopApp(app);
    app = null;

    // What the app answered to requests made entirely while the database was down.
    const during = load.answers.filter((a) => a.started >= downFrom && a.ended <= downUntil);
    const straddling = load.answers.filter(
      (a) => a.started >= downFrom && a.started <= downUntil && a.ended > downUntil,
    );
    const downStatuses = new Map<string, number>();
    for (const a of during) {
      const k = `${a.kind} ${a.status === 0 ? 'network error' : a.status}`;
      downStatuses.set(k, (downStatuses.get(k) ?? 0) + 1);
    }
    const non503 = during.filter((a) => a.status !== 503);
    const slowest = Math.max(0, ...[...during, ...straddling].map((a) => a.ended - a.started));
    const healthDuring = during.filter((a) => a.kind === 'health');

    const verify = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
    const { checks, figures } = await checkInvariants(verify, load);
    await verify.close();
    for (const r of load.refused.slice(0, 5)) findings.push(`refused sale: ${r.status} ${r.body}`);
    if (non503.length > 0) findings.push(`answers other than 503 while the database was down: ${non503.length}`);
    return {
      scenario,
      checks: [
        {
          name: 'while the database is down the app answers 503 (health and sales), never 500 or a dropped connection',
          ok: during.length > 0 && healthDuring.length > 0 && non503.length === 0,
          detail: JSON.stringify(Object.fromEntries(downStatuses)),
        },
        {
          name: `no request hangs while the database is down (every answer within ${HANG_MS / 1000} s)`,
          ok: slowest < HANG_MS,
          detail: `slowest ${Math.round(slowest)} ms`,
        },
        {
          name: 'the app recovers by itself: health 200 and sales confirmed again, same process',
          ok: !Number.isNaN(healthyAt) && !Number.isNaN(soldAt) && sameProcess,
          detail: `health 200 after ${Math.round(healthyAt - upAt)} ms, first sale after ${Math.round(soldAt - upAt)} ms, same process: ${sameProcess}`,
        },
        {
          name: 'the live-update LISTEN connection is back (within 20 s)',
          ok: !Number.isNaN(listenerBackAfter),
          detail: `after ${Math.round(listenerBackAfter)} ms`,
        },
        ...checks,
      ],
      figures: {
        terminals: TERMINALS,
        pgCtlStopImmediateMs: Math.round(downFrom - stopBegan),
        databaseDownMs: Math.round(upAt - downFrom),
        requestsAnsweredWhileDown: during.length,
        healthOkAfterStartMs: Math.round(healthyAt - upAt),
        firstSaleAfterStartMs: Math.round(soldAt - upAt),
        ...loadFigures(load),
        ...figures,
      },
      findings,
    };
  } finally {
    if (app) await stopApp(app, 'SIGKILL');
    if (clusterUp) {
      try {
        await pgCtl('stop', ['-m', 'fast']);
      } catch (error) {
        console.error('could not stop the throwaway cluster:', (error as Error).message);
      }
    }
    if (!process.env.FAULTS_KEEP) {
      rmSync(CLUSTER_DIR, { recursive: true, force: true });
      rmSync(work, { recursive: true, force: true });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// f. Proof at the kernel's level (issue #21): the embedded default under strace.

const TRACE_TERMINALS = 5;
const TRACE_SALES = 50;

type Syscall = { pid: number; name: string; args: string; start: number; end: number };

/**
 * Parses `strace -f -ttt -T -y` output: `<pid> <epoch s> name(args) = ret <duration>`, joining
 * `<unfinished ...>` / `<... name resumed>` halves of calls interrupted by another process's line.
 */
function parseTrace(text: string): Syscall[] {
  const calls: Syscall[] = [];
  const pending = new Map<string, { start: number; head: string; name: string }>();
  for (const line of text.split('\n')) {
    const m = /^(\d+)\s+(\d+\.\d+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const pid = Number(m[1]);
    const at = Number(m[2]);
    const rest = m[3] as string;
    const unfinished = /^(\w+)\((.*) <unfinished \.\.\.>$/.exec(rest);
    if (unfinished) {
      pending.set(`${pid}`, { start: at, head: unfinished[2] as string, name: unfinished[1] as string });
      continue;
    }
    const resumed = /^<\.\.\. (\w+) resumed>(.*) <(\d+\.\d+)>$/.exec(rest);
    if (resumed) {
      const begun = pending.get(`${pid}`);
      pending.delete(`${pid}`);
      if (begun) {
        calls.push({ pid, name: begun.name, args: begun.head + resumed[2], start: begun.start, end: at });
      }
      continue;
    }
    const whole = /^(\w+)\((.*) <(\d+\.\d+)>$/.exec(rest);
    if (whole) {
      calls.push({ pid, name: whole[1] as string, args: whole[2] as string, start: at, end: at + Number(whole[3]) });
    }
  }
  return calls.sort((a, b) => a.start - b.start);
}

/**
 * f: records 50 sales over HTTP (5 terminals at once, so group commit can show) on the embedded
 * default with the whole app traced (`strace -f`: node, pg_ctl and every PostgreSQL process), then
 * shows for each sale, from the kernel's record alone, that between the moment its backend
 * received the sale statement (the Bind carrying its Idempotency-Key) and the moment it sent the
 * result, a write to the WAL (pg_wal) was followed by an fsync/fdatasync of the WAL that
 * completed, and that the app wrote the HTTP 201 carrying the sale's id only after that result.
 */
async function fsyncTraceScenario(): Promise<Outcome> {
  const scenario = 'f. every 201 waits for an fsync of the WAL (strace, embedded PostgreSQL)';
  const findings: string[] = [];
  const work = mkdtempSync(path.join(tmpdir(), 'rh-faults-'));
  const clusterDir = path.join(work, 'postgres');
  liveClusters.add(clusterDir);
  const traceFile = path.join(work, 'strace.txt');
  const target: AppTarget = {
    databaseUrl: null,
    engine: 'embedded',
    dataDir: work,
    logFile: path.join(work, 'app.log'),
  };
  let app: App | null = null;
  try {
    if (spawnSync('strace', ['-V']).status !== 0) {
      return {
        scenario,
        checks: [{ name: 'strace is installed (apt-get install -y strace)', ok: false, detail: 'strace not found' }],
        figures: {},
        findings,
      };
    }
    const seeding = await openEmbeddedForRunner(work);
    const { pins, catalogue } = await seedStore(seeding, TRACE_TERMINALS);
    await seeding.close();

    app = spawnApp(target, 'start under strace', [
      'strace',
      '-f',
      '-ttt',
      '-T',
      '-y',
      '-s',
      '4096',
      '--seccomp-bpf',
      '-e',
      'trace=fsync,fdatasync,write,pwrite64,writev,sendto,recvfrom',
      '-o',
      traceFile,
    ]);
    await waitHealthy(app);
    const cookies: string[] = [];
    for (const pin of pins) cookies.push(await signInTerminal(BASE, pin));
    const sales: Array<{ key: string; id: string }> = [];
    const statuses = new Map<number, number>();
    await Promise.all(
      cookies.map(async (cookie) => {
        for (let i = 0; i < TRACE_SALES / TRACE_TERMINALS; i++) {
          const { body } = randomSale(catalogue);
          const key = randomUUID();
          const { status, text } = await send(
            'POST',
            '/api/transactions',
            { 'content-type': 'application/json', cookie, 'idempotency-key': key },
            JSON.stringify(body),
          );
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 201) sales.push({ key, id: (JSON.parse(text) as { id: string }).id });
        }
      }),
    );

    // The server's durability settings, asked of the server itself.
    const pidLines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    const settings = await pgAdmin(
      `postgres://postgres:${encodeURIComponent(loadOrCreateDatabasePassword(work))}@127.0.0.1:${pidLines[3]}/retail_hub`,
      async (db) =>
        (
          await db.execute(
            `select current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit,
                    current_setting('full_page_writes') as full_page_writes, current_setting('wal_sync_method') as wal_sync_method`,
          )
        ).rows[0] as Record<string, string>,
    );
    await stopApp(app);
    app = null;
    // strace ends with the last traced process (the PostgreSQL server the app stopped).
    for (let i = 0; i < 100 && runningPostmaster(clusterDir) !== null; i++) await sleep(100);
    await sleep(500);

    const calls = parseTrace(readFileSync(traceFile, 'utf8'));
    const isWal = (c: Syscall) => c.args.includes('/pg_wal/');
    const walSyncs = calls.filter((c) => (c.name === 'fdatasync' || c.name === 'fsync') && isWal(c));
    const walWrites = calls.filter(
      (c) => (c.name === 'pwrite64' || c.name === 'write' || c.name === 'writev') && isWal(c),
    );
    const verdicts = sales.map((sale) => {
      // The Bind of the sale statement carries the Idempotency-Key; the backend that received it answers it.
      const received = calls.find((c) => c.name === 'recvfrom' && c.args.includes(sale.key));
      if (!received) return { sale, ok: false, why: 'the backend never received its key' };
      const answered = calls.find(
        (c) => c.pid === received.pid && c.name === 'sendto' && c.start >= received.end && c.args.includes(sale.id),
      );
      if (!answered) return { sale, ok: false, why: 'no result sent by its backend' };
      // The app's answer carrying the sale's id (the terminal got it as a 201); node may write the
      // status line and the body in separate calls, so the body's write is the one looked for.
      const http201 = calls.find(
        (c) =>
          (c.name === 'writev' || c.name === 'write') &&
          c.pid !== received.pid &&
          !c.args.includes('/pg_wal/') &&
          c.args.includes(sale.id) &&
          // Not answered.end: strace may see the send return after the app already read it.
          c.start >= answered.start,
      );
      const within = (c: Syscall) => c.start >= received.end && c.end <= answered.start;
      const syncs = walSyncs.filter(within);
      const writes = walWrites.filter(within);
      const syncAfterWrite = syncs.find((sync) => writes.some((write) => write.end <= sync.start));
      const ok = Boolean(syncAfterWrite) && Boolean(http201);
      return {
        sale,
        ok,
        sync: syncAfterWrite,
        why: ok
          ? ''
          : `${writes.length} WAL writes and ${syncs.length} WAL syncs in its window; the app's answer ${http201 ? 'after' : 'not found after'} the result`,
      };
    });
    const covered = verdicts.filter((v) => v.ok);
    const syncsUsed = new Set(covered.map((v) => `${v.sync?.pid}@${v.sync?.start}`));
    const first = Math.min(...covered.map((v) => v.sync?.start ?? Number.POSITIVE_INFINITY));
    const last = Math.max(...covered.map((v) => v.sync?.end ?? 0));
    const syncsDuringSales = walSyncs.filter((c) => c.start >= first && c.end <= last).length;
    for (const v of verdicts.filter((x) => !x.ok).slice(0, 5)) findings.push(`sale ${v.sale.id}: ${v.why}`);
    const example = covered[0];
    if (example?.sync) {
      findings.push(
        `example: sale ${example.sale.id}: WAL ${example.sync.name} by pid ${example.sync.pid} took ${((example.sync.end - example.sync.start) * 1000).toFixed(2)} ms, before its backend's answer and the app's 201`,
      );
    }
    return {
      scenario,
      checks: [
        {
          name: 'fsync, synchronous_commit and full_page_writes are on (SHOW on the running server)',
          ok: settings.fsync === 'on' && settings.synchronous_commit === 'on' && settings.full_page_writes === 'on',
          detail: JSON.stringify(settings),
        },
        {
          name: `${TRACE_SALES} sales recorded with 201`,
          ok: sales.length === TRACE_SALES,
          detail: JSON.stringify(Object.fromEntries(statuses)),
        },
        {
          name: "each sale: WAL write, then WAL fsync/fdatasync completed, then its backend's answer, then the 201",
          ok: covered.length === TRACE_SALES,
          detail: `${covered.length} of ${sales.length} sales`,
        },
      ],
      figures: {
        sales: sales.length,
        walSyncsInTrace: walSyncs.length,
        walSyncsWhileSelling: syncsDuringSales,
        distinctSyncsCoveringTheSales: syncsUsed.size,
        syncsPerSale: Number((syncsDuringSales / Math.max(1, sales.length)).toFixed(2)),
        walWritesInTrace: walWrites.length,
        tracedCalls: calls.length,
      },
      findings,
    };
  } finally {
    if (app) await stopApp(app, 'SIGKILL');
    await stopClusterLeft(clusterDir);
    if (process.env.FAULTS_KEEP) console.log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

const SCENARIOS: Record<string, () => Promise<Outcome>> = {
  fsync: fsyncTraceScenario,
  embedded: () => appKillScenario('embedded'),
  'embedded-both': () => appKillScenario('embedded-both'),
  postgres: () => appKillScenario('postgres'),
  pglite: () => appKillScenario('pglite'),
  'db-restart': databaseRestartScenario,
};

const chosen = args.only ? args.only.split(',') : Object.keys(SCENARIOS);
for (const name of chosen) {
  if (!SCENARIOS[name]) {
    console.error(`unknown scenario ${name}; choose from ${Object.keys(SCENARIOS).join(', ')}`);
    process.exit(2);
  }
}
const watchdog = setTimeout(() => {
  console.error(`FAIL: bench/faults did not finish within ${WATCHDOG_MS / 60_000} minutes`);
  for (const child of liveApps) child.kill('SIGKILL');
  for (const clusterDir of liveClusters) {
    const pid = runningPostmaster(clusterDir);
    if (pid !== null) process.kill(pid, 'SIGKILL');
  }
  if (existsSync(CLUSTER_DIR)) {
    const pgCtlPath = `${PG_BIN}/pg_ctl`;
    const stopArgs = ['-D', CLUSTER_DIR, '-m', 'immediate', 'stop'];
    spawnSync(
      process.getuid?.() === 0 ? 'runuser' : pgCtlPath,
      process.getuid?.() === 0 ? ['-u', 'postgres', '--', pgCtlPath, ...stopArgs] : stopArgs,
    );
  }
  process.exit(1);
}, WATCHDOG_MS);
watchdog.unref();

const began = now();
const outcomes: Outcome[] = [];
for (const name of chosen) {
  const run = SCENARIOS[name] as () => Promise<Outcome>;
  process.stdout.write(
    `\n=== ${name}: ${TERMINALS} terminals (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})\n`,
  );
  const t0 = now();
  let outcome: Outcome;
  try {
    outcome = await run();
  } catch (error) {
    outcome = {
      scenario: name,
      checks: [{ name: 'scenario ran to the end', ok: false, detail: String((error as Error).stack ?? error) }],
      figures: {},
      findings: [],
    };
  }
  outcome.figures.seconds = Number(((now() - t0) / 1000).toFixed(1));
  outcome.figures.loadAverage = os.loadavg().map((l) => Number(l.toFixed(2)));
  outcomes.push(outcome);
  console.log(outcome.scenario);
  console.log(outcome.figures);
  for (const c of outcome.checks) console.log(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`);
  for (const f of outcome.findings) console.log(`  finding: ${f}`);
  console.log(`  => ${outcome.checks.every((c) => c.ok) ? 'PASS' : 'FAIL'}`);
}
console.log(`\nsummary (${((now() - began) / 1000).toFixed(0)} s)`);
for (const o of outcomes) console.log(`  ${o.checks.every((c) => c.ok) ? 'PASS' : 'FAIL'}  ${o.scenario}`);
const failed = outcomes.some((o) => !o.checks.every((c) => c.ok));
await agent.destroy();
process.exit(failed ? 1 : 0);
