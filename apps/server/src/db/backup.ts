/**
 * Backups and restores of the store (issue #20 item 1), the same on every database the app runs
 * on: the embedded PostgreSQL server (ADR 0009: its binaries have no pg_dump, and Debian's older
 * pg_dump refuses a newer server), a PostgreSQL server (DATABASE_URL) and PGlite.
 *
 * A backup is one gzip file of JSON lines, written to `<name>.partial`, fsynced, then renamed:
 *   1. a header: format, version, time, engine, the newest applied migration, and (encrypted
 *      backups only) the secrets file;
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
 *
 * Issue #30 item 5: the PIN pepper turns the users' PIN hashes back into PINs in seconds (a 4-digit
 * space), so a plain backup never holds it: its header carries only a check value of the pepper
 * (an HMAC under it, which reveals nothing), and a restore refuses a data folder whose pepper does
 * not match. With a passphrase (BACKUP_PASSPHRASE) the whole file is encrypted and then carries the
 * secrets, so one file restores a store on a new machine: AES-256-GCM (Node's crypto) under a key
 * from scrypt, the file being `RHBKENC1`, salt, IV, a key check, the ciphertext of the gzip stream,
 * and the GCM tag. A restore reads rows before the tag is checked, but commits only after it.
 */

import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
} from 'node:crypto';
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
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline as pipelineCallback, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from './client';
import { newestMigrationMillis, runMigrations } from './migrate';

export const BACKUP_FORMAT = 'retail-hub-backup';
export const BACKUP_VERSION = 1;
const CHUNK_ROWS = 1_000;
/** retail-hub-2026-11-24T21-30-00-000Z.jsonl.gz (.enc when encrypted): names sort by time. */
const BACKUP_NAME = /^retail-hub-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.jsonl\.gz(\.enc)?$/;
/** Encrypted file: MAGIC, salt, IV, key check, ciphertext, GCM tag. */
const MAGIC = Buffer.from('RHBKENC1');
const SALT_BYTES = 16;
const IV_BYTES = 12;
const CHECK_BYTES = 32;
const TAG_BYTES = 16;
const PREAMBLE_BYTES = MAGIC.length + SALT_BYTES + IV_BYTES + CHECK_BYTES;
/** scrypt N=2^15, r=8 (OWASP's minimum is 2^17 with r=8, p=1 for passwords; a backup passphrase is meant to be long). */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export class BackupError extends Error {}

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: Database['kind'];
  /** `when` of the newest applied migration (drizzle journal). */
  newestMigration: number;
  /**
   * DATA_DIR/secrets.json as it was (session secret, PIN pepper), in encrypted backups only; null in
   * a plain one (issue #30 item 5). Backups made before that may hold them in plain text.
   */
  secrets: Record<string, unknown> | null;
  /** HMAC-SHA-256(pepper, fixed text) of the store's PIN pepper: a restore checks the target has it. */
  pinPepperCheck?: string;
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

/** A value that tells whether two peppers are the same without revealing either (issue #30 item 5). */
export function pinPepperCheck(pepper: string): string {
  return createHmac('sha256', pepper).update('retail-hub backup: PIN pepper check').digest('hex');
}

/** 32 bytes of AES key and 32 of key-check key from the passphrase (scrypt runs off the event loop). */
function deriveKeys(passphrase: string, salt: Buffer): Promise<{ key: Buffer; check: Buffer }> {
  return new Promise((resolve, reject) => {
    scryptCallback(passphrase.normalize('NFKC'), salt, 64, SCRYPT, (error, derived) => {
      if (error) reject(error);
      else
        resolve({
          key: derived.subarray(0, 32),
          check: createHmac('sha256', derived.subarray(32)).update('retail-hub backup key check').digest(),
        });
    });
  });
}

