import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** One database type for both drivers: code never knows whether it runs on PGlite or a server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle passed to code that may run inside a transaction. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** In memory (dataDir null) from a data-folder dump (`dumpDataDir`): the API tests' migrated copy (issue #31). */
      loadDataDir?: Blob;
    }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** false: the sale path sends unnamed statements (behind a transaction pooler; ADR 0016). */
      preparedStatements?: boolean;
      /** Give up connecting after this long (a replica that stops answering); default: wait. */
      connectTimeoutMs?: number;
    };

export type Database = {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** Plain SQL with parameters, for the few places Drizzle cannot express (LISTEN, health). */
  execute: (sqlText: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** The pg pool when on a server (LISTEN/NOTIFY needs a dedicated client). */
  pool: pg.Pool | null;
  /**
   * Named prepared statements on a server (the sale path's, ADR 0006). False behind PgBouncer in
   * transaction mode, which hands each transaction a different server connection (ADR 0016).
   */
  preparedStatements: boolean;
  /** The PGlite instance when on PGlite (its data-folder dump backs up a folder before an import). */
  pglite?: PGlite;
  close: () => Promise<void>;
};

/**
 * Opens PGlite in `dataDir` (null = in memory, for tests) or a PostgreSQL server.
 * PGlite is one connection: statements from concurrent requests queue inside it.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') {
    let dir: string | undefined;
    if (target.dataDir) {
      dir = path.resolve(target.dataDir);
      mkdirSync(dir, { recursive: true });
    }
    const client = new PGlite({
      ...(dir ? { dataDir: dir } : {}),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      pool: null,
      preparedStatements: true,
      pglite: client,
      execute: async (sqlText, params) => {
        const result = await client.query<Record<string, unknown>>(sqlText, params as unknown[]);
        return { rows: result.rows };
      },
      close: async () => {
        if (!client.closed) await client.close();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    ...(target.connectTimeoutMs ? { connectionTimeoutMillis: target.connectTimeoutMs } : {}),
  });
  // A dropped server connection must not crash the process; requests fail with 503 instead.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    preparedStatements: target.preparedStatements ?? true,
    execute: async (sqlText, params) => {
      const result = await pool.query(sqlText, params as unknown[]);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    close: async () => {
      await pool.end();
    },
  };
}

/** One short-lived connection of its own (administration: create a database, import), always closed. */
export async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
