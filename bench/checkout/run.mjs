#!/usr/bin/env node
/**
 * bench/checkout: N concurrent terminals recording 3-line sales over HTTP for a fixed time, on
 * PGlite (fresh, in a temporary folder) and then on PostgreSQL (a fresh database on
 * BENCH_PG_URL, dropped afterwards). Prints completed sales/s, p50/p95/p99 latency and the
 * oversell count (stock moved vs. units the server acknowledged as sold).
 *
 *   node --import tsx bench/checkout/run.mjs [--terminals 32] [--seconds 20] [--warmup 3]
 *                               [--only embedded|pglite|postgres|pg15[,…]]
 *                               [--history 300000] [--checkpoint-every 1000] [--no-floor]
 *                               [--keys v7|v4] [--what-if '<sql run after seeding>']
 *                               [--stores 1|2|…]
 *
 * `--stores N` (issue #32) splits the terminals evenly between N stores: each half's shifts sell
 * at its own store, from its own selling location's stock; the oversell check covers every store.
 *
 * `pg15` is a private PostgreSQL 15 cluster started for the run (bench/shared/wal.mjs), whose WAL
 * statistics are the bench's alone. `--history N` seeds N past sales first; WAL bytes and full-page
 * images per sale are read from pg_stat_wal with a CHECKPOINT every `--checkpoint-every` sales, and pgbench's floor
 * (bench/limits) runs on the same server right after (issue #38).
 *
 * `embedded` is the default database of `npm start` (the app's own PostgreSQL server, ADR 0009),
 * fresh in a temporary DATA_DIR, stopped and deleted afterwards.
 *
 * Each terminal is its own user, signed in, with an open shift; every request carries its own
 * Idempotency-Key. Targets (2-core machine, 32 terminals): PostgreSQL ≥ 1,000 sales/s with
 * p99 < 50 ms; PGlite ≥ 300 sales/s; oversell 0.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { uuidV7 } from '@retail-hub/shared';
import pg from 'pg';
import { percentile, processCpuMs } from '../shared/stats.mjs';
import { randomSale, signInTerminal } from '../shared/terminal.mjs';
import {
  checkpoint,
  runFloor,
  clusterCpuMs as serverTreeCpuMs,
  startPrivatePostgres,
  walPer,
  walSnapshot,
} from '../shared/wal.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  allowNegative: true,
  options: {
    terminals: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    only: { type: 'string' },
    pool: { type: 'string', default: '10' },
    client: { type: 'string', default: 'http' },
    history: { type: 'string', default: '0' },
    'checkpoint-every': { type: 'string', default: '1000' },
    floor: { type: 'boolean', default: true },
    'what-if': { type: 'string' },
    // Idempotency-Keys as the terminals make them (v7 since issue #38), or random (v4) as before.
    keys: { type: 'string', default: 'v7' },
    stores: { type: 'string', default: '1' },
  },
});
// Bounded whatever is asked: at most 256 terminals and 120 s per database.
const terminals = Math.min(256, Math.max(1, Number(args.terminals)));
const seconds = Math.min(120, Math.max(1, Number(args.seconds)));
const warmupSeconds = Math.min(30, Math.max(0, Number(args.warmup)));
const storeCount = Math.min(16, Math.max(1, Math.floor(Number(args.stores))));
const sharedPgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The server `postgres`/`pg15` runs on: the shared one, or the private cluster of a pg15 run. */
let pgAdminUrl = sharedPgUrl;
// Issue #38: past sales seeded before the run, and CHECKPOINTs spread over the measured window.
const historySales = Math.min(5_000_000, Math.max(0, Number(args.history)));
// Every N sales rather than every N seconds: the full-page images a sale costs after a checkpoint
// depend on how many sales share the interval, so a count keeps the app and the floor (and a busy
// and a quiet machine) comparable. 0: no CHECKPOINTs.
const checkpointEvery = Math.max(0, Number(args['checkpoint-every']));