/** Writes MAGIC, salt, IV and key check first, encrypts what passes through, appends the GCM tag. */
async function encryptingStream(passphrase: string): Promise<Transform> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const { key, check } = await deriveKeys(passphrase, salt);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!started) {
        started = true;
        this.push(Buffer.concat([MAGIC, salt, iv, check]));
      }
      done(null, cipher.update(chunk));
    },
    flush(done) {
      if (!started) this.push(Buffer.concat([MAGIC, salt, iv, check]));
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

function readExactly(fd: number, length: number, position: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

/** Whether `file` is an encrypted backup (it starts with MAGIC). */
export function isEncryptedBackup(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    return readExactly(fd, MAGIC.length, 0).equals(MAGIC);
  } finally {
    closeSync(fd);
  }
}

/** The gzip stream of a backup: the file itself, or its decryption (the GCM tag checked at its end). */
async function gzipStream(file: string, passphrase: string | null): Promise<Readable> {
  if (!isEncryptedBackup(file)) return createReadStream(file);
  if (!passphrase)
    throw new BackupError(`${file} is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with`);
  const { size } = statSync(file);
  if (size < PREAMBLE_BYTES + TAG_BYTES) throw new BackupError(`${file} is damaged: too short`);
  const fd = openSync(file, 'r');
  let preamble: Buffer;
  let tag: Buffer;
  try {
    preamble = readExactly(fd, PREAMBLE_BYTES, 0);
    tag = readExactly(fd, TAG_BYTES, size - TAG_BYTES);
  } finally {
    closeSync(fd);
  }
  const salt = preamble.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
  const iv = preamble.subarray(MAGIC.length + SALT_BYTES, MAGIC.length + SALT_BYTES + IV_BYTES);
  const stored = preamble.subarray(MAGIC.length + SALT_BYTES + IV_BYTES);
  const { key, check } = await deriveKeys(passphrase, salt);
  if (!timingSafeEqual(check, stored)) throw new BackupError(`${file}: wrong passphrase (BACKUP_PASSPHRASE)`);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  const ciphertext = createReadStream(file, { start: PREAMBLE_BYTES, end: size - TAG_BYTES - 1 });
  return pipelineCallback(ciphertext, decipher, () => {});
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
  options: {
    dir: string;
    keep: number;
    /** DATA_DIR/secrets.json; written into the backup only when it is encrypted. */
    secrets: Record<string, unknown> | null;
    /** The PIN pepper in use (its check value goes into the header). */
    pinPepper: string;
    /** BACKUP_PASSPHRASE: encrypts the backup (issue #30 item 5). */
    passphrase: string | null;
    now?: Date;
  },
): Promise<BackupSummary> {
  const dir = path.resolve(options.dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const createdAt = options.now ?? new Date();
  const file = path.join(
    dir,
    `retail-hub-${createdAt.toISOString().replace(/[:.]/g, '-')}.jsonl.gz${options.passphrase ? '.enc' : ''}`,
  );
  const encrypt = options.passphrase ? await encryptingStream(options.passphrase) : null;
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
          secrets: encrypt ? options.secrets : null,
          pinPepperCheck: pinPepperCheck(options.pinPepper),
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
        const out = createWriteStream(partial, { mode: 0o600 });
        if (encrypt) await pipeline(Readable.from(lines()), createGzip(), encrypt, out);
        else await pipeline(Readable.from(lines()), createGzip(), out);
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

/**
 * The lines of a backup file, parsed one at a time (the file is never held in memory whole). A
 * failed decryption or decompression ends the iteration with an error.
 */
async function* backupLines(file: string, passphrase: string | null): AsyncGenerator<string> {
  const source = pipelineCallback(await gzipStream(file, passphrase), createGunzip(), () => {});
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of source) {
      const lines = (rest + decoder.write(chunk as Buffer)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line) yield line;
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is damaged (${(error as Error).message})`);
  } finally {
    source.destroy();
  }
  rest += decoder.end();
  if (rest) yield rest;
}

/** Reads only the header of a backup (the secrets in it, the schema it needs). */
export async function readBackupHeader(file: string, passphrase: string | null = null): Promise<BackupHeader> {
  for await (const line of backupLines(file, passphrase)) {
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
  options: {
    force: boolean;
    passphrase?: string | null;
    /**
     * The target's PIN pepper: a backup without secrets is refused when it was made under another
     * pepper (no PIN would be accepted), unless `anyPepper`.
     */
    pinPepper?: string;
    anyPepper?: boolean;
  },
): Promise<RestoreSummary> {
  const passphrase = options.passphrase ?? null;
  const header = await readBackupHeader(file, passphrase);
  if (header.newestMigration > newestMigrationMillis()) {
    throw new BackupError(
      `${file} was made by a newer version of Retail Hub (its schema has migrations this version does not know); restore it with that version or newer.`,
    );
  }
  if (
    !header.secrets &&
    header.pinPepperCheck &&
    options.pinPepper !== undefined &&
    !options.anyPepper &&
    pinPepperCheck(options.pinPepper) !== header.pinPepperCheck
  ) {
    throw new BackupError(
      `${file} was made under another PIN pepper than this data folder's, and a plain backup does not hold it (issue #30 item 5): put the store's secrets.json into DATA_DIR (or set PIN_PEPPER to its pinPepper) and restore again. Add --any-pepper to restore anyway; no PIN will then be accepted.`,
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
    for await (const line of backupLines(file, passphrase)) {
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
    pinPepper: string;
    passphrase: string | null;
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
      const summary = await createBackup(database, {
        dir: options.dir,
        keep: options.keep,
        secrets,
        pinPepper: options.pinPepper,
        passphrase: options.passphrase,
      });
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
