/**
 * `npm run backup` and `npm run restore -- FILE [--force]` (issue #20 item 1; db/backup.ts).
 * Use the same settings as the app (DATA_DIR, DATABASE_URL, EMBEDDED_DATABASE, BACKUP_DIR,
 * BACKUP_KEEP). A running embedded PostgreSQL server is reached where it listens (its port in
 * postmaster.pid, its password in DATA_DIR/secrets.json); a stopped one is started for the
 * command and stopped after it. PGlite cannot be opened by two processes: stop the app first (or
 * use BACKUP_DAILY, which backs up from inside the app).
 *
 * Issue #30 item 5: with BACKUP_PASSPHRASE the backup is encrypted and carries the secrets; without
 * it the backup holds no secret, and a restore needs the store's secrets.json (or PIN_PEPPER).
 */
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config/config';
import { BackupError, createBackup, restoreBackup } from './backup';
import { EmbeddedPostgresError } from './embedded-postgres';
import { openTarget } from './open-target';

const USAGE = 'Usage: npm run backup\n       npm run restore -- FILE [--force] [--any-pepper]';

function secretsFile(config: Config): string {
  return path.join(config.dataDir, 'secrets.json');
}

function readSecrets(config: Config): Record<string, unknown> | null {
  const file = secretsFile(config);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : null;
}

/** Puts the backup's session secret and PIN pepper into DATA_DIR/secrets.json (the database password stays). */
function writeSecrets(config: Config, fromBackup: Record<string, unknown>): void {
  const file = secretsFile(config);
  const next = { ...(readSecrets(config) ?? {}) };
  for (const key of ['sessionSecret', 'pinPepper'] as const)
    if (typeof fromBackup[key] === 'string') next[key] = fromBackup[key];
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  const fd = openSync(temporary, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const anyPepper = rest.includes('--any-pepper');
  const files = rest.filter((a) => !a.startsWith('--'));
  if (command !== 'backup' && command !== 'restore') {
    console.error(USAGE);
    return 2;
  }
  if (command === 'restore' && files.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const { database, where } = await openTarget(config);
  try {
    if (command === 'backup') {
      const started = performance.now();
      const summary = await createBackup(database, {
        dir: config.backupDir,
        keep: config.backupKeep,
        secrets: readSecrets(config),
        pinPepper: config.pinPepper,
        passphrase: config.backupPassphrase,
      });
      const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
      console.log(
        `Backup of ${where}: ${summary.file} (${(summary.bytes / 1024).toFixed(0)} KiB, ${rows} rows of ${Object.keys(summary.tables).length} tables, ${Math.round(performance.now() - started)} ms).`,
      );
      if (summary.removed.length)
        console.log(`Removed ${summary.removed.length} older backup(s) (BACKUP_KEEP=${config.backupKeep}).`);
      if (!config.backupPassphrase) {
        console.log(
          `The backup is not encrypted and holds no secret: keep a copy of ${secretsFile(config)}${process.env.PIN_PEPPER ? ' and PIN_PEPPER' : ''} apart from it (a restore needs the same PIN pepper), or set BACKUP_PASSPHRASE.`,
        );
      } else if (process.env.PIN_PEPPER || process.env.SESSION_SECRET) {
        console.log(
          'PIN_PEPPER/SESSION_SECRET come from the environment: keep them with this backup (it holds only DATA_DIR/secrets.json).',
        );
      }
      return 0;
    }
    const file = path.resolve(files[0] as string);
    const started = performance.now();
    const summary = await restoreBackup(database, file, {
      force,
      anyPepper,
      passphrase: config.backupPassphrase,
      pinPepper: config.pinPepper,
    });
    if (summary.header.secrets) writeSecrets(config, summary.header.secrets);
    const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Restored ${file} (made ${summary.header.createdAt}) into ${where}: ${rows} rows of ${Object.keys(summary.tables).length} tables in ${Math.round(performance.now() - started)} ms.`,
    );
    if (summary.header.secrets)
      console.log(`The session secret and PIN pepper of the backup are in ${secretsFile(config)}.`);
    if (
      process.env.PIN_PEPPER &&
      summary.header.secrets?.pinPepper &&
      summary.header.secrets.pinPepper !== process.env.PIN_PEPPER
    ) {
      console.log(
        "Warning: PIN_PEPPER in the environment differs from the backup's: PINs will not be accepted until it is the backup's.",
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof BackupError || error instanceof ConfigError || error instanceof EmbeddedPostgresError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
