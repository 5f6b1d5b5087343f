import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '../src/db/migrate';

export type TestDatabase = Database & {
  /** The test database's connection string on PostgreSQL (for a dedicated LISTEN client); null on PGlite. */
  url: string | null;
  /** Closes the connection and deletes the database (PostgreSQL) or its files (PGlite). */
  cleanup(): Promise<void>;
};

/**
 * A fresh, fully migrated, empty database for one test file (or one test).
 *
 * - `TEST_DATABASE_URL` set (e.g. postgres://postgres@127.0.0.1:5432/test): a new database
 *   `rh_test_<random>` on that server, dropped by `cleanup()`, copied from a migrated template
 *   database `rh_template_<key>` (issue #31: CREATE DATABASE … TEMPLATE takes ~0.1 s where the
 *   migrations took ~1 s per test; built once per migrations, kept on the server for later runs).
 * - Otherwise PGlite in memory. Creating a PGlite cluster runs initdb (2-4 s), so the first call
 *   builds a migrated data folder once and keeps its tar dump (`dumpDataDir`; shared by workers
 *   and runs, keyed by the migrations and the PGlite version); every database loads that dump
 *   into memory (`loadDataDir`). Issue #31: ~0.65 s where copying the 42 MB, 1,300-file folder
 *   and opening it took ~1.4 s (load 5). Without a writable temporary folder: migrated in memory.
 */
export async function createTestDb(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? createPostgresTestDb(url) : createPgliteTestDb();
}

// ---- PostgreSQL ----

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function createPostgresTestDb(adminUrl: string): Promise<TestDatabase> {
  const template = await postgresTemplate(adminUrl);
  // The creation time in the name lets a later run drop what a crashed run left (pruneStaleDatabases).
  const name = `rh_test_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let database: Database | null = null;
  const drop = async () => {
    if (database) await database.close().catch(() => {});
    await withAdminClient(adminUrl, async (client) => {
      // A connection left open by a test (LISTEN client, leaked pool) must not block the drop.
      await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await client.query(`DROP DATABASE IF EXISTS "${name}"`);
    });
  };
  try {
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
  return { ...database, url: url.toString(), cleanup: drop };
}

let postgresTemplatePromise: Promise<string> | null = null;

/** Name of a migrated database that no one connects to, on the server of `adminUrl`; built on first use. */
function postgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplatePromise ??= buildPostgresTemplate(adminUrl).catch((error) => {
    postgresTemplatePromise = null;
    throw error;
  });
  return postgresTemplatePromise;
}

async function buildPostgresTemplate(adminUrl: string): Promise<string> {
  const template = `rh_template_${templateKey()}`;
  return withAdminClient(adminUrl, async (client) => {
    // Workers and concurrent runs of the same migrations build it once: the others wait here.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      await pruneStaleDatabases(client, template);
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount) {
        await markUsed(client, template);
        return template;
      }
      // Migrated under another name and renamed when complete, so a half-built template is never used.
      const building = `rh_tbuild_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
      await client.query(`CREATE DATABASE "${building}"`);
      try {
        const url = new URL(adminUrl);
        url.pathname = `/${building}`;
        const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
        try {
          await runMigrations(database);
        } finally {
          await database.close();
        }
        await client.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
        await markUsed(client, template);
      } finally {
        await client.query(`DROP DATABASE IF EXISTS "${building}"`);
      }
      return template;
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A template's comment holds when a test process last used it, so an unused one can be pruned. */
async function markUsed(client: pg.Client, template: string): Promise<void> {
  await client.query(`COMMENT ON DATABASE "${template}" IS '${Date.now()}'`);
}

/**
 * Issue #31: templates of older migrations (unused for a day) and the test databases a crashed
 * or killed run left behind (created over a day ago, by the time in their name) are dropped, so
 * the server does not fill up. A database in use (another checkout's run) is never dropped.
 */
async function pruneStaleDatabases(client: pg.Client, keep: string): Promise<void> {
  const { rows } = await client.query<{ datname: string; used: string | null }>(
    `SELECT datname, shobj_description(oid, 'pg_database') AS used FROM pg_database
      WHERE datname LIKE 'rh\\_template\\_%' OR datname LIKE 'rh\\_test\\_%' OR datname LIKE 'rh\\_tbuild\\_%'`,
  );
  const dayAgo = Date.now() - DAY_MS;
  for (const { datname, used } of rows) {
    if (datname === keep) continue;
    if (datname.startsWith('rh_template_')) {
      // One built before templates carried the time (no comment): its day starts now.
      if (used === null) await markUsed(client, datname);
      else if (Number(used) < dayAgo) await dropUnlessBuilding(client, datname);
      continue;
    }
    const created = /^rh_(?:test|tbuild)_([0-9a-z]+)_[0-9a-f]+$/.exec(datname)?.[1];
    if (created !== undefined && Number.parseInt(created, 36) < dayAgo) await dropQuietly(client, datname);
  }
}

/** Under the template's lock, so a run that is about to use it (and mark it) is not undercut. */
async function dropUnlessBuilding(client: pg.Client, template: string): Promise<void> {
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
    template,
  ]);
  if (!rows[0]?.locked) return;
  try {
    const { rows: again } = await client.query<{ used: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS used FROM pg_database WHERE datname = $1`,
      [template],
    );
    if (Number(again[0]?.used ?? Date.now()) < Date.now() - DAY_MS) await dropQuietly(client, template);
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
  }
}

/** A database someone is connected to is not dropped (DROP fails); it is tried again next run. */
async function dropQuietly(client: pg.Client, name: string): Promise<void> {
  await client.query(`DROP DATABASE IF EXISTS "${name}"`).catch(() => {});
}

// ---- PGlite ----

/** Everything the PGlite test databases write lives under this one folder. */
const TEMPLATE_ROOT = path.join(os.tmpdir(), 'retail-hub-test-pglite');

/** Changes whenever a migration or the PGlite version changes, so a stale template is never used (either engine). */
function templateKey(): string {
  const hash = createHash('sha256');
  const pgliteVersion = readPackageVersion('@electric-sql/pglite');
  hash.update(`pglite:${pgliteVersion}\n`);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${path.relative(MIGRATIONS_FOLDER, full)}\n`).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}

