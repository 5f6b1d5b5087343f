/**
 * Backups and restores of the store (issue #20 item 1), the same on every database the app runs
 * on: the embedded PostgreSQL server (ADR 0009: its binaries have no pg_dump, and Debian's older
 * pg_dump refuses a newer server), a PostgreSQL server (DATABASE_URL) and PGlite.
 *
 * A backup is one gzip file of JSON lines, written to `<name>.partial`, fsynced, then renamed:
 *   1. a header: format, version, time, engine, the newest applied migration, the secrets file;
 *   2. per table of the `public` schema: `{"table", "columns", "rows"}` then one line per row
 *      (`row_to_json`), read through a cursor in chunks;
 *   3. `{"sequences": {...}}` and a trailer with every table's row count.
 * Every row is read in ONE read-only REPEATABLE READ transaction: one consistent snapshot while
 * the app keeps selling (PostgreSQL; on PGlite the one connection is held meanwhile).
 *
 * A restore brings the target to the current schema (migrations), refuses a target holding any row
 * unless `force` (then it is emptied in the same transaction), inserts the rows of the columns
 * both sides have (columns added by later migrations take their defaults) with foreign-key
 * triggers off (session_replication_role = replica: needs a superuser or the database owner with
 * that right), sets the sequences, compares every table's row count with the trailer, and commits
 * once: a failed restore leaves the target as it was.
 */
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from './client';
import { newestMigrationMillis, runMigrations } from './migrate';

export const BACKUP_FORMAT = 'retail-hub-backup';
export const BACKUP_VERSION = 1;
const CHUNK_ROWS = 1_000;
/** retail-hub-2026-11-24T21-30-00-000Z.jsonl.gz: names sort by time. */
const BACKUP_NAME = /^retail-hub-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.jsonl\.gz$/;

export class BackupError extends Error {}

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: Database['kind'];
  /** `when` of the newest applied migration (drizzle journal). */
  newestMigration: number;
  /** DATA_DIR/secrets.json as it was (session secret, PIN pepper): PINs cannot be checked without the pepper. */
  secrets: Record<string, unknown> | null;
};

export type BackupSummary = { file: string; bytes: number; tables: Record<string, number>; removed: string[] };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

type Rows = { rows: Record<string, unknown>[] };
async function run(tx: DbOrTx, text: string): Promise<Record<string, unknown>[]> {
  const result = (await tx.execute(sql.raw(text))) as unknown as Rows;
  return result.rows;
}

async function publicTables(tx: DbOrTx): Promise<string[]> {
  const rows = await run(
    tx,
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  return rows.map((r) => String(r.name));
}

async function tableColumns(tx: DbOrTx, table: string): Promise<string[]> {
  const rows = await run(
    tx,
    `select attname as name from pg_attribute
      where attrelid = '${`public.${quote(table)}`.replace(/'/g, "''")}'::regclass
        and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
  );
  return rows.map((r) => String(r.name));
}

async function newestAppliedMigration(tx: DbOrTx): Promise<number> {
  const [present] = await run(tx, `select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!present?.present) return 0;
  const rows = await run(tx, 'select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations');
  return Number(rows[0]?.newest ?? 0);
}

function fsyncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => BACKUP_NAME.test(n))
    .sort()
    .map((n) => path.join(dir, n));
}

