import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Database, openDatabase, type Schema } from './client';
import { MIGRATIONS_FOLDER } from './migrate';

/**
 * Upgrade tests (a database migrated to an older migration, filled in that version's shape, then
 * migrated to the newest): the helpers the migration tests share.
 */

/** A copy of the migrations folder holding only the migrations up to `lastIdx`. */
export function migrationsUpTo(lastIdx: number): string {
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

/**
 * An empty database (no migrations) on the engine the API tests run on; what removes it goes on
 * `cleanups` (the test file runs them in its afterAll).
 */
export async function emptyDatabase(cleanups: Array<() => Promise<void>>): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    cleanups.push(() => database.close());
    return database;
  }
  const name = `rh_mig_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
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
