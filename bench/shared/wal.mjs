/**
 * What a sale costs the database, in one window (issue #38 item 1): WAL bytes and full-page images
 * (pg_stat_wal, PostgreSQL 14+), CHECKPOINTs during the run (the first write of a page after a
 * checkpoint logs the whole page, which is where random keys hurt), a private PostgreSQL 15
 * cluster whose WAL is the bench's alone, and pgbench's floor (bench/limits) on the same server
 * right after the app's run.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const limitsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'limits');

/** @param {string} url @param {string} sql @param {unknown[]} [values] */
export async function adminQuery(url, sql, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** @typedef {{ records: number, fpi: number, bytes: number }} WalCounters */

/**
 * The server's WAL counters so far (cluster-wide).
 * @param {string} url
 * @returns {Promise<WalCounters>}
 */
export async function walSnapshot(url) {
  const [row] = await adminQuery(
    url,
    'select wal_records::bigint as records, wal_fpi::bigint as fpi, wal_bytes::bigint as bytes from pg_stat_wal',
  );
  return { records: Number(row.records), fpi: Number(row.fpi), bytes: Number(row.bytes) };
}

/** @param {string} url */
export async function checkpoint(url) {
  await adminQuery(url, 'checkpoint');
}

/**
 * WAL per unit of work between two snapshots.
 * @param {WalCounters} before
 * @param {WalCounters} after
 * @param {number} count
 */
export function walPer(before, after, count) {
  const n = Math.max(1, count);
  return {
    walBytesPerSale: Math.round((after.bytes - before.bytes) / n),
    walFpiPerSale: Number(((after.fpi - before.fpi) / n).toFixed(2)),
    walRecordsPerSale: Number(((after.records - before.records) / n).toFixed(1)),
  };
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A private PostgreSQL cluster (the Debian PostgreSQL 15 binaries by default, BENCH_PG_BIN) in a
 * temporary folder, durable settings (fsync, synchronous_commit, full_page_writes on), checkpoints
 * only when the bench asks (checkpoint_timeout 30 min, max_wal_size 8 GB). As root it runs as the
 * postgres user. Its WAL statistics are the bench's alone, unlike a shared server's.
 */
export async function startPrivatePostgres() {
  const bin = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';
  const dir = mkdtempSync(path.join(tmpdir(), 'retail-hub-pgbench-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  /** @param {string} command @param {string[]} args */
  const run = (command, args) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, command),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, command), ...args] : args,
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=on',
    '-c synchronous_commit=on',
    '-c full_page_writes=on',
    '-c checkpoint_timeout=30min',
    '-c max_wal_size=8GB',
    '-c max_connections=200',
  ].join(' ');
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
  const postmasterPid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    postmasterPid,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * pgbench's floor (bench/limits/sale-one-statement.sql, `clients` clients) on the same server, right
 * after the app's run: a fresh `rh_limits_*` database, `history` past sales seeded like the app's,
 * then WAL per sale over batches of `checkpointEvery` sales (half of `seconds`), each started with a
 * CHECKPOINT as the app's window has one every `checkpointEvery` sales; then sales/s and (when
 * `cpuMs` can read the server's CPU) database CPU per sale over one continuous `seconds` run.
 */
/**
 * @param {{ adminUrl: string, clients: number, seconds: number, history: number, checkpointEvery: number,
 *           cpuMs: (() => Promise<number>) | null, pgbench?: string }} options
 */
export async function runFloor({ adminUrl, clients, seconds, history, checkpointEvery, cpuMs, pgbench }) {
  const name = `rh_limits_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  const bin = pgbench ?? process.env.BENCH_PGBENCH ?? 'pgbench';
  /** @param {string[]} limit @returns {Promise<string>} */
  const runPgbench = (limit) =>
    new Promise((resolve, reject) => {
      const child = spawn(
        bin,
        ['-n', '-c', String(clients), '-j', '2', ...limit, '-f', path.join(limitsDir, 'sale-one-statement.sql'), dbUrl],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let text = '';
      child.stdout.on('data', (c) => (text += c));
      child.stderr.on('data', (c) => (text += c));
      child.on('close', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`pgbench failed (${code}): ${text}`)),
      );
    });
  try {
    await adminQuery(dbUrl, readFileSync(path.join(limitsDir, 'setup.sql'), 'utf8'));
    if (history > 0) {
      await adminQuery(
        dbUrl,
        `insert into lim_sales (total, created_at)
           select 12.50, now() - (${history} - g) * interval '100 seconds' from generate_series(1, ${history}) g;
         insert into lim_items (sale_id, product_id, qty, price)
           select s.id, 1 + (s.id * 7 + l) % 1000, 1, 4.00 from lim_sales s, generate_series(0, 2) l`,
      );
      await adminQuery(dbUrl, 'vacuum analyze');
    }
    // WAL: batches of `checkpointEvery` sales, each started with a CHECKPOINT.
    const before = await walSnapshot(adminUrl);
    let walSales = 0;
    const perClient = checkpointEvery > 0 ? Math.max(1, Math.ceil(checkpointEvery / clients)) : 0;
    const walStarted = performance.now();
    do {
      const pending = perClient > 0 ? checkpoint(adminUrl) : null;
      const output = await runPgbench(perClient > 0 ? ['-t', String(perClient)] : ['-T', String(seconds)]);
      await pending;
      walSales += Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? 0);
    } while (perClient > 0 && performance.now() - walStarted < (seconds * 1000) / 2);
    const after = await walSnapshot(adminUrl);
    // Sales/s and CPU: one continuous run (a batch's 32 new connections would add their start-up).
    const cpuBefore = cpuMs ? await cpuMs() : null;
    const output = await runPgbench(['-T', String(seconds)]);
    // The backends have ended: the postmaster has counted their CPU (cutime) once it reaped them.
    await new Promise((r) => setTimeout(r, 200));
    const cpuAfter = cpuMs ? await cpuMs() : null;
    const processed = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? 0);
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 0);
    return {
      salesPerSecond: Math.round(tps),
      sales: processed,
      ...walPer(before, after, walSales),
      walSales,
      databaseCpuMsPerSale:
        cpuBefore === null || cpuAfter === null
          ? null
          : Number(((cpuAfter - cpuBefore) / Math.max(1, processed)).toFixed(3)),
    };
  } finally {
    await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`).catch(() => {});
  }
}

/**
 * CPU (ms) a PostgreSQL server has used so far: the postmaster, every live process it started, and
 * (cutime/cstime of the postmaster) every one that has ended, such as pgbench's backends.
 */
/** @param {number} postmasterPid */
export function clusterCpuMs(postmasterPid) {
  /** @param {number | string} pid */
  const fields = (pid) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  };
  /** @param {string[]} f @param {number} from @param {number} to */
  const ticks = (f, from, to) => f.slice(from, to).reduce((sum, v) => sum + Number(v), 0);
  const own = fields(postmasterPid);
  let total = ticks(own, 11, 15);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === postmasterPid) continue;
    try {
      const f = fields(entry);
      if (Number(f[1]) === postmasterPid) total += ticks(f, 11, 13);
    } catch {
      // The process ended meanwhile.
    }
  }
  return total * 10; // USER_HZ 100
}