function readPackageVersion(name: string): string {
  let dir = MIGRATIONS_FOLDER;
  while (true) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

let templatePromise: Promise<Blob> | null = null;

/** A migrated PGlite data folder as a tar dump (`dumpDataDir`), read once per worker; built on first use. */
function migratedTemplate(): Promise<Blob> {
  templatePromise ??= buildTemplate().catch((error) => {
    templatePromise = null;
    throw error;
  });
  return templatePromise;
}

async function buildTemplate(): Promise<Blob> {
  const key = templateKey();
  const templateFile = path.join(TEMPLATE_ROOT, `template-${key}.tar`);
  // Published by an atomic rename once complete, so a half-written dump is never read.
  if (!existsSync(templateFile)) {
    mkdirSync(TEMPLATE_ROOT, { recursive: true });
    const building = mkdtempSync(path.join(TEMPLATE_ROOT, `building-${key}-`));
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(building, 'data') });
      let dump: Blob;
      try {
        await runMigrations(database);
        dump = await (database.pglite as NonNullable<Database['pglite']>).dumpDataDir('none');
      } finally {
        await database.close();
      }
      writeFileSync(path.join(building, 'template.tar'), Buffer.from(await dump.arrayBuffer()));
      // When another worker won the race, its dump is as good as ours.
      renameSync(path.join(building, 'template.tar'), templateFile);
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
    pruneStale(key);
  }
  return new Blob([readFileSync(templateFile)]);
}

/**
 * Templates of older migrations are useless once the migrations changed, and a crashed run can
 * leave a database behind. Only entries untouched for a day are removed, so a concurrent run
 * (another worker, another checkout) keeps what it uses.
 */
function pruneStale(key: string): void {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const entry of readdirSync(TEMPLATE_ROOT)) {
    const full = path.join(TEMPLATE_ROOT, entry);
    if (entry === `template-${key}.tar`) continue;
    try {
      if (statSync(full).mtimeMs < dayAgo) rmSync(full, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another process.
    }
  }
}

async function createPgliteTestDb(): Promise<TestDatabase> {
  let template: Blob;
  try {
    template = await migratedTemplate();
  } catch {
    // No writable temporary folder: fall back to the slow but dependable migration run.
    return createInMemoryPgliteTestDb();
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: template });
  return { ...database, url: null, cleanup: () => database.close() };
}

async function createInMemoryPgliteTestDb(): Promise<TestDatabase> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return { ...database, url: null, cleanup: () => database.close() };
}
