import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
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
 * - Otherwise PGlite. Creating a PGlite cluster runs initdb (2-4 s), so the first call builds a
 *   migrated template data folder once (shared by workers and runs, keyed by the migrations and
 *   the PGlite version) and every database is a copy of it in a temporary folder (~0.3 s; as
 *   fast to query as an in-memory one). Without a writable temporary folder: in memory.
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
  const name = `rh_test_${randomBytes(6).toString('hex')}`;
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
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount) return template;
      // Migrated under another name and renamed when complete, so a half-built template is never used.
      const building = `rh_tbuild_${randomBytes(6).toString('hex')}`;
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
      } finally {
        await client.query(`DROP DATABASE IF EXISTS "${building}"`);
      }
      return template;
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
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

let templatePromise: Promise<string> | null = null;

/** Path of a migrated, closed PGlite data folder; built on first use. */
function migratedTemplate(): Promise<string> {
  templatePromise ??= buildTemplate().catch((error) => {
    templatePromise = null;
    throw error;
  });
  return templatePromise;
}

async function buildTemplate(): Promise<string> {
  const key = templateKey();
  const templateDir = path.join(TEMPLATE_ROOT, `template-${key}`);
  // The marker file is written last, so a half-built folder is never mistaken for a template.
  if (existsSync(path.join(templateDir, '.ready'))) return templateDir;

  mkdirSync(TEMPLATE_ROOT, { recursive: true });
  const building = mkdtempSync(path.join(TEMPLATE_ROOT, `building-${key}-`));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(building, 'data') });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    writeFileSync(path.join(building, 'data', '.ready'), key);
    try {
      // Atomic publish: when another worker won the race, its template is as good as ours.
      renameSync(path.join(building, 'data'), templateDir);
    } catch (error) {
      if (!existsSync(path.join(templateDir, '.ready'))) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  pruneStale(key);
  return templateDir;
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
    if (entry === `template-${key}`) continue;
    try {
      if (statSync(full).mtimeMs < dayAgo) rmSync(full, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another process.
    }
  }
}

async function createPgliteTestDb(): Promise<TestDatabase> {
  let template: string;
  try {
    template = await migratedTemplate();
  } catch {
    // No writable temporary folder: fall back to the slow but dependable in-memory database.
    return createInMemoryPgliteTestDb();
  }
  const dir = mkdtempSync(path.join(TEMPLATE_ROOT, 'db-'));
  const dataDir = path.join(dir, 'data');
  cpSync(template, dataDir, { recursive: true });
  let database: Database;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...database,
    url: null,
    cleanup: async () => {
      await database.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
