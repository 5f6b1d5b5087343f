/**
 * The embedded default database (ADR 0009, issue #21): a real PostgreSQL server the app runs in
 * DATA_DIR/postgres. These tests start real servers (about a second each), so they run once, on
 * the PGlite pass of `npm test` (they do not use TEST_DATABASE_URL).
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { openEmbeddedDatabase } from './embedded';
import { processAlive, runningPostmaster } from './embedded-postgres';
import { runMigrations } from './migrate';
import { seedDemoStore } from './seed/demo';

const PASSWORD = 'embedded-test-password-embedded-test-password';
/** Real servers, initdb and a PGlite demo store: seconds each, tens of seconds on a busy 2-core machine. */
const SLOW = 120_000;
const dirs: string[] = [];
const open: Array<{ close: () => Promise<void> }> = [];

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rh-embedded-'));
  dirs.push(dir);
  return dir;
}

async function openEmbedded(dir: string) {
  const database = await openEmbeddedDatabase({
    dataDir: dir,
    engine: 'postgres',
    password: PASSWORD,
    port: 0,
    poolSize: 3,
  });
  open.push(database);
  return database;
}

async function counts(execute: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>) {
  const { rows } = await execute(
    `select (select count(*)::int from users) as users, (select count(*)::int from products) as products,
            (select count(*)::int from transactions) as sales, (select count(*)::int from transaction_items) as lines,
            (select coalesce(sum(l.on_hand_qty), 0)::int from proc_stock_levels l join proc_items i on i.id = l.item_id
              where i.pos_product_id is not null or i.pos_variant_id is not null) as stock,
            (select coalesce(sum(total), 0)::text from transactions) as takings`,
  );
  return rows[0];
}

afterEach(async () => {
  for (const database of open.splice(0)) await database.close().catch(() => {});
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded PostgreSQL server', () => {
  it(
    'a fresh DATA_DIR gets a server on loopback that fsyncs every commit, and closing the app stops it',
    async () => {
      const dir = dataDir();
      const database = await openEmbedded(dir);
      expect(database.kind).toBe('postgres');
      expect(database.pool).not.toBeNull();
      const { rows } = await database.execute(
        `select current_setting('fsync') as fsync, current_setting('synchronous_commit') as sync_commit,
              current_setting('full_page_writes') as fpw, current_setting('listen_addresses') as listen,
              current_setting('unix_socket_directories') as sockets, current_setting('server_version_num')::int as version`,
      );
      expect(rows[0]).toMatchObject({ fsync: 'on', sync_commit: 'on', fpw: 'on', listen: '127.0.0.1', sockets: '' });
      expect(Number(rows[0]?.version)).toBeGreaterThanOrEqual(180000);

      // Given on the command line: a stored ALTER SYSTEM cannot turn durability off, even after a reload.
      await database.execute('alter system set fsync = off');
      await database.execute('alter system set synchronous_commit = off');
      await database.execute('select pg_reload_conf()');
      await new Promise((r) => setTimeout(r, 300));
      const after = await database.execute(
        `select current_setting('fsync') as fsync, current_setting('synchronous_commit') as sync_commit`,
      );
      expect(after.rows[0]).toEqual({ fsync: 'on', sync_commit: 'on' });

      // Without the password the server refuses (scram-sha-256 on loopback only).
      const server = database.server;
      if (!server) throw new Error('no server');
      const anonymous = new pg.Client({ host: '127.0.0.1', port: server.port, user: 'postgres', password: 'wrong' });
      await expect(anonymous.connect()).rejects.toThrow(/password authentication failed/);

      const postmaster = runningPostmaster(server.dataDir);
      expect(postmaster).not.toBeNull();
      await database.close();
      expect(runningPostmaster(server.dataDir)).toBeNull();
      expect(processAlive(postmaster as number)).toBe(false);
    },
    SLOW,
  );

  it(
    'a server left running by a killed app is stopped at the next start, and every committed sale is still there',
    async () => {
      const dir = dataDir();
      const first = await openEmbedded(dir);
      await runMigrations(first);
      await seedDemoStore(first.db, { pepper: 'p'.repeat(32), timeZone: 'UTC' });
      const before = await counts(first.execute);
      // The app "dies": its pool goes, its server is left running (nobody calls stop).
      await first.pool?.end();
      const stale = runningPostmaster(path.join(dir, 'postgres'));
      expect(stale).not.toBeNull();

      const second = await openEmbedded(dir);
      expect(second.server?.recoveredStale).toBe(true);
      expect(processAlive(stale as number)).toBe(false);
      expect(await counts(second.execute)).toEqual(before);
      await second.close();
    },
    SLOW,
  );

  it(
    'a PGlite store from the previous version is imported with its sales, and its folder and a backup are kept',
    async () => {
      const dir = dataDir();
      const old = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
      await runMigrations(old);
      await seedDemoStore(old.db, { pepper: 'p'.repeat(32), timeZone: 'UTC' });
      const before = await counts(old.execute);
      expect(before?.sales).toBeGreaterThan(0);
      await old.close();

      const database = await openEmbedded(dir);
      await runMigrations(database);
      expect(await counts(database.execute)).toEqual(before);
      // Identity columns continue after the imported rows (a new shift gets the next id).
      const { rows: shifts } = await database.execute('select coalesce(max(id), 0)::int as max from shifts');
      const { rows: inserted } = await database.execute(
        `insert into shifts (cashier_id) select id from users where role = 'cashier' limit 1 returning id`,
      );
      expect(Number(inserted[0]?.id)).toBeGreaterThan(Number(shifts[0]?.max));
      await database.execute('delete from shifts where id = $1', [inserted[0]?.id]);
      const files = readdirSync(dir);
      expect(files.some((f) => /^pglite-backup-.*\.tar\.gz$/.test(f))).toBe(true);
      expect(files.some((f) => f.startsWith('pglite.imported-'))).toBe(true);
      expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
      await database.close();

      // The next start opens the imported store as it is (no second import).
      const again = await openEmbedded(dir);
      expect(await counts(again.execute)).toEqual(before);
      await again.close();
    },
    SLOW,
  );

  it(
    'a PGlite folder next to an existing PostgreSQL store is refused with one message saying what to move',
    async () => {
      const dir = dataDir();
      const first = await openEmbedded(dir);
      await runMigrations(first);
      await first.close();
      const old = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
      await old.close();

      await expect(openEmbedded(dir)).rejects.toThrow(
        /Both .*pglite .* hold a store\. Move one of them out of DATA_DIR/,
      );
      expect(runningPostmaster(path.join(dir, 'postgres'))).toBeNull();
      expect(existsSync(path.join(dir, 'pglite'))).toBe(true);
    },
    SLOW,
  );

  it.skipIf(process.getuid?.() !== 0)(
    'as root, a DATA_DIR the postgres user cannot reach is refused with the folder to open and nothing started',
    async () => {
      const locked = dataDir();
      chmodSync(locked, 0o700);
      const dir = path.join(locked, 'store');
      await expect(openEmbedded(dir)).rejects.toThrow(
        new RegExp(`cannot enter ${locked}\\. Allow it \\(chmod o\\+x ${locked}\\)`),
      );
      expect(existsSync(path.join(dir, 'postgres'))).toBe(false);
    },
  );
});