function startServer(env) {
  const child = fork(path.join(here, 'server.ts'), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waitFor = (type) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before '${type}'`)));
    });
  return { child, waitFor };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

/**
 * One POST, answered with its status. `--client fetch` uses the built-in fetch (undici); the
 * default is node:http with keep-alive, whose client costs a fraction of fetch's CPU, which
 * matters when the load generator shares two cores with the server and the database.
 */
function post(url, body, headers) {
  if (args.client === 'fetch') {
    return fetch(url, { method: 'POST', headers, body }).then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    });
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * CPU used so far by the PostgreSQL backends serving the bench database (Linux /proc), so the
 * report can say what a sale costs the database too. Backends that end meanwhile are not counted.
 */
async function backendCpuMs(dbName) {
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [dbName]);
    // Not on Linux, or the backend ended: counted as 0.
    return { total: rows.reduce((sum, { pid }) => sum + (processCpuMs(pid) ?? 0), 0) };
  } finally {
    await admin.end();
  }
}

async function drive(base, cookies, catalogue, server, dbName, postmasterPid, walUrl) {
  const stats = { completed: 0, acknowledged: 0, unitsSold: 0, statuses: new Map(), latencies: [], errors: 0 };
  let measuring = false;
  let stopping = false;
  // CHECKPOINTs in the measured window, one per `checkpointEvery` acknowledged sales.
  const checkpoints = { done: 0, inFlight: null, lastAt: 0 };
  const maybeCheckpoint = () => {
    if (!measuring || !walUrl || checkpointEvery <= 0 || checkpoints.inFlight) return;
    if (stats.acknowledged - checkpoints.lastAt < checkpointEvery) return;
    checkpoints.lastAt = stats.acknowledged;
    checkpoints.inFlight = checkpoint(walUrl)
      .then(() => checkpoints.done++)
      .catch(() => {})
      .finally(() => {
        checkpoints.inFlight = null;
      });
  };
  const loop = async (cookie) => {
    while (!stopping) {
      const { body, units } = randomSale(catalogue);
      const started = performance.now();
      let status = 0;
      try {
        status = await post(`${base}/api/transactions`, JSON.stringify(body), {
          'content-type': 'application/json',
          cookie,
          'idempotency-key': args.keys === 'v4' ? randomUUID() : uuidV7(),
        });
      } catch {
        stats.errors++;
      }
      const elapsed = performance.now() - started;
      // Stock moves whenever the server said 201, measured or not (oversell check).
      if (status === 201) {
        stats.unitsSold += units;
        stats.acknowledged++;
        maybeCheckpoint();
      }
      if (!measuring) continue;
      stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
      if (status === 201) {
        stats.completed++;
        stats.latencies.push(elapsed);
      }
    }
  };
  const loops = cookies.map((cookie) => loop(cookie));
  await new Promise((r) => setTimeout(r, warmupSeconds * 1000));
  const measure = async () => {
    if (walUrl && checkpointEvery > 0) {
      await checkpoint(walUrl);
      checkpoints.done++;
    }
    // Sales acknowledged in the window (WAL per sale), whether measured for latency or not.
    const acknowledgedBefore = stats.acknowledged;
    checkpoints.lastAt = stats.acknowledged;
    const walBefore = walUrl ? await walSnapshot(walUrl) : null;
    measuring = true;
    server.child.send({ type: 'mark' });
    const clientCpu = process.cpuUsage();
    const databaseCpu = postmasterPid
      ? { total: serverTreeCpuMs(postmasterPid) }
      : dbName
        ? await backendCpuMs(dbName)
        : null;
    const started = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    measuring = false;
    const window = (performance.now() - started) / 1000;
    const clientUsed = process.cpuUsage(clientCpu);
    if (databaseCpu) {
      const after = postmasterPid ? { total: serverTreeCpuMs(postmasterPid) } : await backendCpuMs(dbName);
      stats.databaseCpuMs = after.total - databaseCpu.total;
    }
    if (walBefore) stats.wal = walPer(walBefore, await walSnapshot(walUrl), stats.acknowledged - acknowledgedBefore);
    await checkpoints.inFlight;
    stats.checkpoints = checkpoints.done;
    return { window, clientUsed };
  };
  const { window, clientUsed } = await measure();
  server.child.send({ type: 'stop' });
  const { cpuMs } = await server.waitFor('stopped');
  stats.serverCpuMs = cpuMs;
  stats.clientCpuMs = (clientUsed.user + clientUsed.system) / 1000;
  stopping = true;
  await Promise.all(loops);
  return { ...stats, window };
}

async function benchOne(kind) {
  let dataDir = null;
  let dbName = null;
  let cluster = null;
  const env = {
    BENCH_TERMINALS: String(terminals),
    BENCH_POOL_SIZE: args.pool,
    BENCH_HISTORY: String(historySales),
    BENCH_STORES: String(storeCount),
  };
  if (args['what-if']) env.BENCH_WHAT_IF = args['what-if'];
  pgAdminUrl = sharedPgUrl;
  if (kind === 'pg15') {
    cluster = await startPrivatePostgres();
    pgAdminUrl = cluster.url;
  }
  if (kind === 'pglite') {
    dataDir = mkdtempSync(path.join(tmpdir(), 'retail-hub-bench-'));
    env.BENCH_DATA_DIR = path.join(dataDir, 'pglite');
    env.BENCH_DATABASE_URL = '';
  } else if (kind === 'embedded') {
    dataDir = mkdtempSync(path.join(tmpdir(), 'retail-hub-bench-'));
    env.BENCH_DATA_DIR = dataDir;
    env.BENCH_DATABASE_URL = '';
    env.BENCH_EMBEDDED = '1';
  } else {
    dbName = `rh_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
    const url = new URL(pgAdminUrl);
    url.pathname = `/${dbName}`;
    env.BENCH_DATABASE_URL = url.toString();
  }
  const server = startServer(env);
  try {
    const ready = await server.waitFor('ready');
    const base = `http://127.0.0.1:${ready.port}`;
    const cookies = [];
    for (const [i, pin] of ready.pins.entries()) {
      cookies.push(await signInTerminal(base, pin, { storeId: storeCount > 1 ? ready.storeIds[i] : null }));
    }
    const postmasterPid = ready.postmasterPid ?? cluster?.postmasterPid ?? null;
    // WAL counters are cluster-wide: exact on a private cluster (embedded, pg15), shared with
    // whatever else runs on a shared server (postgres).
    const walUrl = ready.adminUrl ?? null;
    const result = await drive(base, cookies, ready.catalogue, server, dbName, postmasterPid, walUrl);
    // Issue #20: the sale counter a Prometheus scrape sees must equal the sales recorded.
    const metricsText = await fetch(`${base}/metrics`).then((r) => r.text());
    const metricsSales = Number(/^retail_hub_sales_recorded_total (\d+)/m.exec(metricsText)?.[1] ?? Number.NaN);
    server.child.send({ type: 'report' });
    const { report } = await server.waitFor('report');
    const moved = report.stock.moved + report.variantStock.moved;
    // pgbench's floor on the same server, right after the app's run (bench/limits).
    const floor =
      args.floor && walUrl
        ? await runFloor({
            adminUrl: walUrl,
            clients: terminals,
            seconds,
            history: historySales,
            checkpointEvery,
            cpuMs: postmasterPid ? async () => serverTreeCpuMs(postmasterPid) : null,
          }).catch((error) => ({ error: String(error) }))
        : null;
    const latencies = result.latencies.sort((a, b) => a - b);
    return {
      database: kind,
      terminals,
      stores: storeCount,
      seconds: Number(result.window.toFixed(1)),
      salesPerSecond: Math.round(result.completed / result.window),
      completed: result.completed,
      p50ms: Number(percentile(latencies, 50).toFixed(1)),
      p95ms: Number(percentile(latencies, 95).toFixed(1)),
      p99ms: Number(percentile(latencies, 99).toFixed(1)),
      // CPU per completed sale, so figures taken on a busy machine can still be read.
      serverCpuMsPerSale: Number((result.serverCpuMs / Math.max(1, result.completed)).toFixed(3)),
      clientCpuMsPerSale: Number((result.clientCpuMs / Math.max(1, result.completed)).toFixed(3)),
      databaseCpuMsPerSale:
        result.databaseCpuMs === undefined
          ? 'in the server process'
          : Number((result.databaseCpuMs / Math.max(1, result.completed)).toFixed(3)),
      loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
      historySales,
      whatIf: args['what-if'] ?? null,
      idempotencyKeys: args.keys === 'v4' ? 'v4' : 'v7',
      historySeedMs: ready.historySeedMs,
      checkpointEvery: walUrl ? checkpointEvery : null,
      checkpointsInWindow: result.checkpoints ?? 0,
      walSharedWithOthers: kind === 'postgres',
      ...(result.wal ?? {}),
      floor,
      ratioToFloor:
        floor && !floor.error
          ? {
              salesPerSecond: Number((result.completed / result.window / floor.salesPerSecond).toFixed(3)),
              walBytes: result.wal ? Number((result.wal.walBytesPerSale / floor.walBytesPerSale).toFixed(2)) : null,
              walFpi:
                result.wal && floor.walFpiPerSale > 0
                  ? Number((result.wal.walFpiPerSale / floor.walFpiPerSale).toFixed(2))
                  : null,
              databaseCpu:
                result.databaseCpuMs !== undefined && floor.databaseCpuMsPerSale
                  ? Number(
                      (result.databaseCpuMs / Math.max(1, result.completed) / floor.databaseCpuMsPerSale).toFixed(2),
                    )
                  : null,
            }
          : null,
      otherStatuses: Object.fromEntries([...result.statuses].filter(([s]) => s !== 201)),
      networkErrors: result.errors,
      // Units the server acknowledged (201) vs. units its stock moved by, and the lowest stock.
      oversell:
        Math.max(0, moved - result.unitsSold) + Math.max(0, -Math.min(report.stock.lowest, report.variantStock.lowest)),
      stockMoved: moved,
      // Issue #32: per store, its sales and what its own selling location's stock moved.
      byStore: report.byStore,
      unitsAcknowledged: result.unitsSold,
      unitsRecorded: report.sold.units,
      salesRecorded: report.sold.sales,
      // Sales in the database that no terminal was told about, or acknowledged ones missing (0).
      salesUnaccounted: Math.abs(report.sold.sales - result.acknowledged),
      // GET /metrics after the load: retail_hub_sales_recorded_total (must equal salesRecorded).
      metricsSalesRecorded: metricsSales,
    };
  } finally {
    server.child.send({ type: 'close' });
    const exited = new Promise((r) => (server.child.exitCode === null ? server.child.once('exit', r) : r()));
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (cluster) cluster.stop();
    if (dbName && !cluster) {
      const admin = new pg.Client({ connectionString: pgAdminUrl });
      await admin.connect();
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      );
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}"`);
      await admin.end();
    }
  }
}

