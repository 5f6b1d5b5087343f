import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDatabase } from '../../test/test-db';
import { BackupError, createBackup, listBackups, restoreBackup, startDailyBackups } from './backup';
import type { Database } from './client';
import { seedDemoStore } from './seed/demo';

/**
 * Issue #20 item 1: a store with sales is backed up, restored into another database, and every
 * table's row count and the sum of every money and stock column (numeric and integer columns)
 * must match. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
type Fingerprint = Record<string, { rows: number; sums: Record<string, string> }>;

async function fingerprint(database: Database): Promise<Fingerprint> {
  const { rows: tables } = await database.execute(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const result: Fingerprint = {};
  for (const { name } of tables) {
    const { rows: columns } = await database.execute(
      `select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = $1
          and data_type in ('numeric', 'integer', 'bigint', 'smallint', 'real', 'double precision') order by 1`,
      [name],
    );
    const sums = columns.map((c) => `coalesce(sum("${c.name}"), 0)::text as "${c.name}"`);
    const { rows } = await database.execute(
      `select count(*)::int as "__rows"${sums.length ? `, ${sums.join(', ')}` : ''} from public."${name}"`,
    );
    const { __rows, ...rest } = rows[0] as Record<string, unknown>;
    result[String(name)] = { rows: Number(__rows), sums: rest as Record<string, string> };
  }
  return result;
}

let source: TestDatabase;
let target: TestDatabase;
let dir: string;
const secrets = { sessionSecret: 's'.repeat(40), pinPepper: 'p'.repeat(40) };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'retail-hub-backups-'));
  source = await createTestDb();
  target = await createTestDb();
  await seedDemoStore(source.db, { pepper: secrets.pinPepper, timeZone: 'Australia/Sydney' });
}, 120_000);

afterAll(async () => {
  await source?.cleanup();
  await target?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores a store with sales elsewhere: every row count and every money and stock sum match', async () => {
    const before = await fingerprint(source);
    expect(before.transactions?.rows).toBeGreaterThan(100);
    expect(Number(before.products?.sums.stock)).toBeGreaterThan(0);

    const backup = await createBackup(source, { dir, keep: 3, secrets });
    expect(path.basename(backup.file)).toMatch(/^retail-hub-.*\.jsonl\.gz$/);
    expect(backup.tables.transactions).toBe(before.transactions?.rows);
    const header = JSON.parse(gunzipSync(readFileSync(backup.file)).toString('utf8').split('\n')[0] as string);
    expect(header).toMatchObject({ format: 'retail-hub-backup', secrets });

    const restored = await restoreBackup(target, backup.file, { force: false });
    expect(restored.header.secrets).toEqual(secrets);
    expect(await fingerprint(target)).toEqual(before);

    // Sequences continue after the restored rows: a new row gets a fresh id.
    const { rows } = await target.execute(`insert into categories (name) values ('After restore') returning id`);
    expect(rows[0]?.id).toBeDefined();
  }, 120_000);

  it('refuses a target holding a store without --force (nothing changes); with force it replaces it', async () => {
    const [file] = listBackups(dir).slice(-1);
    const before = await fingerprint(target);
    await expect(restoreBackup(target, file as string, { force: false })).rejects.toThrow(
      /already holds a store .* --force/,
    );
    expect(await fingerprint(target)).toEqual(before);
    await restoreBackup(target, file as string, { force: true });
    expect(await fingerprint(target)).toEqual(await fingerprint(source));
  }, 120_000);

  it('refuses a cut-short backup and leaves the target as it was', async () => {
    const [file] = listBackups(dir).slice(-1);
    const text = gunzipSync(readFileSync(file as string)).toString('utf8');
    const cut = path.join(dir, 'cut.jsonl.gz');
    writeFileSync(cut, gzipSync(text.slice(0, Math.floor(text.length / 2)).replace(/\n[^\n]*$/, '\n')));
    const before = await fingerprint(target);
    await expect(restoreBackup(target, cut, { force: true })).rejects.toThrow(BackupError);
    expect(await fingerprint(target)).toEqual(before);
  }, 120_000);

  it('keeps the newest N backups', async () => {
    for (let i = 0; i < 3; i++) {
      await createBackup(source, { dir, keep: 2, secrets, now: new Date(Date.UTC(2030, 0, 1, 3, 0, i)) });
    }
    const kept = listBackups(dir).map((f) => path.basename(f));
    expect(kept).toEqual([
      'retail-hub-2030-01-01T03-00-01-000Z.jsonl.gz',
      'retail-hub-2030-01-01T03-00-02-000Z.jsonl.gz',
    ]);
  }, 120_000);

  it('BACKUP_DAILY: a check writes a backup when none is a day old, and not again the same day', async () => {
    const dailyDir = mkdtempSync(path.join(tmpdir(), 'retail-hub-daily-'));
    const logged: string[] = [];
    const log = { info: (_o: object, m: string) => logged.push(m), error: (_o: object, m: string) => logged.push(m) };
    const daily = startDailyBackups(source, {
      dir: dailyDir,
      keep: 3,
      secretsFile: path.join(dailyDir, 'none.json'),
      log,
    });
    try {
      await daily.check();
      expect(listBackups(dailyDir)).toHaveLength(1);
      await daily.check();
      expect(listBackups(dailyDir)).toHaveLength(1);
      expect(logged).toEqual(['daily backup written']);
    } finally {
      daily.stop();
      rmSync(dailyDir, { recursive: true, force: true });
    }
  }, 120_000);
});
