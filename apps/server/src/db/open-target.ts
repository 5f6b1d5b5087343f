import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Config, loadOrCreateDatabasePassword } from '../config/config';
import { type Database, openDatabase } from './client';
import { openEmbeddedDatabase } from './embedded';
import { EMBEDDED_DATABASE_NAME, runningPostmaster } from './embedded-postgres';

/**
 * The app's database for a command-line tool (`npm run backup`, `npm run audit:stock`): DATABASE_URL,
 * else the running embedded PostgreSQL where it listens, else the embedded engine opened for the
 * command (stopped when the tool closes it).
 */
export async function openTarget(config: Config): Promise<{ database: Database; where: string }> {
  if (config.databaseUrl) {
    return {
      database: await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2 }),
      where: config.databaseUrl.replace(/\/\/[^@]*@/, '//'),
    };
  }
  const clusterDir = path.join(config.dataDir, 'postgres');
  if (config.embeddedDatabase === 'postgres' && runningPostmaster(clusterDir) !== null) {
    // The app is running: reach its server where it listens (postmaster.pid line 4 is the port).
    const port = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    const password = encodeURIComponent(loadOrCreateDatabasePassword(config.dataDir));
    const url = `postgres://postgres:${password}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}`;
    return {
      database: await openDatabase({ kind: 'postgres', url, poolSize: 2 }),
      where: `the running embedded PostgreSQL in ${clusterDir}`,
    };
  }
  const embedded = await openEmbeddedDatabase({
    dataDir: config.dataDir,
    engine: config.embeddedDatabase,
    password: config.embeddedDatabase === 'postgres' ? loadOrCreateDatabasePassword(config.dataDir) : '',
    port: 0,
    poolSize: 2,
    log: (message) => console.log(message),
  });
  return { database: embedded, where: embedded.where };
}