const kinds = args.only ? args.only.split(',') : ['embedded', 'pglite', 'postgres'];
const results = [];
for (const kind of kinds) {
  process.stdout.write(
    `\n${kind}: ${terminals} terminals at ${storeCount} store(s), ${warmupSeconds} s warm-up, ${seconds} s measured...\n`,
  );
  const result = await benchOne(kind);
  results.push(result);
  console.log(result);
}
console.log(
  `\nsummary (load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
console.table(
  results.map((r) => ({
    database: r.database,
    terminals: r.terminals,
    stores: r.stores,
    'sales/s': r.salesPerSecond,
    'p50 ms': r.p50ms,
    'p95 ms': r.p95ms,
    'p99 ms': r.p99ms,
    oversell: r.oversell,
    unaccounted: r.salesUnaccounted,
    'metrics = recorded': r.metricsSalesRecorded === r.salesRecorded,
    'server CPU ms/sale': r.serverCpuMsPerSale,
    'db CPU ms/sale': r.databaseCpuMsPerSale,
    'WAL B/sale': r.walBytesPerSale,
    'FPI/sale': r.walFpiPerSale,
    'floor sales/s': r.floor?.salesPerSecond,
    'floor WAL B': r.floor?.walBytesPerSale,
    'floor FPI': r.floor?.walFpiPerSale,
    'floor db CPU ms': r.floor?.databaseCpuMsPerSale,
  })),
);
