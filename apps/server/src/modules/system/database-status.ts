import type { Database } from '../../db/client';

/** One round trip to the database; 'disconnected' when it does not answer. */
export async function databaseStatus(database: Database): Promise<'connected' | 'disconnected'> {
  try {
    await database.execute('select 1');
    return 'connected';
  } catch {
    return 'disconnected';
  }
}