/** Writes a backup of `database` into `dir` and keeps the newest `keep` backups there. */
export async function createBackup(
  database: Database,
  options: { dir: string; keep: number; secrets: Record<string, unknown> | null; now?: Date },
): Promise<BackupSummary> {
  const dir = path.resolve(options.dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const createdAt = options.now ?? new Date();
  const file = path.join(dir, `retail-hub-${createdAt.toISOString().replace(/[:.]/g, '-')}.jsonl.gz`);
  const partial = `${file}.partial`;
  const tables: Record<string, number> = {};
  try {
    await database.db.transaction(
      async (tx) => {
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: createdAt.toISOString(),
          engine: database.kind,
          newestMigration: await newestAppliedMigration(tx),
          secrets: options.secrets,
        };
        async function* lines(): AsyncGenerator<string> {
          yield `${JSON.stringify(header)}\n`;
          for (const table of await publicTables(tx)) {
            const columns = await tableColumns(tx, table);
            const [{ n } = { n: 0 }] = await run(tx, `select count(*)::int as n from public.${quote(table)}`);
            tables[table] = Number(n);
            yield `${JSON.stringify({ table, columns, rows: Number(n) })}\n`;
            await run(
              tx,
              `declare backup_rows no scroll cursor for select row_to_json(t)::text as r from public.${quote(table)} t`,
            );
            for (;;) {
              const rows = await run(tx, `fetch ${CHUNK_ROWS} from backup_rows`);
              if (rows.length === 0) break;
              yield `${rows.map((row) => row.r).join('\n')}\n`;
            }
            await run(tx, 'close backup_rows');
          }
          const sequences = await run(
            tx,
            `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
          );
          yield `${JSON.stringify({ sequences: Object.fromEntries(sequences.map((s) => [s.name, s.value])) })}\n`;
          yield `${JSON.stringify({ end: true, tables })}\n`;
        }
        await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partial, { mode: 0o600 }));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    fsyncPath(partial);
    renameSync(partial, file);
    fsyncPath(dir);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  const all = listBackups(dir);
  const removed = all.slice(0, Math.max(0, all.length - Math.max(1, options.keep)));
  for (const old of removed) rmSync(old, { force: true });
  const { size } = statSync(file);
  return { file, bytes: size, tables, removed };
}

/** The lines of a backup file, parsed one at a time (the file is never held in memory whole). */
async function* backupLines(file: string): AsyncGenerator<string> {
  const reader = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of reader) if (line) yield line;
}

/** Reads only the header of a backup (the secrets in it, the schema it needs). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of backupLines(file)) {
    const header = JSON.parse(line) as BackupHeader;
    if (header.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a Retail Hub backup`);
    if (header.version !== BACKUP_VERSION)
      throw new BackupError(
        `${file} is a backup of format version ${header.version}; this version reads ${BACKUP_VERSION}`,
      );
    return header;
  }
  throw new BackupError(`${file} is empty`);
}

/**
 * Users, products and sales in `database` (0: an empty store). Rows a migration itself inserts
 * (counters, settings) do not make a store: a freshly migrated database counts as empty.
 */
export async function storeRowCount(tx: DbOrTx): Promise<number> {
  const [{ n } = { n: 0 }] = await run(
    tx,
    `select ((select count(*) from public.users) + (select count(*) from public.products)
             + (select count(*) from public.transactions))::int as n`,
  );
  return Number(n);
}

export type RestoreSummary = { tables: Record<string, number>; header: BackupHeader };

/** Restores `file` into `database` (see the module comment). */
export async function restoreBackup(
  database: Database,
  file: string,
  options: { force: boolean },
): Promise<RestoreSummary> {
  const header = await readBackupHeader(file);
  if (header.newestMigration > newestMigrationMillis()) {
    throw new BackupError(
      `${file} was made by a newer version of Retail Hub (its schema has migrations this version does not know); restore it with that version or newer.`,
    );
  }
  await runMigrations(database);
  const restored: Record<string, number> = {};
  await database.db.transaction(async (tx) => {
    const existing = await storeRowCount(tx);
    if (existing > 0 && !options.force) {
      throw new BackupError(
        `The target database already holds a store (${existing} users, products and sales). Restore into an empty database or data folder, or add --force to replace everything in it.`,
      );
    }
    await run(tx, 'set local session_replication_role = replica');
    const tables = await publicTables(tx);
    if (tables.length > 0) await run(tx, `truncate ${tables.map((t) => `public.${quote(t)}`).join(', ')}`);
    const present = new Map<string, Set<string>>();
    for (const table of tables) present.set(table, new Set(await tableColumns(tx, table)));

    let current: { table: string; list: string } | null = null;
    let batch: string[] = [];
    let trailer: { end: true; tables: Record<string, number> } | null = null;
    const flush = async () => {
      if (!current || batch.length === 0) return;
      const target = `public.${quote(current.table)}`;
      await tx.execute(
        sql`${sql.raw(`insert into ${target} (${current.list}) overriding system value select ${current.list} from json_populate_recordset(null::${target},`)} ${`[${batch.join(',')}]`}::json)`,
      );
      restored[current.table] = (restored[current.table] ?? 0) + batch.length;
      batch = [];
    };
    let first = true;
    for await (const line of backupLines(file)) {
      if (first) {
        first = false;
        continue;
      }
      if (line.startsWith('{"table":')) {
        await flush();
        const section = JSON.parse(line) as { table: string; columns: string[] };
        const columns = present.get(section.table);
        if (!columns) throw new BackupError(`The backup has a table ${section.table} this version does not have`);
        const shared = section.columns.filter((c) => columns.has(c));
        current = { table: section.table, list: shared.map(quote).join(', ') };
        restored[section.table] = 0;
        continue;
      }
      if (line.startsWith('{"sequences":')) {
        await flush();
        current = null;
        const { sequences } = JSON.parse(line) as { sequences: Record<string, string | null> };
        for (const [name, value] of Object.entries(sequences)) {
          if (value === null) continue;
          await tx.execute(sql`select setval(${`public.${quote(name)}`}::regclass, ${value}::bigint, true)`);
        }
        continue;
      }
      if (line.startsWith('{"end":')) {
        trailer = JSON.parse(line);
        continue;
      }
      if (!current) throw new BackupError(`${file} is damaged: a row outside any table`);
      batch.push(line);
      if (batch.length >= CHUNK_ROWS) await flush();
    }
    await flush();
    if (!trailer) throw new BackupError(`${file} is incomplete (no end marker): it was cut short`);
    for (const [table, rows] of Object.entries(trailer.tables)) {
      const [{ n } = { n: -1 }] = await run(tx, `select count(*)::int as n from public.${quote(table)}`);
      if (Number(n) !== rows) throw new BackupError(`table ${table}: ${rows} rows in the backup, ${n} restored`);
    }
  });
  return { tables: restored, header };
}

/**
 * BACKUP_DIR gets a backup whenever its newest is 24 h old, checked at start (after a minute) and
 * every hour, so a till switched off at night still gets one a day. A backup that fails is logged
 * and tried again at the next check.
 */
export function startDailyBackups(
  database: Database,
  options: {
    dir: string;
    keep: number;
    secretsFile: string;
    log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void };
  },
): { stop: () => void; check: () => Promise<void> } {
  let running = false;
  const check = async () => {
    if (running) return;
    const newest = listBackups(options.dir).at(-1);
    if (newest && Date.now() - statSync(newest).mtimeMs < 24 * 3_600_000) return;
    running = true;
    try {
      const secrets = existsSync(options.secretsFile)
        ? (JSON.parse(readFileSync(options.secretsFile, 'utf8')) as Record<string, unknown>)
        : null;
      const summary = await createBackup(database, { dir: options.dir, keep: options.keep, secrets });
      options.log.info(
        { file: summary.file, bytes: summary.bytes, removed: summary.removed.length },
        'daily backup written',
      );
    } catch (err) {
      options.log.error({ err }, 'daily backup failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void check(), 60_000);
  const hourly = setInterval(() => void check(), 3_600_000);
  first.unref();
  hourly.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(hourly);
    },
    check,
  };
}
