import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDatabase } from '../../test/test-db';
import {
  BackupError,
  createBackup,
  isEncryptedBackup,
  listBackups,
  pinPepperCheck,
  restoreBackup,
  startDailyBackups,
} from './backup';
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
const plain = { secrets, pinPepper: secrets.pinPepper, passphrase: null };
const passphrase = 'correct horse battery staple';

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
    // The till's stock is its items' levels (ADR 0025).
    expect(Number(before.proc_stock_levels?.sums.on_hand_qty)).toBeGreaterThan(0);

    const backup = await createBackup(source, { dir, keep: 3, ...plain });
    expect(path.basename(backup.file)).toMatch(/^retail-hub-.*\.jsonl\.gz$/);
    expect(backup.tables.transactions).toBe(before.transactions?.rows);
    const header = JSON.parse(gunzipSync(readFileSync(backup.file)).toString('utf8').split('\n')[0] as string);
    expect(header).toMatchObject({ format: 'retail-hub-backup', secrets: null });

    const restored = await restoreBackup(target, backup.file, { force: false, pinPepper: secrets.pinPepper });
    expect(restored.header.secrets).toBeNull();
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
      await createBackup(source, { dir, keep: 2, ...plain, now: new Date(Date.UTC(2030, 0, 1, 3, 0, i)) });
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
      pinPepper: secrets.pinPepper,
      passphrase: null,
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

  // Issue #30 item 5: the pepper turns every PIN hash back into its PIN (10,000 HMACs).
  it('a plain backup holds neither the PIN pepper nor the session secret: its PIN hashes reveal no PIN', async () => {
    const backup = await createBackup(source, { dir, keep: 20, ...plain });
    const text = gunzipSync(readFileSync(backup.file)).toString('utf8');
    expect(text).not.toContain(secrets.pinPepper);
    expect(text).not.toContain(secrets.sessionSecret);
    expect(text).toContain(pinPepperCheck(secrets.pinPepper));
  }, 120_000);

  it('a plain backup is refused by a data folder with another PIN pepper (nothing changes) unless --any-pepper', async () => {
    const backup = await createBackup(source, { dir, keep: 20, ...plain });
    const before = await fingerprint(target);
    await expect(
      restoreBackup(target, backup.file, { force: true, pinPepper: 'another-pepper-another-pepper-another' }),
    ).rejects.toThrow(/another PIN pepper .*secrets\.json/);
    expect(await fingerprint(target)).toEqual(before);
    await restoreBackup(target, backup.file, {
      force: true,
      pinPepper: 'another-pepper-another-pepper-another',
      anyPepper: true,
    });
  }, 120_000);

  it('BACKUP_PASSPHRASE: the backup is encrypted, carries the secrets, restores only with the passphrase, and a changed byte is refused', async () => {
    const encDir = mkdtempSync(path.join(tmpdir(), 'retail-hub-enc-'));
    try {
      const backup = await createBackup(source, {
        dir: encDir,
        keep: 3,
        secrets,
        pinPepper: secrets.pinPepper,
        passphrase,
      });
      expect(path.basename(backup.file)).toMatch(/^retail-hub-.*\.jsonl\.gz\.enc$/);
      expect(listBackups(encDir)).toEqual([backup.file]);
      expect(isEncryptedBackup(backup.file)).toBe(true);
      const bytes = readFileSync(backup.file);
      expect(bytes.includes(Buffer.from(secrets.pinPepper))).toBe(false);
      expect(() => gunzipSync(bytes)).toThrow();

      const before = await fingerprint(target);
      await expect(restoreBackup(target, backup.file, { force: true })).rejects.toThrow(/encrypted.*BACKUP_PASSPHRASE/);
      await expect(
        restoreBackup(target, backup.file, { force: true, passphrase: 'not the passphrase at all' }),
      ).rejects.toThrow(/wrong passphrase/);
      // One flipped byte near the end (past every row): rows are read, the GCM tag fails, nothing commits.
      const tampered = path.join(encDir, 'tampered.jsonl.gz.enc');
      const changed = Buffer.from(bytes);
      const at = changed.length - 40;
      changed[at] = (changed[at] as number) ^ 1;
      writeFileSync(tampered, changed);
      await expect(restoreBackup(target, tampered, { force: true, passphrase })).rejects.toThrow(BackupError);
      expect(await fingerprint(target)).toEqual(before);

      // The secrets come back from the backup: the target's own pepper does not matter.
      const restored = await restoreBackup(target, backup.file, {
        force: true,
        passphrase,
        pinPepper: 'another-pepper-another-pepper-another',
      });
      expect(restored.header.secrets).toEqual(secrets);
      expect(await fingerprint(target)).toEqual(await fingerprint(source));
    } finally {
      rmSync(encDir, { recursive: true, force: true });
    }
  }, 120_000);
});
