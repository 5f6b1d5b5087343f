/**
 * Opens the embedded default database (no DATABASE_URL): the app-managed PostgreSQL server in
 * DATA_DIR/postgres (ADR 0009), or PGlite in DATA_DIR/pglite when EMBEDDED_DATABASE=pglite.
 * A PGlite folder left by an earlier version is imported into the server once (pglite-import.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Database, openDatabase, withPgClient } from './client';
import { EMBEDDED_DATABASE_NAME, type EmbeddedPostgresServer, startEmbeddedPostgres } from './embedded-postgres';
import { importPgliteFolder, PGLITE_IMPORTED_COMMENT, PgliteImportError } from './pglite-import';

export type EmbeddedOptions = {
  /** DATA_DIR. */
  dataDir: string;
  engine: 'postgres' | 'pglite';
  /** Password of the embedded server (DATA_DIR/secrets.json). */
  password: string;
  /** 0: a free loopback port at each start. */
  port: number;
  poolSize: number;
  log?: (message: string) => void;
};

export type EmbeddedDatabase = Database & { server: EmbeddedPostgresServer | null; where: string };

/** Whether the app's database exists on the server, and whether it came from a PGlite import. */
async function appDatabaseState(adminUrl: string): Promise<'missing' | 'imported' | 'present'> {
  return withPgClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ comment: string | null }>(
      'select shobj_description(oid, $2) as comment from pg_database where datname = $1',
      [EMBEDDED_DATABASE_NAME, 'pg_database'],
    );
    if (rows.length === 0) return 'missing';
    return rows[0]?.comment === PGLITE_IMPORTED_COMMENT ? 'imported' : 'present';
  });
}

export async function openEmbeddedDatabase(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? ((m: string) => console.log(m));
  const pgliteDir = path.join(options.dataDir, 'pglite');
  if (options.engine === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    return { ...database, server: null, where: `PGlite in ${pgliteDir} (no fsync: see docs/reliability.md)` };
  }

  const server = await startEmbeddedPostgres({
    dataDir: path.join(options.dataDir, 'postgres'),
    password: options.password,
    port: options.port,
    log,
  });
  try {
    const state = await appDatabaseState(server.adminUrl);
    const hasPglite = existsSync(path.join(pgliteDir, 'PG_VERSION'));
    if (hasPglite) {
      if (state === 'present') {
        throw new PgliteImportError(
          `Both ${pgliteDir} (PGlite, from an earlier version) and ${server.dataDir} hold a store. ` +
            `Move one of them out of DATA_DIR and start again: move ${pgliteDir} away to keep the PostgreSQL store, ` +
            `or move ${server.dataDir} away to import the PGlite store into a new one.`,
        );
      }
      // 'imported': the copy committed but the folder was not renamed yet (stopped in between).
      await importPgliteFolder({ dataDir: options.dataDir, server, alreadyImported: state === 'imported', log });
    } else if (state === 'missing') {
      await withPgClient(server.adminUrl, (client) => client.query(`create database "${EMBEDDED_DATABASE_NAME}"`));
    }
    const database = await openDatabase({ kind: 'postgres', url: server.url, poolSize: options.poolSize });
    return {
      ...database,
      server,
      where: `embedded PostgreSQL in ${server.dataDir} on 127.0.0.1:${server.port}`,
      close: async () => {
        await database.close().catch(() => {});
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
