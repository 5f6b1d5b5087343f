/**
 * One-time import of a PGlite data folder (DATA_DIR/pglite, the embedded default before ADR 0009)
 * into the embedded PostgreSQL server.
 *
 * 1. The untouched folder is dumped with PGlite's own `dumpDataDir` to
 *    DATA_DIR/pglite-backup-<time>.tar.gz (fsynced): the previous version can load it back with
 *    `new PGlite({ loadDataDir })`, or unpack it as a data folder.
 * 2. The folder is brought to the current schema (the same migrations), and every table of the
 *    `public` schema is copied row for row (JSON rows, in chunks, through a cursor) into a fresh
 *    `retail_hub_import` database migrated to the same schema, in ONE transaction with foreign-key
 *    triggers deferred (session_replication_role = replica); sequences are set to PGlite's values
 *    and every table's row count is compared before the commit.
 * 3. The database is renamed to `retail_hub`, then the folder to DATA_DIR/pglite.imported-<time>
 *    (kept, never deleted). A stop between the commit and the rename is finished at the next start.
 *
 * `@electric-sql/pglite-tools`' pg_dump was not used: its releases pin an exact older PGlite
 * (0.4.8 needs 0.5.8) and its plain dump loads data with COPY FROM stdin, which needs psql (not in
 * the shipped binaries). Anything failing leaves the PGlite folder as it was and stops the app with
 * one message saying what to run.
 */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { openDatabase, withPgClient } from './client';
import { EMBEDDED_DATABASE_NAME, type EmbeddedPostgresServer } from './embedded-postgres';
import { runMigrations } from './migrate';

/** Set on the imported database before its commit, so a stop before the folder rename is recognised. */
export const PGLITE_IMPORTED_COMMENT = 'Retail Hub: imported from DATA_DIR/pglite';
const IMPORT_DATABASE = `${EMBEDDED_DATABASE_NAME}_import`;
const CHUNK_ROWS = 2_000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export class PgliteImportError extends Error {}

export type ImportSummary = { tables: number; rows: number; backupFile: string | null; renamedTo: string };

function writeFileSynced(file: string, data: Uint8Array): void {
  writeFileSync(file, data, { mode: 0o600 });
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function copyTables(source: PGlite, target: pg.Client): Promise<{ tables: number; rows: number }> {
  const { rows: tables } = await source.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  await target.query('begin');
  // Rows arrive table by table, not in foreign-key order: replica mode skips the FK triggers.
  await target.query('set local session_replication_role = replica');
  if (tables.length > 0) await target.query(`truncate ${tables.map((t) => `public.${quote(t.name)}`).join(', ')}`);
  let copied = 0;
  for (const { name } of tables) {
    const table = `public.${quote(name)}`;
    const { rows: columns } = await source.query<{ name: string }>(
      `select attname as name from pg_attribute
        where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
        order by attnum`,
      [table],
    );
    const list = columns.map((c) => quote(c.name)).join(', ');
    await source.query('begin');
    try {
      await source.query(`declare import_rows no scroll cursor for select row_to_json(t)::text as r from ${table} t`);
      for (;;) {
        const { rows } = await source.query<{ r: string }>(`fetch ${CHUNK_ROWS} from import_rows`);
        if (rows.length === 0) break;
        await target.query(
          `insert into ${table} (${list}) overriding system value
           select ${list} from json_populate_recordset(null::${table}, $1::json)`,
          [`[${rows.map((row) => row.r).join(',')}]`],
        );
        copied += rows.length;
      }
      await source.query('close import_rows');
    } finally {
      await source.query('commit');
    }
  }
  const { rows: sequences } = await source.query<{ name: string; last_value: string | null }>(
    `select sequencename as name, last_value::text from pg_sequences where schemaname = 'public'`,
  );
  for (const sequence of sequences) {
    if (sequence.last_value === null) continue;
    await target.query('select setval($1::regclass, $2::bigint, true)', [
      `public.${quote(sequence.name)}`,
      sequence.last_value,
    ]);
  }
  for (const { name } of tables) {
    const table = `public.${quote(name)}`;
    const [from, to] = await Promise.all([
      source.query<{ n: number }>(`select count(*)::int as n from ${table}`),
      target.query<{ n: number }>(`select count(*)::int as n from ${table}`),
    ]);
    if (from.rows[0]?.n !== to.rows[0]?.n) {
      throw new PgliteImportError(`table ${name}: ${from.rows[0]?.n} rows in PGlite, ${to.rows[0]?.n} copied`);
    }
  }
  await target.query(`comment on database ${quote(IMPORT_DATABASE)} is '${PGLITE_IMPORTED_COMMENT}'`);
  await target.query('commit');
  return { tables: tables.length, rows: copied };
}

export async function importPgliteFolder(options: {
  dataDir: string;
  server: EmbeddedPostgresServer;
  /** The database was imported and committed by an earlier start; only the folder rename is left. */
  alreadyImported: boolean;
  log: (message: string) => void;
}): Promise<ImportSummary> {
  const { dataDir, server, log } = options;
  const pgliteDir = path.join(dataDir, 'pglite');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  let summary = { tables: 0, rows: 0 };
  let backupFile: string | null = null;
  if (!options.alreadyImported) {
    log(
      `Found a PGlite data folder from an earlier version (${pgliteDir}); importing it into the embedded PostgreSQL server.`,
    );
    const started = performance.now();
    try {
      const source = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
      try {
        const pglite = source.pglite as PGlite;
        const dump = await pglite.dumpDataDir('gzip');
        backupFile = path.join(dataDir, `pglite-backup-${stamp}.tar.gz`);
        writeFileSynced(backupFile, new Uint8Array(await dump.arrayBuffer()));
        await runMigrations(source);
        await withPgClient(server.adminUrl, async (admin) => {
          await admin.query(`drop database if exists ${quote(IMPORT_DATABASE)} with (force)`);
          await admin.query(`create database ${quote(IMPORT_DATABASE)}`);
        });
        const importUrl = new URL(server.url);
        importUrl.pathname = `/${IMPORT_DATABASE}`;
        const target = await openDatabase({ kind: 'postgres', url: importUrl.toString(), poolSize: 1 });
        try {
          await runMigrations(target);
        } finally {
          await target.close();
        }
        summary = await withPgClient(importUrl.toString(), (client) => copyTables(pglite, client));
      } finally {
        await source.close();
      }
      await withPgClient(server.adminUrl, (admin) =>
        admin.query(`alter database ${quote(IMPORT_DATABASE)} rename to ${quote(EMBEDDED_DATABASE_NAME)}`),
      );
    } catch (error) {
      throw new PgliteImportError(
        `Could not import the PGlite store in ${pgliteDir} into the embedded PostgreSQL server: ${(error as Error).message}\n` +
          `${pgliteDir} was left as it was. To keep selling on it meanwhile, start with EMBEDDED_DATABASE=pglite ` +
          '(e.g. `EMBEDDED_DATABASE=pglite npm start`) and report the message above.',
      );
    }
    log(
      `Imported ${summary.rows} rows of ${summary.tables} tables in ${Math.round(performance.now() - started)} ms; backup of the PGlite folder: ${backupFile}.`,
    );
  }
  let renamedTo = path.join(dataDir, `pglite.imported-${stamp}`);
  if (existsSync(renamedTo)) renamedTo = `${renamedTo}-${process.pid}`;
  renameSync(pgliteDir, renamedTo);
  log(`The PGlite folder was kept as ${renamedTo}; the store now runs on the embedded PostgreSQL server.`);
  return { ...summary, backupFile, renamedTo };
}
