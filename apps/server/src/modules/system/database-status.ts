import type { Database } from '../../db/client';
import { newestMigrationMillis } from '../../db/migrate';

/** How long a health probe waits for the database before calling it unreachable. */
const PROBE_TIMEOUT_MS = 5_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** One round trip to the database; 'disconnected' when it does not answer. */
export async function databaseStatus(database: Database): Promise<'connected' | 'disconnected'> {
  try {
    await withTimeout(database.execute('select 1'), PROBE_TIMEOUT_MS);
    return 'connected';
  } catch {
    return 'disconnected';
  }
}

export type MigrationState = {
  database: 'connected' | 'disconnected';
  /** current: the newest committed migration is applied; pending: it is not; unknown: no answer. */
  migrations: 'current' | 'pending' | 'unknown';
};

/**
 * Drizzle's migrator records each applied migration with its journal `when` as created_at and
 * applies those newer than the newest recorded one, so "newest recorded ≥ newest committed" is
 * exactly "nothing pending".
 */
export async function migrationState(database: Database): Promise<MigrationState> {
  let newest: unknown;
  try {
    newest = await withTimeout(
      (async () => {
        const present = await database.execute(
          `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
        );
        if (!present.rows[0]?.present) return null;
        const { rows } = await database.execute(
          'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
        );
        return rows[0]?.newest ?? null;
      })(),
      PROBE_TIMEOUT_MS,
    );
  } catch {
    return { database: 'disconnected', migrations: 'unknown' };
  }
  const applied = newest == null ? 0 : Number(newest);
  return { database: 'connected', migrations: applied >= newestMigrationMillis() ? 'current' : 'pending' };
}
