/**
 * A fresh, empty database for one benchmark run, shared by bench/catalog and bench/reports: PGlite
 * in a new temporary folder, or a new `rh_bench_*` database created on a PostgreSQL server.
 * `cleanup()` closes it and deletes the folder or drops the database. Migrations are left to the
 * caller, so each bench decides whether its timings include them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client';

export type FreshDatabase = {
  kind: 'pglite' | 'postgres';
  database: Database;
  /** The connection string of the created PostgreSQL database; null on PGlite. */
  url: string | null;
  cleanup: () => Promise<void>;
};

/**
 * `label` names the bench in the folder and database names (`reports`: `retail-hub-bench-reports-*`
 * and `rh_bench_reports_*`; none: `retail-hub-bench-*` and `rh_bench_*`). `pgUrl` is the server
 * the PostgreSQL database is created on.
 */
export async function openFreshDatabase(
  kind: 'pglite' | 'postgres',
  options: { pgUrl: string; label?: string },
): Promise<FreshDatabase> {
  return kind === 'pglite' ? openFreshPglite(options.label) : openFreshPostgres(options.pgUrl, options.label);
}

async function openFreshPglite(label: string | undefined): Promise<FreshDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), label ? `retail-hub-bench-${label}-` : 'retail-hub-bench-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'data') });
  return {
    kind: 'pglite',
    database,
    url: null,
    cleanup: async () => {
      await database.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openFreshPostgres(pgUrl: string, label: string | undefined): Promise<FreshDatabase> {
  const name = `${label ? `rh_bench_${label}_` : 'rh_bench_'}${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  return {
    kind: 'postgres',
    database,
    url: url.toString(),
    cleanup: async () => {
      await database.close().catch(() => {});
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
