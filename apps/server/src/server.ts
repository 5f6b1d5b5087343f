import { networkInterfaces } from 'node:os';
import path from 'node:path';
import pinoPretty from 'pino-pretty';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig, loadOrCreateDatabasePassword } from './config/config';
import { startDailyBackups } from './db/backup';
import { type Database, openDatabase } from './db/client';
import { openEmbeddedDatabase } from './db/embedded';
import { EmbeddedPostgresError } from './db/embedded-postgres';
import { runMigrations } from './db/migrate';
import { PgliteImportError } from './db/pglite-import';
import { DEMO_PINS, isDatabaseEmpty, seedDemoStore, seedInitialAdmin } from './db/seed/demo';
import { LOG_REDACT_PATHS } from './lib/log-redaction';
import { databaseDescription, startupBanner } from './startup-banner';

/** SIGTERM/SIGINT to exit, at most (issue #20 item 6: supervisors wait about this long before SIGKILL). */
const SHUTDOWN_LIMIT_MS = 10_000;
/** How long requests in flight may run on after a SIGTERM before their connections are cut. */
const FORCE_CLOSE_AFTER_MS = 6_000;

/** Boot: config → database → migrations → first-run seed → listen → graceful close. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database: Database;
  let where = databaseDescription(config);
  try {
    if (config.databaseUrl) {
      database = await openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        preparedStatements: config.databasePreparedStatements,
      });
    } else {
      // The embedded default: a PostgreSQL server the app runs in DATA_DIR/postgres (ADR 0009).
      const embedded = await openEmbeddedDatabase({
        dataDir: config.dataDir,
        engine: config.embeddedDatabase,
        password: config.embeddedDatabase === 'postgres' ? loadOrCreateDatabasePassword(config.dataDir) : '',
        port: config.embeddedDatabasePort,
        poolSize: config.databasePoolSize,
      });
      database = embedded;
      where = embedded.where;
    }
  } catch (error) {
    if (error instanceof EmbeddedPostgresError || error instanceof PgliteImportError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  // A failed start must not leave the embedded database server running behind it.
  try {
    app = await buildApp({
      config,
      database,
      logger: {
        level: config.logLevel,
        redact: LOG_REDACT_PATHS,
        // Readable lines by default (issue #13 item 21), written in order with the banner (a
        // synchronous stream, not a worker); LOG_FORMAT=json for log collectors.
        ...(config.logFormat === 'pretty'
          ? {
              stream: pinoPretty({
                sync: true,
                translateTime: 'SYS:HH:MM:ss',
                ignore: 'pid,hostname',
                singleLine: true,
              }),
            }
          : {}),
      },
    });

    if (await isDatabaseEmpty(database.db)) {
      if (config.demoData) {
        await seedDemoStore(database.db, { pepper: config.pinPepper, timeZone: config.storeTimeZone });
        // The demo PINs are listed in the README; they are not written to the log.
        app.log.info(`Demo store seeded with ${DEMO_PINS.length} demo users (PINs in the README).`);
      } else {
        const { pin } = await seedInitialAdmin(database.db, config.pinPepper);
        // Shown once on the console (not through the logger), so it never lands in log files.
        process.stdout.write(`\nFirst start: super_admin PIN is ${pin}. It will not be shown again.\n\n`);
      }
    }
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }

  const purge = setInterval(() => {
    app.sessions.purgeExpired().catch((err) => app.log.warn({ err }, 'could not purge expired sessions'));
    // Issue #30 item 4: throttle rows idle past every window go too.
    app.loginThrottle.purgeIdle().catch((err) => app.log.warn({ err }, 'could not purge idle throttle rows'));
  }, 10 * 60_000);
  purge.unref();
  // BACKUP_DAILY: a backup whenever the newest in BACKUP_DIR is a day old (issue #20 item 1).
  const dailyBackups = config.backupDaily
    ? startDailyBackups(database, {
        dir: config.backupDir,
        keep: config.backupKeep,
        secretsFile: path.join(config.dataDir, 'secrets.json'),
        pinPepper: config.pinPepper,
        passphrase: config.backupPassphrase,
        log: app.log,
      })
    : null;

  // Issue #20 item 6: SIGTERM ends the process within SHUTDOWN_LIMIT_MS whatever the clients do.
  // Readiness turns 503 and live-update streams end with a retry hint (preClose hooks); requests
  // in flight get FORCE_CLOSE_AFTER_MS to finish, then their connections are cut; the database
  // (the embedded server too) is closed; a step that still hangs meets the hard limit.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const began = Date.now();
    app.log.info({ signal }, 'shutting down');
    clearInterval(purge);
    dailyBackups?.stop();
    const hardStop = setTimeout(() => {
      app.log.error({ signal, afterMs: Date.now() - began }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    const cutConnections = setTimeout(() => app.server.closeAllConnections(), FORCE_CLOSE_AFTER_MS);
    await app.close().catch((err) => app.log.warn({ err }, 'closing the app failed'));
    clearTimeout(cutConnections);
    await database.close().catch((err) => app.log.warn({ err }, 'closing the database failed'));
    clearTimeout(hardStop);
    app.log.info({ signal, tookMs: Date.now() - began }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // E.g. the port is taken: the embedded server must not outlive the app.
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
  if (config.logFormat === 'json') {
    app.log.info({ port: config.port, database: where }, 'Retail Hub ready');
  } else {
    // Bound to every interface: name this computer's LAN addresses for the tablets.
    const lan = Object.values(networkInterfaces()).flatMap((entries) =>
      (entries ?? []).filter((e) => e.family === 'IPv4' && !e.internal).map((e) => e.address),
    );
    process.stdout.write(startupBanner(config, lan, where));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
