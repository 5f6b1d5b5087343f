import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll } from 'vitest';
import { type Database, openDatabase, type Schema, withPgClient } from './client';
import { MIGRATIONS_FOLDER } from './migrate';

/**
 * Upgrade tests (a database migrated to an older migration, filled in that version's shape, then
 * migrated to the newest): the helpers the migration tests share.
 */

/** A copy of the migrations folder holding only the migrations up to `lastIdx`. */
function migrationsUpTo(lastIdx: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rh-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

export async function migrate(database: Database, folder: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });
  } else {
    await migrateNodePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder: folder });
  }
}

/** An empty database (no migrations) on the engine the API tests run on; its removal goes on `cleanups`. */
async function emptyDatabase(cleanups: Cleanup[]): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    cleanups.push(() => database.close());
    return database;
  }
  const name = `rh_mig_${randomBytes(6).toString('hex')}`;
  const admin = (statement: string) => withPgClient(adminUrl, (client) => client.query(statement));
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
  cleanups.push(async () => {
    await database.close();
    await admin(`DROP DATABASE IF EXISTS "${name}"`);
  });
  return database;
}

type Cleanup = () => Promise<void>;

/**
 * The databases of one upgrade-test file; call it at the top of the file (it registers an
 * afterAll that removes every database and folder it made).
 */
export function migrationDatabases() {
  const cleanups: Cleanup[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });
  return {
    /** An empty database (no migrations). */
    empty: () => emptyDatabase(cleanups),
    /** The migrations folder of an earlier version (up to migration `lastIdx`). */
    upTo(lastIdx: number): string {
      const folder = migrationsUpTo(lastIdx);
      cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
      return folder;
    },
    /** A database of an earlier version: empty, migrated up to migration `lastIdx`. */
    async at(lastIdx: number): Promise<Database> {
      const database = await emptyDatabase(cleanups);
      const old = migrationsUpTo(lastIdx);
      cleanups.push(async () => rmSync(old, { recursive: true, force: true }));
      await migrate(database, old);
      return database;
    },
  };
}

/** Several statements, one after another (a prepared statement takes one). */
export async function script(database: Database, text: string): Promise<void> {
  const statements = text
    .split(/;\s*\n/)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.length > 0);
  for (const statement of statements) await database.execute(statement.replace(/;$/, ''), []);
}

export async function rows<T>(database: Database, statement: string): Promise<T[]> {
  return (await database.execute(statement, [])).rows as T[];
}
